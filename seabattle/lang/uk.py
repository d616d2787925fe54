"""Українські тексти. Ключі спільні для всіх мов; поля у {фігурних дужках}."""

TEXT = {
    "lang": "uk",
    "miss": "Мимо!",
    "hit": "Поранив!",
    "sunk": "Потоплений!",
    # screens: battle (placing's: uk_place.py; the title menu's: uk_menu.py; a duel's,
    # the end screen's, the pause menu's: uk_duel.py, uk_end.py, uk_pause.py)
    "menu_duel": "Дуель через Bluetooth",
    "hint_menu": "Вогонь: вибрати",
    "hint_info": "Вогонь: назад",
    "hint_battle": "Вогонь: стріляти  B: поля",
    "your_turn": "Ваш хід",
    "their_turn": "Хід ворога",
    "my_fleet": "Мій флот",
    "score": "В{hits}/П{shots}",
    "none_left": "—",
    "enemy_placing": "Суперник ставить кораблі…",
    "enemy_first": "Першим ходить суперник",
    "enemy_shot": "Ворог: {cell} {answer}",
    "wait_turn": "Зараз хід суперника",
}
