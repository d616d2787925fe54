"""English texts of the engine's errors (fleet and shot mistakes), kept apart from the
screens' texts so that checking a fleet does not load every menu into RAM."""

TEXT = {
    "err_missing": "Missing a ship of size {size}: the fleet needs {need}, you have {have}.",
    "err_extra": "One ship of size {size} too many: the fleet needs {need}, you have {have}.",
    "err_extra_size": "Ship at {ship}: the fleet has no ship of size {size}.",
    "err_off_board": "A ship of size {size} from {cell} runs off the board.",
    "err_not_straight": "Ship at {ship} is not straight.",
    "err_overlap": "Ships at {ship} and {other} overlap at {cell}.",
    "err_touch": "Ship at {ship} touches ship at {other} by a side at {cell}.",
    "err_touch_corner": "Ship at {ship} touches ship at {other} at a corner at {cell}.",
    "err_shot_twice": "{cell} was already fired at.",
    "err_shot_off": "That cell is off the board.",
    "err_game_over": "The game is over.",
    "err_memory": "Out of memory.",
    "err_memory_restart": "Restarting: the game goes on from the last move.",
}
