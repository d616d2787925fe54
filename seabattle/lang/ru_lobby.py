"""Русские тексты лобби дуэли по Bluetooth: меню дуэли, поиск и создание игры, сохранённая дуэль
(загружаются только до расстановки флота, см. seabattle.strings)."""

TEXT = {
    "duel_saved_title": "Дуэль: {name}",
    "duel_resume": "Переподключиться",
    "duel_abandon": "Бросить дуэль",
    "duel_host": "Создать игру",
    "duel_join": "Присоединиться",
    "duel_back": "Назад",
    "lobby": "Лобби {name}",
    "waiting_peer": "Ждём соперника…",
    "searching": "Ищем игры рядом…",
    "no_radio": "На этой плате нет Bluetooth",
}
