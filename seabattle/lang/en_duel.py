"""English texts of a Bluetooth duel (loaded in a duel only, see seabattle.strings)."""

TEXT = {
    "hint_cancel": "B: cancel",
    "hint_code": "Fire: it matches  B: no",
    "match_code": "Match code",
    "compare_code": "Compare it with your opponent",
    "waiting_fleet": "Waiting for their fleet…",
    "reconnecting": "Link lost, reconnecting…",
    "peer_gone": "Your opponent left",
    "shot_sent": "{cell}: firing…",
    "checking": "Checking…",
    "turn_left": "Go: {s} s",
}
