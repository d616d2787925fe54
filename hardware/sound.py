"""Sound and lights for the game's cues (seabattle.sound): short tones and NeoPixel flashes.

``Cues(tone, pixels, settings)`` is the board's ``sounds`` object: ``play(cue)`` starts a tone
sequence and a flash (blue for a miss, red for a hit) and returns at once; ``tick(now)`` (from
the profile's ``sleep``) moves them on, so nothing blocks the game loop. Everything is muted
when ``settings.sound_on`` is False (lights too: "muted" means quiet and dark, e.g. at night).
``stop()`` silences at once: the BLE link calls it before scanning, because scanning while
audio plays breaks on nRF (circuitpython#3030).

Boards without a speaker or NeoPixels get ``NoTone``/``NoPixels``: same interface, nothing done.
A board with a speaker makes its tone with hardware.pwmtone (a board without one never loads it).
"""

from seabattle import sound

# cue -> (frequency Hz, milliseconds, frequency, ms, ...); 0 Hz is a rest. One flat tuple of
# small ints a tune: no tuple per note and no float per duration (heap objects on some VMs)
TUNES = {
    sound.CLICK: (1800, 20),
    sound.SHOT: (900, 30, 700, 30),
    sound.SPLASH: (300, 80, 220, 100),
    sound.HIT: (1200, 60, 0, 30, 1200, 60),
    sound.SUNK: (1000, 70, 800, 70, 600, 70, 400, 120),
    sound.WIN: (523, 120, 659, 120, 784, 120, 1047, 250),
    sound.LOSE: (392, 150, 330, 150, 262, 300),
    sound.BAD: (150, 100),
}
# cue -> (colour, milliseconds)
FLASHES = {
    sound.SPLASH: ((0, 0, 40), 250),
    sound.HIT: ((60, 0, 0), 250),
    sound.SUNK: ((90, 0, 0), 600),
    sound.WIN: ((0, 50, 0), 1000),
    sound.LOSE: ((40, 0, 20), 1000),
}


class NoTone:
    def start(self, frequency):
        pass

    def stop(self):
        pass


class NoPixels:
    def fill(self, colour):
        pass


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

    def play(self, cue):
        # muted: the test is written here, not as properties (``muted``, ``busy``) that nothing
        # else read; each is a function and a property object the game would hold for nothing
        if self.settings is not None and not self.settings.sound_on:
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
            self._dark_at = now + flash[1] / 1000

    def _next_note(self, now):
        while self._i < len(self._notes) and now >= self._until:
            freq = self._notes[self._i]
            self._until = now + self._notes[self._i + 1] / 1000
            self._i += 2
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


def __getattr__(name):
    """``PwmTone`` (hardware.pwmtone), loaded when asked for."""
    from hardware import pwmtone

    return getattr(pwmtone, name)
