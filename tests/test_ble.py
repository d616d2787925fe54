"""The BLE link over the REAL adafruit_ble, with only _bleio stood in (hardware/desktop/bleio.py).

Boards are simulated in one process on virtual time: a CLUE has a full radio, a PyBadge with an
AirLift is a peripheral only. The duel channel (seabattle/duel/channel.py) runs over the link.
"""

import pytest

from hardware.desktop import bleio

bleio.install()

from adafruit_ble import BLERadio  # noqa: E402  (after install: the stand-in _bleio)
from adafruit_ble.advertising.standard import ProvideServicesAdvertisement  # noqa: E402
from adafruit_ble.services.nordic import UARTService  # noqa: E402

from hardware.radio import ble  # noqa: E402
from hardware.radio import blestate  # noqa: E402
from hardware.radio import blead
from seabattle.duel.channel import Channel  # noqa: E402


class Sound:
    def __init__(self):
        self.stops = 0

    def stop(self):
        self.stops += 1


class Board:
    def __init__(self, air, name, central=True):
        self.air = air
        self.adapter = bleio.Adapter(air, name=name, central=central)
        self.radio = BLERadio(self.adapter)
        self.sound = Sound()
        self.link = ble.BleLink(self.radio, self.clock, sound=self.sound, can_join=central)
        self.channel = Channel(self.link, self.clock)
        self.inbox = []
        self.epoch = 0

    def clock(self):
        return int(self.air.now * 1000)

    def host(self, code):
        with bleio.on_board(self.adapter):
            self.link.host(code)

    def step(self):
        self.link.poll()
        if self.link.epoch != self.epoch:  # a new connection: the channel starts afresh
            self.epoch = self.link.epoch
            self.channel.reset()
        self.channel.flush()
        self.channel.poll(self.inbox)


def run(air, boards, steps=400, until=None):
    for _ in range(steps):
        for b in boards:
            b.step()
        air.advance(0.01)
        if until is not None and until():
            return True
    return until is None


def pair(host_central=True, code="K7PX"):
    air = bleio.Air()
    host = Board(air, "host", central=host_central)
    joiner = Board(air, "join")
    host.host(code)
    games = joiner.link.scan()
    assert [g.code for g in games] == [code]
    assert joiner.link.join(games[0])
    assert run(air, (host, joiner), until=lambda: host.link.state == joiner.link.state == ble.READY)
    run(air, (host, joiner), steps=1)  # both channels see the new connection
    return air, host, joiner


def test_lobby_names_fit_the_advertisement_and_parse_back():
    assert blead.code_of(blead.game_name("K7PX")) == "K7PX"
    for bad in (None, "", "SEA", "SEAK7P", "SEAK7PXX", "SEAk7px", "SEA0000", "XEAK7PX"):
        assert blead.code_of(bad) is None
    air = bleio.Air()
    a = bleio.Adapter(air)
    with bleio.on_board(a):
        adv = ProvideServicesAdvertisement(UARTService())
    adv.complete_name = blead.game_name("K7PX")
    assert len(bytes(adv)) <= 31


def test_the_hosts_advertisement_is_byte_for_byte_adafruit_bles_provide_services_one():
    """hardware.radio.blead builds it from the plain Advertisement (adafruit_ble.advertising.standard
    is never loaded on a board): the same bytes as ProvideServicesAdvertisement(uart)."""
    from hardware.radio import blead

    air = bleio.Air()
    with bleio.on_board(bleio.Adapter(air)):
        uart = UARTService()
    old = ProvideServicesAdvertisement(uart)
    old.complete_name = blead.game_name("K7PX")

    class Link:
        _uart = uart
        code = "K7PX"

    new = blead.advertisement(Link())
    assert bytes(new) == bytes(old) and new.connectable and len(bytes(new)) <= 31
    assert blead.offers_uart(new) and blead.offers_uart(old)
    assert not blead.offers_uart(ProvideServicesAdvertisement())


def test_a_host_makes_its_uart_service_once_and_keeps_only_its_native_buffers():
    air = bleio.Air()
    host = Board(air, "host")
    host.host("K7PX")
    first = host.link._local
    assert first is not None and host.link._uart is None  # no adafruit_ble wrapper is kept
    host.link.close()
    host.host("MNPR")  # hosting again: the same service (a local one cannot be removed)
    assert host.link._local is first and (host.link._rx, host.link._tx) == first


