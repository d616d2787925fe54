"""The duel's set-up phase (seabattle.duel.protocol): my hello, my fleet committed cell by cell, my
half of the coin toss; what the peer sends of the same is seabattle.duel.handshake's. Functions of
the Duel ``d``; imported while the duel is in SETUP (or a peer that rebooted lacks what it said then)
and dropped from the heap when the game begins (``seabattle.duel.polling.tidy``): on a board every
module loaded costs heap.
"""

from seabattle import rules as rules_mod
from seabattle.duel import commit
from seabattle.board import Board
from seabattle.duel.wire import (PER_CMT, PROTO_MAX, PROTO_MIN, SETUP, T_CMT, T_HELLO, T_TOSS_C, T_TOSS_R, DuelError,
                                 random_bytes)


def set_fleet(d, fleet):
    """Commit to ``fleet`` (legal under the agreed rules). Raises FleetError/DuelError."""
    if not d.hello_in:
        raise DuelError("wait for the other device: the rules are not agreed yet")
    if d.fleet is not None:
        raise DuelError("the fleet is already committed")
    if fleet.rules != d.rules:
        raise DuelError("the fleet follows other rules than the duel's")
    from seabattle import fleetcheck

    fleetcheck.validate(fleet)
    d.seed = random_bytes(d.rng, commit.SEED)
    d.fleet = fleet
    d.board = Board(fleet)
    d._cmt = commit.fleet(d.salts(), fleet.owner)
    d.my_root = commit.sha256(d._cmt)
    d.opened_mine = bytearray(d.rules.cells)
    d._dirty = True


def plan(d):
    """The part of ``seabattle.duel.polling.plan`` before the game: queue what the peer lacks of my hello, toss
    commitment, cell commitments and toss nonce. True when ``_plan`` must stop here (something
    queued, or waiting for the peer); False once all is sent and the game has begun."""
    p = d._peer
    if not p[0]:
        p[0] = 1
        d._outbox.append(hello(d))
        return True
    if d.fleet is None or not d.hello_in:
        return True
    if not p[1]:
        p[1] = 1
        d._keep()  # nonce, seed and fleet: durable before the peer holds commitments
        d._outbox.append(bytes((T_TOSS_C,)) + commit.toss(d.nonce))
        return True
    if p[2] < d.chunks():
        k = p[2]
        p[2] = k + 1
        cmt = my_commitments(d)
        a = k * PER_CMT * commit.CMT
        d._outbox.append(bytes((T_CMT, k)) + cmt[a:a + PER_CMT * commit.CMT])
        if k + 1 == d.chunks():
            # all queued (the channel keeps each message until acknowledged): not held while
            # waiting for the toss (1.6 KB on a classic board), recomputed only for a peer that
            # rebooted without them
            d._cmt = None
        return True
    if d.peer_cmt_n < d.chunks() or d.peer_toss_c is None:
        return True
    if not p[3]:
        p[3] = 1
        d._keep()  # the peer's commitments: durable before my nonce opens the toss
        d._outbox.append(bytes((T_TOSS_R,)) + d.nonce)
        return True
    return d.phase == SETUP


def my_commitments(d):
    if d._cmt is None:
        d._cmt = commit.fleet(d.salts(), d.fleet.owner)
    return d._cmt


def hello(d):
    r = rules_mod.encode(d.rules)
    return bytes((T_HELLO, PROTO_MIN, PROTO_MAX, d.role, len(r))) + r + bytes((len(d.name),)) + d.name
