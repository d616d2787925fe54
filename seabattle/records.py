"""Statistics kept across games: per mode ("ai:<level>", "duel"), games, wins, shots, hits and
the shots it took to win. ``to_bytes``/``from_bytes`` give a compact record for saved state.
"""

_FIELDS = 5  # games, wins, shots, hits, shots in won games


class Records:
    def __init__(self):
        self.rows = {}  # mode -> list of _FIELDS ints

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
        return "\n".join(lines).encode()

    @staticmethod
    def from_bytes(data):
        rec = Records()
        for line in bytes(data).decode().split("\n"):
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
