"""Commitments for the duel: salted SHA-256 per cell, salts from one secret seed.

Cell ``sq`` with value ``v`` (1 ship, 0 water) is committed as
``SHA-256(salt[sq] + bytes((sq, v)))[:CMT]``; the salts are 8-byte pieces of
``SHA-256(b"salt" + seed + bytes((j,)))``, four per hash, so a 100-cell board costs 25 hashes for
its salts and 100 for its commitments. Opening a cell means sending its salt; revealing the seed
at the end opens them all. 16-byte (128-bit) commitments: finding two openings for one would take
about 2**64 hashes.

``COUNT`` = [hash calls, 64-byte compression blocks] since the last ``reset_count()``: a board
without a SHA-256 engine hashes slowly, so the duel keeps the number low and the benchmark
reports it.
"""

from seabattle.compat import const

try:
    import hashlib

    if hasattr(hashlib, "sha256"):  # CPython, MicroPython
        _sha = hashlib.sha256
    else:  # CircuitPython 10.1+: hashlib.new("sha256", data) only

        def _sha(data):
            return hashlib.new("sha256", data)

except ImportError:  # pragma: no cover - SAMD51 boards
    import adafruit_hashlib as hashlib

    _sha = hashlib.sha256

SEED = const(16)
NONCE = const(16)
SALT = const(8)
CMT = const(16)

COUNT = [0, 0]


def reset_count():
    COUNT[0] = 0
    COUNT[1] = 0


def sha256(data):
    """The 32-byte SHA-256 digest of ``data`` (bytes-like), counted."""
    COUNT[0] += 1
    COUNT[1] += (len(data) + 72) // 64
    return _sha(data).digest()


def salts(seed, cells):
    """All cells' salts (``cells * SALT`` bytes) derived from ``seed``."""
    out = bytearray(cells * SALT)
    msg = bytearray(b"salt" + bytes(seed) + b"\x00")
    per = 32 // SALT
    for j in range((cells + per - 1) // per):
        msg[-1] = j
        digest = sha256(msg)
        start = j * 32
        end = min(start + 32, len(out))
        out[start:end] = digest[:end - start]
    return bytes(out)


def cell(salt, square, value):
    """The commitment to ``value`` (0 water, 1 ship) on ``square`` with ``salt``."""
    msg = bytearray(SALT + 2)
    msg[:SALT] = salt
    msg[SALT] = square
    msg[SALT + 1] = value
    return sha256(msg)[:CMT]


def fleet(salt_bytes, owner):
    """Commitments for a whole board: ``owner[sq]`` non-zero where a ship stands."""
    cells = len(owner)
    out = bytearray(cells * CMT)
    for sq in range(cells):
        out[sq * CMT:(sq + 1) * CMT] = cell(salt_bytes[sq * SALT:(sq + 1) * SALT], sq, 1 if owner[sq] else 0)
    return bytes(out)


def opens(commitments, square, salt, value):
    """True if ``salt`` opens the commitment of ``square`` to ``value``."""
    return cell(salt, square, value) == bytes(commitments[square * CMT:(square + 1) * CMT])


def toss(nonce):
    """The commitment to a coin-toss nonce."""
    return sha256(b"toss" + bytes(nonce))[:CMT]
