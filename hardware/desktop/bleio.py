"""A desktop stand-in for CircuitPython's native ``_bleio``, so the REAL adafruit_ble runs on a PC.

Only ``_bleio`` is replaced; every line of adafruit_ble above it is the pinned library. Several
simulated boards share one ``Air`` in one process, and behave like the nRF port
(``ports/nordic/common-hal/_bleio``) where it matters to us:

- a central writes and a peripheral notifies at most 20 bytes per packet (ATT MTU 23);
  adafruit_ble's ``BoundWriteStream`` cuts writes into such pieces;
- the receiving ``CharacteristicBuffer`` is a ring buffer of ``RECEIVE_BUFFER`` (64) bytes at
  most; when full, the bytes that do not fit are dropped silently (counted in ``Air.dropped``);
- ``read(n)`` returns what is there after the timeout, possibly fewer than n bytes;
- setting a local characteristic's value notifies every connected central that subscribed
  (CCCD), not only "the" opponent;
- connections can be cut (``Air.cut``, ``Air.out_of_range``); the peer sees ``connected`` False;
- advertising stops when a central connects; scanning needs the radio's central role (an
  AirLift ``Adapter(central=False)`` raises ``NotImplementedError`` like ``devices/ble_hci``).

Time is virtual (``Air.now``): calls that would block on a board (scan timeouts, read timeouts)
advance it instead of sleeping, so tests are fast and deterministic. Delivery is immediate: what
a board receives while its program is busy elsewhere piles up in its 64-byte buffer, which is
exactly the overflow the link's flow control has to prevent.

``install()`` puts this module in ``sys.modules["_bleio"]`` (and drops any adafruit_ble already
imported against another ``_bleio``, e.g. Blinka's bleak-based one).
"""

import sys

# The names of CircuitPython's _bleio, defined below this module (one _bleio.mpy on the MicroPython
# VM: tools.mpvm.compiled_stubs joins the three files, dropping these import lines).
from hardware.desktop.bleair import Air
from hardware.desktop.blegatt import PACKET, RECEIVE_BUFFER, Address, Attribute, BluetoothError, Characteristic, CharacteristicBuffer, ConnectionError, RoleError, SecurityError, Service, UUID


class ScanEntry:
    def __init__(self, address, data, rssi, connectable, scan_response):
        self.address = address
        self.advertisement_bytes = bytes(data)
        self.rssi = rssi
        self.connectable = connectable
        self.scan_response = scan_response

    def _structures(self):
        b, i, out = self.advertisement_bytes, 0, []
        while i < len(b):
            n = b[i]
            if n == 0:
                break
            out.append(bytes(b[i + 1:i + 1 + n]))
            i += 1 + n
        return out

    def matches(self, prefixes, *, match_all=True):
        prefixes = bytes(prefixes)
        if not prefixes:
            return True
        wanted, i = [], 0
        while i < len(prefixes):
            n = prefixes[i]
            wanted.append(prefixes[i + 1:i + 1 + n])
            i += 1 + n
        structs = self._structures()
        hits = [any(s.startswith(p) for s in structs) for p in wanted]
        return all(hits) if match_all else any(hits)


class Connection:
    """One side's view of a link between a central and a peripheral."""

    def __init__(self, air, local, peer, role):
        self._air = air
        self._local = local  # this side's Adapter
        self._peer = peer  # the other side's Adapter
        self._role = role  # "central" or "peripheral"
        self._other = None  # the peer's Connection object
        self._alive = True
        self.paired = False
        self.connection_interval = 7.5
        self.max_packet_length = PACKET

    @property
    def connected(self):
        return self._alive

    def pair(self, *, bond=True):
        self.paired = self._other.paired = True  # "Just Works": nothing is checked

    def disconnect(self):
        self._air._drop(self)

    def discover_remote_services(self, service_uuids_whitelist=None):
        if not self._alive:
            raise ConnectionError("Connection has been disconnected and can no longer be used")
        found = []
        for local in self._peer._services:
            if service_uuids_whitelist is not None and local.uuid not in service_uuids_whitelist:
                continue
            remote = Service(local.uuid, secondary=local.secondary, remote=True, connection=self)
            for c in local.characteristics:
                remote._add(Characteristic(remote, c.uuid, c.properties, c.max_length, b"", c))
            found.append(remote)
        return tuple(found)


