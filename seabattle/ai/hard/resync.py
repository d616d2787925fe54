"""The hard level starts again from the view (see seabattle.ai.hard.player): a resumed game, shots it
was not told of. Loaded for that moment and dropped after (seabattle.compat.forget); the pool is
then rebuilt (seabattle.ai.hard.search). A function of the Hard player ``self``.
"""


def _sync(self, view):
    """Start again from what the view shows (a resumed game, shots I was not told of)."""
    self.known[:] = view.cells
    self.changed = 2
    self.queue = []
    self.seen = view.shots
    self.ready = False
    self.gen = None
    self.hold = False
    if self.cover_at >= 0:  # an answer was being checked
        self._cover(self.cover_at, 0)
    if self.cover is None and self.dead == 255:  # let go of by a pool's building it cut short
        self.cover = bytearray(256 * (self.row[self.ships - 1] + 1))
    self.sunk = list(view.sunk)
