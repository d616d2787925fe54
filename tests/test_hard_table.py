"""The hard level's opening tables hold no fleet the benchmark and the tests ask it to find.

The tables (``python -m tools.hard_table``) are fleets the hard level starts its pool with. Built
from the same random stream as ``tools.bench_ai``'s fleets, they held exactly the fleets of the
benchmark's seed 1, and the hard level found a tenth of them in 22-29 shots: a figure that
measured the leak, not the shooter. These tests fail if that happens again, in any of the 8 turns
of the board the hard level may apply to a table fleet.
"""

import os

import pytest

from seabattle import rules as R
from seabattle.ai.hard.opening import table_header, table_path
from tools.fleet_styles import RejectionFleets, XorShift

SEEDS = (1, 2)
FLEETS = 100  # per seed: the benchmark's first fleets (its games draw them in this order)


def table_fleets(rules, path):
    """Every fleet in the table at ``path``, as a frozenset of frozensets of cells."""
    head = table_header(rules)
    with open(path, "rb") as f:
        data = f.read()
    assert data[:len(head)] == head
    counts = [data[len(head) + 2 * k] << 8 | data[len(head) + 2 * k + 1] for k in range(4)]
    at = len(head) + 8
    s = len(rules.fleet)
    out = set()
    for n in counts:
        for _ in range(n):
            ships = []
            for size, code in zip(rules.fleet, data[at:at + s]):
                step = rules.width if code & 1 else 1
                ships.append(frozenset((code >> 1) + k * step for k in range(size)))
            out.add(frozenset(ships))
            at += s
    assert at == len(data)
    return out


def turns(rules, fleet):
    """The fleet (cells per ship) under each of the square board's 8 symmetries."""
    w = rules.width
    h = rules.height
    assert w == h
    for g in range(8):
        ships = []
        for ship in fleet.ships:
            cells = []
            for c in ship.cells:
                x = c % w
                y = c // w
                if g & 1:
                    x = w - 1 - x
                if g & 2:
                    y = h - 1 - y
                if g & 4:
                    x, y = y, x
                cells.append(y * w + x)
            ships.append(frozenset(cells))
        yield frozenset(ships)


def leaked(rules, path):
    """(seed, game) of the benchmark fleets found in the table, any turn."""
    table = table_fleets(rules, path)
    draw = RejectionFleets(rules).draw
    found = []
    for seed in SEEDS:
        rng = XorShift(seed)  # the stream tools.bench_ai draws a run's fleets from
        for g in range(FLEETS):
            if any(t in table for t in turns(rules, draw(rng))):
                found.append((seed, g))
    return found


@pytest.mark.parametrize("name", ["classic", "corners", "mb"])
def test_no_benchmark_fleet_is_in_the_opening_table(name):
    rules = R.preset(name)
    path = table_path(rules)
    assert os.path.exists(path)
    assert leaked(rules, path) == []


def test_the_check_finds_a_table_built_from_the_benchmark_stream(tmp_path):
    # The check itself: a table whose uniform section is the benchmark's own seed-1 fleets
    # (what the first tables were) is caught.
    from tools.hard_table import codes_of

    rules = R.preset("classic")
    draw = RejectionFleets(rules).draw
    rng = XorShift(1)
    data = bytearray(table_header(rules)) + bytes([0, 50, 0, 0, 0, 0, 0, 0])
    for _ in range(50):
        data += bytes(codes_of(rules, draw(rng)))
    path = tmp_path / "leaky.bin"
    path.write_bytes(bytes(data))
    assert [g for s, g in leaked(rules, str(path)) if s == 1] == list(range(50))
