"""The duel's radio link: adafruit_ble's UARTService between two boards.

``BleLink`` offers what the duel channel (seabattle/duel/channel.py) expects of a link, exactly like
``doubles.linksim.LinkEnd``: ``write(bytes)``, ``read()`` (whatever has arrived, maybe ``b""``
or part of a frame) and ``connected``. Under it:

- **Host**: advertises the UART service with the name ``SEA`` + a 4-character lobby code (the
  name rides in the advertisement itself, 30 of 31 bytes, because adafruit_ble reports scan
  responses separately). It advertises only while nobody is connected (the nRF stops
  advertising on a connection anyway) and drops every connection beyond the first. The first
  must send ``HELLO`` + the lobby code within ``HELLO_MS`` or it is dropped as a stranger.
- **Join**: ``scan()`` lists only advertisers whose name is ``SEA`` + a code; ``join(lobby)``
  connects, checks the UART service is there and exchanges ``HELLO``. Never a stranger's device.
- **Reconnect**: after a drop the host advertises the same name again and the joiner looks for
  that name every ``RETRY_MS`` (a short scan, never while a sound plays: scanning and audio
  conflict on nRF, circuitpython#3030). ``connected`` turns True again after a new HELLO; the
  duel's channel notices the new connection (``epoch``) and resumes.
- **Throttling**: the receiver's buffer is 64 bytes and drops what does not fit. The channel
  keeps at most 52 unacknowledged bytes plus one acknowledgement on the link, acknowledged only
  once the peer has *read* them, so the link must add nothing after the handshake: it passes
  bytes straight through, and the 7-byte HELLO is read before any frame may follow it.

- **RAM**: how the link finds its peer (hosting, joining, the handshake, finding it again:
  hardware/radio/blefind.py) is imported while the link is not ``READY`` and dropped once frames
  flow, on a board's VM only; it advertises and scans with adafruit_ble's plain
  ``Advertisement``, never loading ``adafruit_ble.advertising.standard`` (~6 KB of heap).
  Once frames flow the link also lets the radio and adafruit_ble go (``blefind.bare``: it keeps the
  native ``_bleio`` buffer, characteristic, connection and adapter; a host never keeps its own
  UART service's wrapper, ``blefind.local``), ~15 KB on a 32-bit heap. Finding the peer again after a
  drop needs neither: the host advertises again the bytes it made the first time, the joiner
  scans, connects and takes the UART service straight from the native adapter, as adafruit_ble
  would (hardware.radio.blefind); only the lobby (hosting, the joiner's list of games) makes the radio
  again from its adapter.

The clock is injected (a callable returning ms), so the desktop tests run on virtual time.
"""

from hardware.radio.blestate import CLOSED, HELLO, IDLE, LOST, READY, RETRY_MS, SCAN_S


