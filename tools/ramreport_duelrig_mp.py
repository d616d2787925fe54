"""Runs ON MicroPython, imported by tools/ramreport_mp.py before its baseline (the harness's code
is not a board's): what the duels that script plays after its game stand on, and the game it
plays after them.

The link under a duel is doubles.linksim's; ``DuelRig`` makes and holds the board's BLE objects
beside it as a board holds them (the radio, the link with its UART service), and while the link
is finding its peer (the lobby; the dropped connection) what a board's link holds then
(hardware.radio.blefind and an advertisement: made, and dropped when the link is up). linksim's
module and its links are not a board's (its link is the BleLink held beside it, with the native
objects): they are made as the stand-ins are, the baseline moving by what they add
(``DuelRig.linksim``); what the links hold later (bytes in flight) counts. The peer is a bare Duel
(seabattle.duel.protocol) in this same VM: its share of the heap is measured at the end of each
duel (dropped, after the verdict) and subtracted from that duel's figures; the phases' modules it
loads or drops are put back as the board's side had them after each move (``as_it_was``).

Nothing here imports a game's module at its own import: that would move it before the baseline.
"""

import gc
import sys

from ramreport_rig_mp import Rng, busy, collect, first_free


def radio_stand_ins():
    """The stand-ins of _bleio and __future__ imported twice: the first import interns their
    names and is dropped (the names stay: a duel needs the pool of names a board opens there for
    its own, which these names open here), the second is the module code a board has in flash.
    Returns what the second adds: the baseline moves by it."""
    from seabattle.compat import forget

    import __future__  # noqa: F401  (built in on CircuitPython; adafruit_ble imports it)
    import _bleio  # noqa: F401

    for k in ("_bleio", "__future__", "hardware.desktop.bleio", "hardware.desktop.blegatt", "hardware.desktop.bleair",
              "hardware.desktop"):
        forget(k)
    _bleio = __future__ = None
    collect()
    before = gc.mem_alloc()
    import __future__  # noqa: F401,F811
    import _bleio  # noqa: F811

    collect()
    return gc.mem_alloc() - before


# the modules a Duel loads for a moment or a phase (the peer's placing too): none of its
# objects keeps them, so the peer's can go again after each of its moves
PEER_LOADS = ("seabattle.duel.setup", "seabattle.duel.handshake", "seabattle.duel.shots", "seabattle.duel.results",
              "seabattle.duel.reveal", "seabattle.duel.verify", "seabattle.fleetcheck", "seabattle.placement",
              "seabattle.rulescheck")


def as_it_was(mods):
    """The modules the board's side had before the peer moved: the phase's modules the peer
    loaded go, what it dropped (its phase over before the board's) comes back, the same
    objects. (The protocol's core, which the peer may load first, stays: the board's side
    loads it too.)"""
    from seabattle.compat import forget

    for k in PEER_LOADS:
        if k in sys.modules and k not in mods:
            forget(k)
    for k in mods:
        if k not in sys.modules:
            sys.modules[k] = mods[k]
            i = k.rfind(".")
            if i > 0 and k[:i] in sys.modules:
                setattr(sys.modules[k[:i]], k[i + 1:], mods[k])


