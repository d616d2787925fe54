"""What every board profile shares: settings, saved stats, sound and lights, the radio link."""

import time

from hardware.app import Profile
from hardware.storage import KEEP
from hardware.sound import Cues, NoPixels, NoTone


class MemoryNvm(bytearray):
    """Stand-in for ``microcontroller.nvm`` on a board without one: works, forgets at reset."""


class KeypadKeys:
    """``keypad`` events (Keys, ShiftRegisterKeys) as (name, pressed); allocation-free."""

    def __init__(self, keys, names):
        import keypad

        self.keys = keys
        self.names = names
        self.event = keypad.Event()

    def events(self, out):
        ev = self.event
        while self.keys.events.get_into(ev):
            out.append((self.names[ev.key_number], ev.pressed))


LOCAL = b"L"  # the saved game is a game against the computer (seabattle.save)
DUEL = b"D"  # ... or a duel: lobby code length, lobby code, seabattle.duel.Duel.save bytes


class Keeper:
    """Saves at safe points only: the game after a shot's result, the stats after a game.

    ``checkpoint(game)`` writes ``seabattle.save.dumps(game)`` when it changed (one nvm write,
    one flash page erase); ``on_records(records)`` writes the statistics at the end of a game,
    and in the same write forgets a finished game against the computer (hardware.app.Saver
    leaves the last shot of a game to this write).
    """

    def __init__(self, store):
        self.store = store

    def checkpoint(self, game, extra=b""):
        from seabattle import save

        return self.store.save(game=LOCAL + save.dumps(game, extra) if game is not None else None)

    def duel_store(self, data, lobby=""):
        """seabattle.duel asks for its state to be kept before it sends what depends on it;
        ``lobby``: the lobby code, so a reset can reconnect to the same game."""
        code = lobby.encode() if lobby else b""
        self.store.save(game=DUEL + bytes((len(code),)) + code + bytes(data))

    def saved_duel(self):
        """(lobby code, bytes for seabattle.duel.Duel.load) of the duel in the nvm, or None."""
        found = self.saved()
        if found is None or found[0] != "duel" or not found[1]:
            return None
        g = found[1]
        n = g[0]
        try:
            return bytes(g[1:1 + n]).decode(), bytes(g[1 + n:])
        except ValueError:
            return None

    def forget_duel(self):
        """The player abandoned the saved duel: clear it (one write; the stats stay)."""
        g = self.store.game
        if g and g[:1] == DUEL:
            self.store.save(game=None)

    def on_records(self, records):
        g = self.store.game
        game = None if g and g[:1] == LOCAL else KEEP  # a duel's state stays for its reveal
        self.store.save(game=game, stats=records.to_bytes())

    def saved(self):
        """("local", bytes for seabattle.save.loads) or ("duel", bytes for Duel.load), or None."""
        g = self.store.game
        if not g:
            return None
        kind = g[:1]
        return ("local" if kind == LOCAL else "duel" if kind == DUEL else None, g[1:])


class LazyLinker:
    """The duel screens' linker, made on first use: adafruit_ble and the radio cost RAM that a
    game against the computer should not pay (see tools.ramreport)."""

    def __init__(self, profile):
        self.profile = profile
        self.real = None

    def _get(self):
        if self.real is None:
            p = self.profile
            if p.link is None:
                p.link = p.start_link()
            if p.link is None:
                return None
            from hardware.ble import BleLinker

            self.real = BleLinker(p.link, p.rng)
        return self.real

    @property
    def link(self):
        return self.real.link if self.real is not None else None

    def host(self, code=None):
        real = self._get()
        return real.host(code) if real is not None else "----"

    def rejoin(self, code):
        real = self._get()
        if real is not None:
            real.rejoin(code)

    def scan(self):
        real = self._get()
        return real.scan() if real is not None else []

    def connect(self, code):
        real = self._get()
        if real is not None:
            real.connect(code)

    def cancel(self):
        if self.real is not None:
            self.real.cancel()


