"""The duel as the title sees it on a board that can have a radio (``LazyDuel``): loaded by
hardware.boards.common.BoardProfile.make_duel on such a board only, so a board without a radio
(a PyBadge without an AirLift) never holds it."""

from hardware.boards.common import DUEL

# what starts a duel, in the order of hardware.relaunch's intents (CONTINUE, HOST, JOIN)
_STARTS = ("resume", "host", "join")


class LazyDuel:
    """The duel adapter (seabattle.duel.adapter.DuelAdapter, made by hardware.radio.linkup) as the
    screens see it, loaded on first use and dropped when the title is back with no duel going
    on, with the radio link and the BLE modules (linkup.drop): a game against the computer on a
    board with a radio holds this little object, not the duel's code (held from start-up, the
    adapter and its modules cost a game ~4.5 KB, after start-up and at its peak, on the 32-bit
    VM at 160x128: tools.ramreport), nor after a duel the link.

    ``active``, ``poll`` and ``resumable()`` answer without loading it (Flow asks them every
    tick and every title); any other attribute loads it and is the adapter's. ``offer`` is what
    the title offers while the adapter is not loaded: (peer name, role) of an unfinished duel in
    the nvm, None, or True: not read yet (the first title with a duel in the nvm reads it,
    loading and dropping the adapter).
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

    def load(self):
        """The adapter, loaded now if it is not."""
        if self.real is None:
            from hardware.radio import linkup

            self.real = linkup.make_duel(self.profile)
        return self.real

    def __getattr__(self, name):
        if name in _STARTS:  # a duel starts in a fresh VM (hardware.relaunch), before the radio
            self.profile.fresh(_STARTS.index(name))  # (raises hardware.relaunch.Relaunch)
        return getattr(self.load(), name)

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
        self.offer = real.resumable()  # the adapter's answer, kept: the title asks each time
        self.real = real = None
        from hardware.radio import linkup

        linkup.drop(self.profile)  # the link, the BLE modules, the adapter's and linkup's
        return self.offer
