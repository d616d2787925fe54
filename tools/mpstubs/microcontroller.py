"""microcontroller for the MicroPython VMs: the nvm."""


class Nvm:
    """nvm as the game uses it (len, slices read and written), in 1 KB pieces: a board's is flash
    behind a small native object, and one 8 KB bytearray here would be the largest live block
    tools.ramreport prints, which is to be the game's."""

    def __init__(self, size, piece=1024):
        self.piece = piece
        self.parts = [bytearray(b"\xff" * piece) for _ in range(size // piece)]

    def __len__(self):
        return len(self.parts) * self.piece

    def __getitem__(self, s):
        start, stop = s.start or 0, len(self) if s.stop is None else s.stop
        out = bytearray(stop - start)
        for at in range(start, stop):
            out[at - start] = self.parts[at // self.piece][at % self.piece]
        return out

    def __setitem__(self, s, data):
        start = s.start or 0
        for k in range(len(data)):
            self.parts[(start + k) // self.piece][(start + k) % self.piece] = data[k]


nvm = Nvm(8192)
