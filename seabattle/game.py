"""A game between two players on one device (a human against the computer, or a hot seat).

Player 0 and player 1 each have a Board (their fleet under fire) and a View (their chart of the
other's board). ``shoot(square)`` fires for the player whose turn it is and applies the rules'
turn policy. A duel between two devices uses Board and View directly (see seabattle.duel.protocol),
since each device knows only its own fleet.
"""

from seabattle.board import MISS, SUNK, Board, GameOver, View
from seabattle.compat import DESKTOP
from seabattle.stats import Stats  # noqa: F401  (seabattle.game.Stats, as before)


class Shot:
    """What one shot did: who fired, where, the answer, the sunk ship's cells, and what next."""

    def __init__(self, player, square, answer, ship, next_player, over):
        self.player = player
        self.square = square
        self.answer = answer
        self.ship = ship  # cells of the sunk ship, or None
        self.next_player = next_player
        self.over = over

    if DESKTOP:  # a debugging aid: see seabattle.compat.DESKTOP

        def __repr__(self):
            return "Shot(player=%d, square=%d, answer=%d, ship=%r, next=%d, over=%r)" % (
                self.player, self.square, self.answer, self.ship, self.next_player, self.over)


class Game:
    """Two fleets, whose turn it is, the shots so far (``moves``, in order) and the winner."""

    def __init__(self, rules, fleets, first=0):
        from seabattle import fleetcheck  # only while a game starts: the battle need not hold it

        for fleet in fleets:
            if fleet.rules != rules:
                raise ValueError("both fleets must follow the game's rules")
            fleetcheck.validate(fleet)
        self.rules = rules
        self.fleets = (fleets[0], fleets[1])
        self.boards = (Board(fleets[0]), Board(fleets[1]))
        self.views = (View(rules), View(rules))  # views[p] is player p's chart of the other board
        self.stats = (Stats(), Stats())
        self.first = first
        self.turn = first
        self.winner = None
        # squares in the order they were fired (the players follow from the rules): one byte a
        # shot on boards of up to 256 cells, where a list would take 8 (and reallocate) on a board
        self.moves = bytearray() if rules.cells <= 256 else []
        self.last = [-1, -1]  # each player's latest shot, to highlight it on screen

    def over(self):
        return self.winner is not None

    def shoot(self, square):
        """Fire at ``square`` for the player whose turn it is; returns a Shot.

        Raises ShotError (ShotTwice, ShotOffBoard, GameOver) without changing anything.
        """
        if self.winner is not None:
            raise GameOver("the game is over", square)
        player = self.turn
        view = self.views[player]
        view.check(square)
        board = self.boards[1 - player]
        answer, index = board.fire(square)
        ship = board.fleet.ships[index].cells if answer == SUNK else None
        view.record(square, answer, ship)
        self.stats[player].count(answer)
        self.moves.append(square)
        self.last[player] = square
        if board.defeated():
            self.winner = player
        elif not self.rules.shoots_again(answer):
            self.turn = 1 - player
        return Shot(player, square, answer, ship, self.turn, self.winner is not None)
