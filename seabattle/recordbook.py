"""What the end of a game, the saving and the statistics screen do with the statistics
(seabattle.records.Records): counting a game (``add``), the five figures of all modes
(``total``: games, wins, shots, hits, shots in won games), the modes played (``modes``), and the
records as bytes and back (``to_bytes``, ``from_bytes``). Callers load this module for the call
and drop it after: the battle, the game's peak, holds none of this code.
"""

from seabattle.records import Records

_FIELDS = 5  # games, wins, shots, hits, shots in won games
_HABITS = "habits:"


def add(rec, mode, won, shots, hits):
    row = rec.rows.get(mode)
    if row is None:
        row = [0] * _FIELDS
        rec.rows[mode] = row
    row[0] += 1
    row[2] += shots
    row[3] += hits
    if won:
        row[1] += 1
        row[4] += shots


def total(rec):
    out = [0] * _FIELDS
    for mode in rec.rows:
        row = rec.rows[mode]
        for i in range(_FIELDS):
            out[i] += row[i]
    return out


def modes(rec):
    keys = list(rec.rows)
    keys.sort()
    return keys


def to_bytes(rec):
    """mode names and counters as text lines: small, readable, independent of dict order."""
    lines = []
    for mode in modes(rec):
        lines.append(mode + "=" + ",".join([str(v) for v in rec.rows[mode]]))
    keys = list(rec.habits)
    keys.sort()
    for preset in keys:
        lines.append(_HABITS + preset + ":" + ",".join([str(b) for b in rec.habits[preset]]))
    return "\n".join(lines).encode()


def from_bytes(data):
    """The Records in ``data`` (from ``to_bytes``; damaged lines are skipped, never raised)."""
    rec = Records()
    try:
        text = bytes(data).decode()
    except ValueError:  # UnicodeError: not our text at all
        return rec
    for line in text.split("\n"):
        if line.startswith(_HABITS):
            preset, _, values = line[len(_HABITS):].partition(":")
            try:
                habit = bytes([int(v) for v in values.split(",")])
            except ValueError:
                continue  # damaged: no habits for that preset (seabattle.ai.habits starts again)
            rec.habits[preset] = habit
            continue
        if "=" not in line:
            continue
        mode, _, values = line.partition("=")
        try:
            row = [int(v) for v in values.split(",")]
        except ValueError:
            continue  # a damaged line loses that mode's figures, never the game
        if len(row) == _FIELDS:
            rec.rows[mode] = row
    return rec
