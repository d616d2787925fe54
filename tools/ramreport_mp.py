"""Runs ON MicroPython (the unix port or the WASI build, started by tools/ramreport.py): loads
what a board loads, plays a whole game against the computer through the screens, and prints
heap figures. Arguments: width height ble|no font-path [level: 0 easy, 1 normal, 2 hard].

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

if BLE:
    import __future__  # noqa: F401  (built in on CircuitPython; adafruit_ble imports it)
    import _bleio  # noqa: F401

# microcontroller.nvm is flash behind a small native object on a board, not 8 KB of heap: its
# stand-in is made before the baseline too (the Store reads records out of it by slices)
NVM = bytearray(b"\xff" * 8192)

# the most live heap seen on each screen (flow.name), its keys made before the baseline
by_screen = {"title": 0, "level": 0, "place": 0, "battle": 0, "end": 0}
gc.collect()
BASE = gc.mem_alloc()
peak = 0
most = 0  # the most ever allocated (garbage included): below the heap size, no collection but
# ours ran (tools/ramreport.py needs that on its wasm VM, whose automatic collections are unsafe)


def sample():
    global peak, most
    most = max(most, gc.mem_alloc())
    gc.collect()
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


from seabattle import flow as _flow  # noqa: E402,F401
stage("engine+screens flow")
from hardware import app, render  # noqa: E402
stage("renderer+libraries")
from hardware.storage import Store  # noqa: E402
from hardware.sound import Cues  # noqa: E402
from seabattle import ui  # noqa: E402

store = Store(NVM)
from hardware.boards.common import Keeper  # noqa: E402

keeper = Keeper(store)
# a board imports adafruit_ble and makes the link only when a duel menu is first used
# (hardware.boards.linkup.LazyLinker): a game against the computer does not hold them; a board
# that can have a radio holds that module itself from start-up (it makes the duel adapter)
if BLE:
    from hardware.boards import linkup  # noqa: E402,F401


class Profile(app.Profile):
    display = Display(W, H)
    keeper = keeper
    on_records = keeper.on_records
    scheme = "dpad"
    rng = Rng()
    sounds = Cues()


stage("storage+sound")
font = render.load_font(sys.argv[4] if len(sys.argv) > 4 else "fonts/seabattle-12.bdf")
stage("font")
renderer, flow = app.build(Profile(), font)
saver = app.Saver(keeper, flow)
stage("screens built")
startup = sample()

now = 0.0


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


LEVEL = int(sys.argv[5]) if len(sys.argv) > 5 else 0
act(ui.FIRE)  # play
for _ in range(LEVEL):
    act(ui.DOWN)
act(ui.FIRE)  # level
act(ui.SWITCH)  # auto-place
act(ui.FIRE)  # start
shots = 0
while flow.name == "battle" and shots < 400:
    if flow.match.over():
        break
    if flow.match.my_turn() and flow.wait_until < 0:
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
if BLE:
    # what a duel loads on top of this: its modules' heap (the BLE stack and link included),
    # measured here after the game against the computer, from which the duel menu is opened: it
    # drops the computer's modules and the finished game (seabattle.flow), as on a board
    game_peak = peak
    over = flow.match.over()
    before_duel = sample()
    flow.go_duel()
    renderer.update(flow.screen)
    from seabattle import duel, duelplay, flowduel  # noqa: F401  (flowduel: the duel screens)
    # the phase a duel peaks in is its battle: the lobby's screens are gone by then
    # (seabattle.flowlobby) and seabattle.duel has loaded the shooting's code (duel_play)
    flowduel.leave_lobby()
    __import__("seabattle.duel_play")
    __import__("seabattle.duelmatch")  # the battle screen's view of the duel
    import _bleio
    from adafruit_ble import BLERadio
    from hardware.ble import BleLink

    _bleio.adapter = _bleio.Adapter()
    from adafruit_ble.services.nordic import UARTService

    link = BleLink(BLERadio(), lambda: 0)
    link._uart = UARTService()  # what host() makes (advertising itself needs CircuitPython's
    # __bytes__ support, which the MicroPython unix port lacks)

    with_mods = sample()
    print("duelmods", with_mods - before_duel)
    # and a duel's own state: two simulated devices play a whole duel over the link simulator
    # (seabattle.duelsim, not loaded on a board: imported before its baseline); half of their
    # peak is one side's (it includes the simulated link's queues: an upper bound). Every phase
    # module is loaded before the baseline and kept: the two devices share this VM, and one
    # dropping the phase it left would count the other's reloading it as state
    from seabattle import duelsim, linksim  # noqa: F401

    for part in duel.PARTS:
        __import__("seabattle.duel_" + part)
    duel.forget = lambda name: None

    match = duelsim.Match(3)
    before_duel = sample()
    most_duel = 0
    steps = 0
    while not match.done() and steps < 100000:
        match.step()
        steps += 1
        if steps % 20 == 0:
            most_duel = max(most_duel, sample() - before_duel)
    print("duelstate", most_duel // 2 if match.done() else 0)
    print("duelpeak", with_mods + most_duel // 2)  # its modules and one side's state on the menu's heap
    match = None
    peak = game_peak
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
print("ok" if ended and (over if BLE else flow.match.over()) else "unfinished")
