"""English texts. Keys are shared by every language module; fields in {braces}."""

TEXT = {
    "lang": "en",
    # results of a shot, as the paper game says them
    "miss": "Miss!",
    "hit": "Hit!",
    "sunk": "Sunk!",
    # screens (issue 5): battle, end (placing's: en_place.py; the title menu's: en_menu.py; a duel's: en_duel.py)
    "menu_continue": "Continue the game",  # a saved game against the computer
    "menu_duel_continue": "Continue the duel",  # a duel saved before a reset
    "menu_duel": "Bluetooth duel",
    "hint_menu": "Fire: choose",
    "hint_info": "Fire: back",
    "hint_battle": "Fire: shoot  B: boards",
    "hint_end": "Fire: rematch  Menu: quit",
    "your_turn": "Your go",
    "their_turn": "Enemy",
    "my_fleet": "My fleet",
    "score": "H{hits}/S{shots}",
    "none_left": "—",
    "enemy_first": "The enemy shoots first",
    "enemy_shot": "Enemy: {cell} {answer}",
    "wait_turn": "It is the enemy's turn",
    "pause_title": "Paused",
    "pause_resume": "Resume",
    "pause_swap": "Show the other board",
    "pause_surrender": "Surrender",
    "pause_quit": "Quit to menu",
    "won": "You won!",
    "lost": "You lost",
    "verified": "Fleet ✓",
    "not_verified": "Fleet ✗{n}",
    "accuracy": "{pct}%",
    "best_run": "Run {n}",
}
