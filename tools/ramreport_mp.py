"""Runs ON MicroPython (the unix port or the WASI build, started by tools/ramreport.py): loads
what a board loads, plays a whole game against the computer through the screens, and prints
heap figures. Arguments: width height ble|no font-path [level: 0 easy, 1 normal, 2 hard]
[role: host|join|game] [pad: 16-byte blocks] [fresh: with ble, the duels start from the title
at once]. Role "game": with ble, the game alone, no duel after it (the same game, its figures
within the heap layouts' noise, in a fraction of the time).

Prints ``startup BYTES``, ``peak BYTES`` (live objects after gc.collect(), sampled after every
action) and ``ok``. Board-only modules come from tools/mpstubs (displayio keeps the same
buffers a board keeps; nothing is drawn).
"""

import gc
import sys

W = int(sys.argv[1]) if len(sys.argv) > 1 else 160
H = int(sys.argv[2]) if len(sys.argv) > 2 else 128
BLE = len(sys.argv) > 3 and sys.argv[3] == "ble"

# The stand-ins for a board's native modules (tools/mpstubs, hardware/desktop/bleio.py) are
# imported before the baseline: on a board these modules are C code in flash and cost no heap,
# while here their Python code would count (~21 KB for _bleio's stand-in on the 32-bit VM). The
# objects they make during the run (bitmaps, palettes, groups, characteristics) still count.
import board  # noqa: E402,F401
import displayio  # noqa: E402,F401
import fontio  # noqa: E402,F401
import microcontroller  # noqa: E402,F401
import terminalio  # noqa: E402,F401
import vectorio  # noqa: E402,F401

# _bleio's and __future__'s (a board with a radio) are imported when the duel starts, after the
# game against the computer, which never imports adafruit_ble: what they add then moves the
# baseline (BASE), so they are not counted there either, and the game's interned names are a
# board's (a board keeps the native modules' names in flash: here their ~150 names would open a
# pool of ~9 KB in the middle of the game)

# microcontroller.nvm is flash behind a small native object on a board, not 8 KB of heap: its
# stand-in is made before the baseline too (the Store reads records out of it by slices)
NVM = bytearray(b"\xff" * 8192)
# "prep" and "resume" (tools.ramreport's resumed duel, host): "prep" plays a fresh duel until
# 20 shots into its battle and prints the board's nvm and the peer's state there (a reset: the
# duel as the nvm kept it); "resume" starts a fresh VM from that nvm, as a board starts after the
# reset, and continues the duel from the title's «Продолжить дуэль», the peer loaded from its state
MODE = sys.argv[8] if len(sys.argv) > 8 else ""
PEER_SAVED = None
if MODE in ("resume", "alone"):  # ("alone": the peer never comes back)
    import binascii

    # (a file: the port fails on an argument that long; no ``with``: at the module's level it
    # made the WASI build trap at once, out of bounds, even in runs that never reach it)
    f = open(sys.argv[9])
    NVM[:] = binascii.unhexlify(f.readline().split()[1])
    PEER_SAVED = binascii.unhexlify(f.readline().split()[1])
    f.close()
    binascii = f = None



class _GameGc:
    """The gc module the game imports. The game collects before compiling a level's module
    (seabattle.screens.levels), deep in its own calls: on the wasm VM such a collection can free
    objects only WebAssembly locals point to (see tools/ramreport.py), so the game's own
    requests are skipped here, on both VMs alike; sample() collects between steps, where it is
    safe, and the live heap it reports does not depend on when garbage was collected."""

    @staticmethod
    def collect():
        pass


sys.modules["gc"] = _GameGc

# the most live heap seen on each screen (flow.name), its keys made before the baseline
by_screen = {"title": 0, "level": 0, "place": 0, "making": 0, "battle": 0, "end": 0}


def _collect():
    """Collect twice. The WASI VM's collector is conservative: a collection can keep an
    object alive through a stale word (a spilled register, an old stack slot) that the next
    one no longer sees. Measured: the baseline's one collection kept ~8 KB of this script's
    start-up garbage alive, which the next collection freed, so every figure measured from it
    read ~8 KB low (and defining one more class before it moved them all by those 8 KB)."""
    gc.collect()
    gc.collect()


