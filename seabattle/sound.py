"""Sound cues: the game asks for a cue by name; the board layer plays it, or not.

Anything with ``play(cue)`` will do. ``Silent`` is the default (and what boards without a
speaker use); ``Recorder`` keeps the cues asked for, so a test can check them.
"""

from seabattle.compat import const

CLICK = const(1)  # a menu choice, a ship put down
SHOT = const(2)  # my shot leaves
SPLASH = const(3)  # miss
HIT = const(4)
SUNK = const(5)
WIN = const(6)
LOSE = const(7)
BAD = const(8)  # a move the rules do not allow
CUE_NAMES = ("", "click", "shot", "splash", "hit", "sunk", "win", "lose", "bad")


class Silent:
    def play(self, cue):
        pass


class Recorder:
    def __init__(self):
        self.cues = []

    def play(self, cue):
        self.cues.append(cue)
