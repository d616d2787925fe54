"""The duel screens' side of finding the other board over BLE (seabattle.duel.adapter.DuelAdapter's
linker): host, list the games in range, join one. Beside hardware.radio.blefind, whose functions
of the link do the work (a module of its own so that a board compiling from .py compiles them in
parts).
"""

from hardware.radio import blead


class BleLinker:
    """What the duel screens (seabattle.duel.adapter.DuelAdapter) need to find the other board:
    ``host()`` -> the lobby code to show, ``scan()`` -> codes seen (a short blocking scan at
    most every ``RESCAN_MS``; the join screen says "searching" meanwhile), ``connect(code)``,
    ``link`` (None until there is one) and ``cancel()``. Needed in the lobby only: a board's
    linker (hardware.radio.duelhooks.LazyLinker) lets it go once the link is chosen, and this
    module goes with it when frames flow."""

    RESCAN_MS = 2500
    SCAN_S = 0.6

    def __init__(self, link, rng):
        self.ble = link  # the BleLink
        self.rng = rng
        self.link = None
        self.found = {}
        self._scanned = None

    @property
    def can_join(self):
        return self.ble.can_join

    def host(self, code=None):
        """Host a game; ``code``: the lobby code of a saved duel (the guest looks for it)."""
        code = code or blead.new_code(self.rng)
        self.ble.host(code)
        self.link = self.ble  # the duel may start at once: it waits for the connection
        return code

    def scan(self):
        if not self.ble.can_join:
            return []
        now = self.ble.clock()
        if self._scanned is None or now - self._scanned >= self.RESCAN_MS:
            self._scanned = now
            self.found = {}
            for lobby in self.ble.scan(self.SCAN_S):
                self.found[lobby.code] = lobby
            self._scanned = self.ble.clock()
        codes = list(self.found)
        codes.sort()
        return codes

    def rejoin(self, code):
        """Join the saved duel's host again: it advertises the same lobby code."""
        self.ble.rejoin(code)
        self.link = self.ble

    def connect(self, code):
        lobby = self.found.get(code)
        if lobby is not None:
            self.found = {}  # the lobbies hold advertisements: none is needed past the connect
            self.ble.join(lobby)
            self.link = self.ble  # joined, or the link keeps trying (state LOST, rescans)

    def cancel(self):
        self.ble.close()
        self.link = None
        self.found = {}
        self._scanned = None
