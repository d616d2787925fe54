"""The radio link and the duel of a board that can have a radio: the duel screens' linker made
on first use (LazyLinker), the native BLE radio, the duel adapter and how it keeps a duel in nvm.

Loaded when a duel is chosen (hardware.boards.lazyduel.LazyDuel, which the screens hold in place
of the adapter) and dropped with the adapter, the link and the BLE modules when the title is back
with no duel going on (``drop``): a game against the computer does not hold them, and a board
without a radio (a PyBadge without an AirLift) never loads them.
"""

from hardware.boards.common import DUEL
from seabattle.compat import forget


class LazyLinker:
    """The duel screens' linker, made on first use: adafruit_ble and the radio cost RAM that a
    game against the computer should not pay (see tools.ramreport). The lobby's linker
    (hardware.blefind.BleLinker) is held until the link is chosen (hosting, joining, a saved
    duel's peer): then only the link is, and hardware.blefind goes once frames flow."""

    def __init__(self, profile):
        self.profile = profile
        self.real = None
        self.link = None

    def _get(self):
        if self.real is None:
            p = self.profile
            if p.link is None and (p.can_host or p.can_join):  # (not again once it failed)
                p.link = start_link(p)
            if p.link is None:
                return None
            from hardware.blefind import BleLinker

            self.real = BleLinker(p.link, p.rng)
        return self.real

    def _chosen(self):
        """The lobby's linker has a link (or is still looking): keep the link, not the linker."""
        self.link = self.real.link
        if self.link is not None:
            self.real = None

    def ready(self):
        """False when the board's radio cannot be started (``start_link``): the duel menu says
        so (seabattle.duelplay.DuelAdapter)."""
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

    def cancel(self):
        if self.real is not None:
            self.real.cancel()
        elif self.link is not None:
            self.link.close()  # what BleLinker.cancel does with it
        self.real = None
        self.link = None


def radio(p):
    """The BLERadio on boards with native BLE, None where there is none."""
    try:
        from adafruit_ble import BLERadio

        return BLERadio()
    except (ImportError, RuntimeError) as exc:
        p.notes.append("no radio: %s" % exc)
        return None


def start_link(p):
    """The BLE link over the board's radio (its own ``make_radio``: AirLift, ESP32-S3), or None
    (then the board can neither host nor join)."""
    make = getattr(p, "make_radio", None)
    notes = getattr(p, "notes", [])  # (start-up gives a board its notes; a bare profile has none)
    seen = len(notes)
    r = make() if make is not None else radio(p)
    if r is None:
        p.can_host = p.can_join = False
        for line in notes[seen:]:  # start-up's report is long past: say why on the console now
            print("seabattle:", line)
        return None
    from hardware.ble import BleLink

    return BleLink(r, p.ms, sound=p.sounds, can_join=p.can_join, local=getattr(p, "ble_local", None))


# what a board's link loads (adafruit_ble's modules: all whose name starts with the first)
BLE_MODULES = ("adafruit_ble", "hardware.ble", "hardware.blefind")


def drop(p):
    """The title is back with no duel going on (hardware.boards.lazyduel.LazyDuel): the link is
    closed and let go with the BLE modules, the duel adapter's module and this one, so that a
    game against the computer after a duel holds none of them (the next duel makes the link
    again, ``start_link``). Kept: a host's own UART service's native buffer and characteristic
    (``p.ble_local``; a local service cannot be removed, so the next link uses them again)."""
    link = p.link
    p.link = None
    if link is not None:
        link.close()
        if link._local is not None:
            p.ble_local = link._local
    link = None
    import sys

    for name in list(sys.modules):
        if name.startswith(BLE_MODULES[0]) or name in BLE_MODULES:
            forget(name)
    forget("seabattle.duelplay")
    forget("hardware.boards.linkup")


def saved_duel(keeper):
    """(lobby code, bytes for seabattle.duel.Duel.load) of the duel in the nvm, or None."""
    found = keeper.saved()
    if found is None or found[0] != "duel" or not found[1]:
        return None
    g = found[1]
    n = g[0]
    try:
        return bytes(g[1:1 + n]).decode(), bytes(g[1 + n:])
    except ValueError:
        return None


def duel_store(keeper, data, lobby=""):
    """seabattle.duel asks for its state to be kept before it sends what depends on it;
    ``lobby``: the lobby code, so a reset can reconnect to the same game."""
    code = lobby.encode() if lobby else b""
    keeper.store.save(game=DUEL + bytes((len(code),)) + code + bytes(data))


def make_duel(p):
    """The screens' duel adapter (seabattle.duelplay) over the radio, with the duel in the nvm
    (hardware.boards.lazyduel.LazyDuel makes it when a duel is chosen)."""
    from seabattle.duelplay import DuelAdapter

    keeper = p.keeper

    def store(link):
        def keep(data):
            duel_store(keeper, data, getattr(link, "code", None) or "")
        return keep

    def make(link, role, rules):
        from seabattle import duel

        return duel.Duel(link, p.ms, p.rng, role, p.player or p.name, rules, store(link))

    def load(data, link):
        from seabattle import duel

        return duel.Duel.load(data, link, p.ms, p.rng, store(link))

    def abandon():
        """The player abandoned the saved duel: clear it (one write; the stats stay)."""
        g = keeper.store.game
        if g and g[:1] == DUEL:
            keeper.store.save(game=None)

    return DuelAdapter(LazyLinker(p), make, saved=saved_duel(keeper), load_duel=load, forget=abandon)
