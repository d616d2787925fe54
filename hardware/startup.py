"""Building a board's profile (hardware.boards.common.BoardProfile): settings, random seed,
display, keys, sound and lights, nvm, saved statistics, the radio link and the duel (a LazyDuel:
the adapter itself loads when a duel is chosen); and
which board module's profile to build (``detect``, from ``board.board_id``).

Used once at start-up: BoardProfile drops this module (and hardware.settings, which reads
settings.toml) when the profile is built, so a board does not hold their code while it plays.
A board module's ``make_display``/``make_keys``/``make_tone``/``make_pixels``/``make_link``
methods, where it has them, replace the defaults here; ``spi_bus`` and ``pixels_on`` help them.
"""

import time

from hardware.boards.common import Keeper
from seabattle.compat import forget
from hardware.sound import Cues, NoPixels, NoTone


class MemoryNvm(bytearray):
    """Stand-in for ``microcontroller.nvm`` on a board without one: works, forgets at reset."""


def build(p, board_id):
    import random

    from hardware import settings as settings_mod

    p.board_id = board_id
    p.notes = []
    p.settings, p.player, p.problems = settings_mod.read()
    settings_mod = None
    forget("hardware.settings")  # read once
    try:
        import os

        random.seed(int.from_bytes(os.urandom(4), "big"))
    except (ImportError, NotImplementedError, AttributeError):
        pass
    p.rng = random
    p.display = _part(p, "make_display", make_display)
    p.keys = _part(p, "make_keys")
    p._events = []
    p.sounds = Cues(_part(p, "make_tone") or NoTone(), _part(p, "make_pixels") or NoPixels(),
                    p.settings, time.monotonic)
    p.store = make_store(p)
    p.keeper = Keeper(p.store)
    p.records = load_records(p)
    p.on_records = p.keeper.on_records
    p.link = _part(p, "make_link", make_link)
    p.duel = p.make_duel()
    p.intent = start_intent(p)


def start_intent(p):
    """The intent kept in the nvm before the game's own supervisor.reload() (hardware.relaunch),
    or None: a power-up, a reset or a file saved to CIRCUITPY (read here, at start-up only)."""
    try:
        import supervisor

        if supervisor.runtime.run_reason != supervisor.RunReason.SUPERVISOR_RELOAD:
            return None
    except (ImportError, AttributeError):
        return None
    return p.store.intent


def _part(p, name, default=None):
    """The board module's ``p.name()`` if it has one, else ``default(p)`` (None without)."""
    make = getattr(p, name, None)
    if make is not None:
        return make()
    return default(p) if default is not None else None


def make_display(p):
    import board

    display = getattr(board, "DISPLAY", None)
    if display is None:
        raise RuntimeError("seabattle needs a display: this board has no board.DISPLAY")
    display.auto_refresh = False
    return display


def spi_bus(p, spi, command, chip_select):
    """A display bus on SPI for a wing or gizmo screen, after releasing whatever display the
    firmware set up (a bus cannot be taken twice). CircuitPython 9 moved FourWire out of
    displayio into its own module; 8.x still has it in displayio."""
    import displayio

    try:
        from fourwire import FourWire
    except ImportError:
        FourWire = displayio.FourWire
    displayio.release_displays()
    return FourWire(spi, command=command, chip_select=chip_select)


def pixels_on(p, pin, count, power=None):
    """NeoPixels on ``pin`` (``power``: a pin that must be high to light them), or None with a
    note."""
    try:
        import neopixel

        if power is not None:
            import digitalio

            p._pixel_power = digitalio.DigitalInOut(power)
            p._pixel_power.switch_to_output(value=True)
        return neopixel.NeoPixel(pin, count, brightness=0.2, auto_write=True)
    except (ImportError, ValueError, RuntimeError) as exc:
        p.notes.append("no lights: %s" % exc)
        return None


def make_store(p):
    from hardware.storage import Store

    try:
        import microcontroller

        nvm = microcontroller.nvm
    except (ImportError, AttributeError):
        nvm = None
    if nvm is None:
        p.notes.append("no nvm: games and stats are not kept after a reset")
        nvm = MemoryNvm(b"\xff" * 2048)
    return Store(nvm, page=p.nvm_page)


def load_records(p):
    if not p.store.stats:
        return None
    from seabattle import recordbook

    try:
        return recordbook.from_bytes(p.store.stats)
    except ValueError:
        p.notes.append("saved statistics unreadable: starting afresh")
        return None
    finally:
        recordbook = None
        forget("seabattle.recordbook")


def make_link(p):
    if not (p.can_host or p.can_join):
        return None
    if p.lazy_radio:
        return None  # LazyLinker makes it on first use
    from hardware.radio import linkup

    return linkup.start_link(p)


# board.board_id -> module in this package
BOARDS = {
    "clue_nrf52840_express": "clue",
    "circuitplayground_bluefruit": "cpb_gizmo",
    "feather_bluefruit_sense": "feather_sense_minitft",
    "adafruit_feather_esp32s3_reverse_tft": "esp32s3_tft",
    "adafruit_feather_esp32s3_tft": "esp32s3_tft",
    "pybadge": "pybadge",
    "pybadge_airlift": "pybadge",
    "edgebadge": "pybadge",
    "pygamer": "pybadge",
}


def module_for(board_id):
    return BOARDS.get(board_id, "generic")


def profile_module(name):
    """The module of the profile ``name`` (a value of BOARDS, or "generic"): one import per
    board, so that only this board's profile is compiled and every profile is found by grep."""
    if name == "clue":
        from hardware.boards import clue as mod
    elif name == "cpb_gizmo":
        from hardware.boards import cpb_gizmo as mod
    elif name == "feather_sense_minitft":
        from hardware.boards import feather_sense_minitft as mod
    elif name == "esp32s3_tft":
        from hardware.boards import esp32s3_tft as mod
    elif name == "pybadge":
        from hardware.boards import pybadge as mod
    else:
        from hardware.boards import generic as mod
    return mod


def detect():
    """hardware.boards.detect: the profile for the board this runs on."""
    import board

    board_id = getattr(board, "board_id", "")
    profile = profile_module(module_for(board_id)).Profile(board_id)
    # one line per problem on the serial console (kept short: printing is slow, #2667)
    for line in profile.problems + profile.notes:
        print("seabattle:", line)
    return profile
