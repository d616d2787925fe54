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

# the harness's own code, before the gc module the game imports is stood in (below), and out of
# sys.modules again: the game's modules fill that dict from the count they find on a board. The
# duels' (ramreport_duelrig_mp) is loaded when they start: its ~60 names, interned before the
# game's, would open pools of names before the baseline that the game's names then fill for free
from ramreport_rig_mp import Display, GameGc, Rng, busy, collect, first_free, read_reset

del sys.modules["ramreport_rig_mp"]

W = int(sys.argv[1]) if len(sys.argv) > 1 else 160
H = int(sys.argv[2]) if len(sys.argv) > 2 else 128
BLE = len(sys.argv) > 3 and sys.argv[3] == "ble"

# The stand-ins for a board's native modules (tools/mpstubs) are imported before the baseline: a
# board has them in flash. The objects they make during the run (bitmaps, groups ...) count.
import bitmaptools  # noqa: E402,F401
import board  # noqa: E402,F401
import displayio  # noqa: E402,F401
import fontio  # noqa: E402,F401
import microcontroller  # noqa: E402,F401
import terminalio  # noqa: E402,F401
import vectorio  # noqa: E402,F401

# _bleio's and __future__'s (a board with a radio) are imported when the duel starts: what they
# add then moves the baseline (BASE), and the game's names are a board's (a board keeps the native
# modules' names in flash: here their ~150 names would open a pool of ~9 KB mid-game)

# the largest live block at each sample: mem_info's "max blk sz" (GC blocks) after "blk <screen>";
# microcontroller.nvm, flash behind a small native object on a board, made before the baseline
import micropython  # noqa: E402
from microcontroller import Nvm  # noqa: E402

NVM = Nvm(8192)
# "prep" and "resume" (tools.ramreport's resumed duel): "prep" plays a duel 20 shots into its battle
# and prints the nvm and the peer's state there (a reset); "resume" starts a fresh VM from that
# nvm, as a board after the reset, and continues from «Продолжить дуэль», the peer from its state
MODE = sys.argv[8] if len(sys.argv) > 8 else ""
PEER_SAVED = None
if MODE in ("resume", "alone"):  # ("alone": the peer never comes back)
    PEER_SAVED = read_reset(sys.argv[9], NVM)

sys.modules["gc"] = GameGc

# the most live heap seen on each screen (flow.name), its keys made before the baseline
by_screen = {"title": 0, "level": 0, "place": 0, "making": 0, "battle": 0, "end": 0}

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
    collect()
    used = gc.mem_alloc() - BASE
    f = globals().get("flow")
    if f is not None and hasattr(f, "name"):
        print("blk", f.name)
        micropython.mem_info()
        if used > by_screen.get(f.name, used):
            by_screen[f.name] = used
    if used > peak:
        peak = used
    return used


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
target = ended = None

# The heap's layout: PAD blocks of 16 bytes kept alive below everything the game makes. The
# collector is conservative, so which garbage a stale word keeps alive depends on where objects
# lie: tools/ramreport.py plays the same game over a few layouts and reports the median (one
# layout read 82.5 KB where five others read 78.0-78.1)
PAD = bytearray(16 * (int(sys.argv[7]) if len(sys.argv) > 7 else 0))
collect()
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
# a board makes its link and duel adapter only when a duel is chosen (hardware.radio.lazyduel)


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

now = 0


# the levels of the games played one after another ("0,2": the hard level after an easy game,
# as a board plays it without hardware.relaunch; "2": in a fresh VM; "2q": see QUICK)
LEVELS = [int(x) for x in sys.argv[5].replace("q", "").split(",")] if len(sys.argv) > 5 else [0]
LEVEL = LEVELS[0]
# the player fires the moment it is their turn: the hard level's work after a miss is cut short
# by its patience (seabattle.ai.hard.player.Hard.hurry); else the player waits until that work is done
QUICK = len(sys.argv) > 5 and "q" in sys.argv[5]
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
                goto(first_free(flow.match.view), flow.aim)
                act(ui.FIRE)
                shots += 1
            else:
                now += 500
                flow.tick(now)
                saver.poll()
                renderer.update(flow.screen)
                sample()
        for _ in range(20):  # on to the end screen (statistics, the habits learnt from my fleet)
            if flow.name != "battle":
                break
            now += 500
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
    micropython.qstr_info()  # the game's names (printed again at the end with a duel's)
