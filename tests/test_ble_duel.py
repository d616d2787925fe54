"""Whole duels between two simulated boards through the REAL adafruit_ble (stand-in _bleio only):
a CLUE against a CLUE, and a CLUE joining a PyBadge + AirLift host; a forced disconnect and a
reboot from the nvm save in the middle, and the flash writes each game costs.
"""

import pytest

from hardware.desktop import bleio

bleio.install()

from adafruit_ble import BLERadio  # noqa: E402

from hardware.radio import ble  # noqa: E402
from hardware.radio import blead
from hardware.storeread import open_store  # noqa: E402
from seabattle.duel import protocol as D  # noqa: E402
from doubles.duelsim import random_shot  # noqa: E402
from doubles.linksim import XorShift  # noqa: E402
from seabattle.placement import random_fleet  # noqa: E402
from seabattle.rules import CLASSIC  # noqa: E402

from flashsim import FlashNvm  # noqa: E402


class Device:
    """One simulated board: radio, BLE link, nvm store and the duel protocol."""

    def __init__(self, air, role, seed, central=True, name="board"):
        self.air = air
        self.adapter = bleio.Adapter(air, name=name, central=central)
        self.link = ble.BleLink(BLERadio(self.adapter), self.clock, can_join=central)
        self.rng = XorShift(seed)
        self.nvm = FlashNvm(8192, 4096)
        self.store = open_store(self.nvm)
        self.role = role
        self.duel = D.Duel(self.link, self.clock, self.rng, role, name, CLASSIC, self.save)
        self.events = []

    def clock(self):
        return int(self.air.now * 1000)

    def save(self, data):
        self.store.save(game=data)

    def reboot(self):
        """Power cut: everything in RAM is gone; the duel comes back from nvm."""
        self.store = open_store(self.nvm)
        self.duel = D.Duel.load(self.store.game, self.link, self.clock, self.rng, self.save)

    def step(self):
        self.link.poll()
        for ev in self.duel.poll():
            self.events.append(ev)
            if ev[0] == "hello" and self.duel.fleet is None:
                self.duel.set_fleet(random_fleet(self.duel.rules, self.rng, 0))
        if self.duel.my_turn():
            self.duel.fire(random_shot(self.duel.view, self.rng))


def connect(host_central=True, seed=1):
    air = bleio.Air()
    host = Device(air, D.HOST, seed, central=host_central, name="host")
    guest = Device(air, D.GUEST, seed + 100, name="guest")
    with bleio.on_board(host.adapter):
        host.link.host(blead.new_code(host.rng))
    games = guest.link.scan()
    assert [g.code for g in games] == [host.link.code]
    assert guest.link.join(games[0])
    return air, host, guest


def play(air, devices, until, limit_s=600):
    end = air.now + limit_s
    while air.now < end:
        for d in devices:
            d.step()
        air.advance(0.01)
        if until():
            return True
    return False


def over(host, guest):
    return host.duel.phase == D.DONE and guest.duel.phase == D.DONE


def check_game(host, guest, air):
    assert host.duel.won is not None and host.duel.won != guest.duel.won
    assert host.duel.verdict == [] and guest.duel.verdict == []
    assert host.duel.shots() == guest.duel.shots()
    assert air.dropped == 0  # no byte lost to a full 64-byte buffer


@pytest.mark.parametrize("host_central", [True, False], ids=["clue-vs-clue", "clue-joins-pybadge-airlift"])
def test_whole_duel_with_a_forced_disconnect_and_a_reboot(host_central):
    air, host, guest = connect(host_central)
    devices = (host, guest)
    assert play(air, devices, lambda: host.duel.phase == D.PLAY and host.duel.shots() >= 10)
    air.cut()  # forced disconnect mid-game
    assert play(air, devices, lambda: host.duel.shots() >= 30)
    assert host.link.epoch >= 2 and guest.link.epoch >= 2
    guest.reboot()  # power cut on the guest: resumes from its nvm save
    air.cut()
    assert play(air, devices, lambda: over(host, guest))
    check_game(host, guest, air)
    assert any(ev[0] == "resumed" for ev in guest.events) or guest.link.epoch >= 3
    writes = host.store.writes + guest.store.writes
    print("flash writes per duel: host %d, guest %d, shots %d"
          % (host.store.writes, guest.store.writes, host.duel.shots()))
    assert 0 < writes


def test_flash_writes_per_duel_are_counted():
    air, host, guest = connect(seed=7)
    assert play(air, (host, guest), lambda: over(host, guest))
    check_game(host, guest, air)
    shots = host.duel.shots()
    # one nvm write (one flash page erase) per state change the protocol asks to keep
    for d in (host, guest):
        assert d.nvm.erases == d.store.writes
        assert d.store.writes <= 3 * shots + 40, (d.store.writes, shots)
