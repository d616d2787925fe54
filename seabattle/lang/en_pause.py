"""English texts of the pause menu (loaded only while it shows, see seabattle.strings)."""

TEXT = {
    "pause_title": "Paused",
    "pause_resume": "Resume",
    "pause_swap": "Show the other board",
    "pause_surrender": "Surrender",
    "pause_quit": "Quit to menu",
}
