"""Saved game and statistics in ``microcontroller.nvm``, safe against a power cut mid-write.

Why two slots: a write to nvm is not atomic. On nRF the port erases a whole 4 KB flash page and
programs it again (``ports/nordic/common-hal/nvm/ByteArray.c``); a cut in between leaves that page
half written or blank. So the newest record always goes to the *other* slot, and each slot starts
on its own erase page when the nvm holds two pages or more: a cut can only ever damage the slot
being written, and the previous record in the other slot still loads.

A record (all integers big-endian)::

    0  b"SB"        magic
    2  version      FORMAT (1 byte); another version is ignored, never misread
    3  0            reserved
    4  generation   u32, +1 per save; the valid record with the newest generation wins
    8  length      u16 payload length
    10 payload      stats (Stats.SIZE bytes) then the game bytes (empty: no game in progress)
    .. crc32        u32 over bytes 0 .. 10 + length

Flash wear: every ``save`` is exactly one nvm write, i.e. one page erase (the record never crosses a
page). ``save`` skips the write when nothing changed, and ``writes`` counts what was written so
benchmarks can report writes per game.

Pure Python with no board imports: the tests drive it with a simulated flash (tests/portable).
"""

from seabattle.crc import crc32

FORMAT = 1
MAGIC = b"SB"
HEADER = 10
TRAILER = 4
KEEP = object()  # ``save(game=KEEP)``: keep the game bytes already stored


class StorageError(ValueError):
    """A record does not fit the nvm slot (names the sizes)."""


def _u16(b, i):
    return (b[i] << 8) | b[i + 1]


def _u32(b, i):
    return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]


def _newer(a, b):
    """True if generation ``a`` is newer than ``b`` (serial-number arithmetic: survives the wrap)."""
    return a != b and ((a - b) & 0xFFFFFFFF) < 0x80000000


class Stats:
    """Lifetime statistics kept beside the saved game. Fixed size: ``SIZE`` bytes."""

    FIELDS = ("played", "won", "lost", "shots", "hits", "best", "streak", "duels")
    SIZE = 16  # eight u16 fields

    def __init__(self):
        self.played = self.won = self.lost = 0
        self.shots = self.hits = 0
        self.best = 0  # fewest shots in a won game; 0 = none yet
        self.streak = 0  # wins in a row
        self.duels = 0  # games played over the radio

    def record_game(self, won, shots, hits, duel=False):
        """Adds one finished game (values saturate at 65535 instead of wrapping)."""
        self.played += 1
        if won:
            self.won += 1
            self.streak += 1
            if shots and (self.best == 0 or shots < self.best):
                self.best = shots
        else:
            self.lost += 1
            self.streak = 0
        self.shots += shots
        self.hits += hits
        if duel:
            self.duels += 1
        for name in self.FIELDS:
            if getattr(self, name) > 0xFFFF:
                setattr(self, name, 0xFFFF)

    def to_bytes(self):
        out = bytearray(self.SIZE)
        i = 0
        for name in self.FIELDS:
            v = getattr(self, name)
            out[i] = (v >> 8) & 0xFF
            out[i + 1] = v & 0xFF
            i += 2
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        if len(data) != cls.SIZE:
            raise StorageError("stats need %d bytes, got %d" % (cls.SIZE, len(data)))
        s = cls()
        i = 0
        for name in cls.FIELDS:
            setattr(s, name, _u16(data, i))
            i += 2
        return s

    def __eq__(self, other):
        return isinstance(other, Stats) and self.to_bytes() == other.to_bytes()


def encode(generation, stats_bytes, game_bytes):
    """The record bytes for one slot."""
    length = len(stats_bytes) + len(game_bytes)
    if length > 0xFFFF:
        raise StorageError("record payload of %d bytes is over 65535" % length)
    rec = bytearray(HEADER + length + TRAILER)
    rec[0:2] = MAGIC
    rec[2] = FORMAT
    rec[3] = 0
    g = generation & 0xFFFFFFFF
    rec[4] = g >> 24
    rec[5] = (g >> 16) & 0xFF
    rec[6] = (g >> 8) & 0xFF
    rec[7] = g & 0xFF
    rec[8] = length >> 8
    rec[9] = length & 0xFF
    rec[HEADER:HEADER + len(stats_bytes)] = stats_bytes
    rec[HEADER + len(stats_bytes):HEADER + length] = game_bytes
    c = crc32(memoryview(rec)[:HEADER + length])
    end = HEADER + length
    rec[end] = c >> 24
    rec[end + 1] = (c >> 16) & 0xFF
    rec[end + 2] = (c >> 8) & 0xFF
    rec[end + 3] = c & 0xFF
    return rec


