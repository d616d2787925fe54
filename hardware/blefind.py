"""How a BLE link (hardware/ble.py) finds its peer: hosting (advertising ``SEA`` + the lobby code
and taking the joiner's HELLO), joining (scanning for games, connecting, exchanging HELLO) and
finding the peer again after a drop. Functions of the BleLink ``b``; imported by hardware.ble
while the link is not ``READY`` and dropped once frames flow (``drop()``; on a board's VM only),
when the link lets adafruit_ble go too (``BleLink._bare``): a duel's battle holds only the code
that carries its frames.

The advertisement is adafruit_ble's plain ``Advertisement`` (its module is loaded with
adafruit_ble anyway) with the UART service's UUID put in it as bytes, the same bytes
``adafruit_ble.advertising.standard.ProvideServicesAdvertisement(uart)`` makes: that module
(~6 KB of heap on a board while it is loaded, and some 50 names of its own, interned for good)
is never imported.
"""

from adafruit_ble.advertising import Advertisement
from adafruit_ble.services.nordic import UARTService
from seabattle.compat import forget as _forget

from hardware.ble import (ADVERTISING, HANDSHAKE, HELLO, HELLO_LEN, HELLO_MS, IDLE, LOST, READY, RETRY_MS,
                          SCAN_S, LinkError, code_of, game_name)

_SERVICES = 0x06  # advertising data type: an (incomplete) list of 128-bit service UUIDs, where
# ProvideServicesAdvertisement puts a vendor service's UUID such as the UART service's


class GameAd(Advertisement):
    """An advertisement carrying 128-bit service UUIDs: a scan for it yields only those (the
    radio filters them), and a host's carries the UART service's (``advertisement``)."""

    match_prefixes = (bytes((_SERVICES,)),)


def _uart_uuid():
    out = bytearray(16)
    UARTService.uuid.pack_into(out, 0)
    return bytes(out)


def offers_uart(adv):
    """True if the advertisement lists the UART service (the only way a game is reached)."""
    want = _uart_uuid()
    data = adv.data_dict.get(_SERVICES)
    for part in data if isinstance(data, list) else (data,):
        if part:
            for i in range(0, len(part) - 15, 16):
                if bytes(part[i:i + 16]) == want:
                    return True
    return False


def drop():
    """Forget this module once frames flow. Nothing keeps its objects: the radio advertises a
    copy of the advertisement's bytes, and no lobby found by a scan is kept past the connect."""
    _forget("hardware.blefind")


class Lobby:
    """A game found by ``scan()``: show ``code`` (and ``rssi``) and pass it to ``join()``."""

    def __init__(self, code, rssi, advertisement):
        self.code = code
        self.rssi = rssi
        self.advertisement = advertisement

    def __repr__(self):
        return "<Lobby %s %s dBm>" % (self.code, self.rssi)


def host(b, code):
    """Start a game others can join; show ``code`` on the screen."""
    b.role, b.code = "host", code
    b.local()  # the UART service, made once: its native buffer and characteristic
    advertise(b)


def advertisement(b):
    """The host's advertisement: the UART service and the game's name (``SEA`` + lobby code), in
    the order and bytes ProvideServicesAdvertisement(uart) would give them."""
    adv = GameAd()
    adv.data_dict[_SERVICES] = bytearray(_uart_uuid())
    adv.connectable = True
    adv.flags.general_discovery = True
    adv.flags.le_only = True
    adv.complete_name = game_name(b.code)
    return adv


def advertise(b):
    adv = advertisement(b)
    try:
        b.radio.name = game_name(b.code)
    except Exception:  # some adapters refuse renaming; the advertisement carries it anyway
        pass
    if not b.radio.advertising:
        b.radio.start_advertising(adv)
    b._rx.reset_input_buffer()  # bytes of a previous connection
    b.state = ADVERTISING


