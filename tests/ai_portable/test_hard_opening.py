"""The hard level's opening tables (tools.hard_table): every fleet in them legal under every
symmetry, each style's section shaped as its prior, and the hard player's pool drawn from them
turned and rotated by the seed."""

import gc

from check import Rng

from seabattle import fleetcheck
from seabattle import rules as R
from seabattle.ai.hard import opening
from seabattle.ai.hard.opening import table_path
from seabattle.ai.hard.player import Hard
from seabattle.game import Game
from seabattle.placement import random_fleet

from ai_checks import pool_ships


def table_sections(rules):
    """The opening table for ``rules`` (see tools.hard_table): per style, the offset of its section
    in the file and how many fleets it holds; the header is checked."""
    head = opening.table_header(rules)
    with open(table_path(rules), "rb") as f:
        start = f.read(len(head) + 8)
        f.seek(0, 2)
        size = f.tell()
    assert start[:len(head)] == head
    at = len(head) + 8
    sections = []
    for k in range(4):  # styles 0, 1, 2 and the corner styles
        m = start[len(head) + 2 * k] << 8 | start[len(head) + 2 * k + 1]
        sections.append((at, m))
        at += m * len(rules.fleet)
    assert at == size
    return sections


def table_fleet(f, rules, section, i, buf):
    """Fleet ``i`` of a table's ``section`` into ``buf`` (a fleet at a time: the heap is small)."""
    f.seek(section[0] + i * len(rules.fleet))
    assert f.readinto(buf) == len(buf)
    return buf


def legal(rules, codes):
    """The fleet of ship codes (first square * 2 + vertical, sizes as in rules.fleet) is legal."""
    from seabattle.fleet import Fleet, Ship

    ships = []
    for size, code in zip(rules.fleet, codes):
        start = code >> 1
        step = rules.width if code & 1 else 1
        last = start + step * (size - 1)
        if code & 1:
            assert size > 1 and last < rules.cells, (size, code)
        else:
            assert start // rules.width == last // rules.width, (size, code)
        ships.append(Ship([start + k * step for k in range(size)]))
    fleetcheck.validate(Fleet(rules, ships))


def test_opening_tables_hold_legal_fleets_and_every_symmetry_keeps_them_legal():
    for name in R.preset_names():
        rules = R.preset(name)
        s = len(rules.fleet)
        sections = table_sections(rules)
        f = open(table_path(rules), "rb")
        buf = bytearray(s)
        hard = Hard(rules, Rng(1), pool=1)  # only its symmetry tables and habit: no pool needed
        turns = [opening._symmetry(hard, g) for g in range(8)]
        cells2 = 2 * rules.cells
        kinds = [0]
        for j in range(1, s):
            kinds.append(kinds[-1] + (rules.fleet[j] != rules.fleet[j - 1]))
        edge = [0, 0, 0, 0]
        packed = [0, 0, 0, 0]  # ships favoured by the corner style at each fleet's best corner
        # one list for every section's keys, made before the games' garbage: grown by append it
        # asked for a 4 KB block the heap no longer had in one piece (CI at another path failed)
        gc.collect()
        keys = [0] * max(m for _at, m in sections)
        for k in range(4):
            at, m = sections[k]
            assert m >= 500
            for i in range(m, len(keys)):
                keys[i] = -1 - i  # the unused tail: distinct, and below every key
            for i in range(m):
                codes = table_fleet(f, rules, sections[k], i, buf)
                key = 0
                for c in codes:
                    key = (key * 257 + c) & 0x3FFFFFFFFFFF  # a small int on both VMs
                keys[i] = key
                legal(rules, codes)
                if i % 25 == 0:  # all of them is slow on MicroPython
                    for g in range(8):
                        legal(rules, [turns[g][kinds[j] * cells2 + codes[j]] for j in range(s)])
                best = 0
                for j in range(s):
                    edge[k] += hard.habit(codes[j], rules.fleet[j], 2)
                for style in range(3, 7):
                    n = 0
                    for j in range(s):
                        n += hard.habit(codes[j], rules.fleet[j], style)
                    if n > best:
                        best = n
                packed[k] += best
            keys.sort()
            assert all(keys[i] != keys[i - 1] for i in range(1, len(keys)))  # independent draws
        f.close()
        # the styles' sections differ as their priors do: more ships along the edges
        assert edge[0] < edge[1] and edge[0] < edge[2], (name, edge)
        if 1 in rules.fleet:  # style 2 also puts single-deck ships on the border, style 1 does not
            assert edge[1] < edge[2], (name, edge)
        # the corner section packs a corner: at its best corner a fleet has ~2 ships more where
        # the corner style wants them than a uniform fleet at its own best corner
        m = sections[0][1]
        assert packed[3] > packed[0] + m and packed[3] > packed[1] and packed[3] > packed[2], (name, packed, m)
        # this preset's tables and keys go before the next preset's are made: on MicroPython's 128k
        # heap (tests/test_ai_micropython.py) both at once failed to find 800 bytes in one piece
        turns = keys = hard = None


def test_hard_opens_from_the_table_turned_and_rotated_by_the_seed():
    rules = R.preset("classic")
    sections = table_sections(rules)
    f = open(table_path(rules), "rb")
    buf = bytearray(10)
    pattern = b"\x00\x01\x02\x03\x05"  # 3..6: the corner styles (which corner: drawn as it moves)
    kinds = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    pools = []
    for seed in (5, 5, 6):
        hard = Hard(rules, Rng(seed), pool=40, styles=pattern)
        hard.start(Game(rules, (random_fleet(rules, Rng(1)),) * 2, 0).views[0])
        while hard.step() < 0:
            pass
        assert hard.opened >= 0
        turn = opening._symmetry(hard, hard.opened)
        pool = [bytes(hard.fleets[i * 10:(i + 1) * 10]) for i in range(40)]
        counts = [0] * rules.cells
        for i in range(40):
            assert hard.alive[i] and hard.style[i] == pattern[i % 5]
            section = sections[min(hard.style[i], 3)]
            for t in range(section[1]):  # a table fleet of its own style, turned
                table_fleet(f, rules, section, t, buf)
                if all(turn[kinds[j] * 200 + buf[j]] == pool[i][j] for j in range(10)):
                    break
            else:
                assert False, (seed, i)
            for cells in pool_ships(hard, i):
                for c in cells:
                    counts[c] += 1
        assert len(set(pool)) == 40 and counts == list(hard.counts)
        pools.append(pool)
    f.close()
    assert pools[0] == pools[1] and pools[0] != pools[2]
