"""The battle's pause menu (resume, swap the boards, surrender, quit), as functions of the
Flow ``f``: loaded by seabattle.screens.battle while the menu shows and dropped when the battle
resumes or its phase ends (``Flow._phase``), so the battle's screen does not hold it.
"""

from seabattle import ui


def go_pause(f):
    keys = ["resume", "swap", "quit"] if f.match.duel else ["resume", "swap", "surrender", "quit"]
    f._menu("pause", f.t("pause_title"), keys, [f.t("pause_" + k) for k in keys])


def act_pause(f, action):
    if f._menu_move(action):
        return
    if action in (ui.BACK, ui.MENU):
        f._resume()
        return
    if action != ui.FIRE:
        return
    key = f.keys[f.screen.selected]
    if key == "resume":
        f._resume()
    elif key == "swap":
        f.swapped = not f.swapped
        f._resume()
    elif key == "surrender":
        f.surrendered = True
        f.go_end(True)
    else:
        if f.saving() is not None:  # still saved: offer it on the title
            f.resumable = (f.match.game, f.settings.level)
        if f.match.duel:  # the link closes; the title offers the duel to go back to
            f.duel.cancel()
        f.go_title()
