"""Русские тексты. Ключи общие для всех языков; поля в {фигурных скобках}."""

TEXT = {
    "lang": "ru",
    "miss": "Мимо!",
    "hit": "Ранил!",
    "sunk": "Убил!",
    # screens: battle (placing's: ru_place.py; the title menu's: ru_menu.py; a duel's,
    # the end screen's, the pause menu's: ru_duel.py, ru_end.py, ru_pause.py)
    "menu_duel": "Дуэль по Bluetooth",
    "hint_menu": "Огонь: выбрать",
    "hint_info": "Огонь: назад",
    "hint_battle": "Огонь: стрелять  B: поля",
    "your_turn": "Ваш ход",
    "their_turn": "Ход врага",
    "my_fleet": "Мой флот",
    "score": "П{hits}/В{shots}",
    "none_left": "—",
    "enemy_placing": "Противник ставит корабли…",
    "enemy_first": "Первым ходит противник",
    "enemy_shot": "Враг: {cell} {answer}",
    "wait_turn": "Сейчас ход противника",
}