# The harness's own code and the stand-ins for a board's native display and random source
# (a board's are C objects, its code is not the game's) are made before the baseline, as the
# stand-in modules above are: only the objects they make later count
peak = 0
most = 0  # the most ever allocated (garbage included): below the heap size, no collection but
# ours ran (tools/ramreport.py needs that on its wasm VM, whose automatic collections are unsafe)
BASE = 0


def sample():
    global peak, most
    most = max(most, gc.mem_alloc())
    _collect()
    used = gc.mem_alloc() - BASE
    f = globals().get("flow")
    if f is not None and hasattr(f, "name") and used > by_screen.get(f.name, used):
        by_screen[f.name] = used
    if used > peak:
        peak = used
    return used


class Display:
    def __init__(self, w, h):
        self.width, self.height = w, h
        self.root_group = None

    def refresh(self):
        pass


class Rng:
    def __init__(self, seed=7):
        self.state = seed

    def randrange(self, n):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x % n


stages = []


def stage(name):
    stages.append((name, sample()))


def act(a):
    flow.act(a)
    saver.poll()  # the game is saved after each result, as app.run does
    renderer.update(flow.screen)
    sample()


def goto(square, cursor):
    w = flow.rules.width
    dx = square % w - cursor % w
    dy = square // w - cursor // w
    for _ in range(abs(dx)):
        act(ui.RIGHT if dx > 0 else ui.LEFT)
    for _ in range(abs(dy)):
        act(ui.DOWN if dy > 0 else ui.UP)


# The names this script binds while the game runs, bound now: its globals dict grows to hold
# them here, not in the middle of the game (on a board, hardware.app.run holds these objects in
# its frame on the stack; the objects themselves still count when they are made)
_flow = app = render = storeread = Cues = ui = forget = store = Keeper = BoardContract = keeper = Profile = font = None
profile = renderer = flow = saver = buttons = actions = startup = now = LEVEL = LEVELS = shots = None
game_peaks = None
view = target = sq = ended = None

# The heap's layout: PAD blocks of 16 bytes kept alive below everything the game makes. The
# collector is conservative, so which garbage a stale word keeps alive depends on where objects
# lie: tools/ramreport.py plays the same game over a few layouts and reports the median (one
# layout read 82.5 KB where five others read 78.0-78.1)
PAD = bytearray(16 * (int(sys.argv[7]) if len(sys.argv) > 7 else 0))
_collect()
BASE = gc.mem_alloc()


from seabattle.screens import flow as _flow  # noqa: E402,F401
stage("engine+screens flow")
from hardware import app  # noqa: E402
from hardware.display import render
stage("renderer+libraries")
from hardware import storeread  # noqa: E402
from hardware.sound import Cues  # noqa: E402
from seabattle import ui  # noqa: E402
from seabattle.compat import forget  # noqa: E402

store = storeread.open_store(NVM)
storeread = None
forget("hardware.storeread")  # read once, as hardware.startup does
from hardware.boards.common import Keeper, Profile as BoardContract  # noqa: E402

keeper = Keeper(store)
# a board imports adafruit_ble and makes the link only when a duel menu is first used
# (hardware.radio.duelhooks.LazyLinker), and the duel adapter and linkup itself only when a duel
# is chosen (hardware.radio.lazyduel.LazyDuel): a game against the computer holds neither


class Profile(BoardContract):
    display = Display(W, H)
    keeper = keeper
    on_records = keeper.on_records
    scheme = "dpad"
    rng = Rng()
    sounds = Cues()


stage("storage+sound")
font = render.load_font(sys.argv[4] if len(sys.argv) > 4 else "fonts/seabattle-12.bdf")
stage("font")
profile = Profile()
if BLE:  # a board that can host or join holds a LazyDuel from start-up (hardware.startup.build)
    from hardware.radio.lazyduel import LazyDuel

    profile.ms = lambda: 0
    profile.fresh = lambda intent: None  # (BoardProfile.fresh: this VM is fresh, no reload)
    profile.player = profile.name = "Маша"
    profile.link = None
    profile.duel = LazyDuel(profile)
    LazyDuel = None
renderer, flow = app.build(profile, font)
saver = app.Saver(keeper, flow)
# what hardware.app.run holds besides: the buttons with the board's scheme, the actions' list
buttons = app.Buttons(profile.scheme)
actions = []
stage("screens built")
startup = sample()

now = 0.0


