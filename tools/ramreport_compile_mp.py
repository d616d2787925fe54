"""Runs ON the 32-bit WASI MicroPython (started by tools.rammodules.compile_peaks): the heap that
compiling one module from source takes, as a board compiles a .py it imports. Arguments: the
module, then the modules it imports at its top, which load first from their .mpy (the VM runs
in a folder of tools.mpvm.precompiled_root, where only the measured module is a .py: the .py
wins). Prints ``compile BYTES``: the most the VM had allocated while importing the module, over
what it had before (micropython.mem_peak and mem_current: bytes allocated less those freed
explicitly, so the parser's and compiler's garbage the collector would find counts too; an
upper bound), which includes what the module keeps; then ``ok``.
"""

import gc
import micropython
import sys

# the board's native modules (C on a board): their stand-ins load first
import bitmaptools  # noqa: F401
import board  # noqa: F401
import displayio  # noqa: F401
import fontio  # noqa: F401
import microcontroller  # noqa: F401
import terminalio  # noqa: F401
import vectorio  # noqa: F401

for dep in sys.argv[2:]:
    __import__(dep)
gc.collect()
before = micropython.mem_current()
__import__(sys.argv[1])
print("compile", micropython.mem_peak() - before)
print("ok")