class BleLink:
    def __init__(self, radio, clock, sound=None, can_join=True, local=None):
        self.radio = radio  # adafruit_ble.BLERadio (AirLift: BLERadio(esp32_adapter))
        self.clock = clock
        self.sound = sound  # anything with stop(): silenced before every scan
        self.can_join = can_join  # False on an AirLift: it cannot scan or connect
        self.state = IDLE
        self.role = None
        self.code = None
        self.epoch = 0  # handshakes completed: a new value means a new connection
        self.strangers = 0  # connections dropped for not being our opponent
        self.drops = 0  # connections lost after the handshake
        self._uart = None  # a joiner's view of the peer's UART service, until READY (blefind.bare)
        self._conn = None  # adafruit_ble's BLEConnection; once READY the native one under it
        self._rx = None  # the native (_bleio) receive buffer and transmit characteristic of the
        self._tx = None  # UART service: a host's own (blefind.local), a joiner's once READY
        # a host's (rx, tx): its UART service is made once (it cannot be removed), and given to
        # the next link on the same radio (blefind.local; hardware.radio.linkup.drop keeps them)
        self._local = local
        self._adapter = None  # the radio's native adapter, kept while the radio is let go
        self._ads = None  # a host's (advertisement, scan response) bytes, made once per lobby code
        self._hello = bytearray()
        self._since = 0
        self._tried = None

    # -- the channel's interface -----------------------------------------------------------
    # ``connected``/``read``/``write`` never start a connection: only ``poll()`` does, once per
    # loop and before the duel runs, so a new connection (``epoch``) is seen by the duel before
    # any frame is written on it. They do notice a lost one at once.
    @property
    def connected(self):
        if self.state == READY and self._conn is not None and not self._conn.connected:
            self._lost()
        return self.state == READY

    def write(self, data):
        if self.state != READY:
            return  # like a dropped connection: the channel resends after the reconnect
        try:
            self._send(data)
        except Exception:  # _bleio.ConnectionError and friends: the peer went away
            self._lost()

    def _send(self, data):
        tx = self._tx
        if tx is None:
            self._uart.write(data)
        else:  # what UARTService.write does: 20 bytes a write
            for i in range(0, len(data), 20):
                tx.value = data[i:i + 20]

    def _in(self):
        """What the peer's bytes are read from: the native receive buffer (or the peer's service)."""
        return self._rx if self._rx is not None else self._uart

    def read(self):
        if not self.connected:
            return b""
        try:
            rx = self._in()
            n = rx.in_waiting
            return (rx.read(n) or b"") if n else b""
        except Exception:
            self._lost()
            return b""

    def _find(self, radio=False):
        """hardware.radio.blefind: how the link finds its peer, loaded while it is not READY; with
        ``radio`` (the lobby: hosting, the joiner's scan and join) adafruit_ble's radio too, made
        again from its native adapter if frames were flowing."""
        if radio and self.radio is None:
            from adafruit_ble import BLERadio

            self.radio = BLERadio(self._adapter)
        from hardware.radio import blefind

        return blefind

    def _connections(self):
        return self.radio.connections if self.radio is not None else self._adapter.connections

    # -- hosting ---------------------------------------------------------------------------
    def host(self, code):
        """Start a game others can join; show ``code`` on the screen."""
        self._find(True).host(self, code)

    def _advertise(self):
        self._find(self._ads is None).advertise(self)

    # -- joining ---------------------------------------------------------------------------
    def _joining(self, radio=False):
        """hardware.radio.blejoin, which hardware.radio.blefind imports (see ``_find``)."""
        self._find(radio)
        from hardware.radio import blejoin

        return blejoin

    def scan(self, seconds=SCAN_S):
        """Blocking scan for ``seconds``: the seabattle games in range (hardware.radio.blejoin.Lobby:
        ``code``, ``rssi``), strongest first."""
        return self._joining(True).scan(self, seconds)

    def join(self, lobby):
        """Connect to a game listed by ``scan()``. Returns True once connected (HELLO pending)."""
        return self._joining(True).join(self, lobby)

    def rejoin(self, code):
        """Look for the game with lobby ``code`` again (a duel saved before a reset): the same
        search as after a dropped connection, a short scan every ``RETRY_MS``."""
        self._joining().rejoin(self, code)

    # -- the state machine ------------------------------------------------------------------
    def poll(self):
        """Advance hosting/joining/reconnecting; call once per main-loop pass."""
        if self.role == "host":
            self._poll_host()
        elif self.role == "join":
            self._poll_join()

    def _poll_host(self):
        if self.state == READY:  # frames flow: only a lost connection or a stranger to see to
            conns = self._connections()
            if not conns:
                self._lost()
            elif len(conns) > 1:
                for c in conns:  # one opponent only: everyone else goes
                    if c is not self._conn and c.connected:
                        c.disconnect()
                        self.strangers += 1
            return
        self._find(self._ads is None).poll_host(self)

    def _poll_join(self):
        if self.state == READY:
            if self._conn is not None and self._conn.connected:
                return
            self._lost()
        self._find().poll_join(self)

    def _forget_conn(self):
        if self.role == "join" and (self._uart is not None or self._rx is not None):
            try:  # frees the client's buffers: reconnects leak otherwise
                if self._uart is not None:
                    self._uart.deinit()
                else:
                    self._rx.deinit()  # what UARTService.deinit does with its receive buffer
            except Exception:
                pass
            self._uart = None
            self._rx = self._tx = None  # (a host's are its own service's: they stay)
        self._conn = None

    def _lost(self):
        if self.state == READY:
            self.drops += 1
        self._forget_conn()
        self.state = LOST
        if self.role == "host":
            self._advertise()

    def close(self):
        """Leave the game: disconnect and stop advertising."""
        try:
            a = self._adapter if self.radio is None else self.radio
            if a.advertising:
                a.stop_advertising()
            for c in a.connections:
                c.disconnect()
        except Exception:
            pass
        self._forget_conn()
        self.state = CLOSED
        self.role = None
