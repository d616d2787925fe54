"""Sound and lights for the game's cues (seabattle.sound): short tones and NeoPixel flashes.

``Cues(tone, pixels, settings)`` is the board's ``sounds`` object: ``play(cue)`` starts a tone
sequence and a flash (blue for a miss, red for a hit) and returns at once; ``tick(now)`` (from
the profile's ``sleep``) moves them on, so nothing blocks the game loop. Everything is muted
when ``settings.sound_on`` is False (lights too: "muted" means quiet and dark, e.g. at night).
``stop()`` silences at once: the BLE link calls it before scanning, because scanning while
audio plays breaks on nRF (circuitpython#3030).

Boards without a speaker or NeoPixels get ``NoTone``/``NoPixels``: same interface, nothing done.
"""

from seabattle import sound

# cue -> ((frequency Hz, seconds), ...); 0 Hz is a rest
TUNES = {
    sound.CLICK: ((1800, 0.02),),
    sound.SHOT: ((900, 0.03), (700, 0.03)),
    sound.SPLASH: ((300, 0.08), (220, 0.1)),
    sound.HIT: ((1200, 0.06), (0, 0.03), (1200, 0.06)),
    sound.SUNK: ((1000, 0.07), (800, 0.07), (600, 0.07), (400, 0.12)),
    sound.WIN: ((523, 0.12), (659, 0.12), (784, 0.12), (1047, 0.25)),
    sound.LOSE: ((392, 0.15), (330, 0.15), (262, 0.3)),
    sound.BAD: ((150, 0.1),),
}
# cue -> (colour, seconds)
FLASHES = {
    sound.SPLASH: ((0, 0, 40), 0.25),
    sound.HIT: ((60, 0, 0), 0.25),
    sound.SUNK: ((90, 0, 0), 0.6),
    sound.WIN: ((0, 50, 0), 1.0),
    sound.LOSE: ((40, 0, 20), 1.0),
}


class NoTone:
    def start(self, frequency):
        pass

    def stop(self):
        pass


class NoPixels:
    def fill(self, colour):
        pass


class PwmTone:
    """A square-wave tone on a PWM-capable speaker pin (CLUE, Circuit Playground, PyBadge)."""

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


class Cues:
    def __init__(self, tone=None, pixels=None, settings=None, clock=None):
        self.tone = tone or NoTone()
        self.pixels = pixels or NoPixels()
        self.settings = settings
        self.clock = clock  # seconds; tick(now) passes the time otherwise
        self._notes = ()
        self._i = 0
        self._until = 0.0
        self._dark_at = None
        self._now = 0.0
        self.played = 0  # cues that made a sound (tests, and to prove "muted" works)

    @property
    def muted(self):
        return self.settings is not None and not self.settings.sound_on

    @property
    def busy(self):
        """A tune is still sounding."""
        return bool(self._notes)

    def play(self, cue):
        if self.muted:
            return
        now = self.clock() if self.clock else self._now
        tune = TUNES.get(cue)
        if tune:
            self._notes, self._i = tune, 0
            self._until = now
            self.played += 1
            self._next_note(now)
        flash = FLASHES.get(cue)
        if flash:
            self.pixels.fill(flash[0])
            self._dark_at = now + flash[1]

    def _next_note(self, now):
        while self._i < len(self._notes) and now >= self._until:
            freq, secs = self._notes[self._i]
            self._i += 1
            self._until = now + secs
            if freq:
                self.tone.start(freq)
            else:
                self.tone.stop()
        if self._i >= len(self._notes) and now >= self._until:
            self.tone.stop()

    def tick(self, now):
        self._now = now
        if self._notes and (self._i < len(self._notes) or now >= self._until):
            self._next_note(now)
            if self._i >= len(self._notes) and now >= self._until:
                self._notes = ()
        if self._dark_at is not None and now >= self._dark_at:
            self.pixels.fill((0, 0, 0))
            self._dark_at = None

    def stop(self):
        self._notes, self._i = (), 0
        self.tone.stop()
