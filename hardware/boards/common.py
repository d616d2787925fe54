"""What every board profile shares while the game runs: the keys' events, saving at safe points,
the clock. Building a profile is hardware.startup; the duel as the title sees it on a board
that can have a radio is hardware.radio.lazyduel (a board without one never loads it), and its
radio link and duel adapter are hardware.radio.linkup, loaded when a duel is chosen."""

import time

from hardware.app import Profile
from hardware.storage import KEEP
from seabattle.compat import forget


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
DUEL = b"D"  # ... or a duel: lobby code length, lobby code, seabattle.duel.protocol.Duel.save bytes
# (written, read and forgotten by hardware.radio.linkup: a game against the computer never does)


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

    def on_records(self, records):
        g = self.store.game
        game = None if g and g[:1] == LOCAL else KEEP  # a duel's state stays for its reveal
        from seabattle import recordbook

        stats = recordbook.to_bytes(records)
        recordbook = None
        forget("seabattle.recordbook")
        self.store.save(game=game, stats=stats)

    def saved(self):
        """("local", bytes for seabattle.saveload.loads) or ("duel", bytes for Duel.load), or None."""
        g = self.store.game
        if not g:
            return None
        kind = g[:1]
        return ("local" if kind == LOCAL else "duel" if kind == DUEL else None, g[1:])


class BoardProfile(Profile):
    """A board's profile. Building it (the display, keys, sound, nvm, statistics, settings) is
    hardware.startup, loaded for that and dropped: a board does not hold that code while
    it plays. A board module overrides the parts it has as methods ``make_display``,
    ``make_keys``, ``make_tone``, ``make_pixels``, ``make_link``, ``make_radio`` (startup's
    ``spi_bus`` and ``pixels_on`` help them; linkup's ``radio`` is the native BLE radio)."""

    name = "board"
    scheme = "two"
    can_host = False
    can_join = False
    nvm_page = 4096  # flash erase unit behind microcontroller.nvm

    def __init__(self, board_id=""):
        from hardware import startup

        startup.build(self, board_id)
        startup = None
        forget("hardware.startup")

    lazy_radio = True  # native BLE: import adafruit_ble only when a duel menu is used (RAM)
    def fresh(self, intent):
        """Raises hardware.relaunch.Relaunch if what ``intent`` starts (a duel: LazyDuel; the
        hard level: seabattle.screens.levels, through Flow.relaunch) should start in a fresh VM:
        this one has written to the nvm (startup reads the intent back after the reload)."""
        if self.store.writes != getattr(self, "fresh_writes", 0):
            from hardware import relaunch

            relaunch.check(self, intent)  # (where it returns, no reload: this VM goes on)

    def make_duel(self):
        """What the screens take as their duel adapter on a board that can have a radio (a
        LazyDuel: the adapter itself loads when a duel is chosen), or None without one."""
        if self.link is None and not (self.lazy_radio and (self.can_host or self.can_join)):
            return None
        from hardware.radio.lazyduel import LazyDuel  # (a board without a radio never loads it)

        return LazyDuel(self)

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
