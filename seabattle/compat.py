"""The few shims the engine needs to run on CPython, MicroPython and CircuitPython alike."""

try:
    from micropython import const  # noqa: F401  (MicroPython/CircuitPython)
except ImportError:  # CPython

    def const(x):
        return x
