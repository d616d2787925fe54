"""Feather nRF52840 Sense + Mini Color TFT with Joystick FeatherWing: 160x80 ST7735R, a 5-way
joystick and A/B read over I2C (seesaw at 0x5E), one NeoPixel, BLE. No speaker.
Set up as adafruit_featherwing.minitft_featherwing does, without importing that library."""

import board

from hardware.boards.common import BoardProfile

# seesaw pin -> key name (minitft_featherwing.py: RIGHT 7, DOWN 4, LEFT 3, UP 2, SEL 11, A 10, B 9)
PINS = ((7, "right"), (4, "down"), (3, "left"), (2, "up"), (11, "start"), (10, "a"), (9, "b"))
MASK = 0
for _pin, _name in PINS:
    MASK |= 1 << _pin


class SeesawKeys:
    """Polls the wing's buttons over I2C each frame; reports changes (pressed = pin low)."""

    def __init__(self, seesaw):
        self.ss = seesaw
        self.last = MASK  # all released (pulled up)

    def events(self, out):
        try:
            now = self.ss.digital_read_bulk(MASK)
        except OSError:  # a glitch on the I2C bus: try again next frame
            return
        changed = now ^ self.last
        if changed:
            for pin, name in PINS:
                if changed & (1 << pin):
                    out.append((name, not now & (1 << pin)))
            self.last = now


class Profile(BoardProfile):
    name = "Feather nRF52840 Sense + Mini TFT Joystick FeatherWing"
    scheme = "dpad"
    can_host = can_join = True

    def make_display(self):
        from adafruit_seesaw.seesaw import Seesaw
        from adafruit_st7735r import ST7735R

        ss = Seesaw(board.I2C(), 0x5E)
        ss.pin_mode_bulk(MASK, ss.INPUT_PULLUP)
        ss.pin_mode(8, ss.OUTPUT)
        ss.digital_write(8, True)  # the display's reset line is on the seesaw
        ss.analog_write(5, 0)  # backlight PWM on seesaw pin 5: 0 = on (as the wing's helper)
        self._seesaw = ss
        from hardware.boards import parts

        bus = parts.spi_bus(board.SPI, board.D6, board.D5)
        return ST7735R(bus, width=160, height=80, colstart=24, rotation=270, bgr=True,
                       auto_refresh=False)

    def make_keys(self):
        return SeesawKeys(self._seesaw)

    def make_pixels(self):
        from hardware.boards import parts

        return parts.pixels_on(self.notes, board.NEOPIXEL, 1)
