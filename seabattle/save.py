"""A whole game as compact bytes, and back: for flash (a few KB of nvm) and for resuming.

The record holds the rules, both fleets, who shot first and every shot in order; loading
replays the shots through the rules, so the boards, views, turn, winner and statistics come
back exactly as they were, and a record that does not replay cleanly is refused whole.

    "SB" | version | rules | first | fleet 0 | fleet 1 | moves | extra | CRC-32

A fleet is its ship count, then per ship its size and its squares; a square is one byte on
boards of up to 256 cells, else two (big-endian). ``extra`` is up to 255 bytes for the caller
(the opponent's level, player names...). A classic game takes 88 bytes plus one per shot: under 300 bytes for a whole game.
"""

from seabattle import rules as rules_mod
from seabattle.board import ShotError
from seabattle.crc import crc32
from seabattle.fleet import Fleet, FleetError, Ship
from seabattle.game import Game

MAGIC = b"SB"
VERSION = 1


class SaveError(ValueError):
    """Saved bytes that cannot be loaded: truncated, corrupted, another version, or a game
    that breaks the rules. Nothing is loaded."""


def _put_square(out, square, wide):
    if wide:
        out.append(square >> 8)
    out.append(square & 0xFF)


def dumps(game, extra=b""):
    """The bytes of ``game`` (see the module doc); ``extra`` is stored and returned by loads."""
    if len(extra) > 255:
        raise ValueError("extra data is limited to 255 bytes")
    rules = game.rules
    wide = rules.cells > 256
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(rules_mod.encode(rules))
    out.append(game.first)
    for fleet in game.fleets:
        out.append(len(fleet.ships))
        for ship in fleet.ships:
            out.append(ship.size)
            for sq in ship.cells:
                _put_square(out, sq, wide)
    n = len(game.moves)
    out.append(n >> 8)
    out.append(n & 0xFF)
    for sq in game.moves:
        _put_square(out, sq, wide)
    out.append(len(extra))
    out.extend(extra)
    crc = crc32(out)
    out.extend(bytes(((crc >> 24) & 0xFF, (crc >> 16) & 0xFF, (crc >> 8) & 0xFF, crc & 0xFF)))
    return bytes(out)


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
    """(game, extra) from bytes made by ``dumps``. Raises SaveError, never half-loads."""
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
        rules, pos = rules_mod.decode(body, 3)
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
            fleet.validate()
        except FleetError as exc:
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
