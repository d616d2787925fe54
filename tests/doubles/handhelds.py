"""Two simulated boards duelling through their screen flows, for the duel's reset and title
tests: the real adafruit_ble on the _bleio stand-in, each board with a simulated flash nvm,
hardware.boards.common's Keeper and its duel as the title sees it (LazyDuel). ``Board.reset``
rebuilds a board from its nvm bytes alone, as after a power cut."""


from hardware.desktop import bleio

bleio.install()

from adafruit_ble import BLERadio  # noqa: E402  (after install: the stand-in _bleio)

from doubles.linksim import XorShift  # noqa: E402
from flashsim import FlashNvm  # noqa: E402
from hardware.boards.common import BoardProfile, Keeper  # noqa: E402
from hardware.radio.lazyduel import LazyDuel  # noqa: E402
from hardware.storeread import open_store  # noqa: E402
from seabattle import strings, ui  # noqa: E402
from seabattle.screens.flow import Flow, Settings  # noqa: E402
from tools import scenes  # noqa: E402

LANGS = ("ru", "en")


class Board:
    """One simulated board built from its nvm alone (as after a reset)."""

    def __init__(self, air, side, nvm, seed, radio=True):
        self.air = air
        self.side = side
        self.nvm = nvm
        self.seed = seed
        self.adapter = bleio.Adapter(air, name=("host", "guest")[side])

        def clock():
            return int(air.now * 1000)

        p = BoardProfile.__new__(BoardProfile)  # the profile's duel wiring, no board modules
        p.name = "board"
        p.player = ("Маша", "Петя")[side]
        p.rng = XorShift(seed)
        p.ms = clock
        p.can_host = p.can_join = True
        p.store = open_store(nvm, page=4096)
        p.keeper = Keeper(p.store)
        p.link = None  # made when a duel is chosen (hardware.radio.duelhooks.LazyLinker)
        p.sounds = None
        # the board's radio (its own adapter), or one that does not start (start_link: None)
        p.make_radio = (lambda: BLERadio(self.adapter)) if radio else (lambda: None)
        p.fresh_writes = 0
        p.duel = LazyDuel(p)
        self.p = p
        self.flow = Flow(p.rng, settings=Settings(lang=LANGS[side]), duel=p.duel, on_records=p.keeper.on_records)

    def act(self, action):
        with bleio.on_board(self.adapter):
            self.flow.act(action)

    def choose(self, key):
        with bleio.on_board(self.adapter):
            scenes.choose(self.flow, key)

    def step(self):
        with bleio.on_board(self.adapter):
            if self.p.link is not None:  # as BoardProfile.sleep
                self.p.link.poll()
            self.flow.tick(int(self.air.now * 1000))

    def reset(self, seed=None, radio=True):
        """Power cut: the radio drops its links, RAM is gone; a new board from the same nvm
        (``radio`` False: its radio does not start any more)."""
        self.air.cut(self.adapter)
        self.adapter.stop_advertising()
        self.air.adapters.remove(self.adapter)
        return Board(self.air, self.side, self.nvm, self.seed + 1000 if seed is None else seed, radio)


def run(air, boards, until, limit=30000):
    for _ in range(limit):
        if until():
            return True
        air.advance(0.01)
        for b in boards:
            b.step()
    return until()


def start(seed=5, guest_duel=None):
    """Two boards through the lobby, placing and the match code into the battle; with
    ``guest_duel`` (a Duel subclass) the guest's Duel plays as that class from its fleet on."""
    air = bleio.Air()
    host = Board(air, 0, FlashNvm(8192, 4096), seed)
    guest = Board(air, 1, FlashNvm(8192, 4096), seed + 1)
    host.choose("duel")
    host.choose("host")
    guest.choose("duel")
    guest.choose("join")
    assert run(air, (host, guest), lambda: guest.flow.screen.page == ui.P_MENU and guest.flow.name == "duel_join")
    guest.act(ui.FIRE)
    assert run(air, (host, guest), lambda: host.flow.name == "place" and guest.flow.name == "place")
    if guest_duel is not None:  # (made when the link came up; its fleet is committed below)
        guest.flow.duel.load().duel.__class__ = guest_duel
    for b in (host, guest):
        b.act(ui.SWITCH)  # auto-place
        b.act(ui.FIRE)
    assert run(air, (host, guest), lambda: host.flow.name == "duel_code" and guest.flow.name == "duel_code")
    for b in (host, guest):
        b.act(ui.FIRE)
    return air, [host, guest]


def shoot(air, boards, until):
    """Both players fire at their first free cell whenever it is their turn, until ``until()``."""
    for _ in range(200000):
        if until():
            return True
        for b in boards:
            f = b.flow
            if f.name == "duel_code":  # a board reset before the toss: the code shows again
                b.act(ui.FIRE)
            if f.name == "battle" and f.match.my_turn() and f.wait_until < 0:
                target = [sq for sq in range(100) if f.match.view.can_fire(sq)][0]
                with bleio.on_board(b.adapter):
                    scenes.goto(f, target, f.aim)
                    f.act(ui.FIRE)
        run(air, boards, lambda: False, limit=1)
        assert air.now < 7200
    return until()


def resume(board):
    """The title offers the saved duel first; pick it, then «reconnect»."""
    f = board.flow
    assert f.name == "title" and f.keys[0] == "duel_continue", f.keys
    assert f.screen.items[0] == strings.say(LANGS[board.side], "menu_duel_continue")
    board.choose("duel_continue")
    assert f.name == "duel_saved" and f.keys == ["resume_duel", "abandon_duel", "back"]
    board.act(ui.FIRE)
    assert f.name == "duel_reconnect"


def finish(air, boards):
    host, guest = boards
    assert shoot(air, boards, lambda: host.flow.name == "end" and guest.flow.name == "end")
    assert run(air, boards, lambda: host.flow.match.findings is not None and guest.flow.match.findings is not None)
    for b in boards:
        assert b.flow.screen.lines[0] == strings.say(LANGS[b.side], "verified"), b.flow.screen.lines
    a, b = host.flow.match.d, guest.flow.match.d
    assert a.won != b.won and a.verdict == [] and b.verdict == []
    assert a.shots() == b.shots() and a.sid == b.sid
    assert air.dropped == 0
    return a, b


def shots(boards):
    return boards[0].flow.match.d.shots()
