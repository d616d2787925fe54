"""Two screen flows duel over the link simulator, driven only by actions (also on MicroPython):
on a board's VM each phase's code leaves the heap when the duel is past it (the lobby's screens,
the protocol's set-up, shooting and reveal, the whole protocol once no duel is going on), and
loads again when needed."""

import sys

from seabattle.duel import protocol as D
from seabattle import ui
from doubles import linksim
from seabattle.duel.adapter import DuelAdapter
from seabattle.screens.flow import Flow, Settings

BOARD_VM = sys.implementation.name != "cpython"  # modules are dropped there only


class SimLinker:
    def __init__(self, sim, side, lobbies):
        self.sim = sim
        self.side = side
        self.lobbies = lobbies
        self.link = None

    def host(self):
        self.lobbies.append("KIT-42")
        self.link = self.sim.ends[self.side]
        return "KIT-42"

    def scan(self):
        return list(self.lobbies)

    def connect(self, name):
        self.link = self.sim.ends[self.side]

    def cancel(self):
        self.link = None


def _pair(seed=3):
    clock = linksim.Clock()
    sim = linksim.LinkSim(clock, seed=seed)
    lobbies = []
    flows = []
    for side in (0, 1):
        rng = linksim.XorShift(seed * 10 + side)

        def make(link, role, rules, rng=rng, side=side):
            return D.Duel(link, clock, rng, role, ("Маша", "Петя")[side], rules)

        flows.append(Flow(rng, settings=Settings(lang=("ru", "en")[side]),
                          duel=DuelAdapter(SimLinker(sim, side, lobbies), make)))
    return clock, flows


def _choose(f, key):
    i = f.keys.index(key)
    while f.screen.selected != i:
        f.act(ui.DOWN)
    f.act(ui.FIRE)


def _run(clock, flows, until, limit=20000):
    for _ in range(limit):
        if until():
            return True
        clock.tick(10)
        for f in flows:
            f.tick(clock())
    return until()


def _goto(f, square):
    w = f.rules.width
    dx = square % w - f.aim % w
    dy = square // w - f.aim // w
    for _ in range(abs(dx)):
        f.act(ui.RIGHT if dx > 0 else ui.LEFT)
    for _ in range(abs(dy)):
        f.act(ui.DOWN if dy > 0 else ui.UP)


def _loaded(name):
    return ("seabattle." + name) in sys.modules


def test_a_duel_through_the_screens_holds_only_its_phase_code():
    clock, (host, guest) = _pair()
    _choose(host, "duel")
    _choose(host, "host")
    assert host.name == "duel_host"
    _choose(guest, "duel")
    _choose(guest, "join")
    assert _loaded("screens.lobby")
    assert _run(clock, (host, guest), lambda: guest.screen.page == ui.P_MENU and guest.name == "duel_join")
    guest.act(ui.FIRE)
    assert _run(clock, (host, guest), lambda: host.name == "place" and guest.name == "place")
    if BOARD_VM:
        assert not _loaded("screens.lobby")  # both are past the lobby
    for f in (host, guest):
        f.act(ui.SWITCH)  # auto-place
        f.act(ui.FIRE)
    assert _run(clock, (host, guest), lambda: host.name == "duel_code" and guest.name == "duel_code")
    assert host.screen.lines[0] == guest.screen.lines[0]
    for f in (host, guest):
        f.act(ui.FIRE)
        assert f.name == "battle"
    shots = 0
    while host.name != "end" or guest.name != "end":
        for f in (host, guest):
            if f.name == "battle" and f.match.my_turn() and f.wait_until < 0:
                view = f.match.view
                target = 0
                while not view.can_fire(target):
                    target += 1
                _goto(f, target)
                f.act(ui.FIRE)
                shots += 1
                if BOARD_VM and shots > 2:
                    assert _loaded("duel.shots") and not _loaded("duel.setup") and not _loaded("duel.reveal")
                    # nor the reveal's check, a new duel's making, a connection's start (both sides
                    # synced), nor a game against the computer's
                    assert not _loaded("duel.verify") and not _loaded("duel.state") and not _loaded("game")
                    assert not _loaded("duel.sync")
                    # nor the menu pages' helpers (an answer is shown by the battle's module, not
                    # through Flow's entry points' table), nor the lobby's texts
                    assert not _loaded("screens.pages") and not _loaded("lang.ru_lobby")
        assert shots < 400
        clock.tick(10)
        for f in (host, guest):
            f.tick(clock())
    assert _run(clock, (host, guest), lambda: host.match.findings is not None and guest.match.findings is not None)
    assert host.match.findings == [] and guest.match.findings == []
    assert host.duel.duel.phase == D.DONE and guest.duel.duel.phase == D.DONE
    if BOARD_VM:
        assert not _loaded("duel.shots") and not _loaded("duel.setup") and not _loaded("duel.reveal")
    for f in (host, guest):
        f.act(ui.FIRE)  # back to the duel menu: the lobby's screens again
        assert f.name == "duel" and not f.duel.active
    assert _loaded("screens.lobby")
    if BOARD_VM:  # no duel is going on: the protocol's code goes too
        assert not _loaded("duel.protocol") and not _loaded("duel.channel") and not _loaded("duel.frame")
    _choose(host, "back")
    assert host.name == "title"
    if BOARD_VM:
        assert not _loaded("screens.lobby")
