"""The result of a duel follows the evidence: a side whose fleet or answers are shown false loses,
a win by sinking counts only once the winner's fleet is shown, and the statistics and the end
screen say so; a damaged save or rules no fleet fits are refused with the duel's own error."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doubles import cheats, duelsim, handhelds
from doubles.handhelds import run, start
from seabattle import strings, ui
from seabattle.duel import protocol as D
from seabattle.duel.wire import ship_cells

SEEDS = range(1, 21)
# cheats found only at the reveal when the cheater's shots won: the missing ship cannot be sunk,
# a touching or bent ship is not what the halos said, a seed that does not open, no reveal at all
FOUND_AT_REVEAL = ("missing_ship", "touching", "bent", "hide_sunk", "wrong_seed", "no_reveal")


@pytest.mark.parametrize("kind", FOUND_AT_REVEAL)
def test_a_fleet_or_answers_shown_false_lose_whatever_the_shots_said(kind):
    flipped = 0
    for seed in SEEDS:
        m = duelsim.Match(seed, cheat=kind, cheat_side=seed % 2, reveal_ms=20000, loss=0.02, dup=0.01)
        m.run(3000000, side=1 - seed % 2)
        honest = m.duels[1 - seed % 2]
        events = m.events[1 - seed % 2]
        assert honest.phase == D.DONE and honest.won is True, (kind, seed, events)
        # a cheat, unless the honest side had won by sinking (a loser that does not reveal
        # keeps its loss: its verdict says so)
        assert honest.reason == "cheat" or ("over", True, "sunk") in events, (kind, seed, events)
        assert honest.verdict and all(ev.cheat() for ev in honest.verdict), (kind, seed, honest.verdict)
        if ("over", False, "sunk") in events:  # the cheater's shots had won: the verdict turned it
            assert ("over", True, "cheat") in events
            flipped += 1
    assert flipped >= 1, flipped  # the seeds do play the case where only the reveal catches it


def _fire_until(air, boards, until, avoid=None):
    """Both players fire at their first free cell when it is their turn, the host only at cells
    where ``avoid`` (an owner table) has no ship while there are such cells left."""
    for _ in range(200000):
        if until():
            return True
        for b in boards:
            f = b.flow
            if f.name == "battle" and f.match.my_turn() and f.wait_until < 0:
                free = [sq for sq in range(100) if f.match.view.can_fire(sq)]
                if b is boards[0] and avoid is not None:
                    free = [sq for sq in free if not avoid[sq]] or free
                with handhelds.bleio.on_board(b.adapter):
                    handhelds.scenes.goto(f, free[0], f.aim)
                    f.act(ui.FIRE)
        run(air, boards, lambda: False, limit=1)
    return until()


def test_a_nine_ship_fleet_loses_on_the_screen_and_in_the_statistics_even_when_its_shots_won():
    air, boards = start(guest_duel=cheats.MissingShip)
    host, guest = boards
    f = host.flow
    # the honest host misses on purpose: the cheater's shots sink its fleet first
    assert _fire_until(air, boards, lambda: f.name == "end", avoid=guest.flow.match.d.fleet.owner)
    assert f.match.board.defeated() and not guest.flow.match.board.defeated()  # its shots won
    assert run(air, boards, lambda: f.match.findings is not None and f.match.recorded)
    assert f.match.d.won is True and f.match.d.reason == "cheat"
    assert f.screen.message.startswith(strings.say("ru", "won") + " ") and f.end_problems
    assert f.records.rows["duel"][:2] == [1, 1]  # one game, won


def test_a_peer_gone_for_good_mid_battle_is_a_recorded_win_said_on_screen():
    air, boards = start(seed=11)
    host, guest = boards
    assert handhelds.shoot(air, boards, lambda: handhelds.shots(boards) >= 12)
    air.cut(guest.adapter)  # the guest's battery runs out: it never comes back
    guest.adapter.stop_advertising()
    air.adapters.remove(guest.adapter)
    f = host.flow
    assert run(air, (host,), lambda: f.name == "duel_gone", limit=60000)
    assert f.match.d.won is True and f.match.d.reason == "gone"
    assert f.records.rows["duel"][:2] == [1, 1]


def test_the_losers_end_screen_shows_the_winners_unfound_ships_whole():
    air, boards = start(seed=7)
    a, b = handhelds.finish(air, boards)
    loser = boards[0] if a.won is False else boards[1]
    winner = boards[1] if loser is boards[0] else boards[0]
    shown = loser.flow.match.revealed()
    real = winner.flow.match.d.fleet
    assert sorted(tuple(s.cells) for s in shown.ships) == sorted(tuple(s.cells) for s in real.ships)
    big = loser.flow.screen.big
    for ship in real.ships:
        for sq in ship.cells:  # every cell of every ship: hit, sunk, or shown as an unfound ship
            assert big[sq] in (ui.T_SHIP, ui.T_HIT, ui.T_SUNK), (sq, big[sq])
    assert all(len(ship_cells(loser.flow.rules, s.cells[0], s.cells[-1])) == len(s.cells) for s in shown.ships)


def _with_crc(data):
    from seabattle.crc import crc32

    c = crc32(memoryview(data)[:-4])
    data[-4:] = bytes((c >> 24, (c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF))
    return bytes(data)


def test_a_damaged_save_with_a_good_crc_raises_only_the_duels_own_error():
    """A save changed in a few bytes and given a valid CRC again (a buggy writer, a hostile
    file) is either a duel or a DuelError (a ValueError) naming what is wrong: never another
    exception out of Duel.load."""
    import random

    m = duelsim.Match(4, save=True)
    while m.duels[0].shots() < 30:
        m.step()
    saves = [bytes(m.saved[0]), bytes(m.saved[1])]
    rng = random.Random(9)
    clock = duelsim.linksim.Clock()
    other = 0
    for i in range(6000):
        data = bytearray(saves[i % 2])
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(4, len(data) - 4)
            data[at] = rng.randrange(256) if rng.random() < 0.8 else data[at] ^ (1 << rng.randrange(8))
        if rng.random() < 0.1:  # cut short or grown
            data = data[:rng.randrange(12, len(data))] if rng.random() < 0.5 else data[:-4] + bytes(8) + data[-4:]
        try:
            D.Duel.load(_with_crc(data), None, clock, duelsim.linksim.XorShift(1))
        except D.DuelError as err:
            assert str(err)
        except Exception as err:  # noqa: BLE001 (what the test is looking for)
            other += 1
            assert other == 0, (i, type(err).__name__, err)


def test_rules_a_host_proposes_are_refused_when_no_fleet_could_be_placed_quickly():
    from seabattle import rulescheck
    from seabattle.rules import TOUCH_NEVER, Rules, RulesError

    with pytest.raises(RulesError, match="too crowded"):  # 120 one-deckers on 20x12: never placeable
        rulescheck.check(Rules("custom", 20, 12, (1,) * 120, TOUCH_NEVER))
    # the bound: ships and their water to the right and below in 3/5 of an 11x11 board
    rulescheck.check(Rules("custom", 10, 10, (4, 3, 3, 2, 2, 2, 1, 1, 1, 1) + (1,) * 3, TOUCH_NEVER))  # 72 of 121
    with pytest.raises(RulesError, match="too crowded"):
        rulescheck.check(Rules("custom", 10, 10, (4, 3, 3, 2, 2, 2, 1, 1, 1, 1) + (1,) * 4, TOUCH_NEVER))  # 76


@settings(max_examples=150, deadline=None)
@given(st.integers(5, 20), st.integers(5, 20), st.lists(st.integers(1, 6), min_size=1, max_size=40),
       st.integers(0, 2), st.integers(0, 1000))
def test_any_rules_the_check_accepts_are_auto_placed(w, h, sizes, touch, seed):
    """What a guest accepts, its auto-place (and the placing screen's) must place: the check
    refuses a fleet too crowded to place within milliseconds (docs/figures.md, "Duel")."""
    import random

    from seabattle import fleetcheck, placement, rulescheck
    from seabattle.rules import Rules, RulesError

    try:
        r = rulescheck.check(Rules("any", w, h, tuple(sorted(sizes, reverse=True)), touch))
    except RulesError:
        return
    fleetcheck.validate(placement.random_fleet(r, random.Random(seed)))
