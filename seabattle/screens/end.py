"""The end of a game (end): who won, the statistics counted, the boards revealed; as
functions of the Flow ``f``.

A phase of seabattle.screens.flow: loaded when a game ends, dropped when the next phase starts (a board
holds only the phase on screen, see ``Flow._phase``).
"""

from seabattle import sound, ui
from seabattle.compat import forget


def go_end(f, surrender=False):
    m = f.match
    f.resumable = None
    won = m.won() and not surrender
    if not m.duel:  # (a duel's result is recorded when it is final: seabattle.duel.adapter)
        st = m.stats(0)
        from seabattle import recordbook

        recordbook.add(f.records, f.mode, won, st.shots, st.hits)
        recordbook = None
        forget("seabattle.recordbook")
        # the loser may inspect the winner's board: the computer may learn from it
        from seabattle.ai import habits

        known = f.records.habits
        known[m.rules.name] = habits.observe(known.get(m.rules.name), m.rules, m.game.fleets[0])
        habits = None
        forget("seabattle.ai.habits")
        forget("seabattle.ai.likelihood")
        m.opponent = None  # the game is over: the computer player and its level's module can go
        from seabattle.screens import levels  # (a rematch loads them again: seabattle.screens.battle_start)

        levels.drop_levels()
        levels = None
        forget("seabattle.screens.levels")
        forget("seabattle.save")  # and the saving: a finished game is not saved (the next loads it)
        if f.on_records is not None:
            f.on_records(f.records)
    f._cue(sound.WIN if won else sound.LOSE)
    f._page("end", ui.P_BOARD, "")
    f._labels()
    f.end_won = won
    f.end_problems = m.verify()
    forget("seabattle.fleetcheck")  # verify checked the fleet: its code can go again
    f.swapped = False
    show(f)


def show(f):
    s = f.screen
    m = f.match
    s.show_small = True
    if f.swapped:
        ui.board_tiles(m.board, s.big, m.enemy_view)
        _revealed_tiles(m.view, m.revealed(), s.small)
    else:
        _revealed_tiles(m.view, m.revealed(), s.big)
        ui.board_tiles(m.board, s.small, m.enemy_view)
    s.cursor = -1
    s.mark = -1
    s.small_mark = -1
    st = m.stats(0)
    if f.end_problems is None:  # a duel whose fleets are still being revealed
        checked = f.t("checking")
    elif f.end_problems:
        checked = f.t("not_verified", n=len(f.end_problems))
    else:
        checked = f.t("verified")
    s.lines = [
        checked,
        f.t("score", hits=st.hits, shots=st.shots),
        f.t("accuracy", pct=100 * st.hits // st.shots if st.shots else 0),
        f.t("best_run", n=st.longest_run),
    ]
    s.message = f.t("won") if f.end_won else f.t("lost")
    if f.end_problems:  # what the verification found, in words (scrolls when long)
        s.message += " " + f.end_problems[0]
    s.tone = ui.TONE_GOOD if f.end_won else ui.TONE_SUNK
    s.hint = f.t("hint_end")
    s.changed()


def _revealed_tiles(view, fleet, out):
    """The enemy board at the end: my chart, plus the ships I never found (here, not in
    seabattle.ui: only the end screen shows it, and the battle holds ui)."""
    ui.view_tiles(view, out)
    owner = fleet.owner
    for sq in range(len(out)):
        if owner[sq] and out[sq] == ui.T_WATER:
            out[sq] = ui.T_SHIP


def act(f, action):
    if action == ui.FIRE and f.match.duel:  # a duel's rematch needs a new connection
        f.duel.load().cancel()
        f.go_duel()
    elif action == ui.FIRE:
        f.go_place()
    elif action in (ui.SWITCH, ui.BACK):
        f.swapped = not f.swapped
        show(f)
    elif action == ui.MENU:
        f.go_title()
