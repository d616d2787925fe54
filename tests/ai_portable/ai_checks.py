"""Checks the computer players' portable suites share (tests/ai_portable; not a test module)."""

from seabattle import rules as R
from seabattle.board import HALO, HIT, UNKNOWN


def provably_empty(view, sq):
    """Independent of seabattle.ai.normal: halo cells, and with no touching the corners of a hit."""
    if view.cells[sq] == HALO:
        return True
    rules = view.rules
    if rules.touch != R.TOUCH_NEVER or view.cells[sq] != UNKNOWN:
        return False
    w = rules.width
    x = sq % w
    y = sq // w
    for dx in (-1, 1):
        for dy in (-1, 1):
            if 0 <= x + dx < w and 0 <= y + dy < rules.height and view.cells[(y + dy) * w + x + dx] == HIT:
                return True
    return False


def pool_ships(hard, i):
    """The ships afloat of pool fleet ``i`` as lists of squares."""
    out = []
    for j in range(hard.ships):
        code = hard.fleets[i * hard.ships + j]
        if code == hard.dead:
            continue
        step = hard.w if code & 1 else 1
        out.append([(code >> 1) + k * step for k in range(hard.sizes[j])])
    return out


def check_pool(hard, view):
    """Every fleet in the pool fits every answer on ``view`` and the rules, and the per-cell
    counts are the pool's; returns the styles of the fleets in it."""
    rules = view.rules
    w = rules.width
    name = rules.name
    counts = [0] * rules.cells
    styles = set()
    for i in range(hard.n):
        if not hard.alive[i]:
            continue
        styles.add(hard.style[i])
        ships = pool_ships(hard, i)
        assert len(ships) == len(rules.fleet) - len(view.sunk)
        taken = {}
        for k, cells in enumerate(ships):
            for c in cells:
                assert 0 <= c < rules.cells and view.cells[c] in (UNKNOWN, HIT), (name, i, cells)
                assert c not in taken
                taken[c] = k
                counts[c] += 1
            if len(cells) > 1:
                assert cells[-1] // w == cells[0] // w or cells[-1] % w == cells[0] % w
                assert all(view.cells[c] == HIT for c in cells) is False
        for c in range(rules.cells):
            if view.cells[c] == HIT:
                assert c in taken, (name, i, c)
        if rules.touch == R.TOUCH_NEVER:
            for c, k in taken.items():
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        x = c % w + dx
                        y = c // w + dy
                        if 0 <= x < w and 0 <= y < rules.height:
                            assert taken.get(y * w + x, k) == k, (name, i, c)
    assert counts == [hard.counts[c] for c in range(rules.cells)]
    return styles