# the levels of the games played one after another ("0,2": the hard level after an easy game,
# as a board plays it without hardware.relaunch; "2": the hard level in a fresh VM)
# ("2q": the player fires at once, see QUICK)
LEVELS = [int(x) for x in sys.argv[5].replace("q", "").split(",")] if len(sys.argv) > 5 else [0]
LEVEL = LEVELS[0]
# the player fires the moment it is their turn: the hard level's work after a miss is cut short
# by its patience (seabattle.ai.hard.player.Hard.hurry); else the player waits until that work is done
QUICK = len(sys.argv) > 5 and "q" in sys.argv[5]


def busy(op):
    return hasattr(op, "busy") and op.busy()
# "fresh": no game before the duel (or the hard level): the VM starts into it as a board would
# after supervisor.reload() (hardware.relaunch), its heap holding none of an earlier screen's
# garbage and its names' pools only start-up's
FRESH = MODE in ("fresh", "prep", "resume", "alone")
if FRESH and BLE:
    shots = 0
    ended = over = True
    # what a board's start-up after the reload loads for a moment (hardware.appstart):
    # hardware.relaunch, whose names stay
    __import__("hardware.relaunch")
    sys.modules.pop("hardware.relaunch")
    del sys.modules["hardware"].relaunch
else:
    game_peaks = []
    for LEVEL in LEVELS:
        if game_peaks:  # the next game: from the end screen's menu to the title's "play"
            act(ui.MENU)
            while flow.keys[flow.screen.selected] != "play":
                act(ui.DOWN)
        peak = 0
        act(ui.FIRE)  # play
        while flow.screen.selected != LEVEL:
            act(ui.DOWN if flow.screen.selected < LEVEL else ui.UP)
        act(ui.FIRE)  # level
        act(ui.SWITCH)  # auto-place
        act(ui.FIRE)  # start
        while flow.name == "making":  # the computer places its fleet, a step a frame
            flow.tick(now)
            renderer.update(flow.screen)
            sample()
        shots = 0
        while flow.name == "battle" and shots < 400:
            if flow.match.over():
                break
            # a player who takes their time: fires once the computer's work after its answer is
            # done (a frame here is 0.5 s, a board steps that work ~5-10 times as often; a player
            # who fires at once meets the hard level's hurried moves: QUICK)
            if flow.match.my_turn() and flow.wait_until < 0 and (QUICK or not busy(flow.match.opponent)):
                view = flow.match.view
                target = -1
                for sq in range(len(view.cells)):
                    if view.can_fire(sq):
                        target = sq
                        break
                goto(target, flow.aim)
                act(ui.FIRE)
                shots += 1
            else:
                now += 0.5
                flow.tick(now)
                saver.poll()
                renderer.update(flow.screen)
                sample()
        for _ in range(20):  # on to the end screen (statistics, the habits learnt from my fleet)
            if flow.name != "battle":
                break
            now += 0.5
            flow.tick(now)
            saver.poll()
            renderer.update(flow.screen)
            sample()
        ended = flow.name == "end"
        game_peaks.append(peak)
    peak = max(max(game_peaks), startup)
    print("game peaks", " ".join("%d" % v for v in game_peaks))
if BLE:  # what the game held of the duel (nothing: LazyDuel loads it when a duel is chosen)
    print("the duel's code held by the game:",
          " ".join(k for k in ("seabattle.duel.adapter", "hardware.radio.linkup") if k in sys.modules))
    import micropython  # noqa: E402

    micropython.qstr_info()  # the game's names (printed again at the end with a duel's)
