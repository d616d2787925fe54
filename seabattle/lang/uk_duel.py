"""Українські тексти дуелі через Bluetooth (завантажуються лише в дуелі, див. seabattle.strings)."""

TEXT = {
    "hint_cancel": "B: скасувати",
    "hint_code": "Вогонь: збігається  B: ні",
    "match_code": "Код матчу",
    "compare_code": "Звірте код із суперником",
    "waiting_fleet": "Чекаємо флот суперника…",
    "reconnecting": "Зв'язок втрачено, перепідключення…",
    "peer_gone": "Суперник пішов",
    "shot_sent": "{cell}: постріл…",
    "checking": "Перевірка…",
    "turn_left": "Хід: {s} с",
}
