"""Русские тексты меню паузы (загружаются только пока оно на экране, см. seabattle.strings)."""

TEXT = {
    "pause_title": "Пауза",
    "pause_resume": "Продолжить",
    "pause_swap": "Показать другое поле",
    "pause_surrender": "Сдаться",
    "pause_quit": "Выйти в меню",
}