def test_scan_lists_only_seabattle_games_never_strangers():
    air = bleio.Air()
    stranger = bleio.Adapter(air, name="UART")  # any UART peripheral nearby
    with bleio.on_board(stranger):
        uart = UARTService()
    adv = ProvideServicesAdvertisement(uart)
    adv.complete_name = "UART"
    BLERadio(stranger).start_advertising(adv)
    impostor = bleio.Adapter(air)  # a game-like name but no UART service
    BLERadio(impostor).start_advertising(ProvideServicesAdvertisement())
    host = Board(air, "host")
    host.host("MNPR")
    other = Board(air, "host2")
    other.host("AB34")
    joiner = Board(air, "join")
    codes = sorted(g.code for g in joiner.link.scan())
    assert codes == ["AB34", "MNPR"]
    assert joiner.sound.stops == 1  # silenced before scanning


def test_duel_messages_cross_both_ways_without_overflowing_64_bytes():
    air, host, joiner = pair()
    assert not host.radio.advertising  # taken: nobody else can find it
    msgs = [bytes([i]) * (5 + i % 20) for i in range(30)]
    sent = [0, 0]

    def pump():
        for k, b in enumerate((host, joiner)):
            while sent[k] < len(msgs) and b.channel.room() > 0:
                b.channel.send(msgs[sent[k]])
                sent[k] += 1
        return len(host.inbox) == len(joiner.inbox) == len(msgs)

    assert run(air, (host, joiner), steps=2000, until=pump)
    assert host.inbox == msgs and joiner.inbox == msgs
    assert air.dropped == 0  # the channel's window kept every receiver under 64 bytes


def test_the_stand_in_does_drop_what_a_64_byte_buffer_cannot_hold():
    # the control for the test above: without flow control bytes are lost, as on the nRF
    air, host, joiner = pair()
    joiner.link.write(b"x" * 100)
    assert air.dropped == 36 and host.link.read() == b"x" * 64


def test_forced_disconnect_then_reconnect_and_resume():
    air, host, joiner = pair()
    joiner.channel.send(b"before")
    assert run(air, (host, joiner), until=lambda: host.inbox == [b"before"])
    air.cut()
    assert not joiner.link.connected and not host.link.connected
    assert host.radio.advertising  # the host is findable again at once
    # finding each other again makes no adafruit_ble radio (hardware.radio.blefind: native calls)
    seen = []
    assert run(air, (host, joiner), steps=1000,
               until=lambda: seen.append((host.link.radio, joiner.link.radio, joiner.link._uart))
               or host.link.state == joiner.link.state == ble.READY)
    assert len(seen) > 100 and set(seen) == {(None, None, None)}
    # a new connection starts a fresh channel; the duel layer resumes the game on it
    run(air, (host, joiner), steps=1)
    joiner.channel.send(b"after")
    assert run(air, (host, joiner), until=lambda: host.inbox == [b"before", b"after"])
    assert host.link.epoch == joiner.link.epoch == 2
    assert joiner.link.drops == 1 and host.link.drops == 1


def test_reconnect_waits_while_out_of_range():
    air, host, joiner = pair()
    air.out_of_range(joiner.adapter)
    assert not run(air, (host, joiner), steps=500, until=lambda: joiner.link.state == ble.READY)
    assert joiner.adapter._air.scans >= 2  # kept looking, every RETRY_MS
    air.out_of_range(joiner.adapter, gone=False)
    assert run(air, (host, joiner), steps=500, until=lambda: host.link.state == joiner.link.state == ble.READY)


def test_silent_stranger_is_dropped_and_the_opponent_gets_in():
    air = bleio.Air()
    host = Board(air, "host")
    host.host("K7PX")
    phone = BLERadio(bleio.Adapter(air, name="phone"))
    found = [a for a in phone.start_scan(ProvideServicesAdvertisement, timeout=1)]
    phone.connect(found[0])  # connects, never says HELLO
    run(air, (host,), steps=10)
    assert host.link.state == blestate.HANDSHAKE and not host.radio.advertising
    run(air, (host,), steps=int(blestate.HELLO_MS / 10) + 5)
    assert host.link.strangers == 1 and host.radio.advertising and not host.radio.connected
    joiner = Board(air, "join")
    assert joiner.link.join(joiner.link.scan()[0])
    assert run(air, (host, joiner), until=lambda: host.link.state == joiner.link.state == ble.READY)


def test_stranger_with_wrong_hello_is_dropped():
    air = bleio.Air()
    host = Board(air, "host")
    host.host("K7PX")
    phone = BLERadio(bleio.Adapter(air, name="phone"))
    conn = phone.connect(next(iter(phone.start_scan(ProvideServicesAdvertisement, timeout=1))))
    conn[UARTService].write(b"AT+HELLO\r\n")
    run(air, (host,), steps=3)
    assert host.link.strangers == 1 and not conn.connected and host.radio.advertising


def test_a_second_connection_is_dropped_and_the_opponent_kept():
    air, host, joiner = pair()
    intruder = bleio.Adapter(air, name="intruder")
    bleio.link(air, intruder, host.adapter)  # a central that got in anyway
    joiner.channel.send(b"still here")
    assert run(air, (host, joiner), until=lambda: host.inbox == [b"still here"])
    assert host.link.strangers == 1 and len(host.radio.connections) == 1
    assert joiner.link.state == ble.READY


