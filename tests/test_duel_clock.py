"""Every duel ends with a result both boards agree on, within a bounded time: a player who does
not move loses on the turn clock (its own board says so first), a peer that stays connected and
silent loses after the clock and its grace, one that leaves once it knows the coin toss (and the
other does not) forfeits, one that leaves before loses nothing and wins nothing."""

import pytest

from doubles import duelsim, handhelds, linksim
from doubles.handhelds import LANGS as LANG
from seabattle import strings, ui
from seabattle.duel import evidence_text
from seabattle.duel import protocol as D
from seabattle.duel.wire import ANSWER_MS, CLOCK_SLACK, TURN_MS
from seabattle.rules import preset

TURN = 20000  # a short clock: the tests' duels are simulated, but the steps are real


def _think(seed, often):
    """A player who mostly fires at once and ``often`` in 1000 moves thinks 9..11.5 s, around
    the 10 s (TURN - CLOCK_SLACK) its own board gives it."""
    def think(side, k):
        r = linksim.XorShift(seed * 31 + k * 2 + side).randrange(1000)
        return 0 if r >= often else 9000 + r * 2500 // often
    return think


@pytest.mark.parametrize("loss", [0.0, 0.2])
def test_both_boards_name_the_same_loser_when_a_move_comes_near_the_clock(loss):
    clocks = 0
    for seed in range(1, 61):
        m = duelsim.Match(seed, loss=loss, dup=loss / 2, delay=(5, 90), drop=loss / 100, tick=20,
                          reveal_ms=20000, think=_think(seed, 5), turn_ms=TURN)
        assert m.run(), seed
        a, b = m.duels
        if "clock" in (a.reason, b.reason):
            clocks += 1
            assert a.reason == b.reason == "clock" and a.won is not b.won, (seed, a.won, b.won)
            loser = a if a.won is False else b
            assert ("error", D.finding("my_clock", loser.shots()), False) in m.events[m.duels.index(loser)]
        else:
            assert m.agree() is None, (seed, m.agree())
    assert 5 <= clocks <= 55, clocks  # the seeds play both: moves in time and moves too late


def test_a_player_who_never_moves_loses_on_its_own_board_first_and_the_other_records_the_win():
    m = duelsim.Match(3, turn_ms=TURN, think=lambda side, k: 10 ** 9 if side == 1 else 0)
    started = [None]

    def step_until_guest_moves():
        while not (m.duels[1].my_turn() and m.duels[1]._clock_mark >= 0):
            m.step()
        started[0] = m.clock()

    step_until_guest_moves()
    assert m.run()
    host, guest = m.duels
    assert (guest.won, guest.reason, host.won, host.reason) == (False, "clock", True, "clock")
    took = m.clock() - started[0]
    assert TURN - CLOCK_SLACK <= took <= TURN - CLOCK_SLACK + 2000, took  # its own word, at once


def test_the_last_seconds_of_a_move_are_counted_down_and_none_after_it():
    m = duelsim.Match(4, turn_ms=TURN, think=lambda side, k: 10 ** 9 if side == 0 else 0)
    host = m.duels[0]
    while not (host.my_turn() and host._clock_mark >= 0):
        m.step()
    left = []
    while host.phase != D.DONE:
        left.append(host.clock_left())
        m.step()
    assert TURN - CLOCK_SLACK - 20 <= left[0] <= TURN - CLOCK_SLACK and left == sorted(left, reverse=True) and left[-1] == 0
    assert host.clock_left() == -1 and host.won is False


@pytest.mark.parametrize("kind,most", [("stall", TURN_MS + ANSWER_MS), ("mute", TURN_MS + ANSWER_MS),
                                       ("no_proof", ANSWER_MS)])
def test_a_peer_that_stays_connected_and_silent_loses_after_the_clock_and_its_grace(kind, most):
    for seed in range(1, 5):
        cs = seed % 2
        m = duelsim.Match(seed, cheat=kind, cheat_side=cs)
        honest = m.duels[1 - cs]
        last_move = [0, -1]  # when the game last moved on (its mark), as the honest side saw it
        while honest.phase != D.DONE:
            m.step()
            if honest._clock_mark != last_move[1]:
                last_move[:] = [m.clock(), honest._clock_mark]
        waited = m.clock() - last_move[0]
        assert honest.won is True and honest.reason == "clock", (kind, seed)
        assert waited <= most + 1000, (kind, seed, waited)


