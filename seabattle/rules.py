"""The rules of a game as data: board size, fleet, touching, turn policy.

A variant is a new ``Rules`` value, not new code: the engine asks the rules which cells a ship
may not share a side or corner with (``touch``), which cells become known water when a ship
sinks (the halo), and who shoots next (``turns``).
"""

from seabattle.compat import DESKTOP, const

# Whether ships may touch each other.
TOUCH_NEVER = const(0)  # classic: not even at a corner
TOUCH_CORNERS = const(1)  # house rule: corners may touch, sides may not
TOUCH_FREE = const(2)  # Milton Bradley: ships may lie side by side

# Who shoots after a shot.
TURNS_AGAIN = const(0)  # hit or sunk: shoot again; miss: the turn passes
TURNS_ALTERNATE = const(1)  # the turn always passes

MIN_SIDE = const(5)
MAX_SIDE = const(20)


class RulesError(ValueError):
    """Rules that cannot be played (board too small or too big, a fleet that does not fit...)."""


class Rules:
    """Board size, fleet (ship sizes, largest first), touching and turn policy.

    Made as given: ``seabattle.rulescheck.check(rules)`` refuses rules that cannot be played.
    Ships are sets of cells; ``fleet`` lists their sizes. Straight ships are the only shape
    today: ``shapes`` names the allowed shape family so that later variants (Г-shaped, square
    four-deckers...) can be added as data.
    """

    def __init__(self, name, width, height, fleet, touch=TOUCH_NEVER, turns=TURNS_AGAIN, shapes="straight"):
        # not checked here: a board plays presets, known playable, and need not hold the checks;
        # other rules go through seabattle.rulescheck.check
        sizes = sorted(fleet)
        sizes.reverse()
        self.name = name
        self.width = width
        self.height = height
        self.cells = width * height
        self.fleet = tuple(sizes)
        self.touch = touch
        self.turns = turns
        self.shapes = shapes

    if DESKTOP:  # a debugging aid: see seabattle.compat.DESKTOP

        def __repr__(self):
            return "Rules(%r, %dx%d, fleet=%r, touch=%d, turns=%d)" % (
                self.name, self.width, self.height, self.fleet, self.touch, self.turns)

    def __eq__(self, other):
        return isinstance(other, Rules) and self.key() == other.key()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.key())

    def key(self):
        """Everything that changes play (not the name): equal keys, equal games."""
        return (self.width, self.height, self.fleet, self.touch, self.turns, self.shapes)

    def counts(self):
        """{size: how many ships of that size} for the fleet."""
        out = {}
        for size in self.fleet:
            out[size] = out.get(size, 0) + 1
        return out

    def shoots_again(self, result):
        """After a shot with ``result`` (seabattle.board MISS/HIT/SUNK), does the shooter go on?"""
        return self.turns == TURNS_AGAIN and result != 1  # 1 == board.MISS

    # -- geometry -------------------------------------------------------------------------
    def forbidden_offsets(self):
        """Offsets (dx, dy) around a ship cell that another ship may not occupy."""
        if self.touch == TOUCH_NEVER:
            return _RING8
        if self.touch == TOUCH_CORNERS:
            return _RING4
        return ()

    def halo_offsets(self):
        """Offsets around a sunk ship's cells that are then known to be water.

        Exactly the cells another ship could not occupy: under ``corners`` only the side
        neighbours, under ``mb`` (free touching) none.
        """
        return self.forbidden_offsets()

    def around(self, cells, offsets):
        """Squares at ``offsets`` from any of ``cells``, on the board and not in ``cells``.

        Sorted, without duplicates."""
        width = self.width
        height = self.height
        out = []
        for sq in cells:
            x = sq % width
            y = sq // width
            for dx, dy in offsets:
                nx = x + dx
                ny = y + dy
                if 0 <= nx < width and 0 <= ny < height:
                    n = ny * width + nx
                    if n not in cells and n not in out:
                        out.append(n)
        out.sort()
        return out

    def halo(self, cells):
        """The ring of squares a careful player marks as water once the ship on ``cells`` sinks."""
        return self.around(cells, self.halo_offsets())


_RING4 = ((0, -1), (-1, 0), (1, 0), (0, 1))
_RING8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

CLASSIC_FLEET = (4, 3, 3, 2, 2, 2, 1, 1, 1, 1)
MB_FLEET = (5, 4, 3, 3, 2)

# name -> (width, height, fleet largest first, touch, turns). Order matters: a preset's index is its id in
# saves and on the wire, so only ever append.
PRESETS = (
    ("classic", 10, 10, CLASSIC_FLEET, TOUCH_NEVER, TURNS_AGAIN),
    ("corners", 10, 10, CLASSIC_FLEET, TOUCH_CORNERS, TURNS_AGAIN),
    ("alternate", 10, 10, CLASSIC_FLEET, TOUCH_NEVER, TURNS_ALTERNATE),
    ("mb", 10, 10, MB_FLEET, TOUCH_FREE, TURNS_AGAIN),
)


def preset_names():
    return [p[0] for p in PRESETS]


def preset(name):
    """The named preset: ``classic``, ``corners``, ``alternate`` or ``mb``."""
    for entry in PRESETS:
        if entry[0] == name:
            return Rules(entry[0], entry[1], entry[2], entry[3], entry[4], entry[5])
    raise RulesError("unknown rules %r: choose one of %s" % (name, ", ".join(preset_names())))


CLASSIC = preset("classic")


def encode(rules):
    """Rules as bytes, independent of names and dict order (for saves and the duel hello);
    seabattle.rulescheck.decode reads them.

    Layout: width, height, touch, turns, number of ships, then each size.
    """
    out = bytearray((rules.width, rules.height, rules.touch, rules.turns, len(rules.fleet)))
    out.extend(bytes(rules.fleet))
    return bytes(out)

