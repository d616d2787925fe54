"""Board profiles against stand-ins for the CircuitPython modules they touch.

No board is attached here: these fakes carry the pin names and behaviour from the facts note
(buttons, polarities, speaker, NeoPixels, nvm, radio), so a typo in a profile, a wrong key
name or a missing stand-in fails here rather than on a maker's desk.
"""

import sys
import types

import pytest

import hardware.app  # noqa: F401  (imported with the real desktop displayio first)
from hardware.desktop import bleio
from seabattle import sound

bleio.install()


class Event:
    def __init__(self, key_number=0, pressed=False):
        self.key_number, self.pressed = key_number, pressed


class Queue:
    def __init__(self):
        self.items = []

    def get_into(self, ev):
        if not self.items:
            return False
        ev.key_number, ev.pressed = self.items.pop(0)
        return True


class Keys:
    made = []

    def __init__(self, pins=None, value_when_pressed=False, pull=True, **kw):
        self.pins, self.value_when_pressed, self.kw = pins, value_when_pressed, kw
        self.events = Queue()
        Keys.made.append(self)


class Display:
    def __init__(self, width, height, *args, **kw):
        self.width, self.height, self.kw = width, height, kw
        self.auto_refresh = True


class Pin:
    def __init__(self, name):
        self.name = name


class PWMOut:
    def __init__(self, pin, duty_cycle=0, frequency=440, variable_frequency=False):
        self.pin, self.duty_cycle, self.frequency = pin, duty_cycle, frequency


class DigitalInOut:
    def __init__(self, pin):
        self.pin, self.value = pin, False

    def switch_to_output(self, value=False):
        self.value = value

    def switch_to_input(self, pull=None):
        pass


class NeoPixel(list):
    def __init__(self, pin, n, brightness=1.0, auto_write=True):
        super().__init__([(0, 0, 0)] * n)

    def fill(self, colour):
        self[:] = [colour] * len(self)


class Seesaw:
    INPUT_PULLUP, OUTPUT = 1, 2
    state = 0

    def __init__(self, i2c, addr):
        self.addr = addr

    def pin_mode_bulk(self, mask, mode):
        Seesaw.state = mask

    def pin_mode(self, pin, mode):
        pass

    def digital_write(self, pin, v):
        pass

    def analog_write(self, pin, v):
        pass

    def digital_read_bulk(self, mask):
        return Seesaw.state & mask


def stub_pins(board_id):
    """The pin names CircuitPython defines in ``board`` on ``board_id``, read from the
    circuitpython-stubs package's board definitions (generated from CircuitPython's own board
    files), or None where it has none. The stand-in boards below carry exactly these names, so a
    profile that reaches for a pin its board lacks fails here, as it would on the board."""
    import os
    import re
    import sysconfig

    path = os.path.join(sysconfig.get_paths()["purelib"], "board_definitions", board_id, "__init__.pyi")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return tuple(re.findall(r"^([A-Za-z_][A-Za-z0-9_]*): microcontroller\.Pin", f.read(), re.M))


# the boards seabattle knows (hardware.startup.BOARDS), with their real pin names; the
# PyBadge AirLift is a PyBadge to CircuitPython's stubs (it has no definition of its own)
BOARD_PINS = {board_id: stub_pins(board_id) for board_id in (
    "clue_nrf52840_express", "circuitplayground_bluefruit", "feather_bluefruit_sense",
    "adafruit_feather_esp32s3_reverse_tft", "adafruit_feather_esp32s3_tft", "pybadge", "pygamer", "edgebadge")}
BOARD_PINS["pybadge_airlift"] = BOARD_PINS["pybadge"]
BOARD_PINS["some_new_board"] = ("BUTTON_A",)
# built-in displays (the Gizmo and the Mini TFT are built by their profiles over SPI)
SIZES = {"clue_nrf52840_express": (240, 240), "adafruit_feather_esp32s3_reverse_tft": (240, 135),
         "adafruit_feather_esp32s3_tft": (240, 135), "pybadge": (160, 128), "pybadge_airlift": (160, 128),
         "pygamer": (160, 128), "edgebadge": (160, 128), "some_new_board": (320, 240)}


