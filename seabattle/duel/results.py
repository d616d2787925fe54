"""The answers to my shots in a duel's battle (RESULT, PROOF), checked against the peer's
commitments before they count: a lie about a cell, a sinking or its ring of water is refused with
the cell named. Functions of the Duel ``d``, beside seabattle.duel.shots (a module of its own so that
a board compiling from .py compiles the phase in parts); loaded and dropped with it.
"""

from seabattle import rules as rules_mod
from seabattle.board import HIT, MISS, SUNK, ShotError
from seabattle.duel import commit
from seabattle.duel.shots import apply, halo_needed, tag
from seabattle.duel.wire import PLAY, TAG, Refused, finding, ship_cells


def on_result(d, m):
    n, sq, answer = (m[1] << 8) | m[2], m[3], m[4]
    mine = d.shots()
    if n < mine or d._wait is not None and d._wait[0] == n:
        d.stats["replays"] += 1
        return
    if d.phase != PLAY or n != mine or not d.turn_mine:
        raise Refused(finding("desync", n), True)
    salt = bytes(m[5:5 + commit.SALT])
    if len(salt) != commit.SALT or answer not in (MISS, HIT, SUNK):
        raise ValueError("result")
    if d.pending != sq:
        # a shot of mine I forgot in a reboot (my own shots are not saved): the peer's answer
        # must carry my tag of (n, sq), which it cannot make up
        base = 5 + commit.SALT + (2 if answer == SUNK else 0)
        if len(m) != base + TAG or bytes(m[base:]) != tag(d, n, sq) or not d.view.can_fire(sq):
            raise Refused(finding("desync", n), True)
        d.pending = sq
    value = 0 if answer == MISS else 1
    if not commit.opens(d.peer_cmt, sq, salt, value):
        if commit.opens(d.peer_cmt, sq, salt, 1 - value):
            raise Refused(finding("lie_miss" if value == 0 else "lie_hit", sq), True)
        raise Refused(finding("bad_proof", sq), True)
    if answer != SUNK:
        try:
            d.view.check(sq)
        except ShotError:
            raise Refused(finding("desync", n), True)
        apply(d, True, sq, answer, None)
        check_closed(d, sq)
        return
    first, last = m[5 + commit.SALT], m[6 + commit.SALT]
    cells = ship_cells(d.rules, first, last)
    bad = first >= d.rules.cells or last >= d.rules.cells or not _straight(d, cells) or sq not in cells \
        or len(cells) not in d.view.afloat
    for c in cells:
        bad = bad or (c != sq and d.view.cells[c] != HIT)
    if bad:  # (the finding made only now: its module loads only when something went wrong)
        raise Refused(finding("bad_sunk", sq, first, last), True)
    halo = d.rules.halo(cells)
    for c in halo:
        if d.view.cells[c] in (HIT, SUNK):
            raise Refused(finding("halo_ship", first, last, c), True)
    need = halo_needed(d, cells, d.opened_peer)
    if need:
        d._wait = [n, sq, cells, need, 0]
        return
    apply(d, True, sq, SUNK, cells)


def _straight(d, cells):
    w = d.rules.width
    return cells[0] // w == cells[-1] // w or cells[0] % w == cells[-1] % w


def on_proof(d, m):
    n, k = (m[1] << 8) | m[2], m[3]
    w = d._wait
    if w is None or w[0] != n:
        if n < d.shots():
            d.stats["replays"] += 1
            return
        raise Refused(finding("desync", n), True)
    if k != w[4]:
        if k < w[4]:
            return
        raise Refused(finding("desync", n), True)
    need = w[3]
    body = m[4:]
    count = len(body) // commit.SALT
    if count == 0 or count > len(need) - k or len(body) != count * commit.SALT:
        raise ValueError("proof")
    cells = w[2]
    for i in range(count):
        c = need[k + i]
        salt = bytes(body[i * commit.SALT:(i + 1) * commit.SALT])
        if not commit.opens(d.peer_cmt, c, salt, 0):
            if commit.opens(d.peer_cmt, c, salt, 1):
                raise Refused(finding("halo_ship", cells[0], cells[-1], c), True)
            raise Refused(finding("bad_proof", c), True)
    w[4] = k + count
    if w[4] == len(need):
        d._wait = None
        apply(d, True, w[1], SUNK, cells)


def check_closed(d, sq):
    """A run of hits walled in by known water is a sunk ship: answering "hit" there lied."""
    r = d.rules
    if r.touch == rules_mod.TOUCH_FREE:
        return  # ships may lie end to end: a walled run need not be one ship
    w = r.width
    x0, y0 = sq % w, sq // w
    for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y = x0 + dx, y0 + dy
        if 0 <= x < w and 0 <= y < r.height and d.view.cells[y * w + x] == HIT:
            run = _run(d, y * w + x)
            if run is not None:
                raise Refused(finding("lie_not_sunk", y * w + x, run[0], run[-1]), True)


def _run(d, sq):
    """The straight run of hits through ``sq`` if water or the edge walls it in, else None."""
    w = d.rules.width
    h, h_closed = _extent(d, sq, 1, True)
    v, v_closed = _extent(d, sq, w, False)
    if len(h) > 1 and len(v) > 1:
        return None  # not a straight ship: the reveal will tell
    if len(h) > 1:
        return sorted(h) if h_closed else None
    if len(v) > 1:
        return sorted(v) if v_closed else None
    return [sq] if h_closed and v_closed else None


def _extent(d, sq, step, horizontal):
    r = d.rules
    w = r.width
    cells = d.view.cells
    run = [sq]
    closed = True
    for s in (step, -step):
        c = sq
        while True:
            n = c + s
            if n < 0 or n >= r.cells or (horizontal and n // w != c // w):
                break
            if cells[n] == HIT:
                run.append(n)
                c = n
                continue
            if not _water(d, n):
                closed = False
            break
    return run, closed


def _water(d, sq):
    return d.view.cells[sq] in (MISS, 4)  # 4 == board.HALO