def _leave_for_good(m, when):
    while not when():
        m.step()
    m.sim.disconnect(down=10 ** 12)


def test_leaving_once_it_knows_the_toss_and_the_other_does_not_is_a_recorded_forfeit():
    for seed in range(1, 7):
        cs = seed % 2
        m = duelsim.Match(seed, cheat="toss_withheld", cheat_side=cs, gone_ms=30000)
        cheater, honest = m.duels[cs], m.duels[1 - cs]
        _leave_for_good(m, lambda: cheater.peer_nonce is not None and honest._nonce_out)
        left = m.clock()
        m.run(side=1 - cs)
        assert honest.phase == D.DONE and honest.won is True and honest.reason == "gone", seed
        assert m.clock() - left <= 30000 + 1000


def test_a_duel_abandoned_before_either_knows_the_toss_has_no_winner():
    for seed in range(1, 7):
        m = duelsim.Match(seed, gone_ms=30000)
        host, guest = m.duels
        _leave_for_good(m, lambda: host.hello_in and guest.hello_in)
        m.run()
        assert host.won is None and guest.won is None and host.phase == guest.phase == D.DONE


@pytest.mark.parametrize("kind", ["sunk_early", "hide_sunk"])
def test_without_rings_of_water_a_lie_about_sinking_still_loses_at_the_reveal(kind):
    # under "mb" ships may touch: a sunk ship opens no ring, so the lie is found only when the
    # liar's fleet is shown, and then it loses the game whatever its shots did
    flipped = 0
    for seed in range(1, 21):
        cs = seed % 2
        m = duelsim.Match(seed, rules=preset("mb"), cheat=kind, cheat_side=cs, reveal_ms=20000)
        m.run(3000000, side=1 - cs)
        honest = m.duels[1 - cs]
        events = m.events[1 - cs]
        assert honest.phase == D.DONE and honest.won is True, (kind, seed, events)
        flipped += ("over", False, "sunk") in events
    assert flipped >= 1, flipped  # the seeds play the case where the liar's shots had won


def test_a_flooding_peer_is_stopped_and_what_waits_for_it_stays_small():
    for kind in ("flood", "garbage"):
        m = duelsim.Match(2, cheat=kind, cheat_side=1)
        honest = m.duels[0]
        most = 0
        while honest.phase != D.DONE:
            m.step()
            most = max(most, len(honest._outbox))
        assert honest.won is True and most <= 8, (kind, most)


def test_on_the_boards_the_idle_player_sees_its_last_seconds_and_both_record_the_clocks_verdict():
    air, boards = handhelds.start(seed=9)
    for b in boards:
        b.flow.duel.load().duel.turn_ms = TURN
    # whoever shoots first fires until the turn passes; then the other never fires again
    first = next(b for b in boards if b.flow.match.d.turn_mine)
    idle = boards[1 - boards.index(first)]
    for _ in range(20000):
        if idle.flow.match.my_turn():
            break
        g = first.flow
        if g.name == "battle" and g.match.my_turn() and g.wait_until < 0:
            with handhelds.bleio.on_board(first.adapter):
                handhelds.scenes.goto(g, [sq for sq in range(100) if g.match.view.can_fire(sq)][0], g.aim)
                g.act(ui.FIRE)
        handhelds.run(air, boards, lambda: False, limit=1)
    assert idle.flow.match.my_turn()
    f = idle.flow
    seen = []

    def counting():
        seen.append(f.screen.lines[0] if f.name == "battle" and f.screen.lines else None)
        return f.name == "duel_gone" and first.flow.name == "duel_gone"

    assert handhelds.run(air, boards, counting, limit=60000)
    ru = strings.say(LANG[idle.side], "turn_left", {"s": 3})
    assert ru in seen  # the last seconds were counted down on the turn line
    assert f.match.d.won is False and first.flow.match.d.won is True
    assert evidence_text.say(LANG[idle.side], "duel_my_clock") in f.screen.lines
    assert evidence_text.say(LANG[first.side], "duel_clock") in first.flow.screen.lines
    assert f.records.rows["duel"][:2] == [1, 0] and first.flow.records.rows["duel"][:2] == [1, 1]
