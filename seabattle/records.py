"""Statistics kept across games: per mode ("ai:<level>", "duel"), games, wins, shots, hits and
the shots it took to win. ``to_bytes``/``from_bytes`` give a compact record for saved state.

Also the human's placement habits per rules preset (``habits``: preset name -> the few bytes of
seabattle.habits), learnt from games against the computer. They are saved as lines
``habits:<preset>:<byte>,<byte>,...`` with no "=": a save made before habits existed loads with
none, and an older version of the game skips these lines (it reads only "mode=..." lines).
"""

_FIELDS = 5  # games, wins, shots, hits, shots in won games
_HABITS = "habits:"


class Records:
    def __init__(self):
        self.rows = {}  # mode -> list of _FIELDS ints
        self.habits = {}  # rules preset name -> bytes (seabattle.habits)

    def add(self, mode, won, shots, hits):
        row = self.rows.get(mode)
        if row is None:
            row = [0] * _FIELDS
            self.rows[mode] = row
        row[0] += 1
        row[2] += shots
        row[3] += hits
        if won:
            row[1] += 1
            row[4] += shots

    def total(self):
        out = [0] * _FIELDS
        for mode in self.rows:
            row = self.rows[mode]
            for i in range(_FIELDS):
                out[i] += row[i]
        return out

    def modes(self):
        keys = list(self.rows)
        keys.sort()
        return keys

    def to_bytes(self):
        """mode names and counters as text lines: small, readable, independent of dict order."""
        lines = []
        for mode in self.modes():
            lines.append(mode + "=" + ",".join([str(v) for v in self.rows[mode]]))
        keys = list(self.habits)
        keys.sort()
        for preset in keys:
            lines.append(_HABITS + preset + ":" + ",".join([str(b) for b in self.habits[preset]]))
        return "\n".join(lines).encode()

    @staticmethod
    def from_bytes(data):
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
                    continue  # damaged: no habits for that preset (seabattle.habits starts again)
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
