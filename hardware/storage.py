"""Saved game and statistics in ``microcontroller.nvm``, safe against a power cut mid-write.

Why two slots: a write to nvm is not atomic. On nRF the port erases a whole 4 KB flash page and
programs it again (``ports/nordic/common-hal/nvm/ByteArray.c``); a cut in between leaves that page
half written or blank. So the newest record always goes to the *other* slot, and each slot starts
on its own erase page when the nvm holds two pages or more: a cut can only ever damage the slot
being written, and the previous record in the other slot still loads.

A record (all integers big-endian)::

    0  b"SB"        magic
    2  version      FORMAT (1 byte); another version is ignored, never misread
    3  intent       what to start after the game's own reload (hardware.relaunch; 0: what the
                    record holds, as before this byte was used, so older records read the same)
    4  generation   u32, +1 per save; the valid record with the newest generation wins
    8  length      u16 payload length
    10 payload      u16 stats length, the stats bytes (seabattle.records), then the game bytes
                    (seabattle.save; empty: no game in progress)
    .. crc32        u32 over bytes 0 .. 10 + length

Flash wear: every ``save`` is exactly one nvm write, i.e. one page erase (the record never crosses a
page). ``save`` skips the write when nothing changed, and ``writes`` counts what was written so
benchmarks can report writes per game.

Reading the records back (both slots checked, the newest complete one kept) is hardware.storeread,
which makes the Store (``storeread.open_store``): a board reads only at start-up and writes after
every shot, so it drops that code once the Store is made.

Pure Python with no board imports: the tests drive it with a simulated flash (tests/portable).
"""

import struct

from seabattle.crc import crc32

FORMAT = 1
MAGIC = b"SB"
HEADER = 10
TRAILER = 4
KEEP = object()  # ``save(game=KEEP)``: keep the game bytes already stored


class StorageError(ValueError):
    """A record does not fit the nvm slot (names the sizes), or the nvm kept refusing the write
    (hardware.nvmretry)."""


def encode(generation, stats, game, intent=0):
    """The record bytes for one slot."""
    length = 2 + len(stats) + len(game)
    if length > 0xFFFF:
        raise StorageError("record payload of %d bytes is over 65535" % length)
    rec = bytearray(HEADER + length + TRAILER)
    rec[0:2] = MAGIC
    # the format, the intent, the generation, the length and the stats' length, big-endian (struct is
    # native on a board: less code held than one statement a byte)
    struct.pack_into(">BBIHH", rec, 2, FORMAT, intent, generation & 0xFFFFFFFF, length, len(stats))
    rec[HEADER + 2:HEADER + 2 + len(stats)] = stats
    rec[HEADER + 2 + len(stats):HEADER + length] = game
    struct.pack_into(">I", rec, HEADER + length, crc32(memoryview(rec)[:HEADER + length]))
    return rec


class Store:
    """Two-slot record store over an nvm-like object (``len``, slice read, slice write), made by
    hardware.storeread.open_store, which finds the slots and reads the newest record.

    ``slots``: the two slots' offsets in the nvm; ``slot_size``: the bytes a record may take (a
    flash erase unit at most: a record never crosses a page); ``separate_pages``: each slot on
    its own erase page(s); ``newest``: (slot or -1, generation, stats, intent, where its game
    bytes lie in the nvm, their length: 0 for none) of the newest complete record.
    """

    def __init__(self, nvm, slots, slot_size, separate_pages, newest):
        self.nvm = nvm
        self.writes = 0  # nvm writes (each one page erase) made by this object
        self.slots = slots
        self.slot_size = slot_size
        self.separate_pages = separate_pages
        self.current, self.generation, self.stats, self.intent, self._game_at, self._game_len = newest

    @property
    def game(self):
        """The game bytes of the newest record, or None: read from the nvm when asked, not held
        in RAM (a duel's grow by 8 bytes a shot, ~3 KB after a long battle, and a board asks
        for them on the title, where it reads a saved game, not while it plays)."""
        n = self._game_len
        if not n:
            return None
        return bytes(self.nvm[self._game_at:self._game_at + n])

    def save(self, game=KEEP, stats=KEEP, intent=0):
        """Stores ``game`` and ``stats`` (bytes; a game of None clears it; KEEP keeps what is
        stored) and ``intent`` (hardware.relaunch: a game's own save sets it back to 0, so an
        intent lasts until the game it started saves). Returns True if it wrote.

        Call at safe points only (after a shot's result, at the end of a game), never per button.
        """
        if game is KEEP:
            game = self.game
        if stats is KEEP:
            stats = self.stats
        stats = bytes(stats) if stats else b""
        game = bytes(game) if game else b""
        # the same as on flash: no write (the game compared with the nvm only when its length
        # is the same: a duel's save grows with every shot)
        if self.current >= 0 and stats == self.stats and intent == self.intent and (
                len(game) == self._game_len and (not game or game == self.game)):
            return False
        size = HEADER + 2 + len(stats) + len(game) + TRAILER
        if size > self.slot_size:
            raise StorageError(
                "save of %d game + %d stats bytes does not fit the %d-byte nvm slot"
                % (len(game), len(stats), self.slot_size))
        target = 1 - self.current if self.current >= 0 else 0
        rec = encode(self.generation + 1, stats, game, intent)
        a = self.slots[target]
        try:
            self.nvm[a:a + len(rec)] = rec  # one write: one page erase on the board
        except RuntimeError:  # an nRF's nvm while the radio is busy: tried again there
            from hardware import nvmretry

            refused = nvmretry.write(self.nvm, a, rec)
            if refused:
                raise StorageError(refused)
        self.writes += 1
        self.generation = (self.generation + 1) & 0xFFFFFFFF
        self.current = target
        self.stats = stats
        self.intent = intent
        self._game_at = a + HEADER + 2 + len(stats)
        self._game_len = len(game)
        return True

