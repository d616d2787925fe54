"""What a game advertises and how a board knows one: the name (``SEA`` + a 4-character lobby
code), the UART service's UUIDs, the host's advertisement, and the joiner's native scan for a
host's code (``seek``, used to find the peer again). Loaded and dropped with
hardware.radio.blefind.

The advertisement is adafruit_ble's plain ``Advertisement`` (its module is loaded with
adafruit_ble anyway) with the UART service's UUID put in it as bytes, the same bytes
``adafruit_ble.advertising.standard.ProvideServicesAdvertisement(uart)`` makes: that module
(~6 KB of heap on a board while it is loaded, and some 50 names of its own, interned for good)
is never imported.
"""

from hardware.radio.blestate import SCAN_S

PREFIX = "SEA"
CODE_CHARS = "ABCDEFHJKLMNPRSTUVWXY3456789"  # no 0/O, 1/I, 2/Z: read aloud across a table

SERVICES = 0x06  # advertising data type: an (incomplete) list of 128-bit service UUIDs, where
# ProvideServicesAdvertisement puts a vendor service's UUID such as the UART service's
NAME = 0x09  # advertising data type: the complete local name
PREFIXES = b"\x01\x06"  # GameAd's match_prefixes as adafruit_ble merges them for a scan
# the UART service (1), the characteristic its client writes (2) and the one it reads (3)
UART_UUID = "6E40000%d-B5A3-F393-E0A9-E50E24DCCA9E"
_GAME_AD = []


def game_ad():
    """adafruit_ble's ``Advertisement`` subclass of a game (made on first use, with adafruit_ble):
    it carries 128-bit service UUIDs, so a scan for it yields only those (the radio filters
    them), and a host's carries the UART service's (``advertisement``)."""
    if not _GAME_AD:
        from adafruit_ble.advertising import Advertisement

        class GameAd(Advertisement):
            match_prefixes = (bytes((SERVICES,)),)

        _GAME_AD.append(GameAd)
    return _GAME_AD[0]


def uuid(n):
    import _bleio

    return _bleio.UUID(UART_UUID % n)


def _uartuuid():
    """The UART service's UUID as an advertisement carries it (what UARTService.uuid.pack_into
    writes: its native UUID's bytes)."""
    out = bytearray(16)
    uuid(1).pack_into(out, 0)
    return bytes(out)


def adapter(b):
    return b._adapter if b.radio is None else b.radio._adapter


def offers_uart(adv):
    """True if the advertisement lists the UART service (the only way a game is reached)."""
    want = _uartuuid()
    data = adv.data_dict.get(SERVICES)
    for part in data if isinstance(data, list) else (data,):
        if part:
            for i in range(0, len(part) - 15, 16):
                if bytes(part[i:i + 16]) == want:
                    return True
    return False


def new_code(rng):
    """A 4-character lobby code; ``rng`` has ``randrange(n)``. (Slices: a str indexed or iterated
    interns each character it gives on a board's VM, for good.)"""
    code = ""
    for _ in range(4):
        i = rng.randrange(len(CODE_CHARS))
        code += CODE_CHARS[i:i + 1]
    return code


def game_name(code):
    return PREFIX + code


def code_of(name):
    """The lobby code in an advertised name, or None if it is not a seabattle game."""
    if not name or len(name) != len(PREFIX) + 4 or not name.startswith(PREFIX):
        return None
    code = name[len(PREFIX):]
    for i in range(4):
        if code[i:i + 1] not in CODE_CHARS:
            return None
    return code


def advertisement(b):
    """The host's advertisement: the UART service and the game's name (``SEA`` + lobby code), in
    the order and bytes ProvideServicesAdvertisement(uart) would give them."""
    adv = game_ad()()
    adv.data_dict[SERVICES] = bytearray(_uartuuid())
    adv.connectable = True
    adv.flags.general_discovery = True
    adv.flags.le_only = True
    adv.complete_name = game_name(b.code)
    return adv


def ad_fields(data):
    """{advertising data type: [its values]} of an advertisement's bytes (adafruit_ble's
    decode_data, keeping every value of a type)."""
    out = {}
    i = 0
    while i + 1 < len(data):
        n = data[i]
        if n == 0:
            break
        out.setdefault(data[i + 1], []).append(bytes(data[i + 2:i + 1 + n]))
        i += 1 + n
    return out


def seek(b):
    """The strongest host advertising the game ``b.code`` with the UART service, found by a
    short scan of the native adapter (adafruit_ble's start_scan(GameAd) with the same settings,
    then ``offers_uart`` and ``code_of``): its ScanEntry, or None."""
    if b.sound is not None:
        b.sound.stop()
    a = adapter(b)
    want = _uartuuid()
    best = None
    try:
        for entry in a.start_scan(prefixes=PREFIXES, buffer_size=512, extended=False, timeout=SCAN_S,
                                  interval=0.1, window=0.1, minimum_rssi=-80, active=True):
            if entry.scan_response or not entry.matches(PREFIXES, match_all=True):
                continue  # (a scan response carries no service list: adafruit_ble skips it too)
            fields = ad_fields(entry.advertisement_bytes)
            offers = False
            for part in fields.get(SERVICES, ()):
                for i in range(0, len(part) - 15, 16):
                    offers = offers or part[i:i + 16] == want
            try:
                name = str(fields.get(NAME, (b"",))[0], "utf-8")
            except (UnicodeError, ValueError):
                continue
            if offers and code_of(name) == b.code and (
                    best is None or (entry.rssi or -127) > (best.rssi or -127)):
                best = entry
    finally:
        a.stop_scan()
    return best
