"""What went wrong in a duel, in words a player can check on the board.

An ``Evidence`` is a kind and a few small numbers (cells, sizes, shot numbers), so it can travel
in an error message and be said in the reader's language: ``ev.text("ru", RUSSIAN, 10)`` gives
«ответил «мимо» на Б3, где стоял корабль». The texts live in seabattle/duel_texts.py until
seabattle/lang takes the ``duel_*`` keys (strings.say is asked first, those are the fallback).
"""

from seabattle.coords import LATIN

# kind -> names of its numeric fields, in wire order. Cells are squares (-1: none).
KINDS = {
    "lie_miss": ("cell",),
    "lie_hit": ("cell",),
    "lie_not_sunk": ("cell", "first", "last"),
    "lie_sunk": ("cell",),
    "bad_proof": ("cell",),
    "bad_sunk": ("cell", "first", "last"),
    "halo_ship": ("first", "last", "cell"),
    "fleet": ("first", "last"),
    "reveal_mismatch": ("cell",),
    "no_reveal": (),
    "coin": (),
    "out_of_turn": ("cell",),
    "shot_twice": ("cell",),
    "shot_off": (),
    "replay": ("n",),
    "foreign": ("n",),
    "desync": ("n",),
    "version": ("low", "high"),
    "rules": (),
    "roles": (),
    "gone": (),
    "no_game": (),
}
ORDER = ("lie_miss", "lie_hit", "lie_not_sunk", "lie_sunk", "bad_proof", "bad_sunk", "halo_ship", "fleet",
         "reveal_mismatch", "no_reveal", "coin", "out_of_turn", "shot_twice", "shot_off", "replay", "foreign",
         "desync", "version", "rules", "roles", "gone", "no_game")
CHEATS = ("lie_miss", "lie_hit", "lie_not_sunk", "lie_sunk", "bad_proof", "bad_sunk", "halo_ship", "fleet",
          "reveal_mismatch", "no_reveal", "coin")

def say(lang, key, params=None):
    """``strings.say`` for duel keys, falling back to the table above."""
    from seabattle import strings

    text = strings.say(lang, key, params)
    if text != key:
        return text
    from seabattle.duel_texts import TEXT  # loaded only when words are needed: they cost RAM

    table = TEXT.get(lang if isinstance(lang, str) else "en") or TEXT["en"]
    text = table.get(key) or TEXT["en"].get(key, key)
    return text.format(**params) if params else text


class Evidence:
    """One finding: ``kind`` (a key of KINDS), its numbers, and for ``fleet`` the FleetError."""

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

    def field(self, name):
        names = KINDS[self.kind]
        for i in range(len(names)):
            if names[i] == name:
                return self.args[i] if i < len(self.args) else -1
        return -1

    def text(self, lang=None, convention=LATIN, width=10):
        """The finding in words, cells named in ``convention`` on a board ``width`` wide."""
        names = KINDS.get(self.kind, ())
        params = {}
        for i in range(len(names)):
            value = self.args[i] if i < len(self.args) else -1
            if names[i] in ("cell", "first", "last"):
                value = convention.format(value, width) if value >= 0 else "?"
            params[names[i]] = value
        if "first" in params:
            first = self.field("first")
            last = self.field("last")
            if first == last:
                params["ship"] = params["first"]
            else:
                params["ship"] = params["first"] + "\u2013" + params["last"]
        if self.kind == "fleet":
            params["detail"] = self.error.text(lang, convention) if self.error is not None else "?"
        return say(lang, "duel_" + self.kind, params)

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
    return Evidence(kind, *args[:len(KINDS[kind])])
