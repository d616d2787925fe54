"""The hard level's first pool (see seabattle.ai.hard.player), read from the opening table and turned
by one of the board's symmetries. Run once per game, a step a frame while the placing screen says
the enemy places its ships (seabattle.screens.enemy_fleet), and dropped after (seabattle.compat.forget):
the battle never holds this code. Functions of the Hard player
``self`` (seabattle.ai.hard.player), whose fields are set in Hard.__init__.
"""

from seabattle.compat import const

# The opening table: the first pool is read from a file of independent fleets drawn once on a
# desktop (python -m tools.hard_table), one section per style (the corner styles share one: a
# fleet's corner is drawn again as it moves), instead of the long chain that took seconds on a board. A game takes each style's fleets from a random place in its section and
# turns the board by one of its symmetries (the styles' priors are symmetric), so games differ
# and a seed still replays its game. Read into the pool's own buffer: no extra heap.
TABLE_MAGIC = b"SBH2"  # SBH1 (before the corner style) had three sections
_TABLE_SLICE = const(100)  # table fleets turned and counted per step


def _open(self):
    """Generator: fill the pool from the opening table; returns False (nothing changed but
    ``alive``) when there is no table for these rules or it holds too few fleets of a style."""
    try:
        f = open(table_path(self.rules), "rb")
    except OSError:
        return False
    n = self.n
    s = self.ships
    styles = self.styles
    with f:
        # the header, then one size a section (styles 0, 1, 2 and the corner styles)
        head = f.read(len(TABLE_MAGIC) + 12 + s)
        if head != table_header(self.rules) + head[-8:] or len(head) != len(TABLE_MAGIC) + 12 + s:
            return False
        have = [head[k] << 8 | head[k + 1] for k in range(len(head) - 8, len(head), 2)]
        need = [0, 0, 0, 0]
        for i in range(n):
            need[min(styles[i % len(styles)], 3)] += 1  # 3..6: the corner styles' section
        for k in range(4):
            if need[k] > have[k]:
                return False
        # each style's fleets, from a random place in its section, into a run of the pool
        view = memoryview(self.fleets)
        start = len(head)
        at = 0
        for k in range(4):
            off = self.rng.randrange(have[k]) if need[k] else 0
            left = need[k]
            while left:
                m = have[k] - off
                if m > left:
                    m = left
                f.seek(start + off * s)
                f.readinto(view[at * s:(at + m) * s])
                at += m
                left -= m
                off = 0
            start += have[k] * s
        del view
    yield -1
    # slot i takes the next fleet of its style's run: a permutation, followed cycle by cycle. The
    # styles repeat with the pool's index, so each slot's source is worked out when asked
    # (_source), not kept in a list of the pool's size (2 KB for mb's 1,000 fleets at this peak)
    first = [0, need[0], need[0] + need[1], need[0] + need[1] + need[2]]
    per = [0, 0, 0, 0]  # each section's slots in one period of ``styles``
    for t in range(len(styles)):
        per[min(styles[t], 3)] += 1
    fleets = self.fleets
    alive = self.alive
    buf = self.wounded  # scratch of one fleet
    for i in range(n):
        if alive[i] or _source(styles, first, per, i) == i:
            alive[i] = 1
            continue
        for t in range(s):
            buf[t] = fleets[i * s + t]
        current = i
        while True:
            alive[current] = 1
            nxt = _source(styles, first, per, current)
            if nxt == i:
                for t in range(s):
                    fleets[current * s + t] = buf[t]
                break
            for t in range(s):
                fleets[current * s + t] = fleets[nxt * s + t]
            current = nxt
    yield -1
    # one of the board's symmetries, as a code -> code table per ship size
    self.opened = self.rng.randrange(8 if self.w == self.h else 4)
    turn = _symmetry(self, self.opened, self.cover)  # scratch (the filter's, idle now)
    stride = 2 * self.rules.cells
    sizes = self.sizes
    rows = bytearray(s)  # each ship's row of ``turn``
    for j in range(1, s):
        rows[j] = rows[j - 1] + (1 if sizes[j] != sizes[j - 1] else 0)
    yield -1
    for i in range(n):
        base = i * s
        for j in range(s):
            fleets[base + j] = turn[rows[j] * stride + fleets[base + j]]
        self.add(base, 1)
        if i % _TABLE_SLICE == _TABLE_SLICE - 1:
            yield -1
    for c in range(len(turn)):
        turn[c] = 0
    return True

def _source(styles, first, per, i):
    """The fleet read into the pool (in the order of the sections) that slot ``i`` takes: the
    next of its style's section, i.e. its section's start (``first``) plus the slots of that
    section before it (``per`` in each whole period of ``styles``, then those of its own)."""
    m = len(styles)
    k = min(styles[i % m], 3)
    at = first[k] + (i // m) * per[k]
    for t in range(i % m):
        if min(styles[t], 3) == k:
            at += 1
    return at


def _symmetry(self, g, out=None):
    """A bytearray: for each ship size (largest first) and code, the code of the ship moved
    by symmetry ``g`` (bit 1 mirrors x, bit 2 mirrors y, bit 4 swaps x and y; 255: no ship)."""
    w = self.w
    h = self.h
    cells = self.rules.cells
    sizes = self.sizes
    rows = 1
    for j in range(1, len(sizes)):
        if sizes[j] != sizes[j - 1]:
            rows += 1
    if out is None:
        out = bytearray(rows * 2 * cells)
    cell = self.blocked  # scratch: where each square goes (squares fit a byte on such boards)
    for c in range(cells):
        x = c % w
        y = c // w
        if g & 1:
            x = w - 1 - x
        if g & 2:
            y = h - 1 - y
        cell[c] = x * w + y if g & 4 else y * w + x
    row = 0
    for j in range(len(sizes)):
        if j and sizes[j] == sizes[j - 1]:
            continue
        size = sizes[j]
        for code in range(2 * cells):
            start = code >> 1
            if code & 1:
                end = start + w * (size - 1)
                ok = size > 1 and end < cells
            else:
                end = start + size - 1
                ok = end // w == start // w
            if not ok:
                out[row + code] = 255
                continue
            a = cell[start]
            b = cell[end]
            if b < a:
                a, b = b, a
            out[row + code] = a * 2 + (1 if b - a >= w else 0)
        row += 2 * cells
    return out


def table_header(rules):
    """What an opening table for ``rules`` starts with (before its four section sizes)."""
    return TABLE_MAGIC + bytes([rules.width, rules.height, rules.touch, len(rules.fleet)]) + bytes(rules.fleet)


def table_name(rules):
    return "hard_%dx%d_t%d_%s.bin" % (rules.width, rules.height, rules.touch, "".join([str(k) for k in rules.fleet]))


def table_path(rules):
    """The opening table's file for ``rules``: next to this module (seabattle/ on a board)."""
    try:
        path = __file__
    except NameError:
        path = "seabattle/ai/hard/opening.py"
    end = path.rfind("/")
    if path.rfind("\\") > end:
        end = path.rfind("\\")
    return (path[:end + 1] if end >= 0 else "") + table_name(rules)
