"""The speaker's tone for hardware.sound.Cues on a board whose speaker pin has a PWM timer (CLUE,
Circuit Playground): loaded by the board's ``make_tone``, so boards without a speaker never hold
it. The SAMD51 badges' speaker pin has none: hardware.dactone."""


class PwmTone:
    """A square-wave tone on a PWM-capable speaker pin (CLUE, Circuit Playground)."""

    def __init__(self, pin, enable=None):
        import pwmio

        self.pwm = pwmio.PWMOut(pin, duty_cycle=0, frequency=440, variable_frequency=True)
        self.enable = None
        if enable is not None:  # Circuit Playground / PyBadge amplifier enable pin
            import digitalio

            self.enable = digitalio.DigitalInOut(enable)
            self.enable.switch_to_output(value=False)

    def start(self, frequency):
        self.pwm.frequency = frequency
        self.pwm.duty_cycle = 0x8000
        if self.enable is not None:
            self.enable.value = True

    def stop(self):
        self.pwm.duty_cycle = 0
        if self.enable is not None:
            self.enable.value = False
