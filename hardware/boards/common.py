"""What every board profile shares while the game runs: the loop's contract (``Profile``), the
keys' events, saving at safe points, the clock. Building a profile is hardware.startup (it picks
the board's module and makes the parts with the board's ``make_*`` methods); the duel as the
title sees it on a board that can have a radio is hardware.radio.lazyduel (a board without one
never loads it), and its radio link and duel adapter are hardware.radio's, loaded when a duel
is chosen."""

import time

from hardware.storage import KEEP
from seabattle import sound
from seabattle.compat import forget


class Profile:
    """What hardware.app.run needs from a board (or the desktop simulator).

    ``display``: a displayio display (``root_group``, ``refresh()``, ``width``, ``height``);
    ``scheme``: an input scheme name ("dpad", "two"); ``events(now)``: the key changes since the
    last call as ``(name, pressed)`` pairs; ``ms()``: the clock, integer milliseconds;
    ``sleep(s)``; ``rng``: an object
    with ``randrange``; ``sounds``: a seabattle.sound player; ``running()``: False to stop.
    Optional: ``settings``, ``records``, ``on_records``, ``levels``, ``duel``, ``keeper`` (a
    ``Keeper``: the game against the computer is saved after each shot's result and offered
    again at start-up), ``fresh`` and ``intent`` (hardware.relaunch).
    """

    scheme = "dpad"
    frame = 1 / 60
    sounds = sound.Silent()
    settings = None
    records = None
    on_records = None
    levels = None
    duel = None
    keeper = None

    def running(self):
        return True


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
    """A board's profile: what start-up read (hardware.startup: the settings, the nvm's store,
    its statistics and intent) given to ``__init__``, and the parts the board's own methods made
    given to ``equip``. A board module overrides the parts it has as methods ``make_display``,
    ``make_keys``, ``make_tone``, ``make_pixels``, ``find_radio`` (a cheap check at start-up
    whether an add-on radio may be there), ``probe_radio`` (whether it answers, asked when the
    duel menu opens: hardware.radio.lazyduel.LazyDuel.probe) and ``make_radio``
    (hardware.radio.linkup: the radio, made when a duel first needs it); hardware.boards.parts
    helps them."""

    name = "board"
    scheme = "two"
    can_host = False
    can_join = False
    nvm_page = 4096  # flash erase unit behind microcontroller.nvm
    make_display = make_keys = make_tone = make_pixels = find_radio = probe_radio = None  # what a board has

    def __init__(self, board_id="", notes=None, settings=None, player=None, problems=(), rng=None,
                 store=None, records=None, intent=None):
        self.board_id = board_id
        self.notes = notes if notes is not None else []  # what is missing, printed at start-up
        self.settings = settings
        self.player = player
        self.problems = problems
        self.rng = rng
        self.store = store
        self.keeper = keeper = Keeper(store)
        self.on_records = keeper.on_records
        self.records = records
        self.intent = intent  # what the game's own reload was for (hardware.relaunch), or None
        self.fresh_writes = 0  # the store's writes when this VM counts as fresh (hardware.relaunch)
        self.kept = 0  # the intent hardware.relaunch.out_of_memory keeps where there is no nvm
        self.display = self.keys = self.link = self.duel = None
        # the clock (ms): supervisor.ticks_ms, counted on past its wrap (see ms)
        try:
            from supervisor import ticks_ms
        except ImportError:  # MicroPython (the tests' VMs): its own, which wraps at 2**30
            from time import ticks_ms
        self._ticks = ticks_ms
        self._tick = ticks_ms()
        self._ms = 0
        self.ble_local = None  # a link's own UART service, kept for the next (hardware.radio.linkup)
        self._events = []

    def equip(self, display, keys, sounds, duel):
        """The parts hardware.startup made with the board's methods; ``duel``: a
        hardware.radio.lazyduel.LazyDuel on a board that can have a radio, else None."""
        self.display = display
        self.keys = keys
        self.sounds = sounds
        self.duel = duel

    def fresh(self, intent):
        """Raises hardware.relaunch.Relaunch if what ``intent`` starts (a duel: LazyDuel; the
        hard level: seabattle.screens.levels, through Flow.relaunch) should start in a fresh VM:
        this one has written to the nvm (startup reads the intent back after the reload)."""
        if self.store.writes != self.fresh_writes:
            from hardware import relaunch

            relaunch.check(self, intent)  # (where it returns, no reload: this VM goes on)

    # -- the loop's needs --------------------------------------------------------------------
    def ms(self):
        """The loop's, the sounds' and the duel's clock: milliseconds since start-up, an int that
        never wraps. Not time.monotonic(): a board's floats carry 22 bits, so after about an
        hour of uptime it loses the milliseconds, and after three days it steps by 64 ms (a key
        repeats every 110). supervisor.ticks_ms does not drift; it wraps, and the difference
        taken modulo its period (2**29 ms, 6.2 days; MicroPython's 2**30 is a multiple) carries
        the count on, as a small int up to 2**30 ms (12 days)."""
        t = self._ticks()
        self._ms += (t - self._tick) & 0x1FFFFFFF
        self._tick = t
        return self._ms

    def sleep(self, seconds):
        self.sounds.tick(self.ms())
        if self.link is not None:
            self.link.poll()
        time.sleep(seconds)

    def events(self, now):
        out = self._events
        del out[:]
        if self.keys is not None:
            self.keys.events(out)
        return out
