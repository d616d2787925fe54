"""A duel's main loop (``Duel.poll``, seabattle.duel.protocol): read and answer the peer's
messages, resend, time out, send whatever the peer lacks, and drop the phase modules the phase
no longer needs.
"""

from seabattle.compat import forget, load_module
from seabattle.duel.wire import DONE, OVER, PLAY, SETUP, T_TOSS_R, finding

# each phase's modules (by phase: SETUP, PLAY, OVER), held while it lasts
PARTS = ("seabattle.duel.setup", "seabattle.duel.handshake", "seabattle.duel.shots", "seabattle.duel.results",
         "seabattle.duel.reveal")
PART_PHASE = b"\x00\x00\x01\x01\x02"  # the phase each of PARTS belongs to


def poll(d):
    """Read, answer, resend, time out; returns the new events (a list, maybe empty)."""
    now = d.clock()
    up = d.link.connected
    if up and not d._up:
        load_module("seabattle.duel.sync").connect(d)
        d._clock_mark = -1  # the turn clock starts again: the time the link was down is gone_ms's
    elif d._up and not up:
        d._down_since = now
        if not getattr(d.link, "reconnects", True):  # (a link that cannot come back: gone at once)
            d._down_since = now - d.gone_ms - 1
        d.channel = None  # a new one when the link is up again (see tidy)
        d._event(("disconnected",))
    d._up = up
    if up:
        msgs = []
        d.channel.poll(msgs)
        for m in msgs:
            d._receive(m)
        acked = 0 < d._toss_msg <= d.channel.acked
        if acked:
            d._nonce_out = True
        if d.sid and not d.peer_knows_sid and (d.channel.heard_session or acked):
            d._learned_sid()
        foreign = d.channel_stats[4]
        if foreign > d._foreign_seen:
            d._foreign_seen = foreign
            d._event(("refused", finding("foreign", foreign)))
    timers(d, now)
    if d._must:
        d._keep()
    if up and d._synced:
        pump(d)
    if up:
        d.channel.flush()
    tidy(d)
    out = d.events
    d.events = []
    return out


def tidy(d):
    """Drop the phase modules this phase no longer needs (a stray repeat of an old phase's
    message loads its module again: correct, only slower), and all of them and the channel's
    while the link is down: then only the timers run, and finding the peer needs the room."""
    now = d.phase if d._up else -1
    for i in range(5):  # (a counted loop: nothing allocated, once a frame)
        if PART_PHASE[i] != now:
            forget(PARTS[i])
    if now != OVER:
        forget("seabattle.duel.verify")  # the reveal's check
    if d._synced or not d._up:
        forget("seabattle.duel.sync")  # a connection's start: until both sides said what they hold
    if not d._up:
        forget("seabattle.duel.channel")
        forget("seabattle.duel.frame")


def timers(d, now):
    if d.phase in (SETUP, PLAY):
        silent = None
        if not d._up:
            silent = now - d._down_since
        elif d.channel.waiting_since() is not None:
            silent = now - d.channel.last_heard
        owed = d._toss_owed()
        if silent is not None and silent > d.gone_ms and (d.phase == PLAY or d.hello_in):
            d._event(("error", finding("gone"), False))
            if d.phase == PLAY or owed:  # (leaving a game begun, or a coin toss it knows and I not)
                d._decide(True, "gone")
            d._done()
        elif d._up and d._synced and d.phase == PLAY:
            load_module("seabattle.duel.shots").clock(d, now)
        elif d._up and d._synced and owed:
            load_module("seabattle.duel.handshake").toss_clock(d, now)
    elif d.phase == OVER and d.verdict is None and now - d._over_at > d.reveal_ms:
        d.verdict = [finding("no_reveal")]
        if not d.won:  # a win counts only once the winner's fleet is shown: one not shown forfeits
            d._decide(True, "cheat")
        d._done()
        d._event(("verdict", d.verdict))


# sending: whatever the peer lacks
def pump(d):
    ch = d.channel
    while ch.room() > 0:
        if not d._outbox:
            d._plan()  # (a method: a hostile peer is made by overriding it, tests/doubles/duelsim.py)
        if not d._outbox:
            return
        msg = d._outbox.pop(0)
        n = ch.send(msg)
        if msg[0] == T_TOSS_R:
            d._toss_msg = n


def plan(d):
    """Queue the next message(s) the peer lacks in ``_outbox``; nothing if it lacks nothing."""
    p = d._peer
    if d.phase == DONE and d.reason != "sunk":
        return  # stopped: nothing more to say
    if (d.phase == SETUP or not (p[0] and p[1] and p[3] and p[2] >= d.chunks())) \
            and load_module("seabattle.duel.setup").plan(d):
        return  # the set-up: mine is not all with the peer yet (seabattle.duel.setup)
    n = d.shots()
    if p[4] < n or d.pending >= 0 and p[4] == n:  # a shot the peer lacks (seabattle.duel.shots)
        return load_module("seabattle.duel.shots").plan(d)
    if d.phase >= OVER and d.reason == "sunk":
        load_module("seabattle.duel.reveal").plan(d)  # my fleet revealed, if the peer lacks it
