"""A simulated BLE UART link between two devices, with the nRF52840's habits and worse.

Like adafruit_ble on the boards: a write is cut into pieces of at most 20 bytes; the receiver's
buffer holds 64 bytes and silently drops new bytes that do not fit; a read returns whatever
part of the buffer it likes (at least one byte if any are there). On top, for the tests:
pieces lost, duplicated, delayed (order is kept, as on a BLE connection), bytes corrupted, and
the connection dropped now and then, losing everything in flight and in the buffers.

Deterministic: the same seed and the same sequence of calls give the same bytes. Time comes
from the injected clock (a callable returning milliseconds). ``LinkSim(...).ends`` are the two
devices' links (``write``, ``read``, ``connected``), the interface the duel channel expects.
"""

from seabattle.compat import const

PIECE = const(20)
BUFFER = const(64)
_SCALE = const(1000000)

# indices of LinkSim.stats
PIECES = const(0)  # pieces written while connected
LOST = const(1)
DUPLICATED = const(2)
CORRUPTED = const(3)
OVERFLOW = const(4)  # bytes dropped because the receiver's buffer was full
DISCONNECTS = const(5)
BYTES = const(6)  # bytes written while connected


class Clock:
    """A clock for tests and simulations: call it for the time in ms, ``tick(ms)`` to move on."""

    def __init__(self, start=0):
        self.now = start

    def __call__(self):
        return self.now

    def tick(self, ms):
        self.now += ms


class XorShift:
    """A small seeded generator (``randrange``) that gives the same numbers on every Python."""

    def __init__(self, seed=1):
        self.state = (seed * 2654435761 + 12345) & 0xFFFFFFFF or 1

    def randrange(self, n):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x % n


class LinkEnd:
    """One device's side of the link."""

    def __init__(self, sim, side):
        self.sim = sim
        self.side = side

    @property
    def connected(self):
        self.sim.advance()
        return self.sim.up

    def write(self, data):
        self.sim.send(self.side, data)

    def read(self):
        return self.sim.receive(self.side)

    def in_waiting(self):
        self.sim.advance()
        return len(self.sim.buffers[self.side])


class LinkSim:
    """Two ends joined by a lossy pipe.

    Rates are probabilities (0..1): ``loss``, ``dup`` and ``corrupt`` per 20-byte piece,
    ``drop`` (the connection breaks) per piece; ``delay`` = (least, most) ms per piece;
    ``down`` = ms a broken connection stays down; ``partial`` makes reads return random parts.
    """

    def __init__(self, clock, seed=1, loss=0.0, dup=0.0, delay=(5, 30), corrupt=0.0, drop=0.0,
                 down=500, partial=True, rng=None):
        self.clock = clock
        self.rng = rng or XorShift(seed)
        self.loss = int(loss * _SCALE)
        self.dup = int(dup * _SCALE)
        self.corrupt = int(corrupt * _SCALE)
        self.drop = int(drop * _SCALE)
        self.delay = delay
        self.down = down
        self.partial = partial
        self.up = True
        self._up_at = 0
        self.flights = ([], [])  # per receiving side: [due time, bytes] in order
        self._last_due = [0, 0]
        self.buffers = (bytearray(), bytearray())
        self.stats = [0] * 7
        self.epoch = 0  # connections so far, minus one
        self.ends = (LinkEnd(self, 0), LinkEnd(self, 1))

    def _chance(self, rate):
        return rate > 0 and self.rng.randrange(_SCALE) < rate

    def disconnect(self, down=None):
        """Break the connection now: bytes in flight and in both buffers are lost."""
        if not self.up:
            return
        self.up = False
        self._up_at = self.clock() + (self.down if down is None else down)
        self.stats[DISCONNECTS] += 1
        for side in (0, 1):
            del self.flights[side][:]
            self.buffers[side][:] = b""

    def advance(self):
        """Reconnect when the time has come; move arrived pieces into the receive buffers."""
        now = self.clock()
        if not self.up and now >= self._up_at:
            self.up = True
            self.epoch += 1
        for side in (0, 1):
            flight = self.flights[side]
            buf = self.buffers[side]
            while flight and flight[0][0] <= now:
                data = flight.pop(0)[1]
                room = BUFFER - len(buf)
                if len(data) > room:
                    self.stats[OVERFLOW] += len(data) - room
                    data = data[:room]
                buf.extend(data)

    def send(self, side, data):
        """Device ``side`` writes ``data``: cut into pieces, each lost, repeated or delayed."""
        self.advance()
        if not self.up:
            return
        to = 1 - side
        now = self.clock()
        lo, hi = self.delay
        for i in range(0, len(data), PIECE):
            piece = bytes(data[i:i + PIECE])
            self.stats[PIECES] += 1
            self.stats[BYTES] += len(piece)
            if self._chance(self.drop):
                self.disconnect()
                return
            if self._chance(self.loss):
                self.stats[LOST] += 1
                continue
            if self._chance(self.corrupt):
                self.stats[CORRUPTED] += 1
                b = bytearray(piece)
                b[self.rng.randrange(len(b))] ^= 1 << self.rng.randrange(8)
                piece = bytes(b)
            copies = 1
            if self._chance(self.dup):
                self.stats[DUPLICATED] += 1
                copies = 2
            due = now + lo + (self.rng.randrange(hi - lo + 1) if hi > lo else 0)
            if due < self._last_due[to]:
                due = self._last_due[to]
            self._last_due[to] = due
            for _ in range(copies):
                self.flights[to].append([due, piece])

    def inject(self, side, data):
        """A third party's bytes land in device ``side``'s buffer (with the same overflow rule)."""
        self.flights[side].append([self.clock(), bytes(data)])
        self.advance()

    def receive(self, side):
        """Device ``side`` reads: some or all of what is buffered (``b""`` if nothing)."""
        self.advance()
        buf = self.buffers[side]
        n = len(buf)
        if not n or not self.up:
            return b""
        if self.partial and n > 1:
            n = 1 + self.rng.randrange(n)
        data = bytes(buf[:n])
        buf[:n] = b""
        return data

    def idle(self):
        """Nothing in flight and nothing unread."""
        return not (self.flights[0] or self.flights[1] or self.buffers[0] or self.buffers[1])
