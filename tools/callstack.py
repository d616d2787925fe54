"""How deep the game's Python calls go, against CircuitPython's Python stack (pystack).

    python -m tools.callstack

CircuitPython runs Python frames on a stack of its own, 1.5 KB on 9 and 2 KB on 10
(``CIRCUITPY_PYSTACK_SIZE`` in settings.toml); a call that does not fit raises
``RuntimeError: pystack exhausted``. This plays, on CPython under a profiler, the paths that
go deepest: every screen (tools.scenes.walk), a game against the hard level to its end, and a
duel of two boards over the real adafruit_ble on the _bleio stand-in with a reset, a reconnect
from the title and the reveal (tests/doubles/handhelds). Along each path it keeps the deepest
stack of the frames a board runs in Python: the game's (seabattle/, hardware/ but its desktop
stand-ins), adafruit_ble's, and below them code.py and hardware.app.run's loop.

A frame's size is estimated from its CPython code object as a 32-bit CircuitPython lays it out
(py/objfun.c with MICROPY_ENABLE_PYSTACK): a header of five words, a word per local and per
value-stack slot, two words per exception handler, rounded up to 8 bytes. CPython's locals and
stack depth are close to MicroPython's but not equal, so the figure is an estimate; the margin
the test keeps below 1.5 KB is for that.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "hw"), ROOT):
    if _path not in sys.path:
        sys.path.insert(0, _path)

PYSTACK_9 = 1536  # bytes: CircuitPython 9's default pystack
PYSTACK_10 = 2048  # ... and 10's
_HEADER = 20  # mp_code_state_t before its state: fun_bc, ip, sp, n_state + exc_sp_idx, old_globals
_BOARD = (os.path.join(ROOT, "seabattle") + os.sep, os.path.join(ROOT, "hardware") + os.sep,
          os.sep + "adafruit_ble" + os.sep)
_STAND_INS = os.path.join(ROOT, "hardware", "desktop") + os.sep


def frame_bytes(code):
    """The pystack a call of ``code`` takes on a 32-bit board (an estimate: see above); none
    for a generator, whose frame MicroPython keeps in the generator object, on the heap."""
    if code.co_flags & 0x20:  # CO_GENERATOR
        return 0
    words = code.co_nlocals + len(code.co_cellvars) + len(code.co_freevars) + code.co_stacksize
    handlers = 1 if getattr(code, "co_exceptiontable", b"") else 0
    size = _HEADER + 4 * words + 8 * handlers
    return (size + 7) // 8 * 8


def on_board(filename):
    return filename.startswith(_BOARD[:2]) and not filename.startswith(_STAND_INS) or _BOARD[2] in filename


class Depth:
    """A profiler (sys.setprofile) that keeps the deepest board stack seen: ``most`` bytes, and
    ``path``, the functions on it then, outermost first."""

    def __init__(self, base=0):
        self.base = base  # the frames below the game's entry (code.py, the loop)
        self.most = 0
        self.path = []
        self._sizes = {}  # code -> its bytes, or 0 for a frame a board does not run in Python
        self._stack = []  # (bytes so far, code) of the board frames now running

    def __enter__(self):
        sys.setprofile(self._event)
        return self

    def __exit__(self, *exc):
        sys.setprofile(None)
        self._stack = []

    def _event(self, frame, event, arg):
        if event == "call":
            code = frame.f_code
            size = self._sizes.get(code)
            if size is None:
                size = self._sizes[code] = frame_bytes(code) if on_board(code.co_filename) else 0
            below = self._stack[-1][0] if self._stack else self.base
            self._stack.append((below + size, code))
            if below + size > self.most:
                self.most = below + size
                self.path = [c.co_name for _, c in self._stack if self._sizes[c]]
        elif event == "return" and self._stack:
            self._stack.pop()


def base_bytes():
    """code.py's module frame and hardware.app.run's, below every call the game makes."""
    from hardware import app

    with open(os.path.join(ROOT, "code.py")) as f:
        module = compile(f.read(), "code.py", "exec")
    return frame_bytes(module) + frame_bytes(app.run.__code__)


def screens():
    from tools import scenes

    for _name, _flow in scenes.walk():
        pass


def hard_game(seed=3):
    from random import Random

    from seabattle import ui
    from seabattle.screens.flow import Flow, Settings
    from tools import scenes

    flow = Flow(Random(seed), settings=Settings(lang="en"))
    scenes.choose(flow, "play")
    scenes.choose(flow, "hard")
    flow.act(ui.SWITCH)  # auto-place
    flow.act(ui.FIRE)
    now = 0
    while flow.name == "making":
        now += 50
        flow.tick(now)
    scenes.play_out(flow, now)
    assert flow.name == "end", flow.name


def duel_with_a_reset(seed=5):
    from doubles.handhelds import finish, resume, run, shoot, shots, start

    air, boards = start(seed)
    assert shoot(air, boards, lambda: shots(boards) >= 20)
    boards[1] = boards[1].reset()
    resume(boards[1])
    assert run(air, boards, lambda: boards[1].flow.name == "battle")
    finish(air, boards)


PATHS = (("every screen", screens), ("the hard level", hard_game), ("a duel with a reset", duel_with_a_reset))


def measure():
    """[(path, bytes, functions)] for each of PATHS, the deepest board stack along it."""
    base = base_bytes()
    out = []
    for name, play in PATHS:
        with Depth(base) as d:
            play()
        out.append((name, d.most, d.path))
    return out


def main():
    print("the deepest Python stack a board runs, estimated bytes on 32 bits "
          "(pystack: %d on CircuitPython 9, %d on 10)" % (PYSTACK_9, PYSTACK_10))
    for name, most, path in measure():
        print("  %-22s %5d  %d frames: %s" % (name, most, len(path) + 2, " > ".join(path)))


if __name__ == "__main__":
    main()