class DuelRig:
    """The board's side of the duels (its BLE objects, the lobby's ``linker``, the Duel's hooks
    over linksim's clock) and the peer; ``step``, ``sample`` and ``act`` drive a duel a frame or an
    action at a time, keeping each screen's most in ``stage_duel`` (``alone``: the lobby's samples
    before the peer is made, none of its share to subtract)."""

    def __init__(self, profile, flow, saver, renderer, sample, act, role, mode, peer_saved):
        """The script's objects and its ``sample`` (the live heap) and ``act`` (an action, sampled),
        its ROLE and MODE, the peer's saved state (resuming) or None; ``make_links`` makes the links
        (not here: this frame is large, see ``make_links``)."""
        self.stage_duel = {"duel_gone": 0, "duel": 0, "duel_host": 0, "duel_join": 0, "place": 0, "duel_wait": 0,
                           "duel_code": 0, "battle": 0, "duel_reconnect": 0, "end": 0}
        self.alone = dict(self.stage_duel)
        from adafruit_ble import BLERadio
        from hardware.radio.ble import BleLink
        from seabattle.compat import forget

        import _bleio

        self.profile = profile
        self.keeper = profile.keeper
        self.flow = flow
        self.saver = saver
        self.renderer = renderer
        self.heap_sample = sample
        self.flow_act = act
        self.role = role
        self.mode = mode
        self.peer_saved = peer_saved
        _bleio.adapter = _bleio.Adapter()
        link = BleLink(BLERadio(), lambda: 0)
        link.code = "KIT4"
        link.role = role
        link._find().local(link)  # a host's own UART service (its native buffer and characteristic, as
        forget("hardware.radio.blefind")  # host() keeps; hardware.radio.blefind: what find() holds, below)
        BLERadio = None  # the link holds the radio, as on a board
        profile.link = link  # the board's link (hardware.radio.linkup.start_link makes it there)
        self.link = link

        class PeerService:
            """A joiner's view of the peer's UART service, as blefind.bare takes it: its native
            receive buffer and transmit characteristic (here the local service's: the stand-in
            has no second device)."""

            _rx = link._local[0]

            class _tx:
                bound_characteristic = link._local[1]

        self.PeerService = PeerService
        if role != "host":  # a joiner has no service of its own
            link._local = link._rx = link._tx = None
            link._uart = PeerService()
        self.linksim = 0  # what the links add (made by ``make_links``)
        self.clock = None
        self.sims = None
        self.sim = None
        self.finding = None  # what a board's link holds while it finds its peer
        # when the peer is found (ms): until then the link is down (a board's BleLink is not READY:
        # hosting, it advertises; joining, it connects and trades HELLOs), and then found() lets go
        # of what found it before the duel sees the link up, as BleLink.poll does on a board
        # (blefind.poll_host/poll_join: READY, bare, drop) before the loop's next Flow.tick
        self.found_at = 0
        self.peer = None
        self.peer_rng = None
        self.linker = Linker(self)

    def make_links(self, duels):
        """doubles.linksim's clock and one link per duel; ``linksim``: what they add. linksim is
        imported twice as the stand-ins: the first import interns its names (kept: a board's link
        interns its own), the second, with the links made, is what the baseline moves by (given
        back when they go, before the game after the duels). Called from the script's level:
        it collects, and on the WASI VM a collection under a frame whose state the VM put on
        the heap (more than 11 words: __init__'s) frees that state, which only a WebAssembly
        local points to."""
        from doubles import linksim
        from seabattle.compat import forget

        linksim = None
        forget("doubles.linksim")
        collect()
        self.linksim = gc.mem_alloc()
        from doubles import linksim  # noqa: F811

        self.clock = linksim.Clock()
        self.sims = [linksim.LinkSim(self.clock, seed=3 + i) for i in range(duels)]
        self.sim = self.sims[0]
        collect()
        self.linksim = gc.mem_alloc() - self.linksim

    def find(self, ms=0):
        """The link finds its peer: hardware.radio.blefind, the radio (made again if frames were
        flowing) and an advertisement (the host's; a joiner's scan holds one like it). With
        ``ms``: the link is down until the peer is found that much later (``found``)."""
        link = self.link
        if ms:
            self.found_at = self.clock() + ms
            self.sim.disconnect(100000000)  # (down until found(); a small int on 32 bits)
        if self.finding is None:  # (the joiner's connect: its scan's)
            # (the lobby's link has its radio and adafruit_ble; finding the peer again after a
            # drop holds neither: hardware.radio.blefind only, see its docstring)
            finder = link._find()  # (the host's advertisement is hardware.radio.blead's, which blefind loads)
            self.finding = finder.blead.advertisement(link) if link.radio is not None else finder
        if self.role != "host" and link._uart is None:  # the peer's service found again (its buffers)
            link._uart = self.PeerService()

    def found(self):
        """Frames flow: the link keeps only what carries them (blefind.bare) and drops
        hardware.radio.blefind, as blefind.poll_host/poll_join do; then it is up."""
        self.finding = None
        self.found_at = 0
        from hardware.radio import blefind

        blefind.bare(self.link)
        blefind.drop()
        blefind = None
        self.sim._up_at = self.clock()  # (LinkSim.advance: up at its next call)

    def make(self, link, role, rules):
        from hardware.radio import duelhooks
        from seabattle.duel import protocol as duel

        keeper = self.keeper
        return duel.Duel(link, self.clock, self.profile.rng, role, "Маша", rules,
                         lambda data: duelhooks.duel_store(keeper, data, "KIT4"))

    def load_saved(self, data, link, gone_ms=None):  # (hardware.radio.duelhooks.hooks' load, over linksim's clock)
        from hardware.radio import duelhooks
        from seabattle.duel import protocol as duel

        keeper = self.keeper
        return duel.Duel.load(data, link, self.clock, self.profile.rng,
                              lambda data: duelhooks.duel_store(keeper, data, "KIT4"),
                              duel.GONE_MS if gone_ms is None else gone_ms)

    def peer_moves(self):
        if self.peer is None:
            from seabattle.duel import protocol as duel

            if self.peer_saved is not None:  # (the peer's side of a resumed duel: where it was)
                self.peer = duel.Duel.load(self.peer_saved, self.sim.ends[1], self.clock, Rng(11))
            else:
                self.peer = duel.Duel(self.sim.ends[1], self.clock, Rng(11), 1 if self.role == "host" else 0,
                                      "Петя", self.flow.rules)
            duel = None
        peer = self.peer
        for ev in peer.poll():
            if ev[0] == "hello":
                from seabattle import placement

                peer.set_fleet(placement.random_fleet(peer.rules, self.peer_rng))
                placement = None
        if peer.my_turn():
            sq = first_free(peer.view)
            if sq >= 0:
                peer.fire(sq)

    def step(self):
        flow = self.flow
        self.clock.tick(10)
        flow.tick(self.clock())
        self.saver.poll()
        # the peer: once the link is up (found), as the board's side is made by then: made while
        # the lobby still holds the BLE objects, its protocol's code came on top of them here,
        # as a board's did only while it made its Duel at once (seabattle.duel.adapter)
        if self.peer is not None or (self.finding is None and self.mode != "alone" and (
                flow.name in ("duel_host", "duel_join") or self.peer_saved is not None)):
            mods = dict(sys.modules)
            self.peer_moves()
            as_it_was(mods)
            mods = None
        self.renderer.update(flow.screen)
        if self.finding is not None and self.found_at and self.clock() >= self.found_at:
            self.found()  # (a board's loop: BleLink.poll after the frame, in BoardProfile.sleep)

    def sample(self):
        used = self.heap_sample()
        # (the lobby's samples before the peer is made: none of its share to subtract)
        seen = self.stage_duel if self.peer is not None else self.alone
        name = self.flow.name
        if name in seen and used > seen[name]:
            seen[name] = used

    def act(self, a):
        self.flow_act(a)
        self.sample()

    def drop(self):
        """After the duels: what only this script held for them goes (a board has none of it: the
        linksim links, the peer, the stand-in's service for a joiner)."""
        self.link = self.finding = self.linker = self.sims = self.sim = self.peer = self.PeerService = None
        self.clock = self.stage_duel = self.alone = None


