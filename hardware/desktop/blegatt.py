"""The attribute side of the desktop _bleio (hardware/desktop/bleio.py): its errors, UUIDs,
addresses, services, characteristics and the receive buffers that notifications and writes
fill, behaving as the nRF port's (``ports/nordic/common-hal/_bleio``) where the link depends
on it: 20-byte values, a ring buffer of at most ``RECEIVE_BUFFER`` bytes that drops what does
not fit, ``read(n)`` returning what is there after the timeout."""

from hardware.desktop.bleair import Air

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