ROLE = sys.argv[6] if len(sys.argv) > 6 else "host"
DUELS = 1 if MODE in ("prep", "resume", "alone") else 3  # duels played after the game (see "several duels" below)
if BLE and ROLE != "game":  # (ROLE "game": a radio board's game alone, no duel after it)
    # a duel after that game, as a board plays it (host, or join with ROLE "join"): the title, the
    # duel menu, the lobby, the fleet auto-placed, the match code, the battle (one dropped
    # connection found again), the verdict; over the link and beside the peer of ramreport_duelrig_mp
    game_peak = peak
    game_screens = dict(by_screen)
    over = FRESH or flow.match.over()
    # the baseline moves by the duels' harness, the radio's stand-ins (flash on a board), the links
    from seabattle.compat import forget

    collect()
    BASE -= gc.mem_alloc()
    sys.modules["gc"] = gc  # (the harness's own gc is the real one)
    from ramreport_duelrig_mp import DuelRig, GameAfterDuels, radio_stand_ins

    sys.modules["gc"] = GameGc
    del sys.modules["ramreport_duelrig_mp"]
    collect()
    BASE += gc.mem_alloc() + radio_stand_ins()
    rig = DuelRig(profile, flow, saver, renderer, sample, act, ROLE, MODE, PEER_SAVED)
    rig.make_links(DUELS)  # (it collects: here, at the script's level)
    stage_duel = rig.stage_duel  # each screen's most in a duel
    alone = rig.alone  # each screen's most while the peer is not made yet (the lobby)
    BASE += rig.linksim
    # several duels, each with other random bytes (nonces, seeds, commitments) and link timing:
    # the collector is conservative and the WASI VM's 8 MB heap sits at low addresses, so a
    # random word in a buffer often looks like a pointer and keeps some garbage alive, a few KB
    # that differ from duel to duel; the least of the duels' figures for each screen is the
    # closest to what the screen holds (the most is printed too). The duels are played at the
    # module's level: see tools/ramreport_duelrig_mp.py on collections under a function's frame
    finished = True
    peaks = []  # each duel's peak (the first: a fresh VM's with "fresh")
    least = {}
    most_seen = {}
    costs = []
    for n in range(DUELS):  # duel n: from the title's menu (or a duel's end) to the verdict
        for k in stage_duel:
            stage_duel[k] = alone[k] = 0
        rig.peer = None
        rig.peer_rng = Rng(13 + n)
        rig.sim = rig.sims[n]
        if n == 0:
            if not FRESH:
                rig.act(ui.MENU)  # the end screen's menu: the title
            while flow.keys[flow.screen.selected] != ("duel_continue" if MODE in ("resume", "alone") else "duel"):
                rig.act(ui.DOWN)
        rig.act(ui.FIRE)  # the duel menu (after a duel's end: no rematch on that connection);
        if ROLE != "host" and MODE not in ("resume", "alone"):  # resuming: the saved duel's menu (resume first)
            rig.act(ui.DOWN)
        real = flow.duel.load()  # the adapter (LazyDuel loads it as the duel menu's choice asks for
        real.linker = rig.linker  # it, and drops it on the title) over linksim
        real.make_duel = rig.make
        real.load_duel = rig.load_saved
        real = None
        rig.act(ui.FIRE)  # host, or join; resume
        steps = 0
        dropped = False
        fired = 0
        while flow.name != "end" and flow.name != "duel_gone" and steps < 200000:
            if flow.name in ("place", "duel_code") or (flow.name == "duel_join" and flow.screen.items):
                if flow.name == "place":
                    rig.act(ui.SWITCH)  # auto-place
                rig.act(ui.FIRE)  # the lobby chosen; to battle; the match code accepted
            elif flow.name == "battle" and flow.match.my_turn() and flow.wait_until < 0:
                goto(first_free(flow.match.view), flow.aim)
                rig.act(ui.FIRE)
                fired += 1
                if fired == 20 and MODE == "prep":  # the board is reset: its nvm, the peer's state
                    import binascii

                    print("nvm", binascii.hexlify(NVM[:]).decode())
                    print("peer", binascii.hexlify(rig.peer.save()).decode())
                    print("most", most, gc.mem_alloc() + gc.mem_free())  # (tools/ramreport.py's check)
                    print("ok")
                    sys.exit(0)
                if fired == 20 and not dropped:  # the connection drops once, mid-battle
                    dropped = True
                    rig.find(3000)
            rig.step()
            steps += 1
            if steps % 8 == 0:
                rig.sample()
        if MODE == "alone":  # the lobby gave up waiting: the duel ended, the opponent gone
            rig.sample()
            print("first duel screens", " ".join("%s:%d" % (k, v) for k, v in alone.items() if v > 0))
            print("duel peaks", max(alone.values()) if flow.name == "duel_gone" else 0)
            print("most", most, gc.mem_alloc() + gc.mem_free())
            print("ok")
            sys.exit(0)
        while flow.match.findings is None and steps < 200000:  # the fleets revealed and checked
            rig.step()
            steps += 1
            if steps % 8 == 0:
                rig.sample()
        rig.sample()
        finished = finished and flow.name == "end" and flow.match.findings == [] and stage_duel["duel_reconnect"] > 0
        # the peer's share of the heap (its Duel, channel, fleet, log): measured by dropping it
        with_peer = sample()
        rig.peer = None
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
    print("linksim", rig.linksim)
    # a game against the computer after the duels, what only this script held for them gone first;
    # its label has spaces: no name interned, so a game's count of names is as before
    BASE -= rig.linksim
    rig.drop()
    rig = None
    costs = least = most_seen = stage_duel = alone = peaks = None
    forget("doubles.linksim")
    peak = 0
    finished = GameAfterDuels(globals()).play() and finished
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
# the interned names (qstrs), each one too: never freed, in pools that double (the stand-ins' and ours)
micropython.qstr_info(1)
if not BLE or ROLE == "game":
    over = flow.match.over()
    finished = True
print("ok" if ended and over and finished else "unfinished")
