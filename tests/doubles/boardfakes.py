"""Stand-ins for the CircuitPython modules a board profile touches, for tests/test_boards.py.

These fakes carry the pin names and behaviour from the facts note (buttons, polarities,
speaker, NeoPixels, nvm, radio), so a typo in a profile, a wrong key name or a missing
stand-in fails there rather than on a maker's desk. ``circuitpython`` is the pytest fixture
that makes a fake board; ``detect`` builds its profile as start-up does.
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


class Displays:
    """What CircuitPython keeps across a soft reload: a display that code.py made, and the pins
    under it (shared-module/displayio's reset_displays keeps them claimed). An SPI on a claimed
    pin raises, as busio's does ("SCL in use"), until displayio.release_displays(). A test that
    builds a profile twice in one fixture is a board reloaded: the first build's pins are claimed."""

    claimed = set()

    @classmethod
    def release(cls):
        cls.claimed = set()

    @classmethod
    def spi(cls, clock, MOSI=None, MISO=None):  # noqa: N803  (busio.SPI's own names)
        pins = [pin for pin in (clock, MOSI, MISO) if pin is not None]
        for pin in pins:
            if pin in cls.claimed:
                raise ValueError("%s in use" % pin.name)
        cls.claimed.update(pins)
        return types.SimpleNamespace(pins=pins)


class PWMOut:
    # the pins with no PWM timer: the SAMD51's PA02 (board.SPEAKER on the PyBadge, PyGamer and
    # EdgeBadge: the DAC's pin); pwmio raises there as CircuitPython's does
    no_timer = set()

    def __init__(self, pin, duty_cycle=0, frequency=440, variable_frequency=False):
        if pin in PWMOut.no_timer:
            raise ValueError("Invalid %s" % pin.name)  # (shared-bindings/pwmio: "Invalid pin")
        self.pin, self.duty_cycle, self.frequency = pin, duty_cycle, frequency


class RawSample:
    def __init__(self, buffer, sample_rate=8000):
        self.buffer, self.sample_rate = buffer, sample_rate


class AudioOut:
    """audioio.AudioOut on a DAC pin: what it plays, and whether it plays."""

    def __init__(self, pin):
        self.pin, self.playing, self.played = pin, False, []

    def play(self, sample, loop=False):
        self.playing = True
        self.played.append((sample.sample_rate, loop))

    def stop(self):
        self.playing = False


class Ticks:
    """supervisor.ticks_ms as CircuitPython's (shared-bindings/supervisor/__init__.c): the
    milliseconds since power-up plus 0x1fff0000, modulo 2**29, so it wraps 65.5 s after boot and
    every 6.2 days after. ``uptime()`` (ms) follows this PC's clock, moved on by ``later``; a test
    may give it a clock of its own."""

    later = 0

    @classmethod
    def uptime(cls):
        import time

        return int(time.monotonic() * 1000) + cls.later

    @classmethod
    def ticks_ms(cls):
        return (cls.uptime() + 0x1FFF0000) % (1 << 29)


class DigitalInOut:
    def __init__(self, pin):
        self.pin, self.value = pin, False

    def switch_to_output(self, value=False):
        self.value = value

    def switch_to_input(self, pull=None):
        pass


class UART:
    """busio.UART: its pins claimed until deinit() (a second UART on them raises ValueError, as
    the firmware's "TX in use")."""

    claimed = set()

    def __init__(self, tx, rx, baudrate=9600, timeout=1, receiver_buffer_size=64):
        if tx in UART.claimed or rx in UART.claimed:
            raise ValueError("%s in use" % (tx if tx in UART.claimed else rx))
        self.pins = (tx, rx)
        UART.claimed.update(self.pins)
        self.baudrate, self.receiver_buffer_size = baudrate, receiver_buffer_size

    def deinit(self):
        UART.claimed.difference_update(self.pins)
        self.pins = ()


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
# the SAMD51 badges: board.SPEAKER is PA02 (the DAC's pin, no PWM timer), and no radio of their own
SAMD51_BADGES = ("pybadge", "pybadge_airlift", "pygamer", "edgebadge")
# built-in displays (the Gizmo and the Mini TFT are built by their profiles over SPI)
SIZES = {"clue_nrf52840_express": (240, 240), "adafruit_feather_esp32s3_reverse_tft": (240, 135),
         "adafruit_feather_esp32s3_tft": (240, 135), "pybadge": (160, 128), "pybadge_airlift": (160, 128),
         "pygamer": (160, 128), "edgebadge": (160, 128), "some_new_board": (320, 240)}


@pytest.fixture
def circuitpython(monkeypatch):
    """Gives make(board_id, airlift=None, nvm=None): a fake board and its modules. The board's
    and the radio's modules a test imports over the fakes go with the test (the ones loaded
    before come back): a module left behind would hold the fakes' classes, its LinkError another
    than the one later tests import."""
    before = {name for name in sys.modules if name.startswith(("hardware.boards.", "hardware.radio."))}

    def make(board_id, airlift=None, nvm=None):
        Keys.made = []
        b = types.ModuleType("board")
        b.board_id = board_id
        for name in BOARD_PINS[board_id]:
            setattr(b, name, Pin(name))
        if board_id in SIZES:
            b.DISPLAY = Display(*SIZES[board_id])
        PWMOut.no_timer = {b.SPEAKER} if board_id in SAMD51_BADGES and hasattr(b, "SPEAKER") else set()
        b.I2C = lambda: object()
        b.SPI = lambda: Displays.spi(getattr(b, "SCK", None) or Pin("SCK"), MOSI=getattr(b, "MOSI", None))
        Displays.release()  # a board powered up: nothing claimed
        UART.claimed = set()
        Ticks.later = 0
        mods = {
            "board": b,
            "keypad": types.SimpleNamespace(Keys=Keys, ShiftRegisterKeys=Keys, Event=Event),
            "microcontroller": types.SimpleNamespace(nvm=nvm if nvm is not None else bytearray(b"\xff" * 8192)),
            "pwmio": types.SimpleNamespace(PWMOut=PWMOut),
            "audioio": types.SimpleNamespace(AudioOut=AudioOut),
            "audiocore": types.SimpleNamespace(RawSample=RawSample),
            "analogio": types.SimpleNamespace(AnalogIn=lambda pin: types.SimpleNamespace(value=32768)),
            "digitalio": types.SimpleNamespace(DigitalInOut=DigitalInOut, Pull=types.SimpleNamespace(UP=1)),
            "neopixel": types.SimpleNamespace(NeoPixel=NeoPixel),
            "busio": types.SimpleNamespace(SPI=Displays.spi, UART=UART),
            "fourwire": types.SimpleNamespace(FourWire=lambda *a, **k: object()),
            "adafruit_st7789": types.SimpleNamespace(ST7789=lambda bus, **kw: Display(**kw)),
            "adafruit_st7735r": types.SimpleNamespace(ST7735R=lambda bus, **kw: Display(**kw)),
            "adafruit_seesaw.seesaw": types.SimpleNamespace(Seesaw=Seesaw),
        }

        class ESP32:
            # adafruit_airlift 1.0.21's esp32.ESP32 as far as the game uses it (read from its
            # source): the constructor only claims the pins and never talks to the chip; reset()
            # with a UART raises RuntimeError unless NINA's start-up message comes (no AirLift
            # fitted: none comes); start_bluetooth() makes its UART unless it has one, resets into
            # Bluetooth mode and gives its adapter, or, started already, _bleio.adapter
            NOT_IN_USE, BOOTLOADER, BLUETOOTH, WIFI = 0, 1, 2, 3

            def __init__(self, **pins):
                self._mode = self.NOT_IN_USE
                self._uart = None
                self.resets = 0

            def reset(self, mode, debug=False):
                self._mode = self.NOT_IN_USE
                if mode == self.NOT_IN_USE:
                    return
                self.resets += 1
                if self._uart is not None and airlift is None:
                    raise RuntimeError("ESP32 did not respond with a startup message")
                self._mode = mode

            def start_bluetooth(self, debug=False):
                import _bleio

                if self._mode == self.BLUETOOTH:
                    return _bleio.adapter
                if self._uart is None:
                    self._uart = UART(b.TX, b.RX, baudrate=115200, timeout=0, receiver_buffer_size=512)
                self.reset(self.BLUETOOTH)
                return airlift

        mods["adafruit_airlift.esp32"] = types.SimpleNamespace(ESP32=ESP32)
        for name, mod in mods.items():
            monkeypatch.setitem(sys.modules, name, mod)
        # supervisor: a test's own (with reload, run_reason) gets the ticks, or ours alone
        sup = sys.modules.get("supervisor")
        if sup is None:
            monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(ticks_ms=Ticks.ticks_ms))
        else:
            monkeypatch.setattr(sup, "ticks_ms", Ticks.ticks_ms, raising=False)
        import displayio

        monkeypatch.setattr(displayio, "release_displays", Displays.release, raising=False)
        air = bleio.Air()
        # a native radio, but on the SAMD51 badges (an AirLift's is made by adafruit_airlift)
        monkeypatch.setattr(bleio, "adapter", None if board_id in SAMD51_BADGES else bleio.Adapter(air, name="native"))
        for name in list(sys.modules):
            if name.startswith(("hardware.boards.", "hardware.radio.")):
                monkeypatch.delitem(sys.modules, name)
                # and from the package: ``from hardware.boards import clue`` takes its attribute
                package, _, short = name.rpartition(".")
                monkeypatch.delattr(sys.modules[package], short, raising=False)
        env = {}
        monkeypatch.setattr("os.getenv", lambda k, d=None: env.get(k, d))
        return env

    yield make
    for name in list(sys.modules):
        if name.startswith(("hardware.boards.", "hardware.radio.")) and name not in before:
            del sys.modules[name]
            package, _, short = name.rpartition(".")
            if getattr(sys.modules.get(package), short, None) is not None:
                delattr(sys.modules[package], short)


def detect():
    from hardware import startup

    return startup.detect()