class Adapter:
    """One board's radio. ``central=False`` models an AirLift (peripheral only)."""

    def __init__(self, air=None, name="CIRCUITPY", address=None, central=True):
        self._air = air or Air.default
        self._air._n += 1
        self.address = Address(address or bytes([self._air._n, 0, 0, 0, 0xA0, 0xC0]))
        self.name = name
        self.enabled = True
        self.central = central
        self._adv = None  # (data, scan_response, connectable, until)
        self._scanning = False
        self._services = []
        self._connections = []
        self.in_range = True
        self._air.adapters.append(self)

    def _register(self, service):
        service._adapter = self
        if service not in self._services:
            self._services.append(service)

    @property
    def advertising(self):
        if self._adv and self._adv[3] and self._air.now >= self._adv[3]:
            self._adv = None
        return self._adv is not None

    @property
    def connected(self):
        return any(c.connected for c in self._connections)

    @property
    def connections(self):
        return tuple(c for c in self._connections if c.connected)

    def start_advertising(self, data, *, scan_response=None, connectable=True, anonymous=False,
                          timeout=0, interval=0.1, tx_power=0, directed_to=None):
        if len(data) > 31:
            raise BluetoothError("Data too large for advertisement packet")
        if self._adv is not None and self.advertising:
            raise BluetoothError("Already advertising")
        until = self._air.now + timeout if timeout else 0
        self._adv = (bytes(data), bytes(scan_response or b""), connectable, until)

    def stop_advertising(self):
        self._adv = None

    def start_scan(self, prefixes=b"", *, buffer_size=512, extended=False, timeout=None,
                   interval=0.1, window=0.1, minimum_rssi=-80, active=True):
        if not self.central:
            raise NotImplementedError("this adapter is a peripheral only (AirLift)")
        self._air.scans += 1
        self._scanning = True
        return self._scan(prefixes, timeout, active, minimum_rssi)

    def _scan(self, prefixes, timeout, active, minimum_rssi):
        # One pass over every device advertising now, then the rest of the timeout elapses.
        try:
            for other in list(self._air.adapters):
                if other is self or not self._scanning or not other.in_range or not self.in_range:
                    continue
                if not other.advertising:
                    continue
                data, response, connectable, _ = other._adv
                rssi = other._rssi if hasattr(other, "_rssi") else -50
                if rssi < minimum_rssi:
                    continue
                entry = ScanEntry(other.address, data, rssi, connectable, False)
                if entry.matches(prefixes, match_all=False):
                    yield entry
                    if active and response:
                        yield ScanEntry(other.address, response, rssi, connectable, True)
            if timeout and self._scanning:
                self._air.advance(timeout)
        finally:
            self._scanning = False

    def stop_scan(self):
        self._scanning = False

    def connect(self, address, *, timeout):
        if not self.central:
            raise NotImplementedError("this adapter is a peripheral only (AirLift)")
        for other in self._air.adapters:
            if other.address == address and other.in_range and self.in_range and other.advertising \
                    and other._adv[2]:
                return link(self._air, self, other)
        self._air.advance(timeout)
        raise BluetoothError("Failed to connect: timeout")

    def erase_bonding(self):
        pass


def link(air, central, peripheral):
    """A central's connection to a peripheral in ``air``: both sides' Connection objects, and
    the peripheral stops advertising (as the nRF does once a central connects)."""
    a = Connection(air, central, peripheral, "central")
    b = Connection(air, peripheral, central, "peripheral")
    a._other, b._other = b, a
    central._connections.append(a)
    peripheral._connections.append(b)
    peripheral._adv = None
    air.links.append((a, b))
    return a


adapter = None  # no built-in radio until a test or the desktop twin picks one
current = None  # the board (Adapter) that new local Services belong to


class on_board:
    """``with on_board(adapter):`` local Services made inside belong to that simulated board.

    adafruit_ble makes ``_bleio.Service(uuid)`` without naming a radio: on a board there is one.
    """

    def __init__(self, board):
        self.board = board

    def __enter__(self):
        global current
        self.saved, current = current, self.board
        return self.board

    def __exit__(self, *exc):
        global current
        current = self.saved


_service_init = Service.__init__


def _registering_init(self, uuid, *, secondary=False, remote=False, connection=None):
    _service_init(self, uuid, secondary=secondary, remote=remote, connection=connection)
    if not remote:
        owner = current or adapter
        if owner is not None:
            owner._register(self)


Service.__init__ = _registering_init


def install():
    """Makes ``import _bleio`` give this module; forgets adafruit_ble (and hardware.radio.ble) if they
    were imported against another ``_bleio``."""
    me = sys.modules[__name__]
    if sys.modules.get("_bleio") is not me:
        for name in list(sys.modules):
            if name in ("adafruit_ble", "hardware.radio.ble") or name.startswith("adafruit_ble."):
                del sys.modules[name]
        sys.modules["_bleio"] = me
    return me
