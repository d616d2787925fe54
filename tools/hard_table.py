"""The hard level's opening tables: ``python -m tools.hard_table [--fleets N] [--sweeps K] [--seed S]
[PRESET ...]`` (default: every preset; presets with the same board, fleet and touching rule share
one file).

Writes ``seabattle/ai/hard/hard_WxH_tT_SIZES.bin`` (see ``seabattle.ai.hard.opening.table_name``): the header
(``table_header``: magic, width, height, touching rule, ship count, ship sizes), the four section
sizes (big-endian 16 bits each), then the sections, one per style of ``seabattle.ai.hard.player.STYLES``
(0, 1, 2, and 3 for the corner styles: the hard level draws a fleet's corner again as it moves it):
N fleets each, every fleet its ships' codes (first square * 2 + vertical) in the order of the
rules' fleet (largest first), one byte a ship.

Style 0 fleets are exact uniform draws over the legal fleets (each ship uniformly placed, the whole
fleet drawn again on any overlap or touch). Styles 1, 2 and 3 have no exact sampler: each fleet starts
from its own uniform draw and runs K sweeps of the hard level's own styled chain
(``Hard._move``), whose stationary law is the style's prior; every fleet is independent of the others.
A game at the hard level reads N or fewer fleets of each style from a random place and turns them by
a random board symmetry (``seabattle.ai.hard.opening._open``). Deterministic for a seed.

The random stream is CPython's ``random.Random`` seeded with a text, never the portable xorshift
that ``tools.bench_ai`` and the tests draw their fleets from: a table built from the benchmark's
own stream would hold the very fleets the benchmark then asks the hard level to find (it did, at
first: a tenth of the games with seed 1 ended in 22-29 shots). ``tests/test_hard_table.py``
checks that no benchmark fleet of the first seeds is in a table, in any of its 8 turns.
"""

import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from seabattle import fleetcheck  # noqa: E402
from seabattle import rules as R  # noqa: E402
from seabattle.ai.hard.player import Hard  # noqa: E402
from seabattle.ai.hard.opening import table_header, table_name  # noqa: E402
from seabattle.fleet import Fleet, Ship  # noqa: E402
from tools.fleet_styles import RejectionFleets  # noqa: E402

FLEETS = 500  # per style: the default pool (500) may be of one style only (learnt styles)
SWEEPS = 100  # chain sweeps from a uniform draw to a styled fleet


def codes_of(rules, fleet):
    """The fleet's ship codes in the order of ``rules.fleet`` (largest first)."""
    ships = sorted(fleet.ships, key=lambda s: -s.size)
    out = []
    for ship in ships:
        first = ship.cells[0]
        out.append(first * 2 + (1 if ship.size > 1 and ship.cells[1] - first == rules.width else 0))
    return out


def fleet_of(rules, codes):
    ships = []
    for size, code in zip(rules.fleet, codes):
        step = rules.width if code & 1 else 1
        ships.append(Ship([(code >> 1) + k * step for k in range(size)]))
    return Fleet(rules, ships)


def build(rules, fleets=FLEETS, sweeps=SWEEPS, seed=1):
    """The table's bytes for ``rules``."""
    rng = random.Random("seabattle opening table %d" % seed)  # disjoint from the bench's xorshift
    uniform = RejectionFleets(rules).draw
    s = len(rules.fleet)
    out = bytearray(table_header(rules))
    for _ in range(4):
        out += bytes([fleets >> 8, fleets & 255])
    for style in range(4):
        chain = Hard(rules, rng, pool=1, styles=bytes([style]))
        chain.style[0] = style
        for _ in range(fleets):
            codes = codes_of(rules, uniform(rng))
            if style:
                for j in range(s):
                    chain.fleets[j] = codes[j]
                chain._move(0, sweeps)
                codes = list(chain.fleets[:s])
            fleetcheck.validate(fleet_of(rules, codes))
            out += bytes(codes)
    return bytes(out)


def main(argv):
    args = {"--fleets": str(FLEETS), "--sweeps": str(SWEEPS), "--seed": "1"}
    names = []
    i = 0
    while i < len(argv):
        if argv[i] in args and i + 1 < len(argv):
            args[argv[i]] = argv[i + 1]
            i += 2
        elif argv[i] in R.preset_names():
            names.append(argv[i])
            i += 1
        else:
            print(__doc__)
            return 2
    done = set()
    for name in names or R.preset_names():
        rules = R.preset(name)
        if 2 * rules.cells > 255:  # the pool keeps one byte a ship only on such boards
            print("%s: board too big for a table" % name)
            continue
        path = os.path.join(ROOT, "seabattle", "ai", "hard", table_name(rules))
        if path in done:
            continue
        done.add(path)
        data = build(rules, int(args["--fleets"]), int(args["--sweeps"]), int(args["--seed"]))
        with open(path, "wb") as f:
            f.write(data)
        print("%s: %s, %d bytes" % (name, os.path.relpath(path, ROOT), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
