"""Runs ON the MicroPython unix port (started by tools/ramreport.py --compile): imports one
module (and what it imports) from source and prints ``kept BYTES`` (the live heap it added) and
``ok``. Run with smaller and smaller ``-X heapsize`` to find the heap the import needs: beyond
what it keeps, that is the room the compiler needs while it parses and compiles.
"""

import gc
import sys

# the board's native modules are C on a board: their stand-ins load first, outside the figures
import bitmaptools  # noqa: F401
import board  # noqa: F401
import displayio  # noqa: F401
import fontio  # noqa: F401
import microcontroller  # noqa: F401
import terminalio  # noqa: F401
import vectorio  # noqa: F401
import __future__  # noqa: F401
import _bleio  # noqa: F401

gc.collect()
base = gc.mem_alloc()
__import__(sys.argv[1])
gc.collect()
print("base", base)
print("kept", gc.mem_alloc() - base)
print("ok")
