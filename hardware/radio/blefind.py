"""How a BLE link (hardware/radio/ble.py) finds its peer: hosting (advertising ``SEA`` + the lobby code
and taking the joiner's HELLO), joining (scanning for games, connecting, exchanging HELLO) and
finding the peer again after a drop. Functions of the BleLink ``b``; imported by hardware.radio.ble
while the link is not ``READY`` and dropped once frames flow (``drop()``; on a board's VM only),
when the link lets adafruit_ble go too (``bare``): a duel's battle holds only the code
that carries its frames.

adafruit_ble is used in the lobby only: hosting (the host's UART service and the advertisement's
bytes, kept in ``BleLink._ads``) and the joiner's list of games and its first connection. Finding
the peer again after a drop (or a saved duel's peer) loads none of it (~14 KB of a 32-bit heap):
the host advertises the kept bytes again, and the joiner scans, connects and takes the UART
service from the native adapter with the calls adafruit_ble 10.1.5 makes for the same
(``BLERadio.start_advertising``, ``start_scan``, ``connect``; ``UARTService in connection``,
``connection[UARTService]``): hardware.radio.blead.seek and ``_reconnect``.
"""

from seabattle.compat import forget as _forget

from hardware.radio import blead
from hardware.radio.blestate import ADVERTISING, HANDSHAKE, HELLO, HELLO_LEN, HELLO_MS, IDLE, LOST, READY, RETRY_MS, SCAN_S, LinkError

def drop():
    """Forget this module once frames flow. Nothing keeps its objects: the radio advertises a
    copy of the advertisement's bytes, and no lobby found by a scan is kept past the connect."""
    _forget("hardware.radio.blefind")
    _forget("hardware.radio.blead")


# -- functions of the link that only finding its peer needs: here, not BleLink's methods, so a
# duel's battle (which holds hardware.radio.ble, not this module) does not hold their code

def bare(b):
    """Frames flow (READY): keep only the native ``_bleio`` objects they need (the UART
    service's receive buffer and transmit characteristic, the connection, the adapter) and
    let the radio, the connection's wrapper and a joiner's view of the peer's service go,
    with adafruit_ble's modules on a board's VM: nothing holds them then (a host never keeps
    its own service's wrapper: ``local``). ``BleLink._find`` makes the radio again when the
    link must find its peer."""
    u = b._uart
    if u is not None:  # a joiner: the peer's service
        b._rx, b._tx = natives(u)
        b._uart = None
    if b._conn is not None:  # _bleio.Connection: connected, disconnect() (found again: it is one)
        b._conn = getattr(b._conn, "_bleio_connection", b._conn)
    if b.radio is not None:
        b._adapter = b.radio._adapter
    b.radio = None
    for name in ("adafruit_ble", "adafruit_ble.advertising", "adafruit_ble.services.nordic",
                 "adafruit_ble.characteristics.stream", "adafruit_ble.services", "adafruit_ble.characteristics",
                 "adafruit_ble.attributes", "adafruit_ble.uuid"):
        _forget(name)


def natives(uart):
    """(receive buffer, transmit characteristic) of adafruit_ble's UARTService ``uart``: the
    ``_bleio.CharacteristicBuffer`` it reads and the ``_bleio.Characteristic`` its writes set."""
    return uart._rx, uart._tx.bound_characteristic


def local(b):
    """A host's own UART service, made once (a local service cannot be removed): only its
    native buffer and characteristic are kept (``b._local``), and they stay registered with
    the radio."""
    if b._local is None:
        from adafruit_ble.services.nordic import UARTService

        b._local = natives(UARTService())
    b._rx, b._tx = b._local


def drop_current(b):
    """Leave the connection being made (a stranger, no HELLO in time): look again."""
    conn = b._conn
    if conn is not None:
        try:
            conn.disconnect()
        except Exception:
            pass
    b._forget_conn()
    b.state = LOST


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
    b._ads = None  # made again for this code
    local(b)  # the UART service, made once: its native buffer and characteristic
    advertise(b)


