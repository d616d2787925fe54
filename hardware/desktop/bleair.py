"""The desktop _bleio's shared radio world (hardware/desktop/bleio.py): every simulated board's
Adapter in one process, a virtual clock, and what the receive buffers dropped. Below the
attribute layer (hardware.desktop.blegatt) and the radios (hardware.desktop.bleio)."""


class Air:
    """The shared radio world: every Adapter of one simulation, and a virtual clock."""

    default = None

    def __init__(self):
        self.adapters = []
        self.now = 0.0
        self.dropped = 0  # bytes lost to full receive buffers
        self.scans = 0
        self.links = []  # (central Connection, peripheral Connection)
        self._n = 0

    def advance(self, seconds):
        self.now += seconds

    def monotonic(self):
        return self.now

    def _drop(self, conn):
        for c in (conn, conn._other):
            if c is not None and c._alive:
                c._alive = False
                if c in c._local._connections:
                    c._local._connections.remove(c)

    def cut(self, adapter=None):
        """Cuts every link (or every link of ``adapter``): both sides see a disconnect."""
        for a, b in list(self.links):
            if adapter is None or adapter in (a._local, b._local):
                self._drop(a)

    def out_of_range(self, adapter, gone=True):
        """Moves a board out of (or back into) range: links drop and it can't be found."""
        adapter.in_range = not gone
        if gone:
            self.cut(adapter)


Air.default = Air()
