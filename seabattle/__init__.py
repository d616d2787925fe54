"""seabattle: the rules of Морской бой (Sea Battle) as pure Python.

Runs unchanged on CPython and on CircuitPython/MicroPython: nothing here imports board
modules. Import the submodule you need (``seabattle.rules``, ``seabattle.game`` ...):
this package imports nothing on purpose, because every module's bytecode costs RAM on a board.
"""

__version__ = "0.1.0"