def advertise(b):
    """Advertise the game on the native adapter, as adafruit_ble's BLERadio.start_advertising
    does; its bytes (and the scan response start_advertising would make: the radio's name and
    power) are made with adafruit_ble the first time only and kept (``b._ads``)."""
    a = blead.adapter(b)
    try:
        a.name = blead.game_name(b.code)
    except Exception:  # some adapters refuse renaming; the advertisement carries it anyway
        pass
    if b._ads is None:
        from adafruit_ble.advertising import Advertisement

        response = Advertisement()
        response.complete_name = b.radio.name
        response.tx_power = b.radio.tx_power
        b._ads = (bytes(blead.advertisement(b)), bytes(response))
    if not a.advertising:
        a.start_advertising(b._ads[0], scan_response=b._ads[1], connectable=True, interval=0.1, timeout=0)
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
        return _lost(b)
    return _shake(b)


def poll_host(b):
    conns = b._connections()
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
            bare(b)
            drop()
        elif b._hello is None or b.clock() - b._since > HELLO_MS:
            b.strangers += 1
            drop_current(b)
    if b.state in (LOST, IDLE) and b.role == "host":
        advertise(b)


def poll_join(b):
    if b.state in (READY, HANDSHAKE) and (b._conn is None or not b._conn.connected):
        b._lost()
    if b.state == HANDSHAKE:
        if take_hello(b):
            b.epoch += 1
            b.state = READY
            bare(b)
            drop()
        elif b._hello is None or b.clock() - b._since > HELLO_MS:
            drop_current(b)
    if b.state == LOST and (b._tried is None or b.clock() - b._tried >= RETRY_MS):
        b._tried = b.clock()
        if not b.can_join:
            raise LinkError("this board's radio (AirLift) can host only: it cannot scan or join")
        entry = blead.seek(b)
        if entry is not None:
            _reconnect(b, entry)


def _reconnect(b, entry):
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
        return _lost(b)
    return _shake(b)



def _lost(b):
    """A connection that failed while it was being made: forget it, look again later."""
    b._forget_conn()
    b.state = LOST
    return False


def _shake(b):
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


class BleLinker:
    """What the duel screens (seabattle.duel.adapter.DuelAdapter) need to find the other board:
    ``host()`` -> the lobby code to show, ``scan()`` -> codes seen (a short blocking scan at
    most every ``RESCAN_MS``; the join screen says "searching" meanwhile), ``connect(code)``,
    ``link`` (None until there is one) and ``cancel()``. Needed in the lobby only: a board's
    linker (hardware.radio.duelhooks.LazyLinker) lets it go once the link is chosen, and this
    module goes with it when frames flow."""

    RESCAN_MS = 2500
    SCAN_S = 0.6

    def __init__(self, link, rng):
        self.ble = link  # the BleLink
        self.rng = rng
        self.link = None
        self.found = {}
        self._scanned = None

    @property
    def can_join(self):
        return self.ble.can_join

    def host(self, code=None):
        """Host a game; ``code``: the lobby code of a saved duel (the guest looks for it)."""
        code = code or blead.new_code(self.rng)
        self.ble.host(code)
        self.link = self.ble  # the duel may start at once: it waits for the connection
        return code

    def scan(self):
        if not self.ble.can_join:
            return []
        now = self.ble.clock()
        if self._scanned is None or now - self._scanned >= self.RESCAN_MS:
            self._scanned = now
            self.found = {}
            for lobby in self.ble.scan(self.SCAN_S):
                self.found[lobby.code] = lobby
            self._scanned = self.ble.clock()
        codes = list(self.found)
        codes.sort()
        return codes

    def rejoin(self, code):
        """Join the saved duel's host again: it advertises the same lobby code."""
        self.ble.rejoin(code)
        self.link = self.ble

    def connect(self, code):
        lobby = self.found.get(code)
        if lobby is not None:
            self.found = {}  # the lobbies hold advertisements: none is needed past the connect
            self.ble.join(lobby)
            self.link = self.ble  # joined, or the link keeps trying (state LOST, rescans)

    def cancel(self):
        self.ble.close()
        self.link = None
        self.found = {}
        self._scanned = None
