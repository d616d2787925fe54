"""A duel's finding (seabattle.duel.evidence.Evidence) in words a player can check on the board.

Loaded when a finding is shown (a refused move, a cheat, the other device gone) and dropped with
the texts it read (on a board every module loaded costs heap): the duel's texts are one module
per language (seabattle/lang/<lang>_findings.py), asked after ``strings.say`` (seabattle/lang).
"""

from seabattle import strings
from seabattle.compat import forget

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
    "clock": ("n",),
    "flood": ("n",),
    "my_clock": ("n",),
}
LANGS = ("en", "ru", "uk")  # seabattle/lang/<lang>_findings.py


def _table(lang):
    table = __import__("seabattle.lang." + lang + "_findings", None, None, ("TEXT",)).TEXT
    forget("seabattle.lang." + lang + "_findings")  # the table stays as long as it is used: only the module goes
    return table


def say(lang, key, params=None):
    """``strings.say`` for duel keys, falling back to the duel's own texts."""
    text = strings.say(lang, key, params)
    if text != key:
        return text
    code = lang if lang in LANGS else "en"
    text = _table(code).get(key)
    if text is None and code != "en":
        text = _table("en").get(key)
    if text is None:
        text = key
    return text.format(**params) if params else text


def field(ev, name):
    names = KINDS[ev.kind]
    for i in range(len(names)):
        if names[i] == name:
            return ev.args[i] if i < len(ev.args) else -1
    return -1


def text(ev, lang, convention, width):
    """The finding ``ev`` in words, cells named in ``convention`` on a board ``width`` wide."""
    names = KINDS.get(ev.kind, ())
    params = {}
    for i in range(len(names)):
        value = ev.args[i] if i < len(ev.args) else -1
        if names[i] in ("cell", "first", "last"):
            value = convention.format(value, width) if value >= 0 else "?"
        params[names[i]] = value
    if "first" in params:
        first = field(ev, "first")
        last = field(ev, "last")
        if first == last:
            params["ship"] = params["first"]
        else:
            params["ship"] = params["first"] + "\u2013" + params["last"]
    if ev.kind == "fleet":
        params["detail"] = ev.error.text(lang, convention) if ev.error is not None else "?"
    return say(lang, "duel_" + ev.kind, params)
