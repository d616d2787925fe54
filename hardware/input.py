"""Buttons to actions: per-board schemes, key repeat, long presses and chords.

A board profile reports raw key events by *name* ("left", "a", "start" ...) with the time;
``Buttons`` turns them into seabattle.ui actions. The time is passed in (``now``, integer
milliseconds, the loop's clock: hardware.boards.common.BoardProfile.ms), so
this runs the same with ``keypad`` events on a board, pygame keys on a PC, or a test's script.

A scheme maps a key name to ``(tap, hold, mode)``:
- REPEAT: ``tap`` on press, then ``tap`` again every REPEAT_EVERY ms after REPEAT_DELAY ms held;
- HOLD_REPEAT: ``tap`` on press; held past REPEAT_DELAY, ``hold`` every REPEAT_EVERY ms;
- LONG: ``tap`` on release if let go before LONG_PRESS ms, else ``hold`` once at LONG_PRESS ms;
- ONCE: ``tap`` on press.
``chords`` maps a pair of keys held together to one action (the keys' own actions are dropped).
The named schemes ("dpad", "two") and the modes are hardware/schemes.py, read once by ``Buttons``; a scheme
is ``(keys, chords)``, flat tuples: per key its name, tap, hold and mode; per chord its two keys
and the action.
"""

from hardware.schemes import HOLD_REPEAT, LONG, REPEAT
from seabattle.compat import forget

REPEAT_DELAY = 350
REPEAT_EVERY = 110
LONG_PRESS = 600

# keypad key numbers to names, per board (keypad.ShiftRegisterKeys order on the PyBadge).
PYBADGE_KEYS = ("b", "a", "start", "select", "right", "down", "up", "left")


class Buttons:
    def __init__(self, scheme="dpad"):
        if isinstance(scheme, str):
            # the named schemes are hardware.schemes, dropped once read: a board keeps its own
            # scheme's tables only (in this object), not the other's nor that module's
            from hardware import schemes

            scheme = schemes.SCHEMES[scheme]
            schemes = None
            forget("hardware.schemes")
        self.keys, self.chords = scheme
        self.down = {}  # name -> [pressed at, next repeat at, fired hold, chorded]

    def _key(self, name):
        """Where ``name``'s (tap, hold, mode) start in ``keys``, or -1 for a key not in it."""
        keys = self.keys
        for i in range(0, len(keys), 4):
            if keys[i] == name:
                return i + 1
        return -1

    def press(self, name, now, out):
        """A key went down: append its actions to ``out``."""
        i = self._key(name)
        if i < 0 or name in self.down:
            return
        state = [now, now + REPEAT_DELAY, False, False]
        self.down[name] = state
        chords = self.chords
        for j in range(0, len(chords), 3):
            if name == chords[j] or name == chords[j + 1]:
                other = chords[j + 1] if chords[j] == name else chords[j]
                if other in self.down:
                    state[3] = True
                    self.down[other][3] = True
                    out.append(chords[j + 2])
                    return
        if self.keys[i + 2] != LONG:
            out.append(self.keys[i])

    def release(self, name, now, out):
        state = self.down.pop(name, None)
        if state is None:
            return
        i = self._key(name)
        if self.keys[i + 2] == LONG and not state[2] and not state[3]:
            out.append(self.keys[i])

    def poll(self, now, out):
        """Repeats and long presses due by ``now``."""
        for name in self.down:
            state = self.down[name]
            if state[3]:
                continue
            i = self._key(name)
            hold, mode = self.keys[i + 1], self.keys[i + 2]
            if mode == LONG:
                if not state[2] and now - state[0] >= LONG_PRESS:
                    state[2] = True
                    out.append(hold)
            elif mode in (REPEAT, HOLD_REPEAT):
                if now >= state[1]:  # one per poll: a slow frame must not fire a burst
                    out.append(self.keys[i] if mode == REPEAT else hold)  # (tap or hold)
                    state[1] = now + REPEAT_EVERY

    def keypad_event(self, names, event, now, out):
        """Feed one ``keypad.Event`` (key numbers named by ``names``, e.g. PYBADGE_KEYS)."""
        name = names[event.key_number]
        if event.pressed:
            self.press(name, now, out)
        else:
            self.release(name, now, out)
