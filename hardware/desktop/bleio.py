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

RECEIVE_BUFFER = 64  # nRF CharacteristicBuffer capacity the link must respect
PACKET = 20  # ATT payload per write/notify with the default MTU


class BluetoothError(Exception):
    pass


class ConnectionError(BluetoothError):  # noqa: A001  (same name as _bleio's)
    pass


class RoleError(BluetoothError):
    pass


class SecurityError(BluetoothError):
    pass


class Attribute:
    NO_ACCESS = 0x00
    OPEN = 0x11
    ENCRYPT_NO_MITM = 0x21
    ENCRYPT_WITH_MITM = 0x31
    LESC_ENCRYPT_WITH_MITM = 0x41
    SIGNED_NO_MITM = 0x12
    SIGNED_WITH_MITM = 0x22


class UUID:
    """16-bit (int) or 128-bit (str "xxxxxxxx-..." or 16 little-endian bytes) UUID."""

    def __init__(self, value):
        if isinstance(value, UUID):
            self.size, self._v = value.size, value._v
        elif isinstance(value, int):
            if not 0 <= value <= 0xFFFF:
                raise ValueError("UUID integer value must be 0-0xffff")
            self.size, self._v = 16, value
        elif isinstance(value, str):
            hexstr = value.replace("-", "")
            if len(hexstr) != 32:
                raise ValueError("UUID string not 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'")
            self.size, self._v = 128, bytes(reversed(bytes.fromhex(hexstr)))
        else:
            b = bytes(value)
            if len(b) != 16:
                raise ValueError("UUID value is not str, int or byte buffer")
            self.size, self._v = 128, b

    @property
    def uuid16(self):
        if self.size == 16:
            return self._v
        return self._v[12] | (self._v[13] << 8)

    @property
    def uuid128(self):
        if self.size != 128:
            raise AttributeError("not a 128-bit UUID")
        return self._v

    def pack_into(self, buffer, offset=0):
        if self.size == 16:
            buffer[offset] = self._v & 0xFF
            buffer[offset + 1] = self._v >> 8
        else:
            buffer[offset:offset + 16] = self._v

    def __eq__(self, other):
        return isinstance(other, UUID) and self.size == other.size and self._v == other._v

    def __hash__(self):
        return hash((self.size, self._v))

    def __str__(self):
        if self.size == 16:
            return "UUID(0x%04x)" % self._v
        h = bytes(reversed(self._v)).hex()
        return "UUID('%s-%s-%s-%s-%s')" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])

    __repr__ = __str__


class Address:
    PUBLIC = 0
    RANDOM_STATIC = 1
    RANDOM_PRIVATE_RESOLVABLE = 2
    RANDOM_PRIVATE_NON_RESOLVABLE = 3

    def __init__(self, address, address_type=RANDOM_STATIC):
        self.address_bytes = bytes(address)
        self.type = address_type

    def __eq__(self, other):
        return isinstance(other, Address) and self.address_bytes == other.address_bytes

    def __hash__(self):
        return hash(self.address_bytes)

    def __repr__(self):
        return "<Address %s>" % ":".join("%02x" % b for b in reversed(self.address_bytes))


class Service:
    def __init__(self, uuid, *, secondary=False, remote=False, connection=None):
        self.uuid = uuid
        self.secondary = secondary
        self.remote = remote
        self.connection = connection
        self.characteristics = ()
        self._adapter = None  # set on local services registered with an adapter

    def _add(self, characteristic):
        self.characteristics = self.characteristics + (characteristic,)


class Characteristic:
    BROADCAST = 0x01
    READ = 0x02
    WRITE_NO_RESPONSE = 0x04
    WRITE = 0x08
    NOTIFY = 0x10
    INDICATE = 0x20

    def __init__(self, service, uuid, properties, max_length, value, local):
        self.service = service
        self.uuid = uuid
        self.properties = properties
        self.max_length = max_length
        self.descriptors = ()
        self._value = bytes(value)
        self._local = local  # the server's characteristic; remote proxies point at it
        self._buffers = []  # CharacteristicBuffers fed by this characteristic
        self._subscribers = []  # remote proxies (one per connection) that set the CCCD

    @classmethod
    def add_to_service(cls, service, uuid, *, properties=0, read_perm=Attribute.OPEN,
                       write_perm=Attribute.OPEN, max_length=20, fixed_length=False,
                       initial_value=None, user_description=None):
        if service.remote:
            raise ValueError("can't add a characteristic to a remote service")
        value = initial_value if initial_value is not None else bytes(max_length if fixed_length else 0)
        c = cls(service, uuid, properties, max_length, value, None)
        service._add(c)
        return c

    @property
    def value(self):
        if self._local is None:
            return self._value
        return self._local._value  # a GATT read of the server's value

    @value.setter
    def value(self, data):
        data = bytes(data)
        if len(data) > PACKET:
            # nRF: a notification/write longer than the ATT MTU allows is an error, not a split
            raise BluetoothError("value of %d bytes exceeds the %d-byte ATT payload" % (len(data), PACKET))
        if self._local is None:  # server side: store and notify every subscriber
            self._value = data
            if self.properties & (self.NOTIFY | self.INDICATE):
                for proxy in list(self._subscribers):
                    if proxy.service.connection.connected:
                        proxy._receive(data)
        else:  # client side: a write (without response) to the server
            conn = self.service.connection
            if not conn.connected:
                raise ConnectionError("Connection has been disconnected and can no longer be used")
            self._local._value = data
            self._local._receive(data)

    def _receive(self, data):
        for buf in self._buffers:
            buf._put(data)

    def set_cccd(self, *, notify=False, indicate=False):
        if self._local is None:
            raise ValueError("set_cccd is for a remote characteristic")
        subs = self._local._subscribers
        if (notify or indicate) and self not in subs:
            subs.append(self)
        elif not (notify or indicate) and self in subs:
            subs.remove(self)


