"""Runs ON MicroPython (started by ``tools/ramreport.py --modules``): what each module a game
against the computer loads adds to the live heap. Arguments: module names, imported one after
another in that order; prints ``mod NAME BYTES`` (the live heap it added, after gc.collect(),
what it imports and was not loaded yet included), then the interned names' pools
(``micropython.qstr_info()``: a module whose names overflow the last pool pays for a new one,
twice the size of the last) and ``ok``. The board-only stand-ins are loaded before any figure,
as in tools/ramreport_mp.py (the Bluetooth one is not: a game against the computer never uses
it).
"""

import gc
import micropython
import sys

import bitmaptools  # noqa: F401
import board  # noqa: F401
import displayio  # noqa: F401
import fontio  # noqa: F401
import microcontroller  # noqa: F401
import terminalio  # noqa: F401
import vectorio  # noqa: F401

micropython.qstr_info()  # the pools before the first module (a new one may open with it)
gc.collect()
prev = gc.mem_alloc()
for name in sys.argv[1:]:
    __import__(name)
    gc.collect()
    now = gc.mem_alloc()
    print("mod", name, now - prev)
    micropython.qstr_info()
    prev = gc.mem_alloc()
print("ok")
