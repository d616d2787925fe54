"""Circuit Playground Bluefruit + TFT Gizmo: 240x240 (rotated 180), A, B, slide switch, speaker,
ten NeoPixels, BLE. The Gizmo's ST7789 is set up as adafruit_gizmo.tft_gizmo does."""

import board

from hardware.boards.common import BoardProfile, KeypadKeys


class SwitchKeys(KeypadKeys):
    """A and B through keypad, plus the slide switch: each flip is a "switch" tap."""

    def __init__(self, keys, names, switch):
        super().__init__(keys, names)
        self.switch = switch
        self.last = switch.value

    def events(self, out):
        super().events(out)
        v = self.switch.value
        if v != self.last:
            self.last = v
            out.append(("switch", True))
            out.append(("switch", False))


class Profile(BoardProfile):
    name = "Circuit Playground Bluefruit + TFT Gizmo"
    scheme = "two"
    can_host = can_join = True

    def make_display(self):
        import busio
        from adafruit_st7789 import ST7789

        from hardware.boards import parts

        bus = parts.spi_bus(lambda: busio.SPI(board.SCL, MOSI=board.SDA), board.TX, board.RX)
        return ST7789(bus, width=240, height=240, rowstart=80, backlight_pin=board.A3,
                      rotation=180, auto_refresh=False)

    def make_keys(self):
        import digitalio
        import keypad

        keys = keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=True, pull=True)
        switch = digitalio.DigitalInOut(board.SLIDE_SWITCH)
        switch.switch_to_input(pull=digitalio.Pull.UP)
        return SwitchKeys(keys, ("a", "b"), switch)

    def make_tone(self):
        from hardware.pwmtone import PwmTone

        return PwmTone(board.SPEAKER, enable=board.SPEAKER_ENABLE)

    def make_pixels(self):
        from hardware.boards import parts

        return parts.pixels_on(self.notes, board.NEOPIXEL, 10)
