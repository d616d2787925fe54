"""Reliable, ordered delivery of short messages over a link that loses, repeats and delays bytes.

One ``Channel`` lives for one connection (``reset()`` when a new one starts; seabattle.duel.protocol
makes a new one instead, counting on in the same ``stats``, and holds none while the link is
down). It numbers its frames (``seq``), acknowledges the peer's frames cumulatively (``ack`` in
every frame it sends, or a bare acknowledgement frame), resends everything unacknowledged when
the oldest frame has waited longer than the retransmission timeout (doubling up to a ceiling,
go-back-N), delivers each message exactly once and in order, and acknowledges duplicates again
without delivering them.

Flow control: the nRF boards' receive buffer holds 64 bytes and silently drops new bytes when
full, so the channel never has more than ``WINDOW`` bytes of unacknowledged frames on the link,
leaving room for one bare acknowledgement in the same buffer.

The link is any object with ``write(bytes)``, ``read()`` (whatever has arrived, possibly
``b""`` or part of a frame) and ``connected``. The clock is a callable returning milliseconds.
"""

from seabattle.duel import frame
from seabattle.compat import const

BUFFER = const(64)  # the receiver's buffer on the nRF boards
WINDOW = const(52)  # BUFFER - frame.ACK_WIRE: data bytes in flight at most
QUEUE = const(6)  # messages waiting to be sent, at most
RTO = const(400)  # first retransmission timeout, ms
RTO_MAX = const(1600)

# indices of Channel.stats
FRAMES_OUT = const(0)
BYTES_OUT = const(1)
RESENT = const(2)  # frames sent again after a timeout
DUPLICATES = const(3)  # frames received again (acknowledged, not delivered)
FOREIGN = const(4)  # frames of another session
STALE = const(5)  # frames with session 0 after the session is settled
DELIVERED = const(6)


class ChannelFull(ValueError):
    """send() with no room left: wait until ``room()`` is positive."""


class Channel:
    def __init__(self, link, clock, rto=RTO, rto_max=RTO_MAX, stats=None):
        self.link = link
        self.clock = clock
        self.rto_min = rto
        self.rto_max = rto_max
        self.decoder = frame.Decoder()
        self.session = 0  # the session id frames are sent with
        self.accept = 0  # a session accepted besides 0 (the settled one, once known)
        self.strict = False  # refuse session-0 frames (both sides know the session)
        self.stats = [0] * 7 if stats is None else stats  # counted on (a duel's, kept across connections)
        self._frames = []
        self.reset()

    def reset(self):
        """Start a new connection: nothing in flight, sequence numbers from 0."""
        self.decoder.reset()
        self._queue = []  # payloads not sent yet
        self._unacked = []  # payloads sent, not acknowledged, oldest first; seq of [0] is _base
        self._base = 0
        self._next = 0  # seq of the next new frame
        self._expect = 0  # seq of the next frame we deliver
        self._ack_due = False
        self._inflight = 0
        self._sent_at = 0
        self._rto = self.rto_min
        self.sent = 0  # messages accepted by send() since reset
        self.acked = 0  # of those, acknowledged by the peer
        self.heard = False  # a valid frame arrived on this connection
        self.heard_session = False  # ... one carrying the settled session
        self.last_heard = self.clock()

    # -- sending --------------------------------------------------------------------------
    def room(self):
        """How many more messages send() accepts now."""
        return QUEUE - len(self._queue)

    def idle(self):
        """Nothing waiting and nothing unacknowledged."""
        return not self._queue and not self._unacked

    def waiting_since(self):
        """Time the oldest unacknowledged frame was (re)sent, or None when all is acknowledged."""
        return self._sent_at if self._unacked else None

    def send(self, payload):
        """Queue one message (1..frame.MAX_PAYLOAD bytes); returns its number since reset()."""
        if not 0 < len(payload) <= frame.MAX_PAYLOAD:
            raise frame.FrameError("a message has 1 to %d bytes, not %d" % (frame.MAX_PAYLOAD, len(payload)))
        if len(self._queue) >= QUEUE:
            raise ChannelFull("the send queue is full")
        self._queue.append(bytes(payload))
        self.sent += 1
        return self.sent

    def flush(self):
        """Write what is due: retransmissions, new frames within the window, an acknowledgement."""
        if not self.link.connected:
            return
        now = self.clock()
        if self._unacked and now - self._sent_at >= self._rto:
            seq = self._base
            for payload in self._unacked:
                self._write(seq, payload)
                seq = (seq + 1) & 0xFF
                self.stats[RESENT] += 1
            self._sent_at = now
            self._rto = min(self._rto * 2, self.rto_max)
        while self._queue:
            payload = self._queue[0]
            size = frame.wire_length(len(payload))
            if self._inflight + size > WINDOW:
                break
            self._queue.pop(0)
            if not self._unacked:
                self._sent_at = now
            self._unacked.append(payload)
            self._inflight += size
            self._write(self._next, payload)
            self._next = (self._next + 1) & 0xFF
        if self._ack_due:
            self._write(self._next, b"")

    def _write(self, seq, payload):
        data = frame.encode(self.session, seq, (self._expect - 1) & 0xFF, payload)
        self._ack_due = False
        self.stats[FRAMES_OUT] += 1
        self.stats[BYTES_OUT] += len(data)
        self.link.write(data)

    # -- receiving ------------------------------------------------------------------------
    def poll(self, out):
        """Read the link; append each newly delivered message (bytes) to list ``out``."""
        if not self.link.connected:
            return
        data = self.link.read()
        if not data:
            return
        frames = self._frames
        self.decoder.feed(data, frames)
        for f in frames:
            self._receive(f, out)
        del frames[:]

    def _receive(self, f, out):
        if f.session != 0 and f.session != self.accept:
            self.stats[FOREIGN] += 1
            return
        if f.session == 0 and self.strict:
            self.stats[STALE] += 1
            self._ack_due = True  # an acknowledgement with the session teaches the peer
            return
        self.heard = True
        if f.session != 0:
            self.heard_session = True
        self.last_heard = self.clock()
        self._take_ack(f.ack)
        if not f.payload:
            return
        if f.seq == self._expect:
            self._expect = (self._expect + 1) & 0xFF
            self.stats[DELIVERED] += 1
            out.append(f.payload)
        else:
            self.stats[DUPLICATES] += 1
        self._ack_due = True

    def _take_ack(self, ack):
        n = (ack - self._base) & 0xFF
        if n >= len(self._unacked):
            return
        for _ in range(n + 1):
            payload = self._unacked.pop(0)
            self._inflight -= frame.wire_length(len(payload))
            self.acked += 1
        self._base = (ack + 1) & 0xFF
        self._sent_at = self.clock()
        self._rto = self.rto_min
