"""Two screen flows duel over the simulated BLE link (doubles.linksim), driven only by actions:
host and join, place, compare the match code, shoot in turn, and both end screens verified."""

import pytest

from seabattle.duel import protocol as D
from seabattle import strings, ui
from doubles import linksim
from seabattle.duel.adapter import DuelAdapter
from seabattle.screens.flow import Flow, Settings
from tools import scenes


class SimLinker:
    """The host advertises a lobby; the guest sees it and connects: both ends of one LinkSim."""

    lobbies = {}

    def __init__(self, sim, side):
        self.sim = sim
        self.side = side
        self.link = None

    def host(self):
        SimLinker.lobbies["KIT-42"] = self
        self.link = self.sim.ends[self.side]
        return "KIT-42"

    def scan(self):
        return sorted(SimLinker.lobbies)

    def connect(self, name):
        self.link = self.sim.ends[self.side]

    def cancel(self):
        self.link = None


def _pair(seed=3, loss=0.0):
    clock = linksim.Clock()
    sim = linksim.LinkSim(clock, seed=seed, loss=loss)
    flows = []
    for side in (0, 1):
        rng = linksim.XorShift(seed * 10 + side)

        def make(link, role, rules, rng=rng, side=side):
            return D.Duel(link, clock, rng, role, ("Маша", "Петя")[side], rules)

        flows.append(Flow(rng, settings=Settings(lang=("ru", "en")[side]),
                          duel=DuelAdapter(SimLinker(sim, side), make)))
    return clock, flows


def _socket_pair(tmp_path, seed=3):
    """The same over a real local TCP socket (hardware/desktop/netlink.py): two simulator windows."""
    from hardware.desktop.netlink import LocalLinker

    clock = linksim.Clock()
    flows = []
    for side in (0, 1):
        rng = linksim.XorShift(seed * 10 + side)

        def make(link, role, rules, rng=rng, side=side):
            return D.Duel(link, clock, rng, role, ("Маша", "Петя")[side], rules)

        linker = LocalLinker(port=0, lobbies=str(tmp_path))
        flows.append(Flow(rng, settings=Settings(lang=("ru", "en")[side]), duel=DuelAdapter(linker, make)))
    return clock, flows


def _run(clock, flows, until, limit=20000):
    for _ in range(limit):
        if until():
            return True
        clock.tick(10)
        for f in flows:
            f.tick(clock())
    return until()


@pytest.mark.parametrize("link", ["linksim", "socket"])
def test_duel_between_two_controllers_over_the_link(link, tmp_path):
    SimLinker.lobbies = {}
    clock, (host, guest) = _pair() if link == "linksim" else _socket_pair(tmp_path)
    scenes.choose(host, "duel")
    scenes.choose(host, "host")
    lobby = host.screen.lines[0].split(" ", 1)[1]
    assert host.name == "duel_host" and (lobby == "KIT-42" or lobby.startswith("PC-"))
    scenes.choose(guest, "duel")
    scenes.choose(guest, "join")
    assert _run(clock, (host, guest), lambda: guest.screen.page == ui.P_MENU and guest.name == "duel_join")
    assert guest.screen.items == [strings.say("en", "lobby", {"name": lobby})]
    guest.act(ui.FIRE)
    assert _run(clock, (host, guest), lambda: host.name == "place" and guest.name == "place")
    for f in (host, guest):
        f.act(ui.SWITCH)  # auto-place
        f.act(ui.FIRE)
    assert host.name == "duel_wait" or host.name == "duel_code"
    assert _run(clock, (host, guest), lambda: host.name == "duel_code" and guest.name == "duel_code")
    assert host.screen.lines[0] == guest.screen.lines[0] and len(host.screen.lines[0]) >= 4
    for f in (host, guest):
        f.act(ui.FIRE)
        assert f.name == "battle"
    shots = 0
    seen = set()
    while host.name != "end" or guest.name != "end":
        if host.name == "battle":
            seen.add(host.screen.message)
        mover = [f for f in (host, guest) if f.name == "battle" and f.match.my_turn() and f.wait_until < 0]
        for f in mover:
            view = f.match.view
            target = [sq for sq in range(100) if view.can_fire(sq)][0]
            scenes.goto(f, target, f.aim)
            f.act(ui.FIRE)
            shots += 1
            assert f.screen.message == strings.say(f.settings.lang, "shot_sent", {"cell": f.cell(target)})
        assert shots < 400
        clock.tick(10)
        for f in (host, guest):
            f.tick(clock())
    said = [strings.say("ru", k) for k in ("miss", "hit", "sunk")]
    for text in said:  # each answer as the paper game says it, on the shooter's screen
        assert [m for m in seen if m.endswith(text) and not m.startswith("Враг")], (text, seen)
    assert [m for m in seen if m.startswith("Враг:")]  # and the opponent's shots at me
    results = sorted([host.screen.message, guest.screen.message])
    assert results == sorted([strings.say("ru", "won"), strings.say("en", "lost")]) or \
        results == sorted([strings.say("ru", "lost"), strings.say("en", "won")]), results
    assert _run(clock, (host, guest), lambda: host.match.findings is not None and guest.match.findings is not None)
    assert host.screen.lines[0] == strings.say("ru", "verified")
    assert guest.screen.lines[0] == strings.say("en", "verified")
    assert host.records.rows["duel"][0] == 1
    for f in (host, guest):
        f.act(ui.FIRE)  # no rematch on the same connection: back to the duel menu
        assert f.name == "duel" and not f.duel.active
        f.duel.linker.cancel()


def test_closing_one_simulator_window_ends_the_duel_for_the_other_at_once(tmp_path):
    """Two windows over the local socket: the socket cannot come back once a window is closed,
    so the other shows the opponent gone (and the win) within a frame, not after the reconnect
    window of a radio link."""
    clock, (host, guest) = _socket_pair(tmp_path)
    scenes.choose(host, "duel")
    scenes.choose(host, "host")
    scenes.choose(guest, "duel")
    scenes.choose(guest, "join")
    assert _run(clock, (host, guest), lambda: guest.screen.page == ui.P_MENU and guest.name == "duel_join")
    guest.act(ui.FIRE)
    assert _run(clock, (host, guest), lambda: host.name == "place" and guest.name == "place")
    for f in (host, guest):
        f.act(ui.SWITCH)
        f.act(ui.FIRE)
    assert _run(clock, (host, guest), lambda: host.name == "duel_code" and guest.name == "duel_code")
    for f in (host, guest):
        f.act(ui.FIRE)
    assert _run(clock, (host, guest), lambda: host.name == "battle" and guest.name == "battle")
    guest.duel.linker.link.close()  # the guest's window is closed
    start = clock()
    assert _run(clock, (host,), lambda: host.name == "duel_gone", limit=50)
    assert clock() - start <= 500 and host.match.d.won is True
