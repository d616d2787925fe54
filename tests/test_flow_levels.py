"""Loading a level's module when it is chosen (seabattle.flowlevels): the hard level's ~60 KB of
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
from seabattle.flow import Flow, Settings  # noqa: E402


def _failing_import(times):
    real = builtins.__import__
    calls = []

    def fake(name, *args, **kwargs):
        if name == "seabattle.ai_hard":
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
    # the hard level loads parts of itself for a moment (hard_setup, hard_open before the battle shows,
    # seabattle.hard_search after a collapse, seabattle.ai_normal for a normal move), compiled amid the
    # battle's heap on a board that loads .py: one MemoryError gets a second chance there too
    from seabattle import rules
    from seabattle.ai_hard import POOL, Hard

    real = builtins.__import__
    calls = []

    def fake(name, *args, **kwargs):
        if name == "seabattle.hard_setup":
            calls.append(name)
            if len(calls) == 1:
                raise MemoryError("memory allocation failed, allocating 2048 bytes")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)
    hard = Hard(rules.preset("classic"), Rng(3))
    assert len(calls) == 2 and hard.n == POOL and len(hard.fleets) == POOL * 10


def test_the_hard_levels_first_pool_is_read_before_the_battle_shows():
    # the opening table is read (seabattle.hard_open loaded for it) on the making screen, a step a
    # frame, not on the battle's: on top of the battle screen's objects that moment was a hard
    # game's peak (85.2 KB at 160x128 on the 32-bit VM, tools.ramreport)
    flow = Flow(Rng(3), settings=Settings(lang="en"))
    _to_battle(flow, "hard")
    hard = flow.match.opponent
    assert flow.name == "battle" and hard.ready and hard.opened >= 0 and not hard.busy()
    assert sum(hard.alive) == hard.n and flow.match.game.moves == bytearray()