@pytest.fixture
def circuitpython(monkeypatch):
    """Returns make(board_id, airlift=None, nvm=None): a fake board and its modules."""

    def make(board_id, airlift=None, nvm=None):
        Keys.made = []
        b = types.ModuleType("board")
        b.board_id = board_id
        for name in BOARD_PINS[board_id]:
            setattr(b, name, Pin(name))
        if board_id in SIZES:
            b.DISPLAY = Display(*SIZES[board_id])
        b.I2C = b.SPI = lambda: object()
        mods = {
            "board": b,
            "keypad": types.SimpleNamespace(Keys=Keys, ShiftRegisterKeys=Keys, Event=Event),
            "microcontroller": types.SimpleNamespace(nvm=nvm if nvm is not None else bytearray(b"\xff" * 8192)),
            "pwmio": types.SimpleNamespace(PWMOut=PWMOut),
            "analogio": types.SimpleNamespace(AnalogIn=lambda pin: types.SimpleNamespace(value=32768)),
            "digitalio": types.SimpleNamespace(DigitalInOut=DigitalInOut, Pull=types.SimpleNamespace(UP=1)),
            "neopixel": types.SimpleNamespace(NeoPixel=NeoPixel),
            "busio": types.SimpleNamespace(SPI=lambda *a, **k: object()),
            "fourwire": types.SimpleNamespace(FourWire=lambda *a, **k: object()),
            "adafruit_st7789": types.SimpleNamespace(ST7789=lambda bus, **kw: Display(**kw)),
            "adafruit_st7735r": types.SimpleNamespace(ST7735R=lambda bus, **kw: Display(**kw)),
            "adafruit_seesaw.seesaw": types.SimpleNamespace(Seesaw=Seesaw),
        }

        class ESP32:
            def __init__(self, **pins):
                if airlift is None:
                    raise RuntimeError("ESP32 did not respond with a startup message")

            def start_bluetooth(self):
                return airlift

        mods["adafruit_airlift.esp32"] = types.SimpleNamespace(ESP32=ESP32)
        for name, mod in mods.items():
            monkeypatch.setitem(sys.modules, name, mod)
        import displayio

        monkeypatch.setattr(displayio, "release_displays", lambda: None, raising=False)
        air = bleio.Air()
        monkeypatch.setattr(bleio, "adapter", bleio.Adapter(air, name="native"))
        for name in list(sys.modules):
            if name.startswith(("hardware.boards.", "hardware.radio.")):
                monkeypatch.delitem(sys.modules, name)
                # and from the package: ``from hardware.boards import clue`` takes its attribute
                package, _, short = name.rpartition(".")
                monkeypatch.delattr(sys.modules[package], short, raising=False)
        env = {}
        monkeypatch.setattr("os.getenv", lambda k, d=None: env.get(k, d))
        return env

    return make


def detect():
    from hardware import startup

    return startup.detect()


def test_clue_two_buttons_ble_both_roles_sound_and_light(circuitpython, monkeypatch):
    circuitpython("clue_nrf52840_express")
    monkeypatch.delitem(sys.modules, "seabattle.duel.adapter", raising=False)
    p = detect()
    # the duel's code waits for a duel to be chosen (hardware.boards.common.LazyDuel)
    assert "seabattle.duel.adapter" not in sys.modules and "hardware.radio.linkup" not in sys.modules
    assert p.duel is not None and not p.duel.active and p.duel.resumable() is None
    assert "seabattle.duel.adapter" not in sys.modules and "hardware.radio.linkup" not in sys.modules
    assert (p.display.width, p.display.height, p.scheme) == (240, 240, "two")
    assert p.display.auto_refresh is False
    keys = Keys.made[0]
    assert keys.value_when_pressed is False and [x.name for x in keys.pins] == ["BUTTON_A", "BUTTON_B"]
    keys.events.items += [(0, True), (1, True), (0, False)]
    assert p.events(0) == [("a", True), ("b", True), ("a", False)]
    assert p.duel.load().linker.link is None  # the adapter, loaded now
    from seabattle.duel.adapter import DuelAdapter

    assert isinstance(p.duel.real, DuelAdapter)
    assert p.link is None  # no radio (and no adafruit_ble in RAM) until a duel menu is used
    assert p.duel.load().linker.scan() == [] and p.link is not None and p.link.can_join and p.can_host
    p.sounds.play(sound.HIT)
    assert p.sounds.tone.pwm.duty_cycle and p.sounds.pixels[0] == (60, 0, 0)
    p.sounds.tick(p.now() + 5)
    assert p.sounds.tone.pwm.duty_cycle == 0 and p.sounds.pixels[0] == (0, 0, 0)


