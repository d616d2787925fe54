"""Reading the nvm's records and making the Store over them (``open_store``): both slots
checked, the newest complete one kept. Apart from hardware.storage because a board reads only at
start-up (hardware.startup makes the Store then, and drops this module) while it writes after
every shot.
"""

from hardware.storage import FORMAT, HEADER, MAGIC, TRAILER, Store
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


def open_store(nvm, page=4096, start=0, size=None):
    """The Store over ``nvm`` with the newest complete record read: ``page`` is the flash erase
    unit (4096 on nRF52840); ``start``/``size`` pick the window of the nvm the store owns, so
    other code may own the rest."""
    if size is None:
        size = len(nvm) - start
    separate = size >= 2 * page
    if separate:
        stride = (size // (2 * page)) * page  # each slot on its own erase page(s)
        slot_size = page  # a record never crosses a page: one erase per save
    else:
        stride = size // 2  # one page holds both: see docs/boards.md (nvm on small boards)
        slot_size = stride
    slots = (start, start + stride)
    return Store(nvm, slots, slot_size, separate, newest(nvm, slots, slot_size))


def newest(nvm, slots, slot_size):
    """(slot or -1, generation, stats, intent, game bytes' offset in the nvm, their length) of
    the newest complete record in the two ``slots`` (the game's bytes stay in the nvm: Store.game
    reads them when asked)."""
    best = None
    for i in (0, 1):
        found = decode(_reader(nvm, slots[i]), slot_size)
        if found is not None and (best is None or _newer(found[0], best[1])):
            best = (i, found[0], found[1], found[3], slots[i] + HEADER + 2 + len(found[1]), len(found[2]))
    return best if best is not None else (-1, 0, b"", 0, 0, 0)


def _reader(nvm, base):
    def read(a, b):
        return nvm[base + a:base + b]

    return read
