"""The duel's shooting phase (seabattle.duel.protocol): answering the peer's shots with the salts that open
them, checking the answers to mine, applying both to the boards. Functions of the Duel ``d``;
imported by seabattle.duel.protocol while the duel is in PLAY (or a saved one is replayed) and dropped
from the heap once the game is decided (``seabattle.duel.polling.tidy``).
"""

from seabattle import rules as rules_mod
from seabattle.duel import commit
from seabattle.board import HIT, MISS, SUNK, ShotError
from seabattle.duel.wire import (NONE, PER_PROOF, PLAY, SETUP, T_PROOF, T_RESULT, T_SHOT, TAG, DuelError, Refused,
                                 finding, ship_cells)


def fire(d, square):
    """``Duel.fire``: my shot at ``square``. Raises DuelError (not my turn...) or ShotError."""
    if d.phase != PLAY:
        raise DuelError("no game is being played", finding("desync", len(d.log) // 4))
    if not d.my_turn():
        raise DuelError("it is not your turn", finding("out_of_turn", square if isinstance(square, int) else -1))
    d.view.check(square)
    d.pending = square
    d._dirty = True


def on_message(d, m):
    """SHOT, RESULT or PROOF (seabattle.duel.protocol's routing)."""
    t = m[0]
    if t == T_SHOT:
        return on_shot(d, m)
    if t == T_RESULT:
        return on_result(d, m)
    return on_proof(d, m)


def tag(d, n, sq):
    """The tag of my shot ``n`` at ``sq``: only my seed makes it (see seabattle.duel.wire, "Flash wear")."""
    return commit.sha256(b"shot" + d.seed + bytes((n >> 8, n & 0xFF, sq)))[:TAG]


def plan(d):
    """The shot the peer lacks (``seabattle.duel.polling.plan``): after a reboot maybe many, mine again or my
    answer, in order; else my new shot."""
    p = d._peer
    k = p[4]
    p[4] = k + 1
    if k < d.shots():
        e = d.log[4 * k:4 * k + 4]
        if e[0] >> 7:
            d._outbox.append(bytes((T_SHOT, k >> 8, k & 0xFF, e[1])) + tag(d, k, e[1]))
        else:
            d._answer(k)  # (a method: a cheat of the tests' doubles.duelsim overrides it)
    else:  # the peer will hold my pending shot
        d._outbox.append(bytes((T_SHOT, k >> 8, k & 0xFF, d.pending)) + tag(d, k, d.pending))


def answer(d, k):
    """RESULT (and PROOFs) for shot ``k``, which the peer fired at me."""
    mine, answer, sq, first, last = d._entry(k)
    if not d.rules.shoots_again(answer):
        d._keep()  # the turn passes: the peer must never fire this shot again elsewhere
    s = d.salts()
    msg = bytearray((T_RESULT, k >> 8, k & 0xFF, sq, answer))
    msg.extend(s[sq * commit.SALT:(sq + 1) * commit.SALT])
    if answer == SUNK:
        msg.append(first)
        msg.append(last)
    msg.extend(d.tags[k * TAG:(k + 1) * TAG])  # the peer's own tag: proves which cell it chose
    d._outbox.append(bytes(msg))
    if answer != SUNK:
        return
    need = halo_needed(d, ship_cells(d.rules, first, last), opened_before(d, k, 0))
    for i in range(0, len(need), PER_PROOF):
        part = bytearray((T_PROOF, k >> 8, k & 0xFF, i))
        for c in need[i:i + PER_PROOF]:
            part.extend(s[c * commit.SALT:(c + 1) * commit.SALT])
        d._outbox.append(bytes(part))


def opened_before(d, k, mine):
    """Cells of the board shot at by side ``mine`` whose value was opened by shots before k."""
    opened = bytearray(d.rules.cells)
    for i in range(k):
        m, answer, sq, first, last = d._entry(i)
        if m != mine:
            continue
        opened[sq] = 1
        if answer == SUNK:
            for c in d.rules.halo(ship_cells(d.rules, first, last)):
                opened[c] = 1
    return opened


def halo_needed(d, cells, opened):
    return [c for c in d.rules.halo(cells) if not opened[c]]


def on_shot(d, m):
    n, sq = (m[1] << 8) | m[2], m[3]
    mine = d.shots()
    if d.phase == SETUP:
        raise Refused(finding("desync", n), True)
    if n < mine:
        d.stats["replays"] += 1
        raise Refused(finding("replay", n))
    if n > mine:
        raise Refused(finding("desync", n), True)
    if d.phase != PLAY or d.turn_mine:
        raise Refused(finding("out_of_turn", sq))
    if not 0 <= sq < d.rules.cells:
        raise Refused(finding("shot_off"))
    if d.board.shots[sq]:
        raise Refused(finding("shot_twice", sq))
    if len(m) != 4 + TAG and len(m) != 4:  # no tag: a peer's loss if it ever needs it
        raise ValueError("shot")
    tag = bytes(m[4:])
    answer, index = d.board.fire(sq)
    cells = d.fleet.ships[index].cells if answer == SUNK else None
    apply(d, False, sq, answer, cells, tag=tag)


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


def apply(d, mine, sq, answer, cells, live=True, tag=None):
    first = cells[0] if cells else NONE
    last = cells[-1] if cells else NONE
    if mine:
        d.view.record(sq, answer, cells)  # first: it may refuse, changing nothing
    d.log.extend(bytes(((0x80 if mine else 0) | answer, sq, first, last)))
    d.tags.extend(tag if tag and len(tag) == TAG else bytes(TAG))
    d.pending = -1  # a shot of the peer's: one of mine fired meanwhile (after a reboot) is void
    if mine:
        opened = d.opened_peer
    else:
        opened = d.opened_mine
    opened[sq] = 1
    if answer == SUNK:
        for c in d.rules.halo(cells):
            opened[c] = 1
    if not d.rules.shoots_again(answer):
        d.turn_mine = not d.turn_mine
    if not live:
        return
    d._dirty = True
    d._event(("result" if mine else "shot", sq, answer, cells))
    if d.view.defeated():
        d._decide(True, "sunk")
    elif d.board.defeated():
        d._decide(False, "sunk")
