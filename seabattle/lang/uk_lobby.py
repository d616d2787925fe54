"""Українські тексти лобі дуелі через Bluetooth: меню дуелі, пошук і створення гри, збережена
дуель (завантажуються лише до розстановки флоту, див. seabattle.strings)."""

TEXT = {
    "duel_saved_title": "Дуель: {name}",
    "duel_resume": "Перепідключитися",
    "duel_abandon": "Покинути дуель",
    "duel_host": "Створити гру",
    "duel_join": "Приєднатися",
    "duel_back": "Назад",
    "lobby": "Лобі {name}",
    "waiting_peer": "Чекаємо суперника…",
    "searching": "Шукаємо ігри поруч…",
    "no_radio": "На цій платі немає Bluetooth",
}
