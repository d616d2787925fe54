# The battle (battle; its pause menu is seabattle.screens.pause, its start seabattle.screens.battle_start),
# from the fleets placed or a saved game to the last shot, as functions of the Flow ``f``.
#
# A phase of seabattle.screens.flow: loaded when the battle starts, dropped when the end screen or the
# title shows (a board holds only the phase on screen, see ``Flow._phase``). Comments, not docstrings:
# a board compiling it from .py holds every docstring until the compile ends.

from seabattle.board import HIT, MISS
from seabattle import sound, strings, ui
from seabattle.compat import forget

MOVE_DELAY = 700  # ms between the computer's shots, so a player can follow them
END_DELAY = 1200  # ms the last «Убил!» stays before the end screen

# ms the player waits for the computer's shot after the answer's pause before the hard level
# fires from what it has (seabattle.ai.hard.player's ``hurry``): its work after a miss, done during the
# player's turn, can take ~30 s after a target phase on a CLUE; a player who fires at once would
# wait for the rest of it
PATIENCE = 500


def start(f, resumed=False):
    f._page("battle", ui.P_BOARD, "")
    f._labels()
    f.aim = (f.rules.height // 2) * f.rules.width + f.rules.width // 2
    f.swapped = False
    f.result = ""
    f.result_tone = ui.TONE_PLAIN
    f.wait_until = -1
    f.hurry_at = -1
    if f.match.over():  # a saved duel resumed after its last shot: the end screen follows
        f.wait_until = f.now + END_DELAY
    elif not f.match.my_turn():
        f.result = "" if resumed else f.t("enemy_first")
        f.wait_until = f.now + MOVE_DELAY
    show(f)


def continue_game(f):
    # play on the game in ``resumable``: same fleets, shots, turn and computer level
    from seabattle.screens import battle_start

    battle_start.continue_game(f)
    battle_start = None
    forget("seabattle.screens.battle_start")
    start(f, True)


def show(f):
    s = f.screen
    m = f.match
    s.show_small = True
    if f.swapped:
        ui.board_tiles(m.board, s.big, m.enemy_view)
        ui.view_tiles(m.view, s.small)
        s.cursor = -1
        s.mark = m.last(1)
        s.small_mark = m.last(0)
    else:
        ui.view_tiles(m.view, s.big)
        ui.board_tiles(m.board, s.small, m.enemy_view)
        s.cursor = f.aim
        s.mark = m.last(0)
        s.small_mark = m.last(1)
    st = m.stats(0)
    left = _afloat(f, m.view.afloat)
    turn = f.t("your_turn") if m.my_turn() else f.t("their_turn")
    if m.duel:
        m.shown_s = m.countdown()
        if m.shown_s >= 0:  # the last seconds of my move on a duel's turn clock
            turn = f.t("turn_left", s=m.shown_s)
    s.lines = [turn, f.cell(f.aim), f.t("score", hits=st.hits, shots=st.shots)] + left
    if f.swapped:
        s.lines[1] = f.t("my_fleet")
    s.message = f.result
    s.tone = f.result_tone
    s.hint = f.t("hint_battle")
    s.changed()


def _afloat(f, sizes):
    # ships still afloat by size, two sizes a line: ``4:1 3:2``
    counts = []
    for size in sizes:
        if counts and counts[-1][0] == size:
            counts[-1][1] += 1
        else:
            counts.append([size, 1])
    parts = ["%d:%d" % (c[0], c[1]) for c in counts]
    lines = []
    for i in range(0, len(parts), 2):
        lines.append(" ".join(parts[i:i + 2]))
    return lines or [f.t("none_left")]


def act_battle(f, action):
    if action in (ui.BACK, ui.SWITCH):
        f.swapped = not f.swapped
        show(f)
        return
    if action == ui.MENU:  # the pause menu: seabattle.screens.pause, loaded while it shows
        from seabattle.screens import pause

        pause.go_pause(f)
        return
    if f.swapped:
        return
    moved = f._move(f.aim, action)
    if moved >= 0:
        f.aim = moved
        show(f)
        return
    if action != ui.FIRE:
        return
    m = f.match
    if not m.my_turn() or f.wait_until >= 0:
        f.result = f.t("wait_turn")
        f.result_tone = ui.TONE_PLAIN
        show(f)
        return
    try:
        shot = m.fire(f.aim)
    except ValueError:  # ShotError (that cell again); a duel's DuelError (not your turn)
        f.result = f.t("err_shot_twice", cell=f.cell(f.aim))
        f.result_tone = ui.TONE_PLAIN
        f._cue(sound.BAD)
        show(f)
        return
    f._cue(sound.SHOT)
    if shot is None:  # a duel: the answer comes back over the link
        f.result = f.t("shot_sent", cell=f.cell(f.aim))
        f.result_tone = ui.TONE_PLAIN
        show(f)
        return
    shown(f, shot, True)


def shown(f, shot, mine):
    f.results += 1  # a safe point: the board saves the game now (see ``Flow.saving``)
    if shot.answer == MISS:
        text, tone, cue = f.t("miss"), ui.TONE_MISS, sound.SPLASH
    elif shot.answer == HIT:
        text, tone, cue = f.t("hit"), ui.TONE_HIT, sound.HIT
    else:
        text, tone, cue = f.t("sunk"), ui.TONE_SUNK, sound.SUNK
    f._cue(cue)
    if mine:
        f.result = "%s %s" % (f.cell(shot.square), text)
    else:
        f.result = f.t("enemy_shot", cell=f.cell(shot.square), answer=text)
    f.result_tone = tone
    if f.match.over():
        f.wait_until = f.now + END_DELAY
    elif not f.match.my_turn():
        f.wait_until = f.now + MOVE_DELAY
    show(f)


def tick(f, now):
    # the computer's shots, a duel's countdown, and the pause before the end screen
    if f.wait_until >= 0 and now >= f.wait_until:
        f.wait_until = -1
        _after_wait(f)
    elif not f.match.duel:
        # a slice of the computer's thinking every frame; it fires only once the pause is over
        shot = f.match.think(f.wait_until < 0, f.wait_until < 0 <= f.hurry_at <= now)
        if shot is not None:
            shown(f, shot, False)
    elif f.name == "battle" and f.match.countdown() != f.match.shown_s:
        show(f)  # (the turn line again when the countdown's second changes: once a second)


def _after_wait(f):
    m = f.match
    if m.over():
        f._phase("seabattle.screens.end").go_end(f)
    elif not m.my_turn() and not m.duel:
        f.hurry_at = f.now + PATIENCE
        shot = m.think()  # its first slice; tick() calls again each frame until it fires
        if shot is not None:
            shown(f, shot, False)
        else:
            show(f)
    else:
        show(f)


def resume(f):
    forget("seabattle.screens.pause")
    forget("seabattle.screens.pages")  # the pause menu's page helpers: not held by the battle
    strings.unload("pause")  # and its texts
    f._page("battle", ui.P_BOARD, "")
    f._labels()
    show(f)


def act(f, action):
    if f.name == "battle":
        act_battle(f, action)
    else:
        from seabattle.screens import pause

        if pause.act_pause(f, action):
            resume(f)
