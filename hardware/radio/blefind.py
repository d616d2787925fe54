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
``connection[UARTService]``): hardware.radio.blead.seek and ``hardware.radio.blejoin.reconnect``.
"""

from seabattle.compat import forget as _forget

from hardware.radio import blead
from hardware.radio.blejoin import reconnect, take_hello
from hardware.radio.blestate import ADVERTISING, HANDSHAKE, HELLO, HELLO_MS, IDLE, LOST, READY, RETRY_MS, LinkError

def drop():
    """Forget this module once frames flow. Nothing keeps its objects: the radio advertises a
    copy of the advertisement's bytes, and no lobby found by a scan is kept past the connect."""
    _forget("hardware.radio.blefind")
    _forget("hardware.radio.blead")
    _forget("hardware.radio.blelinker")
    _forget("hardware.radio.blejoin")


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
            reconnect(b, entry)
