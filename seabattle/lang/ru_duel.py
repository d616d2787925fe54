"""Русские тексты дуэли по Bluetooth (загружаются только в дуэли, см. seabattle.strings)."""

TEXT = {
    "hint_cancel": "B: отмена",
    "hint_code": "Огонь: совпадает  B: нет",
    "match_code": "Код матча",
    "compare_code": "Сверьте код с соперником",
    "waiting_fleet": "Ждём флот соперника…",
    "reconnecting": "Связь потеряна, переподключение…",
    "peer_gone": "Соперник ушёл",
    "shot_sent": "{cell}: выстрел…",
    "checking": "Проверка…",
    "turn_left": "Ход: {s} с",
}
