"""The duel's shooting phase (seabattle.duel.protocol): my shots, answering the peer's with the salts
that open them, applying both to the boards; the answers to mine are checked by
seabattle.duel.results. Functions of the Duel ``d``; imported while the duel is in PLAY (or a saved
one is replayed) and dropped from the heap once the game is decided (``seabattle.duel.polling.tidy``).
"""

from seabattle.duel import commit
from seabattle.board import SUNK
from seabattle.duel.wire import (ANSWER_MS, CLOCK_SLACK, NONE, PER_PROOF, PLAY, SETUP, T_PROOF, T_RESULT, T_SHOT,
                                 TAG, DuelError, Refused, finding, ship_cells)


def fire(d, square):
    """``Duel.fire``: my shot at ``square``. Raises DuelError (not my turn...) or ShotError."""
    if d.phase != PLAY:
        raise DuelError("no game is being played", finding("desync", len(d.log) // 4))
    if not d.my_turn():
        raise DuelError("it is not your turn", finding("out_of_turn", square if isinstance(square, int) else -1))
    d.view.check(square)
    d.pending = square
    d._dirty = True


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


def clock(d, now):
    # The turn clock while the link is up (seabattle.duel.polling.timers; the figures and why
    # both boards name the same loser: seabattle.duel.wire). It starts again whenever the game
    # moves on (a shot, an answer, a sunk ship's proofs) and when the link comes back.
    n = d.shots()
    mark = n * 4 + (d.pending >= 0) * 2 + (d._wait is not None)
    if mark != d._clock_mark:
        d._clock_mark = mark
        d._clock_at = now
        return
    late = now - d._clock_at
    if d.my_turn():  # my move: given up a little before the peer may claim it, and said
        if late > d.turn_ms - CLOCK_SLACK:
            d._stop(finding("my_clock", n), False, "clock", finding("clock", n))
    # the peer's move (its own word that it ran out is on its way), or an answer it owes
    elif late > (d.turn_ms + ANSWER_MS if d.pending < 0 and d._wait is None else ANSWER_MS):
        ev = finding("clock", n)
        d._stop(ev, True, "clock", ev)
