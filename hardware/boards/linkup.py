"""The radio link and the duel of a board that can have a radio: the duel screens' linker made
on first use (LazyLinker), the native BLE radio, the duel adapter and how it keeps a duel in nvm.

Loaded by BoardProfile.make_duel only on a board that can host or join, and kept (the adapter's
functions live here): a board without a radio (a PyBadge without an AirLift) never holds it.
"""

class LazyLinker:
    """The duel screens' linker, made on first use: adafruit_ble and the radio cost RAM that a
    game against the computer should not pay (see tools.ramreport)."""

    def __init__(self, profile):
        self.profile = profile
        self.real = None

    def _get(self):
        if self.real is None:
            p = self.profile
            if p.link is None:
                p.link = start_link(p)
            if p.link is None:
                return None
            from hardware.ble import BleLinker

            self.real = BleLinker(p.link, p.rng)
        return self.real

    @property
    def link(self):
        return self.real.link if self.real is not None else None

    def host(self, code=None):
        real = self._get()
        return real.host(code) if real is not None else "----"

    def rejoin(self, code):
        real = self._get()
        if real is not None:
            real.rejoin(code)

    def scan(self):
        real = self._get()
        return real.scan() if real is not None else []

    def connect(self, code):
        real = self._get()
        if real is not None:
            real.connect(code)

    def cancel(self):
        if self.real is not None:
            self.real.cancel()


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
    r = make() if make is not None else radio(p)
    if r is None:
        p.can_host = p.can_join = False
        return None
    from hardware.ble import BleLink

    return BleLink(r, p.ms, sound=p.sounds, can_join=p.can_join)


def make_duel(p):
    """BoardProfile.make_duel: the screens' duel adapter (seabattle.duelplay) over the radio."""
    from seabattle.duelplay import DuelAdapter

    keeper = p.keeper

    def store(link):
        def keep(data):
            keeper.duel_store(data, getattr(link, "code", None) or "")
        return keep

    def make(link, role, rules):
        from seabattle import duel

        return duel.Duel(link, p.ms, p.rng, role, p.player or p.name, rules, store(link))

    def load(data, link):
        from seabattle import duel

        return duel.Duel.load(data, link, p.ms, p.rng, store(link))

    return DuelAdapter(LazyLinker(p), make, saved=keeper.saved_duel(), load_duel=load,
                       forget=keeper.forget_duel)
