"""The two boards of each player: my fleet under fire (Board) and my chart of the enemy (View).

A shot at a Board answers MISS («Мимо!»), HIT («Ранил!») or SUNK («Убил!»). The shooter writes
the answer into a View, which marks a sunk ship's halo (ореол) as known water, as a careful
player marks it with dots: under the rules' touching policy, exactly the cells where no other
ship can stand.
"""

from seabattle.compat import const

# Answers to a shot; also the View's cell states of the same name.
MISS = const(1)
HIT = const(2)
SUNK = const(3)

# View cell states.
UNKNOWN = const(0)
HALO = const(4)  # never fired at, but known to be water (next to a sunk ship)


class ShotError(ValueError):
    """A shot that cannot be fired: nothing changed and the turn is not used up."""

    kind = "shot"

    def __init__(self, message, square=-1):
        super().__init__(message)
        self.square = square


class ShotTwice(ShotError):
    kind = "shot_twice"


class ShotOffBoard(ShotError):
    kind = "shot_off"


class GameOver(ShotError):
    kind = "game_over"


def check_square(rules, square):
    """Raise ShotOffBoard unless ``square`` is an int on the board."""
    if not isinstance(square, int) or not 0 <= square < rules.cells:
        raise ShotOffBoard("%r is off the %dx%d board" % (square, rules.width, rules.height), -1)


class Board:
    """My fleet and the shots it has received.

    ``shots[square]`` is 1 once the enemy fired there; ``hits[i]`` counts hits on ship i.
    """

    def __init__(self, fleet):
        self.rules = fleet.rules
        self.fleet = fleet
        self.shots = bytearray(self.rules.cells)
        self.hits = bytearray(len(fleet.ships))
        self.afloat = len(fleet.ships)

    def fire(self, square):
        """Receive a shot: returns (answer, index of the ship hit or -1).

        Raises ShotOffBoard or ShotTwice, changing nothing.
        """
        check_square(self.rules, square)
        if self.shots[square]:
            raise ShotTwice("%d was already fired at" % square, square)
        self.shots[square] = 1
        i = self.fleet.owner[square] - 1
        if i < 0:
            return MISS, -1
        self.hits[i] += 1
        if self.hits[i] == self.fleet.ships[i].size:
            self.afloat -= 1
            return SUNK, i
        return HIT, i

    def answer(self, square):
        """What a shot at ``square`` would be answered, without firing it (for proofs, replays)."""
        i = self.fleet.owner[square] - 1
        if i < 0:
            return MISS
        left = self.fleet.ships[i].size - self.hits[i]
        if self.shots[square]:
            return SUNK if left == 0 else HIT
        return SUNK if left == 1 else HIT

    def defeated(self):
        return self.afloat == 0

    def is_sunk(self, i):
        return self.hits[i] == self.fleet.ships[i].size


class View:
    """What I know of the enemy board: ``cells[square]`` is UNKNOWN, MISS, HIT, SUNK or HALO.

    ``sunk`` lists the sunk ships' cells (tuples) in the order they sank; ``afloat`` the sizes
    still to find, largest first.
    """

    def __init__(self, rules):
        self.rules = rules
        self.cells = bytearray(rules.cells)
        self.sunk = []
        self.afloat = list(rules.fleet)
        self.shots = 0

    def can_fire(self, square):
        """True if ``square`` is on the board and not fired at yet (halo cells may be fired at)."""
        return isinstance(square, int) and 0 <= square < self.rules.cells and self.cells[square] in (UNKNOWN, HALO)

    def check(self, square):
        """Raise ShotOffBoard/ShotTwice unless a shot at ``square`` is allowed."""
        check_square(self.rules, square)
        if self.cells[square] not in (UNKNOWN, HALO):
            raise ShotTwice("%d was already fired at" % square, square)

    def record(self, square, answer, ship=None):
        """Write the answer to my shot at ``square``; for SUNK, ``ship`` is the sunk ship's cells.

        Marks the sunk ship and its halo. Raises ShotError (changing nothing) for a shot that
        was not allowed, or ValueError for an answer that contradicts what is already known.
        """
        self.check(square)
        if answer == SUNK:
            if ship is None or square not in ship:
                raise ValueError("a sunk answer must name the ship's cells, including the shot")
            size = len(ship)
            if size not in self.afloat:
                raise ValueError("no ship of size %d is still afloat" % size)
            for sq in ship:
                if sq != square and self.cells[sq] != HIT:
                    raise ValueError("sunk ship cell %d was never hit" % sq)
            for sq in ship:
                self.cells[sq] = SUNK
            for sq in self.rules.halo(ship):
                if self.cells[sq] == UNKNOWN:
                    self.cells[sq] = HALO
            self.afloat.remove(size)
            self.sunk.append(tuple(sorted(ship)))
        elif answer == HIT or answer == MISS:
            self.cells[square] = answer
        else:
            raise ValueError("unknown answer %r" % (answer,))
        self.shots += 1

    def defeated(self):
        """True once every enemy ship is sunk."""
        return not self.afloat
