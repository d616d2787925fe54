"""Joining over BLE (hardware.radio.blefind has hosting and the link's state machine): the games in
range, the connection to one (the first time through adafruit_ble, after a drop on the native
adapter), and the peer's HELLO read as it comes (a host's too). Functions of the BleLink ``b``,
loaded and dropped with hardware.radio.blefind (a module of its own so that a board compiling from
.py compiles them in parts).
"""

from hardware.radio import blead
from hardware.radio.blestate import HANDSHAKE, HELLO, HELLO_LEN, LOST, SCAN_S, LinkError


class Lobby:
    """A game found by ``scan()``: show ``code`` (and ``rssi``) and pass it to ``join()``."""

    def __init__(self, code, rssi, advertisement):
        self.code = code
        self.rssi = rssi
        self.advertisement = advertisement

    def __repr__(self):
        return "<Lobby %s %s dBm>" % (self.code, self.rssi)


def scan(b, seconds=SCAN_S):
    """Blocking scan for ``seconds``: the seabattle games in range, strongest first."""
    if not b.can_join:
        raise LinkError("this board's radio (AirLift) can host only: it cannot scan or join")
    if b.sound is not None:
        b.sound.stop()
    found = {}
    try:
        for adv in b.radio.start_scan(blead.game_ad(), timeout=seconds):
            if not blead.offers_uart(adv):
                continue
            code = blead.code_of(adv.complete_name)
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
    from adafruit_ble.services.nordic import UARTService

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
        return lost(b)
    return shake(b)


def reconnect(b, entry):
    """Connect to the host ``blead.seek`` found and take its UART service from the native
    connection, as adafruit_ble's ``connect``, ``UARTService in conn`` and ``conn[UARTService]``
    do: a device without the service is a stranger and left. Then HELLO, as ``connect``."""
    import _bleio

    b._tried = b.clock()
    try:
        conn = blead.adapter(b).connect(entry.address, timeout=10.0)
        uart = blead.uuid(1)
        service = None
        for s in conn.discover_remote_services((uart,)):
            if s.uuid == uart:
                service = s
        if service is None:
            conn.disconnect()  # named like a game but not one: never talk to it
            b.strangers += 1
            b.state = LOST
            return False
        tx = rx = None
        for c in service.characteristics:
            if c.uuid == blead.uuid(2):
                tx = c
            elif c.uuid == blead.uuid(3):
                rx = c
        if tx is None or rx is None:
            raise AttributeError("no UART characteristics")
        b._conn = conn
        b._uart = None
        b._tx = tx
        rx.set_cccd(notify=True)  # what StreamOut.bind does for a remote service
        b._rx = _bleio.CharacteristicBuffer(rx, timeout=1.0, buffer_size=512)  # UARTService's sizes
        b._send(HELLO + b.code.encode())
    except Exception:  # timeout, out of range, disconnected mid-discovery
        return lost(b)
    return shake(b)


def lost(b):
    """A connection that failed while it was being made: forget it, look again later."""
    b._forget_conn()
    b.state = LOST
    return False


def shake(b):
    """Connected (first time or again): wait for the peer's HELLO."""
    b._hello = bytearray()
    b._since = b.clock()
    b.state = HANDSHAKE
    return True


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
