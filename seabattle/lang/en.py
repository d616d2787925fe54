"""English texts. Keys are shared by every language module; fields in {braces}."""

TEXT = {
    "lang": "en",
    # results of a shot, as the paper game says them
    "miss": "Miss!",
    "hit": "Hit!",
    "sunk": "Sunk!",
    # screens: battle (placing's: en_place.py; the title menu's: en_menu.py; a duel's,
    # the end screen's, the pause menu's: en_duel.py, en_end.py, en_pause.py)
    "menu_duel": "Bluetooth duel",
    "hint_menu": "Fire: choose",
    "hint_info": "Fire: back",
    "hint_battle": "Fire: shoot  B: boards",
    "your_turn": "Your go",
    "their_turn": "Enemy",
    "my_fleet": "My fleet",
    "score": "H{hits}/S{shots}",
    "none_left": "—",
    "enemy_placing": "The enemy places its ships…",
    "enemy_first": "The enemy shoots first",
    "enemy_shot": "Enemy: {cell} {answer}",
    "wait_turn": "It is the enemy's turn",
}
