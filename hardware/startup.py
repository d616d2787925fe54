"""Building a board's profile (hardware.boards.common.BoardProfile): which board module's profile
(``detect``, from ``board.board_id``), the settings, the random seed, the nvm's store with its
statistics and intent, then the display, keys, sound and lights made by the board's own
``make_*`` methods (or the defaults here), and the duel (a LazyDuel: the adapter itself loads
when a duel is chosen).

Used once at start-up: ``detect`` drops this module (and hardware.settings, which reads
settings.toml, hardware.storeread and hardware.boards.parts) when the profile is built, so a
board does not hold their code while it plays.
"""

from hardware.sound import Cues, NoPixels, NoTone
from seabattle.compat import forget


class MemoryNvm(bytearray):
    """Stand-in for ``microcontroller.nvm`` on a board without one: works, forgets at reset."""


def build(profile_class, board_id):
    """The profile of ``profile_class`` (a BoardProfile) for the board ``board_id``."""
    import random

    from hardware import settings as settings_mod

    notes = []
    settings, player, problems = settings_mod.read()
    settings_mod = None
    forget("hardware.settings")  # read once
    try:
        import os

        random.seed(int.from_bytes(os.urandom(4), "big"))
    except (ImportError, NotImplementedError, AttributeError):
        pass
    store = make_store(profile_class.nvm_page, notes)
    p = profile_class(board_id, notes=notes, settings=settings, player=player, problems=problems,
                      rng=random, store=store, records=load_records(store, notes),
                      intent=start_intent(store))
    display = p.make_display() if p.make_display is not None else builtin_display()
    keys = p.make_keys() if p.make_keys is not None else None
    tone = p.make_tone() if p.make_tone is not None else None
    pixels = p.make_pixels() if p.make_pixels is not None else None
    if p.find_radio is not None:
        p.find_radio()
    duel = None
    if p.can_host or p.can_join:  # the radio and its link are made when a duel needs them
        from hardware.radio.lazyduel import LazyDuel  # (a board without a radio never loads it)

        duel = LazyDuel(p)
    p.equip(display, keys, Cues(tone or NoTone(), pixels or NoPixels(), settings, p.ms), duel)
    forget("hardware.boards.parts")  # (the board's methods' helpers)
    return p


def start_intent(store):
    """The intent kept in the nvm before the game's own supervisor.reload() (hardware.relaunch),
    or None: a power-up, a reset or a file saved to CIRCUITPY (read here, at start-up only)."""
    try:
        import supervisor

        if supervisor.runtime.run_reason != supervisor.RunReason.SUPERVISOR_RELOAD:
            return None
    except (ImportError, AttributeError):
        return None
    return store.intent


def builtin_display():
    import board

    display = getattr(board, "DISPLAY", None)
    if display is None:
        raise RuntimeError("seabattle needs a display: this board has no board.DISPLAY")
    display.auto_refresh = False
    return display


def make_store(page, notes):
    from hardware import storeread

    try:
        import microcontroller

        nvm = microcontroller.nvm
    except (ImportError, AttributeError):
        nvm = None
    if nvm is None:
        notes.append("no nvm: games and stats are not kept after a reset")
        nvm = MemoryNvm(b"\xff" * 2048)
    try:
        return storeread.open_store(nvm, page=page)
    finally:  # read once: the store only writes from here on
        storeread = None
        forget("hardware.storeread")


def load_records(store, notes):
    if not store.stats:
        return None
    from seabattle import recordbook

    try:
        return recordbook.from_bytes(store.stats)
    except ValueError:
        notes.append("saved statistics unreadable: starting afresh")
        return None
    finally:
        recordbook = None
        forget("seabattle.recordbook")


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
    """The profile for the board this runs on (code.py, hardware.selftest); this module goes
    once it is built."""
    import board

    board_id = getattr(board, "board_id", "")
    profile = build(profile_module(module_for(board_id)).Profile, board_id)
    # one line per problem on the serial console (kept short: printing is slow, #2667)
    for line in profile.problems + profile.notes:
        print("seabattle:", line)
    forget("hardware.startup")  # (the caller lets go of its name for this module)
    return profile