class CharacteristicBuffer:
    """Ring buffer fed by writes (server) or notifications (client); drops what does not fit."""

    def __init__(self, characteristic, *, timeout=1.0, buffer_size=64, max_packet_size=None):
        self.characteristic = characteristic
        self.timeout = timeout
        self.size = min(buffer_size, RECEIVE_BUFFER)
        self._air = _air_of(characteristic)
        self._data = bytearray()
        self._dead = False
        characteristic._buffers.append(self)

    def _put(self, data):
        room = self.size - len(self._data)
        if room < len(data):
            self._air.dropped += len(data) - max(room, 0)
            data = data[:max(room, 0)]
        self._data += data

    @property
    def in_waiting(self):
        self._check()
        return len(self._data)

    def _check(self):
        if self._dead:
            raise ValueError("Object has been deinitialized and can no longer be used.")

    def read(self, nbytes=None):
        self._check()
        if nbytes is None:
            nbytes = len(self._data)
            if not nbytes:
                self._air.advance(self.timeout)
                return None
        if len(self._data) < nbytes:
            self._air.advance(self.timeout)  # the board would wait this long for more
        out = bytes(self._data[:nbytes])
        del self._data[:nbytes]
        return out or None

    def readinto(self, buf, nbytes=None):
        data = self.read(len(buf) if nbytes is None else nbytes)
        if not data:
            return None
        buf[:len(data)] = data
        return len(data)

    def readline(self):
        self._check()
        i = self._data.find(b"\n")
        if i < 0:
            self._air.advance(self.timeout)
            return self.read(len(self._data)) if self._data else None
        return self.read(i + 1)

    def reset_input_buffer(self):
        self._check()
        self._data = bytearray()

    def deinit(self):
        if not self._dead:
            self._dead = True
            if self in self.characteristic._buffers:
                self.characteristic._buffers.remove(self)


def _air_of(characteristic):
    service = characteristic.service
    if service.remote:
        return service.connection._air
    return service._adapter._air if service._adapter else Air.default


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
                return self._air._link(self, other)
        self._air.advance(timeout)
        raise BluetoothError("Failed to connect: timeout")

    def erase_bonding(self):
        pass


class Air:
    """The shared radio world: every Adapter of one simulation, and a virtual clock."""

    default = None

    def __init__(self):
        self.adapters = []
        self.now = 0.0
        self.dropped = 0  # bytes lost to full receive buffers
        self.scans = 0
        self.links = []  # (central Connection, peripheral Connection)
        self._n = 0

    def advance(self, seconds):
        self.now += seconds

    def monotonic(self):
        return self.now

    def _link(self, central, peripheral):
        a = Connection(self, central, peripheral, "central")
        b = Connection(self, peripheral, central, "peripheral")
        a._other, b._other = b, a
        central._connections.append(a)
        peripheral._connections.append(b)
        peripheral._adv = None  # the nRF stops advertising once a central connects
        self.links.append((a, b))
        return a

    def _drop(self, conn):
        for c in (conn, conn._other):
            if c is not None and c._alive:
                c._alive = False
                if c in c._local._connections:
                    c._local._connections.remove(c)

    def cut(self, adapter=None):
        """Cuts every link (or every link of ``adapter``): both sides see a disconnect."""
        for a, b in list(self.links):
            if adapter is None or adapter in (a._local, b._local):
                self._drop(a)

    def out_of_range(self, adapter, gone=True):
        """Moves a board out of (or back into) range: links drop and it can't be found."""
        adapter.in_range = not gone
        if gone:
            self.cut(adapter)


Air.default = Air()
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
