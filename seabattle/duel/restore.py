"""A duel saved before a reset (seabattle.duel.protocol): reading the bytes ``Duel.save`` wrote. Imported
by ``Duel.load`` and by the title for ``peek`` (seabattle.duel.adapter) and dropped from the heap
right after (``Duel.load``, seabattle.duel.lobby): a board reads a save once, at the title or when a duel
resumes. ``peek`` needs only seabattle.crc, so the title can ask without loading the protocol.
"""

from seabattle.compat import forget, load_module
from seabattle.crc import crc32


def _error(message):
    from seabattle.duel.wire import DuelError

    return DuelError(message)


def _check(data):
    if len(data) < 12 or bytes(data[:4]) != b"SBD\x02":
        raise _error("not a saved duel")
    c = crc32(memoryview(data)[:-4])
    if bytes(data[-4:]) != bytes((c >> 24, (c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF)):
        raise _error("the saved duel is damaged (CRC)")


def peek(data):
    """(role, phase, peer name, fleet placed) of a saved duel without loading it (for the
    title menu). Raises DuelError for bytes that are not a duel save."""
    _check(data)
    try:
        i = 8 + data[7]
        peer = bytes(data[i + 1:i + 1 + data[i]]).decode("utf-8")
    except (IndexError, ValueError):
        raise _error("the saved duel cannot be read")
    return data[4], data[5], peer, bool(data[6] & 4)


def load(cls, data, link, clock, rng, store, gone_ms, reveal_ms):
    """The ``cls`` (a Duel) saved in ``data``. Raises DuelError for bytes that are not a duel save."""
    _check(data)
    try:
        return _load(cls, data, link, clock, rng, store, gone_ms, reveal_ms)
    except (IndexError, ValueError, TypeError, KeyError, AttributeError) as err:  # (bytes that parse but
        # do not make a duel: a field set that its phase lacks, a count past its table)
        raise _error("the saved duel cannot be read: %s" % (err,))


def _load(cls, data, link, clock, rng, store, gone_ms, reveal_ms):
    from seabattle import rulescheck
    from seabattle.duel import commit
    from seabattle.board import SUNK, Board, View
    from seabattle.duel.wire import DONE, NONE, OVER, PER_CMT, REASONS, TAG, ship_cells
    from seabattle.fleet import Fleet, Ship

    i = 4
    role, phase, flags, nl = data[i], data[i + 1], data[i + 2], data[i + 3]
    i += 4
    name = bytes(data[i:i + nl]).decode("utf-8")
    i += nl
    pl = data[i]
    peer_name = bytes(data[i + 1:i + 1 + pl]).decode("utf-8")
    i += 1 + pl
    try:
        r, i = rulescheck.decode(data, i)
    finally:
        rulescheck = None
        forget("seabattle.rulescheck")  # held for the decoding only
    d = cls(link, clock, rng, role, name, r, store=store, gone_ms=gone_ms, reveal_ms=reveal_ms, restoring=True)
    d.peer_name = peer_name
    d.nonce = bytes(data[i:i + commit.NONCE])
    i += commit.NONCE
    if flags & 8:
        d.peer_toss_c = bytes(data[i:i + commit.CMT])
        i += commit.CMT
    if flags & 16:
        d.peer_nonce = bytes(data[i:i + commit.NONCE])
        i += commit.NONCE
    if flags & 1:
        d.hello_in = True
        d.peer_cmt = bytearray(d.chunks() * PER_CMT * commit.CMT)
        d.view = View(r)
        d.opened_peer = bytearray(r.cells)
    if flags & 4:
        d.seed = bytes(data[i:i + commit.SEED])
        d.my_root = bytes(data[i + commit.SEED:i + commit.SEED + 32])
        i += commit.SEED + 32
        count = data[i]
        i += 1
        ships = []
        for _ in range(count):
            ships.append(Ship(ship_cells(r, data[i], data[i + 1])))
            i += 2
        d.fleet = Fleet(r, ships)
        d.board = Board(d.fleet)
        d.opened_mine = bytearray(r.cells)
    d.peer_cmt_n = data[i]
    i += 1
    size = d.peer_cmt_n * PER_CMT * commit.CMT
    if size:
        d.peer_cmt[:size] = data[i:i + size]
        i += size
    n = (data[i] << 8) | data[i + 1]
    i += 2
    log = bytes(data[i:i + 4 * n])
    i += 4 * n
    tags = bytes(data[i:i + TAG * n])
    i += TAG * n
    pending = -1 if data[i] == NONE else data[i]
    won, reason = data[i + 1], data[i + 2]
    i += 3
    if flags & 32:
        d.peer_seed = bytes(data[i:i + commit.SEED])
        d.peer_nships = data[i + commit.SEED]
        count = data[i + commit.SEED + 1]
        i += commit.SEED + 2
        for _ in range(count):
            d.peer_ships.append((data[i], data[i + 1]))
            i += 2
    d.peer_knows_sid = bool(flags & 2)
    if d.peer_nonce is not None:
        load_module("seabattle.duel.handshake").start(d)
    play = load_module("seabattle.duel.shots")
    for k in range(n):
        e = log[4 * k:4 * k + 4]
        mine, answer, sq = e[0] >> 7, e[0] & 0x7F, e[1]
        cells = ship_cells(r, e[2], e[3]) if answer == SUNK else None
        if not mine:
            d.board.fire(sq)
        play.apply(d, bool(mine), sq, answer, cells, False, tags[TAG * k:TAG * k + TAG])
    d.pending = pending
    d.phase = phase
    if won != NONE:
        d.won = bool(won)
        d.reason = REASONS[reason]
    d._over_at = clock()
    d._dirty = False  # what was loaded is what is stored
    if d.phase in (OVER, DONE) and d.peer_seed is not None and len(d.peer_ships) >= d.peer_nships:
        load_module("seabattle.duel.reveal").verify(d)  # stores DONE at the first poll if it was saved OVER
        d.events = []
    return d