def scan(b, seconds=SCAN_S):
    """Blocking scan for ``seconds``: the seabattle games in range, strongest first."""
    if not b.can_join:
        raise LinkError("this board's radio (AirLift) can host only: it cannot scan or join")
    if b.sound is not None:
        b.sound.stop()
    found = {}
    try:
        for adv in b.radio.start_scan(GameAd, timeout=seconds):
            if not offers_uart(adv):
                continue
            code = code_of(adv.complete_name)
            if code is None:
                continue
            old = found.get(code)
            if old is None or (adv.rssi or -127) > (old.rssi or -127):
                found[code] = Lobby(code, adv.rssi, adv)
    finally:
        b.radio.stop_scan()
    games = list(found.values())
    games.sort(key=lambda g: -(g.rssi or -127))
    return games


def join(b, lobby):
    """Connect to a game listed by ``scan()``. Returns True once connected (HELLO pending)."""
    if not b.can_join:
        raise LinkError("this board's radio (AirLift) can host only: it cannot scan or join")
    b.role, b.code = "join", lobby.code
    return connect(b, lobby.advertisement)


def rejoin(b, code):
    """Look for the game with lobby ``code`` again (a duel saved before a reset): the same
    search as after a dropped connection, a short scan every ``RETRY_MS``."""
    if not b.can_join:
        raise LinkError("this board's radio (AirLift) can host only: it cannot scan or join")
    b._forget_conn()
    b.role, b.code = "join", code
    b.state = LOST
    b._tried = None


def connect(b, advertisement):
    b._tried = b.clock()
    try:
        conn = b.radio.connect(advertisement)
        if UARTService not in conn:
            conn.disconnect()  # named like a game but not one: never talk to it
            b.strangers += 1
            b.state = LOST
            return False
        b._conn = conn
        b._rx = b._tx = None  # (a host's own service's, if this board hosted before)
        b._uart = conn[UARTService]
        b._uart.write(HELLO + b.code.encode())
    except Exception:  # timeout, out of range, disconnected mid-discovery
        b._forget_conn()
        b.state = LOST
        return False
    b._hello = bytearray()
    b._since = b.clock()
    b.state = HANDSHAKE
    return True


def poll_host(b):
    conns = b.radio.connections
    if b.state in (READY, HANDSHAKE) and not conns:
        b._lost()
        return
    if b.state == ADVERTISING and conns:
        b.state = HANDSHAKE
        b._hello = bytearray()
        b._since = b.clock()
        b._conn = conns[0]
    if b.state in (READY, HANDSHAKE) and len(conns) > 1:
        for c in conns:  # one opponent only: everyone else goes
            if c is not b._conn and c.connected:
                c.disconnect()
                b.strangers += 1
    if b.state == HANDSHAKE:
        if take_hello(b):
            try:
                b._send(HELLO + b.code.encode())
            except Exception:
                b._lost()
                return
            b.epoch += 1
            b.state = READY
            b._bare()
            drop()
        elif b._hello is None or b.clock() - b._since > HELLO_MS:
            b.strangers += 1
            b._drop_current()
    if b.state in (LOST, IDLE) and b.role == "host":
        advertise(b)


def poll_join(b):
    if b.state in (READY, HANDSHAKE) and (b._conn is None or not b._conn.connected):
        b._lost()
    if b.state == HANDSHAKE:
        if take_hello(b):
            b.epoch += 1
            b.state = READY
            b._bare()
            drop()
        elif b._hello is None or b.clock() - b._since > HELLO_MS:
            b._drop_current()
    if b.state == LOST and (b._tried is None or b.clock() - b._tried >= RETRY_MS):
        b._tried = b.clock()
        for lobby in scan(b, SCAN_S):
            if lobby.code == b.code:
                connect(b, lobby.advertisement)
                break


def take_hello(b):
    """Reads the peer's HELLO bit by bit (reads may be partial). True when it is complete
    and right; sets ``_hello`` to None when the bytes are wrong (a stranger)."""
    try:
        u = b._in()
        n = u.in_waiting
        need = HELLO_LEN - len(b._hello)
        if n:
            b._hello += u.read(min(n, need)) or b""
    except Exception:
        b._lost()
        return False
    want = HELLO + b.code.encode()
    if bytes(b._hello) != want[:len(b._hello)]:
        b._hello = None
        return False
    return len(b._hello) == HELLO_LEN
