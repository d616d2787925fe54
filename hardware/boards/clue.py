"""Adafruit CLUE (nRF52840): 240x240 display, buttons A and B, buzzer, one NeoPixel, BLE."""

import board

from hardware.boards.common import BoardProfile, KeypadKeys


class Profile(BoardProfile):
    name = "CLUE"
    scheme = "two"
    can_host = can_join = True

    def make_keys(self):
        import keypad

        keys = keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=False, pull=True)
        return KeypadKeys(keys, ("a", "b"))

    def make_tone(self):
        from hardware.pwmtone import PwmTone

        return PwmTone(board.SPEAKER)

    def make_pixels(self):
        from hardware.boards import parts

        return parts.pixels_on(self.notes, board.NEOPIXEL, 1)
