"""What went wrong in a duel, in words a player can check on the board.

An ``Evidence`` is a kind and a few small numbers (cells, sizes, shot numbers), so it can travel
in an error message and be said in the reader's language: ``ev.text("ru", RUSSIAN, 10)`` gives
«ответил «мимо» на Б3, где стоял корабль». The words, and the names of each kind's numbers, are
in seabattle/duel/evidence_text.py, loaded only when a finding is shown (on a board every module
loaded costs heap); the texts themselves are one module per language (seabattle/lang/<lang>_findings.py)
until seabattle/lang takes the ``duel_*`` keys (strings.say is asked first).
"""

# the kinds in wire order (an error message carries the index) and how many numbers each has
# (their names: seabattle.duel.evidence_text.KINDS). Cells are squares (-1: none).
ORDER = ("lie_miss", "lie_hit", "lie_not_sunk", "lie_sunk", "bad_proof", "bad_sunk", "halo_ship", "fleet",
         "reveal_mismatch", "no_reveal", "coin", "out_of_turn", "shot_twice", "shot_off", "replay", "foreign",
         "desync", "version", "rules", "roles", "gone", "no_game", "clock", "flood",
         "my_clock")
ARITY = b"\x01\x01\x03\x01\x01\x03\x03\x02\x01\x00\x00\x01\x01\x00\x01\x01\x01\x02\x00\x00\x00\x00\x01\x01\x01"
CHEATS = ("lie_miss", "lie_hit", "lie_not_sunk", "lie_sunk", "bad_proof", "bad_sunk", "halo_ship", "fleet",
          "reveal_mismatch", "no_reveal", "coin")


class Evidence:
    """One finding: ``kind`` (one of ORDER), its numbers, and for ``fleet`` the FleetError."""

    def __init__(self, kind, *args, error=None):
        self.kind = kind
        self.args = tuple(args)
        self.error = error

    def __repr__(self):
        return "Evidence(%r, %r)" % (self.kind, self.args)

    def __eq__(self, other):
        return isinstance(other, Evidence) and self.kind == other.kind and self.args == other.args

    def __ne__(self, other):
        return not self == other

    def cheat(self):
        return self.kind in CHEATS

    def text(self, lang=None, convention=None, width=10):
        """The finding in words, cells named in ``convention`` (default: coords.LATIN) on a board
        ``width`` wide."""
        from seabattle.duel import evidence_text

        if convention is None:
            from seabattle.coords import LATIN

            convention = LATIN
        return evidence_text.text(self, lang, convention, width)

    def encode(self):
        """As bytes for an error message: kind index, then each number as two bytes."""
        out = bytearray((ORDER.index(self.kind),))
        for a in self.args:
            a &= 0xFFFF
            out.append(a >> 8)
            out.append(a & 0xFF)
        return bytes(out)


def decode(data):
    """Inverse of ``Evidence.encode``; None for bytes that name no known kind."""
    if not data or data[0] >= len(ORDER):
        return None
    kind = ORDER[data[0]]
    args = []
    for i in range(1, len(data) - 1, 2):
        a = (data[i] << 8) | data[i + 1]
        args.append(a - 0x10000 if a >= 0x8000 else a)
    return Evidence(kind, *args[:ARITY[data[0]]])