ROLE = sys.argv[6] if len(sys.argv) > 6 else "host"
DUELS = 1 if MODE in ("prep", "resume", "alone") else 3  # duels played after the game (see "several duels" below)
if BLE and ROLE != "game":  # (ROLE "game": a radio board's game alone, no duel after it)
    # a duel after that game, as a board plays it (host, or join with ROLE "join"): the end
    # screen's menu -> the title -> the duel menu -> host (join: the lobby found, chosen); the
    # fleet auto-placed, the match code, the battle (with one dropped connection and its
    # reconnection) and the end screen with the verdict, all through the flow and the renderer.
    # The link under the duel is doubles.linksim's; the board's BLE objects are made and held
    # beside it as a board holds them (the radio, the link with its UART service), and while the
    # link is finding its peer (the lobby; the dropped connection) so is what a board's link
    # holds then (hardware.radio.blefind and an advertisement: made, and dropped when the link is up).
    # linksim's module and its links are not a board's (its link is the BleLink held beside it,
    # with the native objects): they are made as the stand-ins are, the baseline moving by what
    # they add (below); what the links hold later (bytes in flight) counts. The peer is a bare Duel
    # (seabattle.duel.protocol) in this same VM: its share of the heap is measured at the end of each
    # duel (dropped, after the verdict) and subtracted from that duel's figures; the phases'
    # modules it loads or drops are put back as the board's side had them after each move.
    game_peak = peak
    game_screens = dict(by_screen)
    over = FRESH or flow.match.over()
    # the stand-ins of _bleio and __future__, imported twice: the first import interns their
    # names and is dropped (the names stay: a duel needs the pool of names a board opens there
    # for its own, which these names open here), the second is the module code a board has in
    # flash: the baseline moves by what it adds
    from seabattle.compat import forget

    import __future__  # noqa: F401  (built in on CircuitPython; adafruit_ble imports it)
    import _bleio

    for k in ("_bleio", "__future__", "hardware.desktop.bleio", "hardware.desktop"):
        forget(k)
    _bleio = __future__ = None
    _collect()
    BASE -= gc.mem_alloc()
    import __future__  # noqa: F401,F811
    import _bleio  # noqa: F811

    _collect()
    BASE += gc.mem_alloc()
    stage_duel = {"duel_gone": 0, "duel": 0, "duel_host": 0, "duel_join": 0, "place": 0, "duel_wait": 0, "duel_code": 0,
                  "battle": 0, "duel_reconnect": 0, "end": 0}
    alone = dict(stage_duel)  # each screen's most while the peer is not made yet (the lobby)
    from adafruit_ble import BLERadio
    from hardware.radio.ble import BleLink

    _bleio.adapter = _bleio.Adapter()

    link = BleLink(BLERadio(), lambda: 0)
    link.code = "KIT4"
    link.role = ROLE
    link._find().local(link)  # a host's own UART service (its native buffer and characteristic, as
    forget("hardware.radio.blefind")  # host() keeps; hardware.radio.blefind: what find() holds, below)
    BLERadio = None  # the link holds the radio, as on a board
    profile.link = link  # the board's link (hardware.radio.linkup.start_link makes it there)

    class PeerService:
        """A joiner's view of the peer's UART service, as blefind.bare takes it: its native
        receive buffer and transmit characteristic (here the local service's: the stand-in
        has no second device)."""

        _rx = link._local[0]

        class _tx:
            bound_characteristic = link._local[1]

    if ROLE != "host":  # a joiner has no service of its own
        link._local = link._rx = link._tx = None
        link._uart = PeerService()
    # doubles.linksim, imported twice as the stand-ins above: the first import interns its
    # names (kept: a board's link interns its own), the second, with the links made, is what
    # the baseline moves by (LINKSIM: given back when they go, before the game after the duels)
    from doubles import linksim

    linksim = None
    forget("doubles.linksim")
    _collect()
    LINKSIM = gc.mem_alloc()
    from doubles import linksim  # noqa: F811

    clock = linksim.Clock()
    sims = [linksim.LinkSim(clock, seed=3 + i) for i in range(DUELS)]  # one link per duel
    sim = sims[0]
    _collect()
    LINKSIM = gc.mem_alloc() - LINKSIM
    BASE += LINKSIM
    finding = None  # what a board's link holds while it finds its peer
    # when the peer is found (ms): until then the link is down (a board's BleLink is not READY:
    # hosting, it advertises; joining, it connects and trades HELLOs), and then found() lets go
    # of what found it before the duel sees the link up, as BleLink.poll does on a board
    # (blefind.poll_host/poll_join: READY, bare, drop) before the loop's next Flow.tick
    found_at = 0

    def find(ms=0):
        """The link finds its peer: hardware.radio.blefind, the radio (made again if frames were
        flowing) and an advertisement (the host's; a joiner's scan holds one like it). With
        ``ms``: the link is down until the peer is found that much later (``found``)."""
        global finding, found_at
        if ms:
            found_at = clock() + ms
            sim.disconnect(100000000)  # (down until found(); a small int on 32 bits)
        if finding is None:  # (the joiner's connect: its scan's)
            # (the lobby's link has its radio and adafruit_ble; finding the peer again after a
            # drop holds neither: hardware.radio.blefind only, see its docstring)
            finding = link._find().advertisement(link) if link.radio is not None else link._find()
        if ROLE != "host" and link._uart is None:  # the peer's service found again (its buffers)
            link._uart = PeerService()

    def found():
        """Frames flow: the link keeps only what carries them (blefind.bare) and drops
        hardware.radio.blefind, as blefind.poll_host/poll_join do; then it is up."""
        global finding, found_at
        finding = None
        found_at = 0
        from hardware.radio import blefind

        blefind.bare(link)
        blefind.drop()
        blefind = None
        sim._up_at = clock()  # (LinkSim.advance: up at its next call)

    class Linker:  # what a board's BleLinker gives the duel screens (a lobby, then the link)
        link = None

        def host(self, code=None):
            find(100000000 if MODE == "alone" else 1000)  # the lobby advertises (1 s) until the peer
            # connects and says HELLO ("alone": never)
            self.link = sim.ends[0]
            forget("hardware.radio.linkup")  # the link chosen, as hardware.radio.duelhooks.LazyLinker
            return "KIT4"

        def scan(self):
            if finding is None:
                find()
            return ["KIT4"]

        def connect(self, code):
            find(200)  # connected, the HELLOs (still finding: the scan's)
            self.link = sim.ends[0]
            forget("hardware.radio.linkup")

        def rejoin(self, code):  # a saved duel's joiner looks for its host again
            self.connect(code)

        def release(self):  # as hardware.radio.duelhooks.LazyLinker.release: the radio goes
            global link, finding
            self.link = finding = None
            from hardware.radio import linkup

            linkup.drop(profile)
            linkup = link = None

        def cancel(self):
            self.link = None

    def make(link, role, rules):
        from hardware.radio import duelhooks
        from seabattle.duel import protocol as duel

        return duel.Duel(link, clock, Profile.rng, role, "Маша", rules,
                         lambda data: duelhooks.duel_store(keeper, data, "KIT4"))

    def load_saved(data, link, gone_ms=None):  # (hardware.radio.duelhooks.hooks' load, over linksim's clock)
        from hardware.radio import duelhooks
        from seabattle.duel import protocol as duel

        return duel.Duel.load(data, link, clock, Profile.rng, lambda data: duelhooks.duel_store(keeper, data, "KIT4"),
                              duel.GONE_MS if gone_ms is None else gone_ms)

    linker = Linker()

    def peer_moves():
        global peer
        if peer is None:
            from seabattle.duel import protocol as duel

            if PEER_SAVED is not None:  # (the peer's side of a resumed duel: where it was)
                peer = duel.Duel.load(PEER_SAVED, sim.ends[1], clock, Rng(11))
            else:
                peer = duel.Duel(sim.ends[1], clock, Rng(11), 1 if ROLE == "host" else 0, "Петя", flow.rules)
            duel = None
        for ev in peer.poll():
            if ev[0] == "hello":
                from seabattle import placement

                peer.set_fleet(placement.random_fleet(peer.rules, peer_rng))
                placement = None
        if peer.my_turn():
            cells = peer.view.cells
            for sq in range(len(cells)):
                if peer.view.can_fire(sq):
                    peer.fire(sq)
                    break

    # the modules a Duel loads for a moment or a phase (the peer's placing too): none of its
    # objects keeps them, so the peer's can go again after each of its moves
    PEER_LOADS = ("seabattle.duel.setup", "seabattle.duel.shots", "seabattle.duel.reveal", "seabattle.duel.verify",
                  "seabattle.fleetcheck", "seabattle.placement", "seabattle.rulescheck")

    def as_it_was(mods):
        """The modules the board's side had before the peer moved: the phase's modules the peer
        loaded go, what it dropped (its phase over before the board's) comes back, the same
        objects. (The protocol's core, which the peer may load first, stays: the board's side
        loads it too.)"""
        for k in PEER_LOADS:
            if k in sys.modules and k not in mods:
                forget(k)
        for k in mods:
            if k not in sys.modules:
                sys.modules[k] = mods[k]
                i = k.rfind(".")
                if i > 0 and k[:i] in sys.modules:
                    setattr(sys.modules[k[:i]], k[i + 1:], mods[k])

    def step_duel():
        clock.tick(10)
        flow.tick(clock() / 1000.0)
        saver.poll()
        # the peer: once the link is up (found), as the board's side is made by then: made while
        # the lobby still holds the BLE objects, its protocol's code came on top of them here,
        # as a board's did only while it made its Duel at once (seabattle.duel.adapter)
        if peer is not None or (finding is None and MODE != "alone" and (flow.name in ("duel_host", "duel_join") or PEER_SAVED is not None)):
            mods = dict(sys.modules)
            peer_moves()
            as_it_was(mods)
            mods = None
        renderer.update(flow.screen)
        if finding is not None and found_at and clock() >= found_at:
            found()  # (a board's loop: BleLink.poll after the frame, in BoardProfile.sleep)

    def sample_duel():
        used = sample()
        # (the lobby's samples before the peer is made: none of its share to subtract)
        seen = stage_duel if peer is not None else alone
        if flow.name in seen and used > seen[flow.name]:
            seen[flow.name] = used

    def act_duel(a):
        act(a)
        sample_duel()

    # several duels, each with other random bytes (nonces, seeds, commitments) and link timing:
    # the collector is conservative and the WASI VM's 8 MB heap sits at low addresses, so a
    # random word in a buffer often looks like a pointer and keeps some garbage alive, a few KB
    # that differ from duel to duel; the least of the duels' figures for each screen is the
    # closest to what the screen holds (the most is printed too). The duels are played at the
    # module's level, not in a function: one call deeper, compiling a module as the lobby loads
    # it overflows the WASI build's C stack
    finished = True
    peaks = []  # each duel's peak (the first: a fresh VM's with "fresh")
    least = {}
    most_seen = {}
    costs = []
    for n in range(DUELS):  # duel n: from the title's menu (or a duel's end) to the verdict
        for k in stage_duel:
            stage_duel[k] = alone[k] = 0
        peer = None
        peer_rng = Rng(13 + n)
        sim = sims[n]
        if n == 0:
            if not FRESH:
                act_duel(ui.MENU)  # the end screen's menu: the title
            while flow.keys[flow.screen.selected] != ("duel_continue" if MODE in ("resume", "alone") else "duel"):
                act_duel(ui.DOWN)
        act_duel(ui.FIRE)  # the duel menu (after a duel's end: no rematch on that connection);
        if ROLE != "host" and MODE not in ("resume", "alone"):  # resuming: the saved duel's menu (resume first)
            act_duel(ui.DOWN)
        real = flow.duel.load()  # the adapter (LazyDuel loads it as the duel menu's choice asks for
        real.linker = linker  # it, and drops it on the title) over linksim
        real.make_duel = make
        real.load_duel = load_saved
        real = None
        act_duel(ui.FIRE)  # host, or join; resume
        steps = 0
        dropped = False
        fired = 0
        while flow.name != "end" and flow.name != "duel_gone" and steps < 200000:
            if flow.name in ("place", "duel_code") or (flow.name == "duel_join" and flow.screen.items):
                if flow.name == "place":
                    act_duel(ui.SWITCH)  # auto-place
                act_duel(ui.FIRE)  # the lobby chosen; to battle; the match code accepted
            elif flow.name == "battle" and flow.match.my_turn() and flow.wait_until < 0:
                view = flow.match.view
                target = -1
                for sq in range(len(view.cells)):
                    if view.can_fire(sq):
                        target = sq
                        break
                view = None
                goto(target, flow.aim)
                act_duel(ui.FIRE)
                fired += 1
                if fired == 20 and MODE == "prep":  # the board is reset: its nvm, the peer's state
                    import binascii

                    print("nvm", binascii.hexlify(NVM).decode())
                    print("peer", binascii.hexlify(peer.save()).decode())
                    print("most", most, gc.mem_alloc() + gc.mem_free())  # (tools/ramreport.py's check)
                    print("ok")
                    sys.exit(0)
                if fired == 20 and not dropped:  # the connection drops once, mid-battle
                    dropped = True
                    find(3000)
            step_duel()
            steps += 1
            if steps % 8 == 0:
                sample_duel()
        if MODE == "alone":  # the lobby gave up waiting: the duel ended, the opponent gone
            sample_duel()
            print("first duel screens", " ".join("%s:%d" % (k, v) for k, v in alone.items() if v > 0))
            print("duel peaks", max(alone.values()) if flow.name == "duel_gone" else 0)
            print("most", most, gc.mem_alloc() + gc.mem_free())
            print("ok")
            sys.exit(0)
        while flow.match.findings is None and steps < 200000:  # the fleets revealed and checked
            step_duel()
            steps += 1
            if steps % 8 == 0:
                sample_duel()
        sample_duel()
        finished = finished and flow.name == "end" and flow.match.findings == [] and stage_duel["duel_reconnect"] > 0
        # the peer's share of the heap (its Duel, channel, fleet, log): measured by dropping it
        with_peer = sample()
        peer = None
        cost = with_peer - sample()
        costs.append(cost)
        each = 0
        for k, v in stage_duel.items():
            v = max(v - cost, alone[k])
            stage_duel[k] = v
            if v > 0:
                each = max(each, v)
                least[k] = min(least.get(k, v), v)
                most_seen[k] = max(most_seen.get(k, 0), v)
        peaks.append(each)
        if n == 0:  # the first duel's screens, the one a board plays (label with spaces: no name)
            print("first duel screens", " ".join("%s:%d" % (k, v) for k, v in stage_duel.items() if v > 0))
        if n == 0 and FRESH:
            micropython.qstr_info()  # the names a board has during its first duel
    most_duel = 0
    for v in least.values():
        most_duel = max(most_duel, v)
    print("duelpeak", most_duel if finished else 0)
    print("duelscreens", " ".join("%s:%d" % (k, v) for k, v in least.items()))
    print("duelscreensmost", " ".join("%s:%d" % (k, v) for k, v in most_seen.items()))
    print("duelsub", max(costs))
    print("duel costs", " ".join("%d" % v for v in costs))  # (the peer's share, each duel)
    print("duel peaks", " ".join("%d" % v for v in peaks) if finished else "0")
    print("linksim", LINKSIM)
    # a game against the computer after the duels: from the last duel's end screen to the title
    # (no duel going on: the board lets its link and the BLE modules go, hardware.radio.linkup.drop)
    # and a whole game, as the first. What only this script held for the duels goes first (a
    # board has none of it: the linksim links, the peer, the stand-in's service for a joiner);
    # the duels' interned names stay (never freed: a board's too). Printed as "after the duels, a
    # game's peak" (its label has spaces: no name interned, so a game's count of names is as before)
    link = finding = linker = sims = sim = peer = PeerService = BleLink = make = clock = None
    costs = least = most_seen = stage_duel = alone = peaks = None
    forget("doubles.linksim")
    linksim = None
    BASE -= LINKSIM
    peak = 0
    act(ui.MENU)  # the end screen's menu: the title
    print("the link held on the title after the duels:", profile.link is not None)
    while flow.keys[flow.screen.selected] != "play":
        act(ui.DOWN)
    act(ui.FIRE)  # play
    act(ui.FIRE)  # the level (the first game's, selected)
    act(ui.SWITCH)  # auto-place
    act(ui.FIRE)  # start
    while flow.name == "making":
        flow.tick(now)
        renderer.update(flow.screen)
        sample()
    fired = 0
    while flow.name == "battle" and fired < 400 and not flow.match.over():
        if flow.match.my_turn() and flow.wait_until < 0 and (QUICK or not busy(flow.match.opponent)):
            view = flow.match.view
            target = -1
            for sq in range(len(view.cells)):
                if view.can_fire(sq):
                    target = sq
                    break
            view = None
            goto(target, flow.aim)
            act(ui.FIRE)
            fired += 1
        else:
            now += 0.5
            flow.tick(now)
            saver.poll()
            renderer.update(flow.screen)
            sample()
    for _ in range(20):
        if flow.name != "battle":
            break
        now += 0.5
        flow.tick(now)
        saver.poll()
        renderer.update(flow.screen)
        sample()
    finished = finished and flow.name == "end" and flow.match.over()
    print("after the duels, a game's peak", peak if finished else 0)  # (no new name: spaces)
    peak = game_peak
    by_screen = game_screens
for name, used in stages:
    print("stage", used, name)
print("startup", startup)
print("peak", peak)
print("screens", " ".join("%s:%d" % (k, v) for k, v in by_screen.items()))
print("shots", shots)
print("saves", store.writes)
print("most", most, gc.mem_alloc() + gc.mem_free())
# the interned names (qstrs): never freed, in pools that double as they fill (the stand-ins'
# and this script's names are in them too)
import micropython  # noqa: E402

micropython.qstr_info()
if not BLE or ROLE == "game":
    over = flow.match.over()
    finished = True
print("ok" if ended and over and finished else "unfinished")
