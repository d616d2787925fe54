"""Українські тексти меню паузи (завантажуються лише поки воно на екрані, див. seabattle.strings)."""

TEXT = {
    "pause_title": "Пауза",
    "pause_resume": "Продовжити",
    "pause_swap": "Показати інше поле",
    "pause_surrender": "Здатися",
    "pause_quit": "Вийти в меню",
}
