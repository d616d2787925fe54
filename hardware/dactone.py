"""The speaker's tone through a DAC, for hardware.sound.Cues on a board whose speaker pin has no
PWM timer: the PyBadge, PyBadge LC, EdgeBadge and PyGamer drive ``board.SPEAKER`` (PA02, the
SAMD51's DAC0) through an amplifier, and PA02 has no TC/TCC channel, so ``pwmio.PWMOut`` raises
there. Loaded by the board's ``make_tone``; boards without such a speaker never hold it.

One period of a square wave is a 16-sample RawSample, played in a loop: its sample rate is
16 times the tone's frequency (a 4 kHz tone: 64 kHz, within the DAC's reach).
"""

from array import array

PERIOD = 16  # samples in one period of the square wave
LEVEL = 0x4000  # above and below the DAC's middle (0x8000): half of full swing, not harsh


class DacTone:
    """A square-wave tone on a DAC speaker pin (``audioio.AudioOut``), with the amplifier's
    enable pin off between tones as PwmTone's."""

    def __init__(self, pin, enable=None):
        import audiocore
        import audioio

        wave = array("H", [0x8000 + LEVEL] * (PERIOD // 2) + [0x8000 - LEVEL] * (PERIOD // 2))
        self.sample = audiocore.RawSample(wave, sample_rate=440 * PERIOD)
        self.out = audioio.AudioOut(pin)
        self.enable = None
        if enable is not None:
            import digitalio

            self.enable = digitalio.DigitalInOut(enable)
            self.enable.switch_to_output(value=False)

    def start(self, frequency):
        self.out.stop()  # (a new rate takes effect when the sample is played again)
        self.sample.sample_rate = frequency * PERIOD
        self.out.play(self.sample, loop=True)
        if self.enable is not None:
            self.enable.value = True

    def stop(self):
        self.out.stop()
        if self.enable is not None:
            self.enable.value = False
