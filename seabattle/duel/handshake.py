"""The peer's half of a duel's set-up (seabattle.duel.setup has mine): its hello with the rules,
its cell commitments and its coin toss, checked as they come; then the game begins (``start``,
also where a saved duel is loaded). Functions of the Duel ``d``, loaded and dropped with the
set-up (a module of its own so that a board compiling from .py compiles the phase in parts).
"""

from seabattle.duel import commit
from seabattle.board import View
from seabattle.compat import forget
from seabattle.duel.wire import (ANSWER_MS, GUEST, HOST, PER_CMT, PLAY, PROTO_MAX, PROTO_MIN, T_CMT, T_HELLO,
                                 T_TOSS_C, Refused, finding)


def on_message(d, m):
    """HELLO, TOSS_C, CMT or TOSS_R in SETUP (seabattle.duel.protocol's routing)."""
    t = m[0]
    if t == T_HELLO:
        return on_hello(d, m)
    if t == T_TOSS_C:
        return on_toss_c(d, m)
    if t == T_CMT:
        return on_cmt(d, m)
    return on_toss(d, m)


def on_toss_c(d, m):
    if d.peer_toss_c is None:
        if len(m) != 1 + commit.CMT:
            raise ValueError("toss commitment")
        d.peer_toss_c = bytes(m[1:])
        d._dirty = True


def on_hello(d, m):
    if d.hello_in:
        return
    low, high, role, rl = m[1], m[2], m[3], m[4]
    raw = m[5:5 + rl]
    nl = m[5 + rl]
    name = m[6 + rl:6 + rl + nl]
    if max(low, PROTO_MIN) > min(high, PROTO_MAX):
        raise Refused(finding("version", low, high), True)
    if role == d.role or role not in (HOST, GUEST):
        raise Refused(finding("roles"), True)
    if d.role == GUEST:
        from seabattle import rulescheck  # decode's checks: held for this moment only

        try:
            r, _ = rulescheck.decode(raw)
        except ValueError:
            raise Refused(finding("rules"), True)
        finally:
            rulescheck = None
            forget("seabattle.rulescheck")
        if r.cells > 256:
            raise Refused(finding("rules"), True)
        if r != d.rules:
            d.rules = r
    try:
        d.peer_name = bytes(name).decode("utf-8")
    except (UnicodeError, ValueError):
        d.peer_name = "?"
    d.hello_in = True
    d.peer_cmt = bytearray(d.chunks() * PER_CMT * commit.CMT)
    d.view = View(d.rules)
    d.opened_peer = bytearray(d.rules.cells)
    d._dirty = True
    d._event(("hello", d.peer_name, d.rules))


def on_cmt(d, m):
    if not d.hello_in:
        raise Refused(finding("desync", -1), True)
    k = m[1]
    if k < d.peer_cmt_n:
        d.stats["replays"] += 1
        return
    size = PER_CMT * commit.CMT
    if k != d.peer_cmt_n or k >= d.chunks() or len(m) != 2 + size:
        raise Refused(finding("desync", -1), True)
    d.peer_cmt[k * size:(k + 1) * size] = m[2:]
    d.peer_cmt_n = k + 1
    d._dirty = True


def on_toss(d, m):
    if d.peer_nonce is not None:
        return
    nonce = bytes(m[1:])
    if d.peer_toss_c is None or d.peer_cmt_n < d.chunks() or len(nonce) != commit.NONCE:
        raise Refused(finding("desync", -1), True)
    if commit.toss(nonce) != d.peer_toss_c:
        raise Refused(finding("coin"), True)
    if d.fleet is None:
        raise Refused(finding("desync", -1), True)
    d.peer_nonce = nonce
    start(d)
    d._event(("code", d.code, d.turn_mine))


def start(d):
    """Both nonces known: session id, first shooter and match code; the game begins."""
    host_n, guest_n = (d.nonce, d.peer_nonce) if d.role == HOST else (d.peer_nonce, d.nonce)
    peer_root = commit.sha256(d.peer_cmt)
    host_r, guest_r = (d.my_root, peer_root) if d.role == HOST else (peer_root, d.my_root)
    h = commit.sha256(b"duel" + host_n + guest_n + host_r + guest_r)
    d.sid = ((h[0] << 8) | h[1]) or 1
    d.first = h[2] & 1
    d.code = "%04d" % (((h[3] << 24) | (h[4] << 16) | (h[5] << 8) | h[6]) % 10000)
    d.turn_mine = d.first == d.role
    d._cmt = None  # the peer holds them all now; recomputed if ever needed again
    d.phase = PLAY
    d._set_session()
    d._dirty = True
    d._must = True  # this poll acknowledges the peer's nonce: it will use the session


def toss_clock(d, now):
    # My half of the coin toss is with the peer, which had all it needed to send its own (a board
    # sends it by itself): one that withholds it past ANSWER_MS may have read mine, seen it lost
    # the toss and would rather start again. So it loses the game, as a coin cheat
    # (seabattle.duel.polling.timers, while the link is up; leaving now is a forfeit too).
    if d._clock_mark != -2:
        d._clock_mark = -2  # (the set-up's mark: the battle's are never negative)
        d._clock_at = now
    elif now - d._clock_at > ANSWER_MS:
        ev = finding("coin")
        d._stop(ev, True, "cheat", ev)
