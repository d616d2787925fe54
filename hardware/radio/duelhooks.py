"""What a board holds of a duel once its link is chosen: the duel screens' linker
(``LazyLinker``) and the hooks the duel adapter (seabattle.duel.adapter.DuelAdapter) calls to make a
Duel, load a saved one, keep its state in the nvm and forget it (``hooks``).

Made by hardware.radio.duelmake when a duel is chosen (it reads the saved duel and goes once
the adapter is made); hardware.radio.linkup starts the radio and lets the link go, and is dropped
once the link is chosen (``LazyLinker._chosen``), so a duel's battle, its peak, holds these only:
the hooks are closures, and a function holds its module's globals, so kept apart from those
modules they do not hold their code (on a board every module held is heap).
"""

from hardware.boards.common import DUEL
from seabattle.compat import forget


class LazyLinker:
    """The duel screens' linker, made on first use: adafruit_ble and the radio cost RAM that a
    game against the computer should not pay (see tools.ramreport). The lobby's linker
    (hardware.radio.blelinker.BleLinker) is held until the link is chosen (hosting, joining, a saved
    duel's peer): then only the link is, and hardware.radio.blefind goes once frames flow."""

    def __init__(self, profile):
        self.profile = profile
        self.real = None
        self.link = None

    def _get(self):
        if self.real is None:
            p = self.profile
            if p.link is None and (p.can_host or p.can_join):  # (not again once it failed)
                from hardware.radio.linkup import start_link

                p.link = start_link(p)
            if p.link is None:
                return None
            from hardware.radio.blelinker import BleLinker

            self.real = BleLinker(p.link, p.rng)
        return self.real

    def _chosen(self):
        """The lobby's linker has a link (or is still looking): keep the link, not the linker,
        and let go of the code that made the link (hardware.radio.linkup: loaded again on the
        title, to let the link go, or by another lobby)."""
        self.link = self.real.link
        if self.link is not None:
            self.real = None
        forget("hardware.radio.linkup")

    def ready(self):
        """False when the board's radio cannot be started (``linkup.start_link``): the duel
        menu says so (seabattle.duel.adapter.DuelAdapter)."""
        return self.link is not None or self._get() is not None

    def host(self, code=None):
        real = self._get()
        if real is None:
            return "----"
        code = real.host(code)
        self._chosen()
        return code

    def rejoin(self, code):
        real = self._get()
        if real is not None:
            real.rejoin(code)
            self._chosen()

    def scan(self):
        real = self._get()
        return real.scan() if real is not None else []

    def connect(self, code):
        real = self._get()
        if real is not None:
            real.connect(code)
            self._chosen()

    def release(self):
        """The lobby gave up (seabattle.duel.lobby: a continued duel whose opponent never came
        back): the link closed and let go with the BLE modules, as on the title (linkup.drop).
        The duel then ends without a link; with the radio still held beside it, that moment was
        a duel's peak (134.5 KB on the 32-bit VM: tools.ramreport)."""
        self.cancel()
        from hardware.radio.linkup import drop

        drop(self.profile)

    def cancel(self):
        if self.real is not None:
            self.real.cancel()
        elif self.link is not None:
            self.link.close()  # what BleLinker.cancel does with it
        self.real = None
        self.link = None


def duel_store(keeper, data, lobby=""):
    """seabattle.duel.protocol asks for its state to be kept before it sends what depends on it;
    ``lobby``: the lobby code, so a reset can reconnect to the same game."""
    code = lobby.encode() if lobby else b""
    keeper.store.save(game=DUEL + bytes((len(code),)) + code + bytes(data))


def hooks(p):
    """(make, load, abandon): the duel adapter's ``make_duel(link, role, rules)``,
    ``load_duel(data, link, gone_ms)`` and ``forget()`` over the profile ``p``'s clock, random source,
    name and nvm."""
    keeper = p.keeper

    def store(link):
        def keep(data):
            duel_store(keeper, data, getattr(link, "code", None) or "")
        return keep

    def make(link, role, rules):
        from seabattle.duel import protocol

        return protocol.Duel(link, p.ms, p.rng, role, p.player or p.name, rules, store(link))

    def load(data, link, gone_ms=None):
        from seabattle.duel import protocol

        if gone_ms is None:
            gone_ms = protocol.GONE_MS
        return protocol.Duel.load(data, link, p.ms, p.rng, store(link), gone_ms)

    def abandon():
        """The player abandoned the saved duel: clear it (one write; the stats stay)."""
        g = keeper.store.game
        if g and g[:1] == DUEL:
            keeper.store.save(game=None)

    return make, load, abandon
