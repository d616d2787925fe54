"""Sound and lights for the game's cues (seabattle.sound): short tones and NeoPixel flashes.

``Cues(tone, pixels, settings)`` is the board's ``sounds`` object: ``play(cue)`` starts a tone
sequence and a flash (blue for a miss, red for a hit) and returns at once; ``tick(now)`` (from
the profile's ``sleep``) moves them on, so nothing blocks the game loop. Everything is muted
when ``settings.sound_on`` is False (lights too: "muted" means quiet and dark, e.g. at night).
``stop()`` silences at once: the BLE link calls it before scanning, because scanning while
audio plays breaks on nRF (circuitpython#3030).

Boards without a speaker or NeoPixels get ``NoTone``/``NoPixels`` (one class, ``Quiet``): same
interface, nothing done.
A board with a speaker makes its tone with hardware.pwmtone (a board without one never loads it).
"""

from seabattle import sound

# The tunes, one after another in one flat tuple of small ints: a cue, its number of notes, then
# each note's frequency (Hz; 0 is a rest) and milliseconds. One tuple, not a dict of a tuple a
# tune: ~0.2 KB less held for the whole game (32-bit VM); ``_find`` walks it at play time
TUNES = (
    sound.CLICK, 1, 1800, 20,
    sound.SHOT, 2, 900, 30, 700, 30,
    sound.SPLASH, 2, 300, 80, 220, 100,
    sound.HIT, 3, 1200, 60, 0, 30, 1200, 60,
    sound.SUNK, 4, 1000, 70, 800, 70, 600, 70, 400, 120,
    sound.WIN, 4, 523, 120, 659, 120, 784, 120, 1047, 250,
    sound.LOSE, 3, 392, 150, 330, 150, 262, 300,
    sound.BAD, 1, 150, 100,
)
# The flashes likewise: a cue, one "note" (its colour as red, green, blue, and its milliseconds)
FLASHES = (
    sound.SPLASH, 1, 0, 0, 40, 250,
    sound.HIT, 1, 60, 0, 0, 250,
    sound.SUNK, 1, 90, 0, 0, 600,
    sound.WIN, 1, 0, 50, 0, 1000,
    sound.LOSE, 1, 40, 0, 20, 1000,
)


def _find(table, cue, width):
    """Where ``cue``'s notes start in ``table`` (TUNES: ``width`` 2, FLASHES: 4) and where
    they end, or (0, 0) when the table has no entry for it."""
    i = 0
    while i < len(table):
        end = i + 2 + table[i + 1] * width
        if table[i] == cue:
            return i + 2, end
        i = end
    return 0, 0


class Quiet:
    """A stand-in for what a board lacks: a speaker (as NoTone: start, stop) or NeoPixels (as
    NoPixels: fill). One class for both: a class object is heap held for the whole game."""

    def start(self, frequency):
        pass

    def stop(self):
        pass

    def fill(self, color):
        pass


NoTone = NoPixels = Quiet


class Cues:
    def __init__(self, tone=None, pixels=None, settings=None, clock=None):
        self.tone = tone or Quiet()
        self.pixels = pixels or Quiet()
        self.settings = settings
        self.clock = clock  # ms (the profile's ms); tick(now) passes the time otherwise
        self._i = self._end = 0  # the tune playing: TUNES[_i:_end], its notes still to start
        self._until = 0
        self._dark_at = None
        self._now = 0
        self.played = 0  # cues that made a sound (tests, and to prove "muted" works)

    def play(self, cue):
        # muted: the test is written here, not as properties (``muted``, ``busy``) that nothing
        # else read; each is a function and a property object the game would hold for nothing
        if self.settings is not None and not self.settings.sound_on:
            return
        now = self.clock() if self.clock else self._now
        i, end = _find(TUNES, cue, 2)
        if i < end:
            self._i, self._end = i, end
            self._until = now
            self.played += 1
            self._next_note(now)
        i, end = _find(FLASHES, cue, 4)
        if i < end:
            self.pixels.fill((FLASHES[i], FLASHES[i + 1], FLASHES[i + 2]))
            self._dark_at = now + FLASHES[i + 3]

    def _next_note(self, now):
        while self._i < self._end and now >= self._until:
            n = TUNES[self._i]  # the note's frequency, Hz (0: a rest)
            self._until = now + TUNES[self._i + 1]
            self._i += 2
            if n:
                self.tone.start(n)
            else:
                self.tone.stop()
        if self._i >= self._end and now >= self._until:
            self.tone.stop()

    def tick(self, now):
        self._now = now
        if self._end and (self._i < self._end or now >= self._until):
            self._next_note(now)
            if self._i >= self._end and now >= self._until:
                self._end = 0
        if self._dark_at is not None and now >= self._dark_at:
            self.pixels.fill((0, 0, 0))
            self._dark_at = None

    def stop(self):
        self._i = self._end = 0
        self.tone.stop()

