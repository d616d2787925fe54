"""A connection's start (seabattle.duel.protocol): a new channel for it (seabattle.duel.channel: none is held
while the link is down), the SYNC each side sends first, saying what it already holds from the
other, and the peer's SYNC read (``Duel._peer``: what to send again). Functions of the Duel
``d``; imported by seabattle.duel.protocol when the link comes up and dropped once both SYNCs are
through, or the link is down (``seabattle.duel.polling.tidy``): on a board every module loaded costs
heap, and this code runs once a connection.
"""

from seabattle.duel.channel import Channel
from seabattle.duel.wire import PER_SHIPS, T_SYNC, Refused, finding


def connect(d):
    # a new connection, a new channel (sequence numbers from 0, nothing in flight: what
    # Channel.reset() gave the one a Duel used to keep), counting on in the duel's counters
    d.channel = Channel(d.link, d.clock, stats=d.channel_stats)
    d._synced = False
    d._peer = None
    d._outbox = []
    d._wait = None
    d._toss_msg = 0
    d._set_session()
    d.channel.send(_sync(d))
    d._event(("connected",))


def _sync(d):
    flags = (1 if d.hello_in else 0) | (2 if d.peer_toss_c else 0) | (4 if d.peer_nonce else 0)
    n = d.shots()
    rv = (1 if d.peer_seed is not None else 0) + (len(d.peer_ships) + PER_SHIPS - 1) // PER_SHIPS
    return bytes((T_SYNC, flags, d.peer_cmt_n, n >> 8, n & 0xFF, rv, d.sid >> 8, d.sid & 0xFF))


def on_sync(d, m):
    """The peer's SYNC (the first since this connection began: seabattle.duel.protocol refuses a repeat)."""
    flags, cmt_n, n, rv, sid = m[1], m[2], (m[3] << 8) | m[4], m[5], (m[6] << 8) | m[7]
    if sid and d.sid and sid != d.sid:
        raise Refused(finding("no_game"), True)
    if d.peer_nonce is not None and not flags & 1:
        # the toss is done, so the peer stored my hello (and my commitments) before its
        # nonce went out: a device without it never played this duel (a lobby code met twice)
        raise Refused(finding("no_game"))
    # the shots either side lacks after a reboot are sent again in order (see seabattle.duel.polling.plan)
    # the peer holds: my hello, my toss commitment, cmt_n of my CMTs, my toss nonce, n shots
    d._peer = [flags & 1, flags & 2, cmt_n, flags & 4, n, rv]
    if flags & 4:
        d._nonce_out = True
    if flags & 4 and d.sid and not d.peer_knows_sid:
        d._learned_sid()
    d._synced = True
    d.stats["resyncs"] += 1
    d._event(("resumed",))
