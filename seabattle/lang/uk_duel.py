"""Українські тексти дуелі через Bluetooth (завантажуються лише в дуелі, див. seabattle.strings)."""

TEXT = {
    "duel_saved_title": "Дуель: {name}",
    "duel_resume": "Перепідключитися",
    "duel_abandon": "Покинути дуель",
    "hint_cancel": "B: скасувати",
    "hint_code": "Вогонь: збігається  B: ні",
    "duel_host": "Створити гру",
    "duel_join": "Приєднатися",
    "duel_back": "Назад",
    "lobby": "Лобі {name}",
    "waiting_peer": "Чекаємо суперника…",
    "searching": "Шукаємо ігри поруч…",
    "match_code": "Код матчу",
    "compare_code": "Звірте код із суперником",
    "waiting_fleet": "Чекаємо флот суперника…",
    "reconnecting": "Зв'язок втрачено, перепідключення…",
    "peer_gone": "Суперник пішов",
    "shot_sent": "{cell}: постріл…",
    "checking": "Перевірка…",
    "no_radio": "На цій платі немає Bluetooth",
}
