"""Reading the nvm's records (hardware.storage.Store.__init__): both slots checked, the newest
complete one kept. Apart from hardware.storage because a board reads only at start-up (the Store
is made then) while it writes after every shot: Store.__init__ drops this module once it has read.
``storage.decode`` and the helpers here are still found through hardware.storage.
"""

from hardware.storage import FORMAT, HEADER, MAGIC, TRAILER
from seabattle.crc import crc32


def _u16(b, i):
    return (b[i] << 8) | b[i + 1]


def _u32(b, i):
    return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]


def _newer(a, b):
    """True if generation ``a`` is newer than ``b`` (serial-number arithmetic: survives the wrap)."""
    return a != b and ((a - b) & 0xFFFFFFFF) < 0x80000000


def decode(read, size):
    """(generation, stats bytes, game bytes, intent byte) of the valid record in a slot, else None.

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
    if end + TRAILER > size or length < 2:
        return None
    rec = read(0, end + TRAILER)
    if crc32(memoryview(rec)[:end]) != _u32(rec, end):
        return None
    n = _u16(rec, HEADER)
    if 2 + n > length:
        return None
    return _u32(rec, 4), bytes(rec[HEADER + 2:HEADER + 2 + n]), bytes(rec[HEADER + 2 + n:end]), rec[3]


def place(store, page, start, size):
    """Store.__init__: the two slots' window over the nvm (``page`` the flash erase unit,
    ``start``/``size`` the part of the nvm the store owns), done once per Store."""
    if size is None:
        size = len(store.nvm) - start
    if size >= 2 * page:
        stride = (size // (2 * page)) * page  # each slot on its own erase page(s)
        store.slot_size = page  # a record never crosses a page: one erase per save
    else:
        stride = size // 2  # one page holds both: see docs/boards.md (nvm on small boards)
        store.slot_size = stride
    store.slots = (start, start + stride)
    store.separate_pages = size >= 2 * page


def load(store):
    """Store.__init__: reads both slots and keeps the newest complete record in ``store``."""
    best = None
    for i in (0, 1):
        found = decode(_reader(store.nvm, store.slots[i]), store.slot_size)
        if found is not None and (best is None or _newer(found[0], best[1])):
            best = (i, found[0], found[1], found[2], found[3])
    if best is None:
        store.current, store.generation = -1, 0
        store.stats, store._game_at, store._game_len, store.intent = b"", 0, 0, 0
    else:
        store.current, store.generation, store.stats, game, store.intent = best
        # the game's bytes stay in the nvm (Store.game reads them): where they lie
        store._game_at = store.slots[store.current] + HEADER + 2 + len(store.stats)
        store._game_len = len(game)
    return store.stats, store.game


def _reader(nvm, base):
    def read(a, b):
        return nvm[base + a:base + b]

    return read