def test_muted_setting_silences_sound_and_lights(circuitpython):
    env = circuitpython("clue_nrf52840_express")
    env["SEABATTLE_SOUND"] = 0
    p = detect()
    p.sounds.play(sound.SUNK)
    assert p.sounds.played == 0 and p.sounds.tone.pwm.duty_cycle == 0 and p.sounds.pixels[0] == (0, 0, 0)


def test_settings_toml_values_reach_the_game(circuitpython):
    env = circuitpython("clue_nrf52840_express")
    env.update(SEABATTLE_LANG="en", SEABATTLE_LETTERS="latin", SEABATTLE_NAME="Маша", SEABATTLE_LEVEL="7")
    p = detect()
    assert (p.settings.lang, p.settings.letters, p.settings.level, p.player) == ("en", "latin", 7, "Маша")
    env["SEABATTLE_LANG"] = "klingon"
    assert detect().problems and detect().settings.lang == "ru"


def test_stats_survive_a_restart_in_nvm(circuitpython):
    nvm = bytearray(b"\xff" * 8192)
    circuitpython("clue_nrf52840_express", nvm=nvm)
    p = detect()
    from seabattle import recordbook
    from seabattle.records import Records

    rec = Records()
    recordbook.add(rec, "duel", True, 40, 20)
    p.on_records(rec)
    assert p.store.writes == 1
    again = detect()
    assert again.records is not None and recordbook.to_bytes(again.records) == recordbook.to_bytes(rec)


def test_pybadge_without_airlift_plays_the_computer(circuitpython):
    circuitpython("pybadge")
    p = detect()
    assert (p.display.width, p.display.height, p.scheme) == (160, 128, "dpad")
    assert p.link is None and p.duel is None and any("AirLift" in n for n in p.notes)
    keys = Keys.made[0]
    assert keys.value_when_pressed is True and keys.kw["key_count"] == 8
    keys.events.items += [(7, True), (1, True), (2, True)]
    assert p.events(0) == [("left", True), ("a", True), ("start", True)]
    assert p.store.slots == (0, 4096) and not p.store.separate_pages  # one 8 KB erase block


def test_pybadge_with_airlift_can_host_but_not_join(circuitpython):
    circuitpython("pybadge", airlift=bleio.Adapter(bleio.Air(), central=False))
    p = detect()
    assert p.link is None and p.can_host and p.duel is not None  # no adafruit_ble until a duel menu is used
    assert p.duel.load().linker.scan() == []  # host only: nothing to join from an AirLift
    assert p.link is not None and not p.link.can_join


def test_cpb_gizmo_display_rotated_and_slide_switch_is_a_tap(circuitpython):
    circuitpython("circuitplayground_bluefruit")
    p = detect()
    assert (p.display.width, p.display.height, p.display.kw["rotation"]) == (240, 240, 180)
    assert Keys.made[0].value_when_pressed is True  # pressed = high, pull-down
    p.keys.switch.value = not p.keys.switch.value
    assert p.events(0) == [("switch", True), ("switch", False)]
    assert len(p.sounds.pixels) == 10


def test_feather_sense_minitft_joystick_over_seesaw(circuitpython):
    circuitpython("feather_bluefruit_sense")
    p = detect()
    assert (p.display.width, p.display.height, p.scheme) == (160, 80, "dpad")
    Seesaw.state &= ~(1 << 7)  # joystick right pressed (low)
    assert p.events(0) == [("right", True)]
    Seesaw.state |= 1 << 7
    assert p.events(0) == [("right", False)]
    code = p.duel.host()
    assert len(code) == 4 and p.link.state == "advertising"


def test_esp32s3_reverse_tft_buttons_have_their_own_polarity(circuitpython):
    circuitpython("adafruit_feather_esp32s3_reverse_tft")
    p = detect()
    assert (p.display.width, p.display.height) == (240, 135)
    boot, ab = Keys.made
    assert boot.value_when_pressed is False and ab.value_when_pressed is True
    ab.events.items.append((1, True))
    boot.events.items.append((0, True))
    assert sorted(p.events(0)) == [("b", True), ("switch", True)]


