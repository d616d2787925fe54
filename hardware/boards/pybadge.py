"""PyBadge / PyBadge LC / EdgeBadge / PyGamer (SAMD51): 160x128, d-pad (PyGamer: joystick), A, B,
Start, Select, speaker, five NeoPixels. No radio of its own: with an AirLift FeatherWing on the
back it can HOST a duel (the AirLift is a BLE peripheral only: it cannot scan or connect)."""

import board

from hardware.boards.common import BoardProfile, KeypadKeys
from hardware.input import PYBADGE_KEYS


class JoystickKeys(KeypadKeys):
    """PyGamer: the shift register has A, B, Start, Select; the analog stick becomes d-pad keys."""

    LOW, HIGH = 16000, 49000

    def __init__(self, keys, names):
        super().__init__(keys, names)
        import analogio

        self.x = analogio.AnalogIn(board.JOYSTICK_X)
        self.y = analogio.AnalogIn(board.JOYSTICK_Y)
        self.held = {"left": False, "right": False, "up": False, "down": False}

    def _set(self, name, on, out):
        if self.held[name] != on:
            self.held[name] = on
            out.append((name, on))

    def events(self, out):
        super().events(out)
        x, y = self.x.value, self.y.value
        self._set("left", x < self.LOW, out)
        self._set("right", x > self.HIGH, out)
        self._set("up", y < self.LOW, out)
        self._set("down", y > self.HIGH, out)


class Profile(BoardProfile):
    name = "PyBadge"
    scheme = "dpad"
    can_host = True  # only with an AirLift: find_radio finds out
    can_join = False
    # whether an AirLift is there is found out at start-up (adafruit_airlift only: the duel menu
    # says "no radio" without one); adafruit_ble and the radio wait for the duel menu (RAM)
    _esp32 = None  # the AirLift found at start-up (find_radio)
    _answered = False  # it answered a reset (probe_radio)
    _airlift = None  # its HCI adapter, once started (make_radio)
    nvm_page = 8192  # SAMD51: the 8 KB nvm is one erase block (see docs/boards.md)

    def make_keys(self):
        import keypad

        pygamer = self.board_id == "pygamer"
        keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                        latch=board.BUTTON_LATCH, key_count=4 if pygamer else 8,
                                        value_when_pressed=True)
        if pygamer:
            self.name = "PyGamer"
            return JoystickKeys(keys, PYBADGE_KEYS[:4])
        return KeypadKeys(keys, PYBADGE_KEYS)

    def make_tone(self):
        # board.SPEAKER is PA02, the DAC's pin, with no PWM timer: tones go through the DAC
        from hardware.dactone import DacTone

        try:
            return DacTone(board.SPEAKER, enable=board.SPEAKER_ENABLE)
        except (ImportError, ValueError, RuntimeError) as exc:  # (a build without audioio)
            self.notes.append("no sound: %s" % exc)
            return None

    def make_pixels(self):
        from hardware.boards import parts

        return parts.pixels_on(self.notes, board.NEOPIXEL, 5)

    def find_radio(self):
        """No link yet (LazyLinker makes it): only the cheap check whether an AirLift may be
        there (adafruit_airlift installed, the pins free); whether it answers is probe_radio's."""
        if self.can_host or self.can_join:
            try:
                from adafruit_airlift.esp32 import ESP32

                self._esp32 = ESP32(reset=board.D12, gpio0=board.D10, busy=board.D11,
                                    chip_select=board.D13, tx=board.TX, rx=board.RX)
            except (ImportError, RuntimeError, ValueError, AttributeError) as exc:
                self.notes.append("no AirLift found (%s): computer only" % exc)
                self.can_host = self.can_join = False

    def probe_radio(self):
        """Whether the AirLift answers, asked when the duel menu opens (LazyDuel.probe), so that
        a PyBadge without one says so before a duel is chosen. adafruit_airlift's ESP32() only
        claims the pins and never talks to the chip: it is reset into Bluetooth mode once, with
        the UART start_bluetooth would make (and keeps: the ``_uart`` of adafruit_airlift 1.0.21),
        and reset() raises RuntimeError unless NINA's start-up message comes; then the chip is
        held in reset until a duel starts it. ~1.1 s, the first time in a run."""
        esp = self._esp32
        if esp is None or self._answered:
            return self._answered
        try:
            if esp._uart is None:
                import busio

                esp._uart = busio.UART(board.TX, board.RX, baudrate=115200, timeout=0, receiver_buffer_size=512)
            esp.reset(esp.BLUETOOTH)
            esp.reset(esp.NOT_IN_USE)
        except (RuntimeError, ValueError) as exc:  # (ValueError: TX or RX in use)
            self.notes.append("no AirLift answered (%s): computer only" % exc)
            print("seabattle:", self.notes[-1])  # (start-up's report is long past)
            if esp._uart is not None:
                esp._uart.deinit()  # TX and RX free again
                esp._uart = None
            self._esp32 = None
            self.can_host = self.can_join = False
            return False
        self._answered = True
        return True

    def make_radio(self):
        """BLE over the AirLift FeatherWing (ESP32 over SPI + UART) found at start-up, as in
        Adafruit's airlift_ble example; made when a duel menu is first used."""
        if self._esp32 is None:
            return None
        try:
            from adafruit_ble import BLERadio

            # started once and kept: a second start_bluetooth() in one run returns
            # _bleio.adapter (adafruit_airlift's esp32.py), which is None on a board without a
            # native radio ("No adapter available" for the next duel's radio)
            if self._airlift is None:
                self._airlift = self._esp32.start_bluetooth()
            return BLERadio(self._airlift)
        except (ImportError, RuntimeError, ValueError, AttributeError) as exc:
            self.notes.append("AirLift's radio did not start (%s): computer only" % exc)
            return None
