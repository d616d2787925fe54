"""Statistics kept across games: per mode ("ai:<level>", "duel"), games, wins, shots, hits and
the shots it took to win; seabattle.recordbook makes them a compact record for saved state.

Also the human's placement habits per rules preset (``habits``: preset name -> the few bytes of
seabattle.ai.habits), learnt from games against the computer. They are saved as lines
``habits:<preset>:<byte>,<byte>,...`` with no "=": a save made before habits existed loads with
none, and an older version of the game skips these lines (it reads only "mode=..." lines).

The code is seabattle.recordbook (counting a game, the totals, the saved form): its callers
load it for the moment they need it and drop it after. A board holds the figures through every
game, but uses them only at start-up, at a game's end and on the statistics screen, never during
a battle (the game's peak).
"""


class Records:
    """The figures: seabattle.recordbook counts a game into them, sums them and saves them."""

    def __init__(self):
        self.rows = {}  # mode -> list of 5 ints: games, wins, shots, hits, shots in won games
        self.habits = {}  # rules preset name -> bytes (seabattle.ai.habits)
