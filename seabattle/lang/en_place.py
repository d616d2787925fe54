"""English texts of placing the fleet (loaded only while it is on screen, see
seabattle.strings)."""

TEXT = {
    "hint_place": "Fire: place  B: rotate",
    "place_title": "Place your fleet",
    "place_ship": "Ship {size}",
    "place_left": "{n} left",
    "place_hint": "Fire: put the ship down",
    "place_ready": "Fleet ready! Fire: battle",
    "place_done": "Ready",
    "horizontal": "→",
    "vertical": "↓",
    "pm_battle": "Battle!",
    "pm_random": "Auto: random",
    "pm_perelman": "Auto: «Perelman»",
    "pm_undo": "Take back the last",
    "pm_clear": "Clear",
    "pm_back_place": "Back to placing",
    "pm_quit": "Quit to menu",
}