def test_clue_joins_a_pybadge_airlift_host():
    air, host, joiner = pair(host_central=False)
    joiner.channel.send(b"from the CLUE")
    host.channel.send(b"from the PyBadge")
    assert run(air, (host, joiner), until=lambda: host.inbox and joiner.inbox)
    assert host.inbox == [b"from the CLUE"] and joiner.inbox == [b"from the PyBadge"]
    with pytest.raises(blestate.LinkError):
        host.link.scan()  # an AirLift cannot scan: the menu says so instead


def test_wrong_code_is_never_joined():
    air = bleio.Air()
    host = Board(air, "host")
    host.host("K7PX")
    joiner = Board(air, "join")
    lobby = joiner.link.scan()[0]
    lobby.code = "MNPR"  # the user picked a game that has gone; the host answers another code
    joiner.link.join(lobby)
    run(air, (host, joiner), steps=int(blestate.HELLO_MS / 10) + 20)
    assert host.link.state != ble.READY and joiner.link.state != ble.READY


MP_READY = r'''
import sys
from hardware.radio import ble
from hardware.radio import blestate


class Char:  # a native characteristic: each value set is one write
    def __init__(self, out):
        self.out = out

    @property
    def value(self):
        return b""

    @value.setter
    def value(self, b):
        self.out.append(bytes(b))


class Stream:
    def __init__(self, char):
        self.bound_characteristic = char


class Uart:  # the host's UARTService: its receive buffer and its transmit stream
    def __init__(self, data):
        self.data = bytearray(data)
        self.out = []
        self._rx = self
        self._tx = Stream(Char(self.out))

    @property
    def in_waiting(self):
        return len(self.data)

    def read(self, n):
        d = bytes(self.data[:n])
        self.data = self.data[n:]
        return d

    def write(self, b):
        self.out.append(bytes(b))

    def reset_input_buffer(self):
        pass


class Conn:
    connected = True

    def __init__(self):
        self._bleio_connection = self


class Adapter:
    advertising = False
    connections = (Conn(),)


class Radio:
    def __init__(self):
        self._adapter = Adapter()
        self.connections = self._adapter.connections


link = ble.BleLink(Radio(), lambda: 0)
link.role, link.code, link.state = "host", "K7PX", blestate.ADVERTISING
uart = Uart(ble.HELLO + b"K7PX")
blefind = link._find()  # what hosting loaded
link._local = blefind.natives(uart)  # the host's own service, made once (host())
blefind.local(link)
blefind = None
import adafruit_ble  # noqa: F401  (the radio's)
link.poll()  # the joiner's HELLO: frames flow
assert link.state == ble.READY and link.epoch == 1 and uart.out == [ble.HELLO + b"K7PX"]
assert "hardware.radio.blefind" not in sys.modules and "hardware.radio.blead" not in sys.modules
adafruit_ble = None
assert link.radio is None and "adafruit_ble" not in sys.modules  # the radio and its module go
assert "adafruit_ble.services.nordic" not in sys.modules  # the service's too: its buffers stay
link.poll()
assert "hardware.radio.blefind" not in sys.modules  # READY needs none of it
link.write(b"x" * 25)  # straight to the native characteristic, 20 bytes a write
assert uart.out[1:] == [b"x" * 20, b"x" * 5]
uart.data.extend(b"frame")
assert link.read() == b"frame"
link._find(True)  # loaded again after a drop, with a radio
from hardware.radio import blead
assert blead.game_ad().__name__ == "GameAd"
assert link.radio._adapter is link._adapter
assert "adafruit_ble.advertising.standard" not in sys.modules  # never: the plain Advertisement does
print("ok")
'''


def test_on_a_boards_vm_the_code_that_finds_the_peer_is_dropped_once_frames_flow(tmp_path):
    """MicroPython unix port: hardware.radio.blefind and adafruit_ble's advertising module leave the
    heap when the link turns READY (on CPython ``drop`` keeps them, so this runs there)."""
    import os
    import subprocess

    from test_micropython import ROOT, micropython
    from tools import bundle

    if not os.path.isdir(os.path.join(ROOT, "lib", "adafruit_ble")):
        bundle.bundle(os.path.join(ROOT, "lib"))  # as tools.ramreport does: lib/ is not in git
    script = tmp_path / "ready.py"
    script.write_text(MP_READY)
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join((".frozen", os.path.join(ROOT, "tools", "mpstubs"), ROOT, os.path.join(ROOT, "lib")))
    proc = subprocess.run([micropython(), str(script)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip().endswith("ok"), proc.stdout + proc.stderr