class BoardProfile(Profile):
    name = "board"
    scheme = "two"
    can_host = False
    can_join = False
    nvm_page = 4096  # flash erase unit behind microcontroller.nvm

    def __init__(self, board_id=""):
        import random

        from hardware import settings as settings_mod

        self.board_id = board_id
        self.notes = []
        self.settings, self.player, self.problems = settings_mod.read()
        try:
            import os

            random.seed(int.from_bytes(os.urandom(4), "big"))
        except (ImportError, NotImplementedError, AttributeError):
            pass
        self.rng = random
        self.display = self.make_display()
        self.keys = self.make_keys()
        self._events = []
        self.sounds = Cues(self.make_tone() or NoTone(), self.make_pixels() or NoPixels(),
                           self.settings, time.monotonic)
        self.store = self.make_store()
        self.keeper = Keeper(self.store)
        self.records = self.load_records()
        self.on_records = self.keeper.on_records
        self.link = self.make_link()
        self.duel = self.make_duel()

    # -- parts: a board module overrides what it has -------------------------------------------
    def make_display(self):
        import board

        display = getattr(board, "DISPLAY", None)
        if display is None:
            raise RuntimeError("seabattle needs a display: this board has no board.DISPLAY")
        display.auto_refresh = False
        return display

    def spi_bus(self, spi, command, chip_select):
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

    def make_keys(self):
        return None

    def make_tone(self):
        return None

    def make_pixels(self):
        return None

    def make_pixels_on(self, pin, count, power=None):
        try:
            import neopixel

            if power is not None:
                import digitalio

                self._pixel_power = digitalio.DigitalInOut(power)
                self._pixel_power.switch_to_output(value=True)
            return neopixel.NeoPixel(pin, count, brightness=0.2, auto_write=True)
        except (ImportError, ValueError, RuntimeError) as exc:
            self.notes.append("no lights: %s" % exc)
            return None

    def make_store(self):
        from hardware.storage import Store

        try:
            import microcontroller

            nvm = microcontroller.nvm
        except (ImportError, AttributeError):
            nvm = None
        if nvm is None:
            self.notes.append("no nvm: games and stats are not kept after a reset")
            nvm = MemoryNvm(b"\xff" * 2048)
        return Store(nvm, page=self.nvm_page)

    def load_records(self):
        if not self.store.stats:
            return None
        from seabattle.records import Records

        try:
            return Records.from_bytes(self.store.stats)
        except ValueError:
            self.notes.append("saved statistics unreadable: starting afresh")
            return None

    def make_radio(self):
        """The BLERadio on boards with native BLE, None where there is none."""
        try:
            from adafruit_ble import BLERadio

            return BLERadio()
        except (ImportError, RuntimeError) as exc:
            self.notes.append("no radio: %s" % exc)
            return None

    lazy_radio = True  # native BLE: import adafruit_ble only when a duel menu is used (RAM)

    def make_link(self):
        if not (self.can_host or self.can_join):
            return None
        if self.lazy_radio:
            return None  # LazyLinker makes it on first use
        return self.start_link()

    def start_link(self):
        radio = self.make_radio()
        if radio is None:
            self.can_host = self.can_join = False
            return None
        from hardware.ble import BleLink

        return BleLink(radio, self.ms, sound=self.sounds, can_join=self.can_join)

    def make_duel(self):
        """The screens' duel adapter (seabattle.duelplay) over the radio, or None without one."""
        if self.link is None and not (self.lazy_radio and (self.can_host or self.can_join)):
            return None
        from seabattle.duelplay import DuelAdapter

        keeper = self.keeper

        def store(link):
            def keep(data):
                keeper.duel_store(data, getattr(link, "code", None) or "")
            return keep

        def make(link, role, rules):
            from seabattle import duel

            return duel.Duel(link, self.ms, self.rng, role, self.player or self.name, rules, store(link))

        def load(data, link):
            from seabattle import duel

            return duel.Duel.load(data, link, self.ms, self.rng, store(link))

        return DuelAdapter(LazyLinker(self), make, saved=keeper.saved_duel(), load_duel=load,
                           forget=keeper.forget_duel)

    # -- the loop's needs --------------------------------------------------------------------
    def ms(self):
        return int(time.monotonic() * 1000)

    def now(self):
        return time.monotonic()

    def sleep(self, seconds):
        self.sounds.tick(time.monotonic())
        if self.link is not None:
            self.link.poll()
        time.sleep(seconds)

    def events(self, now):
        out = self._events
        del out[:]
        if self.keys is not None:
            self.keys.events(out)
        return out

    def report(self):
        """One line per problem on the serial console (kept short: printing is slow, #2667)."""
        for line in self.problems + self.notes:
            print("seabattle:", line)
