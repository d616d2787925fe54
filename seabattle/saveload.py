"""Reading a saved game (``loads``, the inverse of seabattle.save.dumps): the bytes checked,
the fleets validated and the shots replayed through the rules. Apart from seabattle.save so
that a board, which reads a saved game only at start-up, does not hold this code while it plays.
"""

from seabattle import fleetcheck, rulescheck
from seabattle.board import ShotError
from seabattle.crc import crc32
from seabattle.fleet import Fleet, Ship
from seabattle.game import Game
from seabattle.save import MAGIC, VERSION


class SaveError(ValueError):
    """Saved bytes that cannot be loaded: truncated, corrupted, another version, or a game
    that breaks the rules. Nothing is loaded."""


class _Reader:
    def __init__(self, data, pos):
        self.data = data
        self.pos = pos

    def byte(self, what):
        if self.pos >= len(self.data):
            raise SaveError("the saved game is truncated (in %s)" % what)
        b = self.data[self.pos]
        self.pos += 1
        return b

    def square(self, wide, what):
        sq = self.byte(what)
        if wide:
            sq = (sq << 8) | self.byte(what)
        return sq


def loads(data):
    """(game, extra) from bytes made by seabattle.save.dumps. Raises SaveError, never half-loads."""
    data = bytes(data)
    if len(data) < 8:
        raise SaveError("the saved game is truncated (%d bytes)" % len(data))
    if data[:2] != MAGIC:
        raise SaveError("these bytes are not a saved seabattle game")
    if data[2] != VERSION:
        raise SaveError("the game was saved in format %d; this version reads format %d" % (data[2], VERSION))
    body = data[:-4]
    want = int.from_bytes(data[-4:], "big")
    if crc32(body) != want:
        raise SaveError("the saved game is corrupted (checksum mismatch)")
    try:
        rules, pos = rulescheck.decode(body, 3)
    except ValueError as exc:
        raise SaveError("the saved rules are invalid: %s" % exc)
    wide = rules.cells > 256
    r = _Reader(body, pos)
    first = r.byte("first player")
    if first > 1:
        raise SaveError("the saved first player %d is neither 0 nor 1" % first)
    fleets = []
    for p in range(2):
        ships = []
        for _ in range(r.byte("fleet %d" % p)):
            size = r.byte("fleet %d" % p)
            cells = [r.square(wide, "fleet %d" % p) for _ in range(size)]
            ships.append(Ship(cells))
        fleet = Fleet(rules, ships)
        try:
            fleetcheck.validate(fleet)
        except fleetcheck.FleetError as exc:
            raise SaveError("the saved fleet of player %d is illegal: %s" % (p + 1, exc))
        fleets.append(fleet)
    n = r.byte("moves") << 8
    n |= r.byte("moves")
    game = Game(rules, fleets, first)
    for i in range(n):
        sq = r.square(wide, "moves")
        try:
            game.shoot(sq)
        except ShotError as exc:
            raise SaveError("saved shot %d does not replay: %s" % (i + 1, exc))
    extra = bytes([r.byte("extra") for _ in range(r.byte("extra"))])
    if r.pos != len(body):
        raise SaveError("the saved game has %d unexpected bytes at the end" % (len(body) - r.pos))
    return game, extra
