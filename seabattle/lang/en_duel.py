"""English texts of a Bluetooth duel (loaded in a duel only, see seabattle.strings)."""

TEXT = {
    "duel_saved_title": "Duel: {name}",
    "duel_resume": "Reconnect",
    "duel_abandon": "Abandon the duel",
    "hint_cancel": "B: cancel",
    "hint_code": "Fire: it matches  B: no",
    "duel_host": "Host a game",
    "duel_join": "Join a game",
    "duel_back": "Back",
    "lobby": "Lobby {name}",
    "waiting_peer": "Waiting for a player…",
    "searching": "Looking for games…",
    "match_code": "Match code",
    "compare_code": "Compare it with your opponent",
    "waiting_fleet": "Waiting for their fleet…",
    "reconnecting": "Link lost, reconnecting…",
    "peer_gone": "Your opponent left",
    "shot_sent": "{cell}: firing…",
    "checking": "Checking…",
    "no_radio": "This board has no Bluetooth",
}