class Linker:
    """What a board's BleLinker gives the duel screens (a lobby, then the link)."""

    link = None

    def __init__(self, rig):
        self.rig = rig

    def host(self, code=None):
        from seabattle.compat import forget

        # the lobby advertises (1 s) until the peer connects and says HELLO ("alone": never)
        self.rig.find(100000000 if self.rig.mode == "alone" else 1000)
        self.link = self.rig.sim.ends[0]
        forget("hardware.radio.linkup")  # the link chosen, as hardware.radio.duelhooks.LazyLinker
        return "KIT4"

    def scan(self):
        if self.rig.finding is None:
            self.rig.find()
        return ["KIT4"]

    def connect(self, code):
        from seabattle.compat import forget

        self.rig.find(200)  # connected, the HELLOs (still finding: the scan's)
        self.link = self.rig.sim.ends[0]
        forget("hardware.radio.linkup")

    def rejoin(self, code):  # a saved duel's joiner looks for its host again
        self.connect(code)

    def release(self):  # as hardware.radio.duelhooks.LazyLinker.release: the radio goes
        self.link = self.rig.finding = None
        from hardware.radio import linkup

        linkup.drop(self.rig.profile)
        linkup = self.rig.link = None

    def cancel(self):
        self.link = None


class GameAfterDuels:
    """A game against the computer after the duels, at the first game's level: from the last
    duel's end screen to the title (no duel going on: the board lets its link and the BLE modules
    go, hardware.radio.linkup.drop) and a whole game, as the first; ``play()`` is True if it ended.
    The duels' interned names stay (never freed: a board's too). The script's objects are this
    object's fields and each method has few locals: its ``sample`` collects, and on the WASI VM a
    collection under a frame whose state the VM put on the heap (more than 11 words) frees that
    state, which only a WebAssembly local points to."""

    def __init__(self, script):
        """``script``: the namespace of tools/ramreport_mp.py (its flow, renderer, saver, profile,
        act, goto, sample, QUICK and now)."""
        self.flow = script["flow"]
        self.renderer = script["renderer"]
        self.saver = script["saver"]
        self.profile = script["profile"]
        self.act = script["act"]
        self.goto = script["goto"]
        self.sample = script["sample"]
        self.quick = script["QUICK"]
        self.now = script["now"]

    def frame(self):
        self.now += 500
        self.flow.tick(self.now)
        self.saver.poll()
        self.renderer.update(self.flow.screen)
        self.sample()

    def start(self):
        from seabattle import ui

        flow = self.flow
        self.act(ui.MENU)  # the end screen's menu: the title
        print("the link held on the title after the duels:", self.profile.link is not None)
        while flow.keys[flow.screen.selected] != "play":
            self.act(ui.DOWN)
        self.act(ui.FIRE)  # play
        self.act(ui.FIRE)  # the level (the first game's, selected)
        self.act(ui.SWITCH)  # auto-place
        self.act(ui.FIRE)  # start

    def play(self):
        self.start()
        while self.flow.name == "making":
            self.flow.tick(self.now)
            self.renderer.update(self.flow.screen)
            self.sample()
        self.battle()
        for _ in range(20):
            if self.flow.name != "battle":
                break
            self.frame()
        return self.flow.name == "end" and self.flow.match.over()

    def battle(self):
        from seabattle.ui import FIRE

        match = self.flow.match
        fired = 0
        while self.flow.name == "battle" and fired < 400 and not match.over():
            if match.my_turn() and self.flow.wait_until < 0 and (self.quick or not busy(match.opponent)):
                self.goto(first_free(match.view), self.flow.aim)
                self.act(FIRE)
                fired += 1
            else:
                self.frame()
