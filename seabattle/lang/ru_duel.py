"""Русские тексты дуэли по Bluetooth (загружаются только в дуэли, см. seabattle.strings)."""

TEXT = {
    "duel_saved_title": "Дуэль: {name}",
    "duel_resume": "Переподключиться",
    "duel_abandon": "Бросить дуэль",
    "hint_cancel": "B: отмена",
    "hint_code": "Огонь: совпадает  B: нет",
    "duel_host": "Создать игру",
    "duel_join": "Присоединиться",
    "duel_back": "Назад",
    "lobby": "Лобби {name}",
    "waiting_peer": "Ждём соперника…",
    "searching": "Ищем игры рядом…",
    "match_code": "Код матча",
    "compare_code": "Сверьте код с соперником",
    "waiting_fleet": "Ждём флот соперника…",
    "reconnecting": "Связь потеряна, переподключение…",
    "peer_gone": "Соперник ушёл",
    "shot_sent": "{cell}: выстрел…",
    "checking": "Проверка…",
    "no_radio": "На этой плате нет Bluetooth",
}
