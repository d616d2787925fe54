"""Loading a level's module when it is chosen (seabattle.screens.levels): the hard level's ~60 KB of
source is compiled then, amid the heap a session of games has scattered. A compile that runs out of
memory once (fragmentation: the collection after it joins what it held) gets a second chance
instead of ending the game with a MemoryError."""

import builtins
import sys

import pytest

sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/ui_portable")
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/portable")

from test_flow import _to_battle  # noqa: E402

from check import Rng  # noqa: E402
from seabattle.screens.flow import Flow, Settings  # noqa: E402


def _failing_import(times):
    real = builtins.__import__
    calls = []

    def fake(name, *args, **kwargs):
        if name == "seabattle.ai.hard.player":
            calls.append(name)
            if len(calls) <= times:
                raise MemoryError("memory allocation failed, allocating 3568 bytes")
        return real(name, *args, **kwargs)

    return fake, calls


def test_a_hard_level_whose_compile_runs_out_of_memory_once_still_starts(monkeypatch):
    fake, calls = _failing_import(1)
    monkeypatch.setattr(builtins, "__import__", fake)
    flow = Flow(Rng(3), settings=Settings(lang="en"))
    _to_battle(flow, "hard")
    assert flow.name == "battle" and flow.mode == "ai:hard"
    assert type(flow.match.opponent).__name__ == "Hard"
    assert len(calls) >= 2  # the failed compile, then the one that worked


def test_a_compile_that_fails_twice_is_reported_not_retried_forever(monkeypatch):
    fake, calls = _failing_import(5)
    monkeypatch.setattr(builtins, "__import__", fake)
    flow = Flow(Rng(3), settings=Settings(lang="en"))
    with pytest.raises(MemoryError):
        _to_battle(flow, "hard")
    assert len(calls) == 2


def test_a_part_of_the_hard_level_whose_compile_runs_out_of_memory_once_still_loads(monkeypatch):
    # the hard level loads parts of itself for a moment (seabattle.ai.hard.buffers, seabattle.ai.hard.opening before the battle shows,
    # seabattle.ai.hard.search after a collapse, seabattle.ai.normal for a normal move), compiled amid the
    # battle's heap on a board that loads .py: one MemoryError gets a second chance there too
    from seabattle import rules
    from seabattle.ai.hard.player import POOL, Hard

    real = builtins.__import__
    calls = []

    def fake(name, *args, **kwargs):
        if name == "seabattle.ai.hard.buffers":
            calls.append(name)
            if len(calls) == 1:
                raise MemoryError("memory allocation failed, allocating 2048 bytes")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)
    hard = Hard(rules.preset("classic"), Rng(3))
    assert len(calls) == 2 and hard.n == POOL and len(hard.fleets) == POOL * 10


def test_the_hard_levels_first_pool_is_read_before_the_battle_shows():
    # the opening table is read (seabattle.ai.hard.opening loaded for it) on the making screen, a step a
    # frame, not on the battle's: on top of the battle screen's objects that moment was a hard
    # game's peak (85.2 KB at 160x128 on the 32-bit VM, tools.ramreport)
    flow = Flow(Rng(3), settings=Settings(lang="en"))
    _to_battle(flow, "hard")
    hard = flow.match.opponent
    assert flow.name == "battle" and hard.ready and hard.opened >= 0 and not hard.busy()
    assert sum(hard.alive) == hard.n and flow.match.game.moves == bytearray()


def _quick_battle(monkeypatch, hurry):
    """A hard battle against a player who fires the moment it is their turn, 20 frames a second:
    how long each computer's turn waited from the player's miss to its first shot (seconds)."""
    from seabattle import ui
    from seabattle.ai.hard.player import Hard

    calls = []
    real = Hard.hurry
    monkeypatch.setattr(Hard, "hurry", lambda self: (calls.append(1), real(self) if hurry else None))
    flow = Flow(Rng(3), settings=Settings(lang="en"))
    _to_battle(flow, "hard")
    pick = Rng(11)
    waits = []
    since = -1
    now = 100000
    m = flow.match
    theirs = m.game.views[1]  # the computer's chart of my board: its shots
    fired = theirs.shots
    for _ in range(40000):
        now += 50
        flow.tick(now)
        if flow.name != "battle" or m.over():
            break
        if theirs.shots != fired:
            fired = theirs.shots
            if since >= 0:
                waits.append(now - since)
                since = -1
        if m.my_turn() and flow.wait_until < 0:
            free = [sq for sq in range(m.rules.cells) if m.view.can_fire(sq)]
            flow.aim = free[pick.randrange(len(free))]
            flow.act(ui.FIRE)
            if not m.my_turn():
                since = now
    assert m.over(), "the battle did not end"
    return waits, len(calls)


def test_a_quick_player_waits_for_the_hard_levels_shot_no_longer_than_its_patience(monkeypatch):
    # after a target phase the hard level's work after a miss is ~30 s on a CLUE (docs/opponent.md),
    # done in slices during the player's turn; a player who fires at once used to wait for the rest
    # of it. Past the answer's pause and PATIENCE it fires from the fleets it has (Hard.hurry)
    from seabattle.screens.battle import MOVE_DELAY, PATIENCE

    waits, hurried = _quick_battle(monkeypatch, True)
    assert hurried > 0 and len(waits) > 20
    assert max(waits) <= MOVE_DELAY + PATIENCE + 300, sorted(waits)[-5:]
    # the same player, the same game, a computer that ignores the hurry: some turns last seconds
    # (a frame a slice here, as on a board), so the figure above is the hurry's doing
    waits, _ = _quick_battle(monkeypatch, False)
    assert max(waits) > MOVE_DELAY + PATIENCE + 2000, sorted(waits)[-5:]