def test_the_stand_in_boards_carry_circuitpythons_own_pin_names():
    for board_id, pins in BOARD_PINS.items():
        assert pins, board_id  # circuitpython-stubs has the board (else: its name changed)
    assert "D0" in BOARD_PINS["adafruit_feather_esp32s3_reverse_tft"]
    assert "D0" not in BOARD_PINS["adafruit_feather_esp32s3_tft"]  # its GPIO0 is BUTTON/BOOT0 only
    assert "JOYSTICK_X" in BOARD_PINS["pygamer"] and "JOYSTICK_X" not in BOARD_PINS["pybadge"]


@pytest.mark.parametrize("board_id", sorted(b for b in BOARD_PINS if b != "some_new_board"))
def test_every_known_board_starts_with_its_real_pins(circuitpython, board_id):
    from hardware import startup

    assert board_id in startup.BOARDS
    circuitpython(board_id)
    p = detect()
    assert p.display.width >= 160 and p.display.height >= 80
    assert not any("not one seabattle knows" in n for n in p.notes)
    assert p.events(0) == []  # the buttons answer (the Feather Sense's come over seesaw, not keypad)
    for keys in Keys.made:
        for pin in list(keys.pins or ()) + [v for v in keys.kw.values() if isinstance(v, Pin)]:
            assert pin.name in BOARD_PINS[board_id], pin.name


def test_the_plain_esp32s3_tft_has_only_its_boot_button(circuitpython):
    circuitpython("adafruit_feather_esp32s3_tft")  # D1, D2 are bare header pins there, D0 is absent
    p = detect()
    (boot,) = Keys.made
    assert [x.name for x in boot.pins] == ["BUTTON"] and boot.value_when_pressed is False
    assert any("only the BOOT button" in n for n in p.notes)


def test_unknown_board_with_a_display_plays_the_computer_with_a_note(circuitpython):
    circuitpython("some_new_board")
    p = detect()
    assert p.link is None and p.duel is None
    assert any("not one seabattle knows" in n for n in p.notes)


BUILD_ON_MICROPYTHON = '''
import sys
import time as _t


class _Time:  # the unix port's time has no monotonic
    monotonic = _t.time
    sleep = _t.sleep


sys.modules["time"] = _Time
from hardware.boards.common import BoardProfile
from seabattle.compat import forget


class P(BoardProfile):
    def make_display(self):
        return None


from hardware import startup

p = startup.build(P, "ramreport")
startup = None
forget("hardware.startup")  # as startup.detect does
assert p.keeper is not None and p.sounds is not None and p.rng is not None
gone = [m for m in ("hardware.startup", "hardware.settings", "hardware.storeread", "hardware.boards.parts")
        if m in sys.modules]
assert not gone, gone
# no radio here (it can neither host nor join): the duel as the title sees it is not loaded,
# nor held by the module every board holds
import hardware.boards.common as common
assert p.duel is None and "hardware.radio.lazyduel" not in sys.modules
assert not hasattr(common, "LazyDuel")
import hardware
assert not hasattr(hardware, "startup") and not hasattr(hardware, "storeread")
print("ok")
'''


def test_a_built_profile_holds_no_start_up_code_on_micropython(tmp_path):
    """On a board's VM, building the profile drops hardware.startup and hardware.settings
    (their code is heap a game would otherwise hold)."""
    proc = _on_micropython(tmp_path, "build.py", BUILD_ON_MICROPYTHON)
    assert proc.stdout.strip().endswith("ok"), proc.stdout + proc.stderr


