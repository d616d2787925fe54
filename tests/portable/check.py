"""Tiny assertion helpers for the portable suites.

The files in tests/portable run twice: under pytest on CPython, and under the real MicroPython
unix port (tests/portable/run.py, started by tests/test_micropython.py). So they use only plain
``assert`` and these helpers, never pytest, and only what the boards' Python has.
"""


def raises(exc_type, fn, *args):
    """Call fn(*args); it must raise exc_type. Returns the exception for further checks."""
    try:
        fn(*args)
    except exc_type as exc:
        return exc
    raise AssertionError("expected %s from %r%r" % (exc_type.__name__, fn, args))


class Rng:
    """A small seeded generator with the interface the engine takes (``randrange``).

    xorshift32: identical numbers on every Python, so a seed replays the same game on CPython
    and on MicroPython.
    """

    def __init__(self, seed=1):
        self.state = (seed * 2654435761 + 12345) & 0xFFFFFFFF or 1

    def getrandbits(self, bits):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x >> (32 - bits) if bits < 32 else x

    def randrange(self, n):
        return self.getrandbits(32) % n
