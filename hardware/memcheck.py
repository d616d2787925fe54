"""How much heap a board has for the game, measured on the board itself.

At the board's REPL (Ctrl-C in the serial console, then Enter)::

    >>> from hardware.memcheck import report
    >>> report()

then Ctrl-D to start the game again. It prints the heap it could allocate and, for each kind of
game, whether what the game needs fits.

Why a tool: the game's RAM is measured on a 32-bit MicroPython VM with the board's native modules
stood in (``python -m tools.ramreport``); what a real board has free, with its firmware, screen
and radio, is known from one old figure only (~144 KB on a CLUE under CircuitPython 5.3). Since
CircuitPython 9 the heap grows on demand, so ``gc.mem_free()`` after boot says little: this counts
what can really be allocated, 1 KB at a time and then the holes left 64 bytes at a time, and lets
all of it go again.
"""

import gc

# The most each kind of game holds at once, KB of live heap (32-bit VM, tools.ramreport): the
# ceilings tests/test_ramreport.py holds the game to, so this never promises less than the tests
# allow. A duel's is its peak after a game (118.3 KB at 240x135; a continued one ~100); the hard
# level's leaves room for its names to open a 7th pool of ~9 KB (94.3 KB after an easy game in
# the same VM; 86.9 fresh, 89.6 against a player who fires at once, in six pools)
EASY_KB = 72
HARD_KB = 96
DUEL_KB = 120
NEEDS = (
    ("a game against the computer (easy, normal)", EASY_KB),
    ("the hard level", HARD_KB),
    ("a duel over Bluetooth", DUEL_KB),
)
# From .py files (not precompiled) the first game of a kind also compiles its modules on the
# board: at most this much more for that moment (KB; the computer's fleet, seabattle.ai.fleet,
# needs 52.7 KB on the 64-bit unix port, a duel's seabattle.duel.protocol 48.8, x 0.7 on 32 bits:
# python -m tools.ramreport --compile)
COMPILE_KB = 40
# within this of a need, fragmentation may still end it in a MemoryError (the game then reloads
# into its save: docs/boards.md)
TIGHT_KB = 8


def free_kb(alloc=bytearray):
    """KB of heap that can be allocated now: big blocks first, then the holes between them."""
    gc.collect()
    held = []
    got = 0
    for size in (1024, 64):
        try:
            while True:
                held.append(alloc(size))
                got += size
        except MemoryError:
            pass  # (the list's own growth may be what failed: it only counts a little low)
    held = None
    gc.collect()
    return got // 1024


def largest_kb(alloc=bytearray, most=4096):
    """KB of the largest single block that can be allocated now (at most ``most``), by halving.
    Since CircuitPython 9 the heap is split into areas that grow on demand, and one allocation
    must fit one area: a board with much free can still fail a big one."""
    low, high = 0, most  # low fits (0: nothing needed), high + 1 does not (or is past ``most``)
    while low < high:
        mid = (low + high + 1) // 2
        gc.collect()
        try:
            block = alloc(mid * 1024)
            block = None
            low = mid
        except MemoryError:
            high = mid - 1
    gc.collect()
    return low


def verdict(free, need):
    """What a board with ``free`` KB can expect of a game needing ``need`` KB."""
    if free < need:
        return "does not fit (%d KB short)" % (need - free)
    if free < need + TIGHT_KB:
        return "tight (%d KB to spare)" % (free - need)
    return "fits (%d KB to spare)" % (free - need)


def from_source(exists):
    """True when the game's modules are .py files (compiled on the board as they load)."""
    return exists("/seabattle/ai/hard/player.py") and not exists("/seabattle/ai/hard/player.mpy")


def _exists(path):
    import os

    try:
        os.stat(path)
        return True
    except OSError:
        return False


def report(out=print, alloc=bytearray, exists=_exists):
    """Print the free heap and a verdict per kind of game; returns the free KB."""
    free = free_kb(alloc)
    out("seabattle memcheck: %d KB of heap free, the largest block %d KB" % (free, largest_kb(alloc)))
    for name, need in NEEDS:
        out("  %s: needs %d KB, %s" % (name, need, verdict(free, need)))
    if from_source(exists):
        out("  installed from .py: the first hard game or duel also compiles its code, up to")
        out("  %d KB more for a moment; install precompiled (docs/boards.md) to save that" % COMPILE_KB)
    out("(the needs were measured on a VM, not on a board: docs/boards.md, Known limits)")
    return free
