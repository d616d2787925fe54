"""A battle as the screens see it: my board, my chart of the enemy, whose turn, and the shots.

``LocalMatch`` is a game against the computer on this device (a seabattle.game.Game). A duel
adapter offers the same methods, so the battle screen does not care where the enemy is.
"""

from seabattle.board import HIT, MISS, SUNK  # noqa: F401  (re-exported for screens)
from seabattle.game import Game


class LocalMatch:
    """Me (player 0) against a computer opponent (player 1) on one Game."""

    duel = False

    def __init__(self, rules, my_fleet, enemy_fleet, opponent, first=0, game=None):
        # game: a Game loaded from a save (seabattle.saveload.loads), played on from where it stopped
        self.game = game if game is not None else Game(rules, (my_fleet, enemy_fleet), first)
        self.rules = rules
        self.opponent = opponent
        self.board = self.game.boards[0]  # my fleet under fire
        self.view = self.game.views[0]  # my chart of the enemy
        self.enemy_view = self.game.views[1]  # the enemy's chart of my board (for the halo)
        self.enemy_fleet = enemy_fleet

    def my_turn(self):
        return self.game.turn == 0 and not self.game.over()

    def over(self):
        return self.game.over()

    def won(self):
        return self.game.winner == 0

    def fire(self, square):
        """My shot: returns a seabattle.game.Shot. Raises ShotError (nothing changes)."""
        return self.game.shoot(square)

    def enemy_move(self):
        """The computer's shot when it is its turn, computed at once; returns the Shot."""
        square = self.opponent.choose(self.game.views[1])
        self._thinking = False
        shot = self.game.shoot(square)
        self.opponent.learn(shot)
        return shot

    _thinking = False
    _ready = -1

    def think(self, may_fire=True, hurry=False):
        """One slice of the computer's work; call once a frame so the screen never freezes.

        On the computer's turn it works on its move (during the pause before its shot, too) and
        returns the Shot once the move is ready and ``may_fire``; otherwise None. On my turn a
        sliced opponent (one with ``start``/``step``) works ahead on what it has learnt.
        ``hurry``: the player has waited long enough; an opponent that can (``hurry``) fires from
        what it has worked out so far.
        """
        op = self.opponent
        if self.game.over():
            return None
        if not hasattr(op, "step"):
            return None if self.my_turn() or not may_fire else self.enemy_move()
        if self.my_turn():
            op.step()  # not started: work left over from the last answer, if any
            return None
        if self._ready < 0:
            if not self._thinking:
                op.start(self.game.views[1])
                self._thinking = True
            if hurry and hasattr(op, "hurry"):
                op.hurry()
            self._ready = op.step()
        if self._ready < 0 or not may_fire:
            return None
        square = self._ready
        self._ready = -1
        self._thinking = False
        shot = self.game.shoot(square)
        op.learn(shot)
        return shot

    def last(self, player):
        return self.game.last[player]

    def stats(self, player=0):
        return self.game.stats[player]

    def revealed(self):
        """The enemy fleet, shown at the end (a local game knows it all along)."""
        return self.enemy_fleet

    def verify(self):
        """Check the enemy's board against the rules and every answer it gave.

        Returns a list of problems (strings in English, for logs) — empty when all is well.
        """
        from seabattle import fleetcheck

        problems = []
        try:
            fleetcheck.validate(self.enemy_fleet)
        except ValueError as exc:
            problems.append(str(exc))
        board = self.game.boards[1]
        cells = self.view.cells
        for sq in range(self.rules.cells):
            state = cells[sq]
            if state == MISS and board.fleet.owner[sq]:
                problems.append("%d answered miss on a ship" % sq)
            elif state in (HIT, SUNK) and not board.fleet.owner[sq]:
                problems.append("%d answered hit on water" % sq)
        return problems
