"""The battle's pause menu (resume, swap the boards, surrender, quit), as functions of the
Flow ``f``: loaded by seabattle.screens.battle while the menu shows and dropped when the battle
resumes or its phase ends (``Flow._phase``), so the battle's screen does not hold it.
"""

from seabattle import ui
from seabattle.screens import pages


def go_pause(f):
    keys = ["resume", "swap", "quit"] if f.match.duel else ["resume", "swap", "surrender", "quit"]
    pages.menu(f, "pause", f.t("pause_title"), keys, [f.t("pause_" + k) for k in keys])


def act_pause(f, action):
    """True if the battle is to resume (seabattle.screens.battle.resume: this module does not
    import it, the battle's loads this one)."""
    if pages.menu_move(f, action):
        return False
    if action in (ui.BACK, ui.MENU):
        return True
    if action != ui.FIRE:
        return False
    key = f.keys[f.screen.selected]
    if key == "swap":
        f.swapped = not f.swapped
    elif key == "surrender":
        f._phase("seabattle.screens.end").go_end(f, True)
    elif key == "quit":
        if f.saving() is not None:  # still saved: offer it on the title
            f.resumable = (f.match.game, f.settings.level)
        if f.match.duel:  # the link closes; the title offers the duel to go back to
            f.duel.load().cancel()
        f.go_title()
    return key in ("resume", "swap")
