"""Русские тексты. Ключи общие для всех языков; поля в {фигурных скобках}."""

TEXT = {
    "lang": "ru",
    "miss": "Мимо!",
    "hit": "Ранил!",
    "sunk": "Убил!",
    # screens (issue 5): battle, end (placing's: ru_place.py; the title menu's: ru_menu.py; a duel's: ru_duel.py)
    "menu_continue": "Продолжить игру",  # a saved game against the computer
    "menu_duel_continue": "Продолжить дуэль",  # a duel saved before a reset
    "menu_duel": "Дуэль по Bluetooth",
    "hint_menu": "Огонь: выбрать",
    "hint_info": "Огонь: назад",
    "hint_battle": "Огонь: стрелять  B: поля",
    "hint_end": "Огонь: реванш  Меню: выход",
    "your_turn": "Ваш ход",
    "their_turn": "Ход врага",
    "my_fleet": "Мой флот",
    "score": "П{hits}/В{shots}",
    "none_left": "—",
    "enemy_first": "Первым ходит противник",
    "enemy_shot": "Враг: {cell} {answer}",
    "wait_turn": "Сейчас ход противника",
    "pause_title": "Пауза",
    "pause_resume": "Продолжить",
    "pause_swap": "Показать другое поле",
    "pause_surrender": "Сдаться",
    "pause_quit": "Выйти в меню",
    "won": "Победа!",
    "lost": "Поражение",
    "verified": "Флот ✓",
    "not_verified": "Флот ✗{n}",
    "accuracy": "{pct}%",
    "best_run": "Серия {n}",
}