def _on_micropython(tmp_path, name, source, lib=False):
    """Runs ``source`` as a script on the MicroPython unix port, from the repository's root
    with the stand-ins for the board's modules (and lib/'s libraries with ``lib``)."""
    import os
    import subprocess

    from test_micropython import ROOT, micropython

    script = tmp_path / name
    script.write_text(source)
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join((".frozen", os.path.join(ROOT, "tools", "mpstubs"), ROOT)
                                  + ((os.path.join(ROOT, "lib"),) if lib else ()))
    return subprocess.run([micropython(), "-X", "heapsize=512k", str(script)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


RADIO_ON_MICROPYTHON = '''
import sys
import time as _t


class _Time:  # the unix port's time has no monotonic
    monotonic = _t.time
    sleep = _t.sleep


sys.modules["time"] = _Time
import microcontroller
from hardware.boards.common import DUEL, BoardProfile
from hardware.storeread import open_store

SAVED = bytes.fromhex("%s")
if SAVED:  # a duel kept in the nvm before the reset, lobby code ABCD
    open_store(microcontroller.nvm, page=4096).save(game=DUEL + bytes((4,)) + b"ABCD" + SAVED)
RADIO = %r  # the native radio answers (else BLERadio() raises RuntimeError: no adapter)
if RADIO:
    import _bleio

    _bleio.adapter = _bleio.Adapter()

DUEL_CODE = ("seabattle.duel.adapter", "hardware.radio.linkup", "hardware.radio.duelhooks", "hardware.radio.duelmake",
             "seabattle.duel.protocol", "seabattle.duel.restore", "hardware.radio.ble", "hardware.radio.blestate",
             "hardware.radio.blefind", "hardware.radio.blead", "adafruit_ble")


def held():
    return [m for m in DUEL_CODE if m in sys.modules]


class P(BoardProfile):  # a board that can have a radio (native BLE, made when a duel needs it)
    can_host = can_join = True

    def make_display(self):
        return None


from hardware import startup

p = startup.build(P, "ramreport")
startup = None
assert p.duel is not None and p.link is None
assert not held(), held()  # start-up holds none of the duel's code
assert not p.duel.active
offer = p.duel.resumable()  # the title: read from the nvm, the code loaded and dropped again
assert not held(), held()
print("offer", offer)
assert p.duel.resumable() == offer and not held()  # the next title asks the kept answer
assert p.duel.load().saved == (("ABCD", SAVED) if SAVED else None)  # a duel chosen: the adapter loads
assert "seabattle.duel.adapter" in sys.modules and "hardware.radio.duelhooks" in sys.modules
if RADIO:
    assert p.duel.join() is True and p.link is not None and "adafruit_ble" in sys.modules
    assert p.duel.active and p.duel.resumable() is None and "seabattle.duel.adapter" in sys.modules
    p.duel.cancel()
else:  # the radio does not start: nothing is started, the screens say so (seabattle.screens.lobby)
    assert p.duel.join() is False and p.duel.host() is None and p.link is None
    assert not p.can_host and not p.can_join and any("no radio" in n for n in p.notes)
    print("no radio")
assert not p.duel.active
p.duel.resumable()  # back on the title with no duel going on: dropped, with the link and adafruit_ble
assert not held(), held()
assert p.link is None
print("ok")
'''


def _radio_profile_on_micropython(tmp_path, saved=b"", radio=True):
    import os

    from test_micropython import ROOT
    from tools import bundle

    if not os.path.isdir(os.path.join(ROOT, "lib", "adafruit_ble")):
        bundle.bundle(os.path.join(ROOT, "lib"))
    proc = _on_micropython(tmp_path, "radio.py", RADIO_ON_MICROPYTHON % (saved.hex(), radio), lib=True)
    assert proc.stdout.strip().endswith("ok"), proc.stdout + proc.stderr
    return proc.stdout


def test_a_radio_board_holds_no_duel_code_until_a_duel_is_chosen_on_micropython(tmp_path):
    """A board that can have a radio holds hardware.radio.lazyduel.LazyDuel, not the duel
    adapter: seabattle.duel.adapter and hardware.radio.duelhooks load when a duel is chosen and go
    again on the title, with the radio link and adafruit_ble (a game against the computer there,
    before or after a duel, costs what it costs without a radio)."""
    out = _radio_profile_on_micropython(tmp_path)
    assert "offer None" in out and "no radio" not in out


def test_a_radio_that_does_not_start_starts_nothing_on_micropython(tmp_path):
    out = _radio_profile_on_micropython(tmp_path, radio=False)
    assert "no radio" in out


def test_a_duel_saved_before_a_reset_is_offered_without_holding_its_code_on_micropython(tmp_path):
    from doubles import duelsim

    game = duelsim.Match(3, save=True)
    while game.duels[0].shots() < 6:
        game.step()
    out = _radio_profile_on_micropython(tmp_path, bytes(game.saved[1]))
    peer = "Хозяин".encode("unicode_escape").decode()  # as MicroPython's repr writes it
    assert "offer ('%s', 1)" % peer in out, out  # the guest's saved duel against the host


def test_a_radio_that_does_not_start_says_why_on_the_console(capsys):
    """Start-up's report is long printed when a duel is first chosen: the reason the radio did
    not start is printed then, once, and the board can neither host nor join."""
    from hardware.radio import linkup

    class Profile:
        notes = ["speaker pin has no PWM here: silent"]  # start-up's, printed then
        can_host = can_join = True

        def make_radio(self):
            self.notes.append("AirLift's radio did not start (timed out): computer only")

    p = Profile()
    assert linkup.start_link(p) is None
    assert capsys.readouterr().out == "seabattle: AirLift's radio did not start (timed out): computer only\n"
    assert not p.can_host and not p.can_join


class Clock:
    """The profile's clock and sleep for the selftest: time passes only when it sleeps."""

    def __init__(self, p):
        self.t = 0.0
        p.now = lambda: self.t
        p.sleep = self.sleep
        self.p = p
        self.presses = []  # (when, key number, pressed) put on the keys' queue at that time

    def sleep(self, seconds):
        self.t += seconds
        self.p.sounds.tick(self.t)
        while self.presses and self.presses[0][0] <= self.t:
            _, n, pressed = self.presses.pop(0)
            Keys.made[0].events.items.append((n, pressed))


def test_selftest_tells_a_maker_what_the_game_finds_on_the_board(circuitpython):
    from hardware import selftest

    circuitpython("clue_nrf52840_express")
    p = detect()
    clock = Clock(p)
    clock.presses = [(11.0, 0, True), (11.5, 0, False), (12.0, 1, True), (12.2, 1, False)]
    lines = []
    selftest.run(seconds=5, out=lines.append, profile=p)
    text = "\n".join(lines)
    assert "screen 240x240, buttons: two" in text and "host and join" in text, text
    assert "saved game: none" in text and "statistics: none" in text
    assert "sound: speaker, lights: NeoPixels" in text
    assert [l.split()[-1] for l in lines if l.startswith("  cue ")] == list(sound.CUE_NAMES[1:])
    assert "radio: started; can host: True, can join: True" in text
    assert p.link is None  # closed and let go again, as the title does (linkup.drop)
    assert [l.strip() for l in lines if l.startswith("  button ")] == [
        "button a pressed", "button a let go", "button b pressed", "button b let go"]
    assert "4 button events" in text and p.store.writes == 0  # (read only: no nvm write)


def test_selftest_on_a_pybadge_without_airlift_says_the_computer_only(circuitpython):
    from hardware import selftest

    circuitpython("pybadge")
    p = detect()
    Clock(p)
    lines = []
    selftest.run(seconds=1, out=lines.append, profile=p)
    text = "\n".join(lines)
    assert "screen 160x128, buttons: dpad" in text and "none (the computer only)" in text, text
    assert "note: no AirLift" in text and "radio:" not in text
    assert "0 button events" in text


SELFTEST_ON_MICROPYTHON = '''
import sys
import time as _t


class _Time:  # the unix port's time has no monotonic
    monotonic = _t.time
    sleep = _t.sleep


sys.modules["time"] = _Time
from hardware.boards.common import BoardProfile


class Screen:
    width, height = 160, 128


class P(BoardProfile):
    def make_display(self):
        return Screen()


from hardware import selftest, startup

lines = []
selftest.run(seconds=0.2, out=lines.append, profile=startup.build(P, "some_board"))
print("\\n".join(lines))
'''


def test_selftest_runs_on_micropython(tmp_path):
    """The bring-up check is board code: it runs on a board's VM (a bare profile: no keys, no
    speaker, no radio)."""
    proc = _on_micropython(tmp_path, "selftest.py", SELFTEST_ON_MICROPYTHON)
    out = proc.stdout
    assert "screen 160x128, buttons: two" in out and "sound: none, lights: none" in out, out + proc.stderr
    assert "0 button events" in out and out.strip().endswith("Ctrl-D starts the game"), out + proc.stderr
