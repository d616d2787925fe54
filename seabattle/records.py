"""Statistics kept across games: per mode ("ai:<level>", "duel"), games, wins, shots, hits and
the shots it took to win. ``to_bytes``/``from_bytes`` give a compact record for saved state.

Also the human's placement habits per rules preset (``habits``: preset name -> the few bytes of
seabattle.ai.habits), learnt from games against the computer. They are saved as lines
``habits:<preset>:<byte>,<byte>,...`` with no "=": a save made before habits existed loads with
none, and an older version of the game skips these lines (it reads only "mode=..." lines).

The code is seabattle.recordbook, loaded for each call and dropped after it: a board holds the
figures through every game, but uses them only at start-up, at a game's end and on the
statistics screen, never during a battle (the game's peak).
"""

from seabattle.compat import forget


class Records:
    """``add(mode, won, shots, hits)`` counts a game; ``total()`` the five figures of all modes
    (games, wins, shots, hits, shots in won games); ``modes()`` the modes played, sorted;
    ``to_bytes()`` and ``Records.from_bytes(data)``: the saved form."""

    def __init__(self):
        self.rows = {}  # mode -> list of 5 ints: games, wins, shots, hits, shots in won games
        self.habits = {}  # rules preset name -> bytes (seabattle.ai.habits)

    def __getattr__(self, name):
        """add, total, modes, to_bytes: seabattle.recordbook's functions of that name."""
        if name not in ("add", "total", "modes", "to_bytes"):
            raise AttributeError(name)
        call = _book(name)
        return lambda *args: call(self, *args)

    @staticmethod
    def from_bytes(data):
        """The Records in ``data`` (from ``to_bytes``; damaged lines are skipped, never raised)."""
        return _book("from_bytes")(data)


def _book(name):
    """seabattle.recordbook's function ``name``; the module is dropped at once (the function
    keeps what it needs while it is called)."""
    from seabattle import recordbook

    call = getattr(recordbook, name)
    recordbook = None
    forget("seabattle.recordbook")
    return call
