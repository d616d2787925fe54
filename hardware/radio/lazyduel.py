"""The duel as the title sees it on a board that can have a radio (``LazyDuel``): made by
hardware.startup on such a board only, so a board without a radio (a PyBadge without an AirLift)
never holds it."""

from hardware.boards.common import DUEL
from seabattle.compat import const

# hardware.relaunch's intents for what starts a duel (in a fresh VM)
_CONTINUE = const(0)
_HOST = const(1)
_JOIN = const(2)


class LazyDuel:
    """The duel adapter (seabattle.duel.adapter.DuelAdapter, made by hardware.radio.duelmake) as
    the screens see it, loaded on first use and dropped when the title is back with no duel going
    on, with the radio link and the BLE modules (hardware.radio.linkup.drop): a game against the
    computer on a board with a radio holds this little object, not the duel's code (held from
    start-up, the adapter and its modules cost a game ~4.5 KB, after start-up and at its peak, on
    the 32-bit VM at 160x128: tools.ramreport), nor after a duel the link.

    ``active``, ``poll`` and ``resumable()`` answer without loading it (Flow asks them every
    tick and every title); ``host``, ``join`` and ``resume`` first ask the profile whether this VM
    is fresh enough (hardware.relaunch), then load it; every other call of a duel is made on
    ``load()``, the adapter itself (whose ``load`` returns itself): a method here for each would
    be held by every game against the computer.
    ``offer`` is what the title offers while the adapter is not loaded: (peer name, role) of an
    unfinished duel in the nvm, None, or True: not read yet (the first title with a duel in the
    nvm reads it, loading and dropping the adapter).
    """

    def __init__(self, profile):
        self.profile = profile
        self.real = None
        self.offer = True

    @property
    def active(self):
        return self.real is not None and self.real.active

    def poll(self, flow, now):
        if self.real is not None:
            self.real.poll(flow, now)

    def probe(self):
        """False if the board's add-on radio does not answer (``profile.probe_radio``: an
        AirLift, which answers only once reset), asked when the duel menu opens. Not asked in
        the VM a reload started for a duel (``profile.intent``): the VM before it asked."""
        p = self.profile
        probe = getattr(p, "probe_radio", None)  # (a BoardProfile's; None where the radio is built in)
        return probe is None or getattr(p, "intent", None) is not None or probe()

    def load(self):
        """The adapter, loaded now if it is not."""
        if self.real is None:
            from hardware.radio import duelmake

            self.real = duelmake.make_duel(self.profile)
            duelmake = None
        return self.real

    # a duel starts in a fresh VM (hardware.relaunch), before the radio: profile.fresh raises
    # hardware.relaunch.Relaunch where it must
    def host(self):
        self.profile.fresh(_HOST)
        return self.load().host()

    def join(self):
        self.profile.fresh(_JOIN)
        return self.load().join()

    def resume(self):
        self.profile.fresh(_CONTINUE)
        return self.load().resume()

    def resumable(self):
        if self.real is None:
            g = self.profile.keeper.store.game
            if not g or g[:1] != DUEL:  # none kept, or a game against the computer saved over it
                self.offer = None
            if self.offer is not True:
                return self.offer
        real = self.load()
        if real.active:  # a duel going on (not on the title): nothing to offer, nothing to drop
            return None
        offer = real.resumable()  # the adapter's answer, kept: the title asks each time
        real = None
        self.reset()  # the link, the BLE modules, the adapter's and the radio's modules
        self.offer = offer
        return offer

    def reset(self):
        """Lets go of the adapter and the link (hardware.radio.linkup.drop), the nvm to be read
        again on the next title: on the title with no duel going on, and as after a reload where
        supervisor.reload() returns (hardware.relaunch.reload, off a board)."""
        self.real = None
        self.offer = True
        from hardware.radio import linkup

        linkup.drop(self.profile)
