"""English texts of a Bluetooth duel's lobby: the duel menu, hosting, joining, the saved duel
(loaded until the fleets are placed only, see seabattle.strings)."""

TEXT = {
    "duel_saved_title": "Duel: {name}",
    "duel_resume": "Reconnect",
    "duel_abandon": "Abandon the duel",
    "duel_host": "Host a game",
    "duel_join": "Join a game",
    "duel_back": "Back",
    "lobby": "Lobby {name}",
    "waiting_peer": "Waiting for a player…",
    "searching": "Looking for games…",
    "no_radio": "This board has no Bluetooth",
}
