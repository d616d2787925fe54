"""Runs ON MicroPython, imported by tools/ramreport_mp.py before its baseline (the harness's code
is not a board's): the stand-ins the harness gives the game for what a board has in C (its
display, its random source, the gc module the game calls) and the small helpers of its players."""

import gc


def collect():
    """Collect twice. The WASI VM's collector is conservative: a collection can keep an
    object alive through a stale word (a spilled register, an old stack slot) that the next
    one no longer sees. Measured: the baseline's one collection kept ~8 KB of this script's
    start-up garbage alive, which the next collection freed, so every figure measured from it
    read ~8 KB low (and defining one more class before it moved them all by those 8 KB)."""
    gc.collect()
    gc.collect()


class Rng:
    def __init__(self, seed=7):
        self.state = seed

    def randrange(self, n):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x % n


def first_free(view):
    """The first square ``view`` can fire at (-1: none): every player of the harness fires there."""
    for sq in range(len(view.cells)):
        if view.can_fire(sq):
            return sq
    return -1


class GameGc:
    """The gc module the game imports. The game collects before compiling a level's module
    (seabattle.screens.levels), deep in its own calls: on the wasm VM such a collection can free
    objects only WebAssembly locals point to (see tools/ramreport.py), so the game's own
    requests are skipped here, on both VMs alike; sample() collects between steps, where it is
    safe, and the live heap it reports does not depend on when garbage was collected."""

    @staticmethod
    def collect():
        pass


class Display:
    def __init__(self, w, h):
        self.width, self.height = w, h
        self.root_group = None

    def refresh(self):
        pass


def busy(op):
    return hasattr(op, "busy") and op.busy()


def read_reset(path, nvm):
    """Fills ``nvm`` with the board's nvm as a reset left it (the file tools.ramreport's resumed
    duel writes) and returns the peer's state there. (A file: the port fails on an argument that
    long.)"""
    import binascii

    f = open(path)
    nvm[:] = binascii.unhexlify(f.readline().split()[1])
    peer = binascii.unhexlify(f.readline().split()[1])
    f.close()
    return peer
