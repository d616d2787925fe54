"""ESP32-S3 Reverse TFT Feather (and ESP32-S3 TFT Feather): 240x135 built-in display, BLE through
NimBLE (CircuitPython 10 or newer), one NeoPixel, no speaker.

Reverse TFT: D0 (BOOT) reads low when pressed (pull-up); D1 and D2 read high when pressed
(pull-down). D1 = A (step), D2 = B (fire), D0 = swap boards. The plain ESP32-S3 TFT has only
BOOT: it becomes A, and B is missing (the two-button scheme then cannot fire: that board
is listed as "computer only, limited" in docs/boards.md).
"""

import board

from hardware.boards.common import BoardProfile, KeypadKeys


class TwoQueues:
    def __init__(self, *parts):
        self.parts = parts

    def events(self, out):
        for p in self.parts:
            p.events(out)


class Profile(BoardProfile):
    name = "ESP32-S3 Reverse TFT Feather"
    scheme = "two"
    can_host = can_join = True
    nvm_page = 4096

    def make_keys(self):
        import keypad

        # the Reverse TFT's three buttons are D0, D1, D2; the plain TFT Feather has D1 and D2 too,
        # but as header pins with no button, and no D0 at all (its GPIO0 is BUTTON/BOOT0)
        if hasattr(board, "D0"):
            boot = KeypadKeys(keypad.Keys((board.D0,), value_when_pressed=False, pull=True), ("switch",))
            ab = KeypadKeys(keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True), ("a", "b"))
            return TwoQueues(boot, ab)
        self.notes.append("only the BOOT button: it steps; firing needs the Reverse TFT's D1/D2")
        return KeypadKeys(keypad.Keys((board.BUTTON,), value_when_pressed=False, pull=True), ("a",))

    def make_pixels(self):
        from hardware.boards import parts

        power = getattr(board, "NEOPIXEL_POWER", None)  # (the Reverse TFT's pixel has a power switch)
        if power is not None:
            import digitalio

            try:
                self._pixel_power = digitalio.DigitalInOut(power)  # held: a pin let go turns off
                self._pixel_power.switch_to_output(value=True)
            except (ValueError, RuntimeError) as exc:
                self.notes.append("no lights: %s" % exc)
                return None
        return parts.pixels_on(self.notes, board.NEOPIXEL, 1)

    def make_radio(self):
        import sys

        if sys.implementation.name == "circuitpython" and sys.implementation.version[0] < 10:
            self.notes.append("BLE on ESP32-S3 needs CircuitPython 10 or newer: computer only")
            return None
        from hardware.radio import linkup

        return linkup.radio(self)
