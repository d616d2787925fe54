"""A whole game as compact bytes, and back: for flash (a few KB of nvm) and for resuming.

The record holds the rules, both fleets, who shot first and every shot in order; loading
replays the shots through the rules, so the boards, views, turn, winner and statistics come
back exactly as they were, and a record that does not replay cleanly is refused whole.

    "SB" | version | rules | first | fleet 0 | fleet 1 | moves | extra | CRC-32

A fleet is its ship count, then per ship its size and its squares; a square is one byte on
boards of up to 256 cells, else two (big-endian). ``extra`` is up to 255 bytes for the caller
(the opponent's level, player names...). A classic game takes 88 bytes plus one per shot: under 300 bytes for a whole game.

Reading is seabattle.saveload (``loads``, ``SaveError``): a board saves after every shot but
reads only at start-up, so the battle holds the writing half only.
"""

from seabattle import rules as rules_mod
from seabattle.crc import crc32

MAGIC = b"SB"
VERSION = 1


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

