# The title menu's two pages of lines, statistics and about, as functions of the Flow ``f``:
# loaded when one is opened from seabattle.screens.title and dropped on the way back, so that a
# game's title holds neither page's code or names.

from seabattle import ui
from seabattle.compat import forget
from seabattle.screens import pages


def go_stats(f):
    from seabattle import recordbook

    rec = f.records
    games, wins, shots, hits, won = recordbook.total(rec)  # won: the shots of the games won
    modes = recordbook.modes(rec)
    recordbook = None
    forget("seabattle.recordbook")
    lines = [
        f.t("stats_games", games=games, wins=wins),
        f.t("stats_accuracy", pct=(100 * hits // shots) if shots else 0),
        f.t("stats_to_win", n=(won // wins) if wins else "\u2014"),
    ]
    for mode in modes:
        row = rec.rows[mode]
        lines.append(f.t("stats_mode", mode=_mode_name(f, mode), wins=row[1], games=row[0],
                         pct=(100 * row[3] // row[2]) if row[2] else 0))
    if not modes:
        lines.append(f.t("stats_none"))
    pages.info(f, "stats", f.t("menu_stats"), lines)


def _mode_name(f, mode):
    if mode == "duel":
        return f.t("mode_duel")
    return f.t("level_" + mode[3:]) if mode.startswith("ai:") else mode


def go_about(f):
    lines = [f.t("about_%d" % i) for i in range(1, 7)]
    pages.info(f, "about", f.t("menu_about"), lines)


def _scroll(f, action):
    # Up/down scroll an info page (``selected`` is the first row shown).
    s = f.screen
    if action == ui.UP and s.selected > 0:
        s.selected -= 1
    elif action in (ui.DOWN, ui.NEXT) and s.selected < 2 * len(s.lines):
        s.selected += 1
    else:
        return False
    s.changed()
    return True


def act(f, action):
    # Scroll, or back to the title on the row they were opened from.
    if _scroll(f, action):
        return
    if action in (ui.FIRE, ui.BACK, ui.MENU):
        f.go_title(f.name)
