"""What the screen shows, as plain data: the contract between the screen flow and a renderer.

The flow (seabattle.screens.flow) takes abstract actions and fills one ``Screen``; a renderer
(hardware/display/render.py on a board, a test, a text dump) reads it and shows it however it can. Nothing
here draws: this module runs unchanged on CPython and CircuitPython.

A screen is one of three pages: a MENU (title + items + selection), an INFO page (title +
lines) or a BOARD page (a big board with a cursor, a small board, side lines and a message).
"""

from seabattle.compat import const
from seabattle.board import HALO

# Actions: what a button press means, whatever the board's buttons are.
UP = const(1)
DOWN = const(2)
LEFT = const(3)
RIGHT = const(4)
FIRE = const(5)  # shoot, place, choose
BACK = const(6)  # rotate a ship; leave a menu; swap boards in battle
MENU = const(7)
SWITCH = const(8)  # swap boards / auto-place
NEXT = const(9)  # two-button boards: step the cursor right, wrapping to the next row

# Pages.
P_MENU = const(0)
P_INFO = const(1)
P_BOARD = const(2)

# Tile kinds: what one cell shows. Renderers index their sprite sheets with these.
T_WATER = const(0)
T_MISS = const(1)
T_HIT = const(2)  # a hit on the enemy's board: a cross on water
T_SUNK = const(3)
T_HALO = const(4)  # next to a sunk ship: known empty
T_SHIP = const(5)  # my ship, or a ship revealed at the end
T_SHIP_HIT = const(6)  # my ship, hit
T_OK = const(7)  # the ship being placed, on a legal spot
T_BAD = const(8)  # ... on an illegal spot
T_COUNT = const(9)

# Message tones (renderers pick a colour).
TONE_PLAIN = const(0)
TONE_MISS = const(1)
TONE_HIT = const(2)
TONE_SUNK = const(3)
TONE_GOOD = const(4)

_VIEW_TILE = bytes((T_WATER, T_MISS, T_HIT, T_SUNK, T_HALO))  # indexed by View cell state


class Screen:
    """Everything a renderer needs. ``version`` grows on every change, so a renderer can skip
    frames where nothing changed.

    BOARD pages: ``big``/``small`` are bytearrays of tile kinds (``small`` may be None),
    ``cursor`` and the marks are squares or -1, ``cols``/``rows`` the coordinate labels.
    """

    def __init__(self, width=10, height=10):
        self.version = 0
        self.page = P_MENU
        self.name = ""
        self.title = ""
        self.items = []
        self.selected = 0
        self.lines = []
        self.message = ""
        self.tone = TONE_PLAIN
        self.hint = ""
        self.resize(width, height)

    def resize(self, width, height):
        self.width = width
        self.height = height
        self.big = bytearray(width * height)
        self.small = bytearray(width * height)
        self.show_small = False
        self.cursor = -1
        self.mark = -1
        self.small_mark = -1
        self.cols = []
        self.rows = []

    def changed(self):
        self.version += 1


def view_tiles(view, out):
    """Fill ``out`` with the tiles of my chart of the enemy (a seabattle.board.View)."""
    cells = view.cells
    for sq in range(len(cells)):
        out[sq] = _VIEW_TILE[cells[sq]]


def board_tiles(board, out, enemy_view=None):
    """Fill ``out`` with my own board (a seabattle.board.Board): ships, and the enemy's shots.

    ``enemy_view`` (the enemy's chart of this board) adds the halo the enemy knows.
    """
    owner = board.fleet.owner
    shots = board.shots
    for sq in range(len(shots)):
        i = owner[sq] - 1
        if i >= 0:
            if shots[sq]:
                out[sq] = T_SUNK if board.is_sunk(i) else T_SHIP_HIT
            else:
                out[sq] = T_SHIP
        elif shots[sq]:
            out[sq] = T_MISS
        elif enemy_view is not None and enemy_view.cells[sq] == HALO:
            out[sq] = T_HALO
        else:
            out[sq] = T_WATER