def decode(read, size):
    """(generation, payload bytes) of the valid record in a slot, else None.

    ``read(a, b)`` returns the slot's bytes a..b: the header is read first so a load never copies
    a whole 4 KB page into RAM.
    """
    if size < HEADER + TRAILER:
        return None
    head = read(0, HEADER)
    if head[0] != MAGIC[0] or head[1] != MAGIC[1] or head[2] != FORMAT:
        return None
    length = _u16(head, 8)
    end = HEADER + length
    if end + TRAILER > size or length < Stats.SIZE:
        return None
    rec = read(0, end + TRAILER)
    if crc32(memoryview(rec)[:end]) != _u32(rec, end):
        return None
    return _u32(rec, 4), bytes(rec[HEADER:end])


class Store:
    """Two-slot record store over an nvm-like object (``len``, slice read, slice write).

    ``page`` is the flash erase unit (4096 on nRF52840). ``start``/``size`` pick a window of the
    nvm, so other code may own the rest.
    """

    def __init__(self, nvm, page=4096, start=0, size=None):
        self.nvm = nvm
        if size is None:
            size = len(nvm) - start
        if size >= 2 * page:
            stride = (size // (2 * page)) * page  # each slot on its own erase page(s)
            self.slot_size = page  # a record never crosses a page: one erase per save
        else:
            stride = size // 2  # one page holds both: see docs/boards.md (nvm on small boards)
            self.slot_size = stride
        self.slots = (start, start + stride)
        self.separate_pages = size >= 2 * page
        self.writes = 0  # nvm writes (each one page erase) made by this object
        self.generation = 0
        self.current = -1  # slot index holding the newest valid record, -1 none
        self.stats = Stats()
        self.game = None
        self._last = None  # payload last written or loaded: skip identical saves
        self.load()

    @property
    def capacity(self):
        """Largest game blob that fits (bytes)."""
        return self.slot_size - HEADER - TRAILER - Stats.SIZE

    def load(self):
        """Reads both slots and keeps the newest complete record. Returns (stats, game or None)."""
        best = None
        for i in (0, 1):
            found = decode(self._reader(self.slots[i]), self.slot_size)
            if found is not None and (best is None or _newer(found[0], best[1])):
                best = (i, found[0], found[1])
        if best is None:
            self.current, self.generation = -1, 0
            self.stats, self.game, self._last = Stats(), None, None
        else:
            self.current, self.generation, payload = best
            self.stats = Stats.from_bytes(payload[:Stats.SIZE])
            self.game = payload[Stats.SIZE:] or None
            self._last = payload
        return self.stats, self.game

    def _reader(self, base):
        nvm = self.nvm

        def read(a, b):
            return nvm[base + a:base + b]

        return read

    def save(self, game=KEEP, stats=None):
        """Stores ``game`` (bytes; None clears it) and the stats. Returns True if it wrote.

        Call at safe points only (after a shot's result, at the end of a game), never per button.
        """
        if game is KEEP:
            game = self.game
        if stats is not None:
            self.stats = stats
        game_bytes = bytes(game) if game else b""
        payload = self.stats.to_bytes() + game_bytes
        if payload == self._last:
            return False
        if HEADER + len(payload) + TRAILER > self.slot_size:
            raise StorageError(
                "save of %d game bytes does not fit the %d-byte nvm slot (room for %d)"
                % (len(game_bytes), self.slot_size, self.capacity))
        target = 1 - self.current if self.current >= 0 else 0
        rec = encode(self.generation + 1, payload[:Stats.SIZE], game_bytes)
        a = self.slots[target]
        self.nvm[a:a + len(rec)] = rec  # one write: one page erase on the board
        self.writes += 1
        self.generation = (self.generation + 1) & 0xFFFFFFFF
        self.current = target
        self.game = game_bytes or None
        self._last = payload
        return True

    def clear_game(self):
        """Forgets the game in progress (keeps the stats)."""
        return self.save(game=None)
