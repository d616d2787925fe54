"""English texts of the end screen (loaded only while it shows, see seabattle.strings)."""

TEXT = {
    "hint_end": "Fire: rematch  Menu: quit",
    "won": "You won!",
    "lost": "You lost",
    "verified": "Fleet ✓",
    "not_verified": "Fleet ✗{n}",
    "accuracy": "{pct}%",
    "best_run": "Run {n}",
}
