"""The few shims the engine needs to run on CPython, MicroPython and CircuitPython alike."""

import sys

try:
    from micropython import const  # noqa: F401  (MicroPython/CircuitPython)
except ImportError:  # CPython

    def const(x):
        return x


# CPython on a desktop: debugging aids (the engine's __repr__s, read in tests' failures) are
# defined there only; on a board's VM their code would be heap held all game
DESKTOP = sys.implementation.name == "cpython"


def forget(name):
    """Drop the module ``name`` (loaded for one moment: start-up, reading a save ...) from
    sys.modules and from its package, so its code can be collected once nothing refers to it.
    Only on a board's VM (MicroPython, CircuitPython): on a desktop it would only part tests
    from the module they imported."""
    import sys

    if sys.implementation.name != "cpython" and name in sys.modules:
        del sys.modules[name]
        i = name.rfind(".")
        try:
            delattr(sys.modules[name[:i]], name[i + 1:])
        except (AttributeError, KeyError, TypeError):
            pass


def load_module(path):
    """The module of the dotted ``path`` (always a literal at the call, so grep finds it), imported now for a moment or a phase (a level, a part of
    the hard level). A board that loads .py compiles it here, amid the heap the games before left
    in holes, and the compiler wants a few KB in a row: after a MemoryError, what the failed
    compile held is free, and a collection joins it for one more try. A second failure is
    raised: something else holds the heap."""
    try:
        return __import__(path, None, None, ("_",))  # a fromlist: the module itself, not its package
    except MemoryError:
        import gc

        forget(path)
        gc.collect()
        return __import__(path, None, None, ("_",))
