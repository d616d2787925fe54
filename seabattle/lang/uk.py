"""Українські тексти. Ключі спільні для всіх мов; поля у {фігурних дужках}."""

TEXT = {
    "lang": "uk",
    "miss": "Мимо!",
    "hit": "Поранив!",
    "sunk": "Потоплений!",
    # screens (issue 5): battle, end (placing's: uk_place.py; the title menu's: uk_menu.py; a duel's: uk_duel.py)
    "menu_continue": "Продовжити гру",  # a saved game against the computer
    "menu_duel_continue": "Продовжити дуель",  # a duel saved before a reset
    "menu_duel": "Дуель через Bluetooth",
    "hint_menu": "Вогонь: вибрати",
    "hint_info": "Вогонь: назад",
    "hint_battle": "Вогонь: стріляти  B: поля",
    "hint_end": "Вогонь: реванш  Меню: вихід",
    "your_turn": "Ваш хід",
    "their_turn": "Хід ворога",
    "my_fleet": "Мій флот",
    "score": "В{hits}/П{shots}",
    "none_left": "—",
    "enemy_first": "Першим ходить суперник",
    "enemy_shot": "Ворог: {cell} {answer}",
    "wait_turn": "Зараз хід суперника",
    "pause_title": "Пауза",
    "pause_resume": "Продовжити",
    "pause_swap": "Показати інше поле",
    "pause_surrender": "Здатися",
    "pause_quit": "Вийти в меню",
    "won": "Перемога!",
    "lost": "Поразка",
    "verified": "Флот ✓",
    "not_verified": "Флот ✗{n}",
    "accuracy": "{pct}%",
    "best_run": "Серія {n}",
}
