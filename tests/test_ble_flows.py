"""Two screen flows duel over BLE: the real adafruit_ble on the _bleio stand-in, the duel screens'
adapter (seabattle.duel.adapter) over hardware.radio.blelinker.BleLinker, driven only by button actions. The
link drops once in the middle of the battle and the game goes on."""

from hardware.desktop import bleio

bleio.install()

from adafruit_ble import BLERadio  # noqa: E402

from hardware.radio import ble  # noqa: E402
from hardware.radio import blead
from hardware.radio import blelinker
from hardware.radio import blestate
from seabattle import strings, ui  # noqa: E402
from seabattle.duel import protocol as D
from seabattle.duel.adapter import DuelAdapter  # noqa: E402
from seabattle.screens.flow import Flow, Settings  # noqa: E402
from doubles.linksim import XorShift  # noqa: E402
from tools import scenes  # noqa: E402


def _pair(air, host_central=True):
    flows, links = [], []
    for side in (0, 1):
        rng = XorShift(40 + side)
        adapter = bleio.Adapter(air, name=("host", "guest")[side], central=host_central or side == 1)
        clock = lambda: int(air.now * 1000)  # noqa: E731
        link = ble.BleLink(BLERadio(adapter), clock, can_join=adapter.central)
        links.append((link, adapter))

        def make(link, role, rules, rng=rng, side=side, clock=clock):
            return D.Duel(link, clock, rng, role, ("Маша", "Петя")[side], rules)

        flows.append(Flow(rng, settings=Settings(lang=("ru", "en")[side]),
                          duel=DuelAdapter(blelinker.BleLinker(link, rng), make)))
    return flows, links


def _run(air, flows, links, until, limit=30000):
    for _ in range(limit):
        if until():
            return True
        air.advance(0.01)
        for (link, adapter), f in zip(links, flows):
            with bleio.on_board(adapter):
                link.poll()
                f.tick(int(air.now * 1000))
    return until()


def test_two_flows_duel_over_ble_with_a_drop_in_the_middle():
    air = bleio.Air()
    (host, guest), links = _pair(air)
    scenes.choose(host, "duel")
    with bleio.on_board(links[0][1]):
        scenes.choose(host, "host")
    code = host.screen.lines[0].split(" ", 1)[1]
    assert host.name == "duel_host" and blead.code_of("SEA" + code) == code
    scenes.choose(guest, "duel")
    scenes.choose(guest, "join")
    assert _run(air, (host, guest), links, lambda: guest.screen.page == ui.P_MENU and guest.name == "duel_join")
    assert guest.screen.items == [strings.say("en", "lobby", {"name": code})]
    guest.act(ui.FIRE)
    assert _run(air, (host, guest), links, lambda: host.name == "place" and guest.name == "place")
    for f in (host, guest):
        f.act(ui.SWITCH)  # auto-place
        f.act(ui.FIRE)
    assert _run(air, (host, guest), links, lambda: host.name == "duel_code" and guest.name == "duel_code")
    assert host.screen.lines[0] == guest.screen.lines[0]
    for f in (host, guest):
        f.act(ui.FIRE)
    shots, cut = 0, False
    while host.name != "end" or guest.name != "end":
        for f in (host, guest):
            if f.name == "battle" and f.match.my_turn() and f.wait_until < 0:
                target = [sq for sq in range(100) if f.match.view.can_fire(sq)][0]
                scenes.goto(f, target, f.aim)
                f.act(ui.FIRE)
                shots += 1
        if shots == 20 and not cut:
            air.cut()  # the link drops mid-battle: both boards reconnect and resume
            cut = True
        assert shots < 400 and air.now < 3600
        _run(air, (host, guest), links, lambda: False, limit=1)  # 10 ms pass
    assert cut and links[0][0].epoch >= 2 and links[1][0].epoch >= 2
    assert _run(air, (host, guest), links, lambda: host.match.findings is not None and guest.match.findings is not None)
    assert host.screen.lines[0] == strings.say("ru", "verified")
    assert guest.screen.lines[0] == strings.say("en", "verified")
    assert air.dropped == 0


def test_the_duel_is_made_once_frames_flow_not_while_the_lobby_waits():
    # while a board hosts (advertising) or joins (connecting, the HELLO) it holds adafruit_ble and
    # hardware.radio.blefind; the Duel, its protocol's code and state, comes only once the link is READY
    # and has let them go (blefind.bare): made at once, it came on top of them (the first
    # duel's peak on a board, tools.ramreport)
    air = bleio.Air()
    (host, guest), links = _pair(air)
    made = []
    for f, (link, _adapter) in zip((host, guest), links):
        make = f.duel.make_duel

        def spy(lk, role, rules, make=make, link=link):
            made.append((role, link.state))
            return make(lk, role, rules)

        f.duel.make_duel = spy
    scenes.choose(host, "duel")
    with bleio.on_board(links[0][1]):
        scenes.choose(host, "host")
    scenes.choose(guest, "duel")
    scenes.choose(guest, "join")
    assert _run(air, (host, guest), links, lambda: guest.screen.page == ui.P_MENU and guest.name == "duel_join")
    _run(air, (host, guest), links, lambda: False, limit=200)  # 2 s in the lobby: nobody has joined
    assert links[0][0].state == blestate.ADVERTISING and host.duel.linker.link is links[0][0]
    assert host.duel.duel is None and guest.duel.duel is None and made == []
    guest.act(ui.FIRE)
    guest.act(ui.FIRE)  # pressed twice: the join screen stays while the link connects
    assert guest.name == "duel_join" and guest.duel.linker.link is links[1][0]
    assert _run(air, (host, guest), links, lambda: host.name == "place" and guest.name == "place")
    assert sorted(made) == [(0, ble.READY), (1, ble.READY)]
