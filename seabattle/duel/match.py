"""A duel as the battle screen sees it (seabattle.duel.adapter): ``DuelMatch`` gives the screens the
same methods as a LocalMatch; a duel's answers arrive later over the link, so ``fire`` returns
None and the answer comes back through the adapter's ``poll``. Loaded when a duel's fleet is
committed or a saved duel is loaded, so a board's start-up (the adapter is made there) does not
hold it nor the fleet and score code it uses; dropped with the protocol when no duel is going on.

The score is counted by seabattle.stats (as a game against the computer's), so a duel
never loads seabattle.game (Game, its shots and its score: ~2 KB of a board's heap) and drops it
if a game against the computer left it loaded.
"""

from seabattle.compat import const, forget
from seabattle.duel.wire import SETUP
from seabattle.stats import Stats

COUNTDOWN = const(30000)  # ms of a move counted down on the battle's turn line


class _Shot:
    def __init__(self, square, answer, ship):
        self.square = square
        self.answer = answer
        self.ship = ship


class DuelMatch:
    duel = True

    def __init__(self, duel):
        self.d = duel
        self.rules = duel.rules
        self.board = duel.board
        self.view = duel.view
        self.enemy_view = None  # the enemy's chart of my board is not kept on this side
        self._stats = (Stats(), Stats())
        self._last = [-1, -1]
        self.findings = None  # the verdict: None until the fleets are revealed and checked
        self.recorded = False  # the result is in the statistics (seabattle.duel.adapter)
        self.shown_s = -1  # the seconds of my move the battle's turn line shows (-1: no countdown)
        forget("seabattle.game")  # a game against the computer's, if one was played: not a duel's

    def started(self):
        self.view = self.d.view
        self.board = self.d.board

    def replayed(self):
        """A duel loaded from a save: count the shots already in its log (the end screen's score)."""
        d = self.d
        for k in range(d.shots()):
            mine, answer, sq, first, last = d._entry(k)
            self.answered(0 if mine else 1, sq, answer, None)

    def stage(self):
        """Where a loaded duel stands: "battle" (shooting or decided), "wait" (fleet committed,
        toss not done), "place" (rules agreed, no fleet) or "hello" (nothing agreed yet)."""
        d = self.d
        if d.view is not None and d.phase != SETUP and d.fleet is not None and d.peer_nonce is not None:
            return "battle"
        if d.fleet is not None:
            return "wait"
        return "place" if d.hello_in else "hello"

    def my_turn(self):
        return self.d.my_turn()

    def countdown(self):
        # the seconds left of my move while the battle's turn line counts them down (the last
        # COUNTDOWN ms of the turn clock: seabattle.duel.wire.TURN_MS), else -1
        ms = self.d.clock_left()
        return (ms + 999) // 1000 if 0 <= ms < COUNTDOWN else -1

    def waiting(self):
        """My shot is out and its answer not back yet."""
        return self.d.pending >= 0

    def over(self):
        return self.d.won is not None

    def won(self):
        return self.d.won is True

    def fire(self, square):
        self.d.fire(square)
        return None

    def answered(self, player, square, answer, cells):
        self._last[player] = square
        self._stats[player].count(answer)
        return _Shot(square, answer, cells)

    def last(self, player):
        return self._last[player]

    def stats(self, player=0):
        return self._stats[player]

    def revealed(self):
        from seabattle.duel.wire import ship_cells
        from seabattle.fleet import Fleet, Ship

        # the peer's reveal: each ship as its two end squares (seabattle.duel.reveal)
        ships = getattr(self.d, "peer_ships", None) or []
        return Fleet(self.rules, [Ship(ship_cells(self.rules, c[0], c[-1]) if not isinstance(c, Ship) else c.cells)
                                  for c in ships])

    def verify(self):
        return self.findings
