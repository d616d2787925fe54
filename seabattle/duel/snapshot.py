"""A duel's state as bytes (``Duel.save``), which seabattle.duel.restore reads back after a reset.
Its own module for the same reason as seabattle.duel.receive: a board compiles the protocol from
.py in parts.
"""

from seabattle import rules as rules_mod
from seabattle.duel import commit
from seabattle.duel.wire import NONE, PER_CMT, REASONS, name_bytes


def save(d):
    """The state as bytes (see ``load``): enough to continue the same game after a reboot. In one
    preallocated buffer: a save comes about once a turn, and a growing one fragments a small heap."""
    flags = 0
    for bit, on in ((1, d.hello_in), (2, d.peer_knows_sid), (4, d.fleet is not None),
                    (8, d.peer_toss_c is not None), (16, d.peer_nonce is not None),
                    (32, d.peer_seed is not None)):
        if on:
            flags |= bit
    pn = name_bytes(d.peer_name)
    parts = [b"SBD\x02", bytes((d.role, d.phase, flags, len(d.name))), d.name,
             bytes((len(pn),)), pn, rules_mod.encode(d.rules), d.nonce]
    if d.peer_toss_c is not None:
        parts.append(d.peer_toss_c)
    if d.peer_nonce is not None:
        parts.append(d.peer_nonce)
    if d.fleet is not None:
        ships = bytearray(1 + 2 * len(d.fleet.ships))
        ships[0] = len(d.fleet.ships)
        for i, ship in enumerate(d.fleet.ships):
            ships[1 + 2 * i] = ship.cells[0]
            ships[2 + 2 * i] = ship.cells[-1]
        parts.extend((d.seed, d.my_root, ships))
    parts.append(bytes((d.peer_cmt_n,)))
    if d.peer_cmt_n:
        parts.append(memoryview(d.peer_cmt)[:d.peer_cmt_n * PER_CMT * commit.CMT])
    n = d.shots()
    won = NONE if d.won is None else int(d.won)
    reason = REASONS.index(d.reason) if d.reason else NONE
    parts.extend((bytes((n >> 8, n & 0xFF)), d.log, d.tags,
                  bytes((d.pending if d.pending >= 0 else NONE, won, reason))))
    if d.peer_seed is not None:
        rv = bytearray(2 + 2 * len(d.peer_ships))
        rv[0] = d.peer_nships
        rv[1] = len(d.peer_ships)
        for i, (a, b) in enumerate(d.peer_ships):
            rv[2 + 2 * i] = a
            rv[3 + 2 * i] = b
        parts.extend((d.peer_seed, rv))
    size = 4
    for p in parts:
        size += len(p)
    out = bytearray(size)
    i = 0
    for p in parts:
        out[i:i + len(p)] = p
        i += len(p)
    from seabattle.crc import crc32

    c = crc32(memoryview(out)[:i])
    for k in range(4):
        out[i + k] = (c >> (24 - 8 * k)) & 0xFF
    return out
