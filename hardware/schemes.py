"""The named button schemes of hardware.input (``Buttons("dpad")``, ``Buttons("two")``): key
name -> ``(tap, hold, mode)``, and chords (flat tuples: see below). Read once by ``Buttons`` and dropped (a board uses one).
"""

from seabattle import ui

# a key's mode (hardware.input.Buttons reads them: see there)
ONCE = 0
REPEAT = 1
HOLD_REPEAT = 2
LONG = 3

# Each scheme is one flat tuple, four items a key: its name, then (tap, hold, mode); and its
# chords, three items a chord: two key names and the action. Flat tuples, not a dict of tuples:
# the board's Buttons holds its scheme all game (~0.2 KB less on the 32-bit VM)

# PyBadge/PyGamer, Mini TFT joystick, desktop: a d-pad, A, B, Start, Select.
DPAD = (
    "left", ui.LEFT, 0, REPEAT,
    "right", ui.RIGHT, 0, REPEAT,
    "up", ui.UP, 0, REPEAT,
    "down", ui.DOWN, 0, REPEAT,
    "a", ui.FIRE, 0, ONCE,
    "b", ui.BACK, 0, ONCE,
    "start", ui.MENU, 0, ONCE,
    "select", ui.SWITCH, 0, ONCE,
)
DPAD_CHORDS = ()

# CLUE, Circuit Playground + TFT Gizmo, Reverse TFT Feather: two buttons, still quick.
# A taps step the cursor right (wrapping rows) and menus down; holding A runs down the rows.
# B fires; holding B rotates a ship / swaps boards / goes back; A+B together opens the menu.
TWO_BUTTON = (
    "a", ui.NEXT, ui.DOWN, HOLD_REPEAT,
    "b", ui.FIRE, ui.BACK, LONG,
    "switch", ui.SWITCH, 0, ONCE,  # Circuit Playground's slide switch, either way
)
TWO_BUTTON_CHORDS = ("a", "b", ui.MENU)

SCHEMES = {"dpad": (DPAD, DPAD_CHORDS), "two": (TWO_BUTTON, TWO_BUTTON_CHORDS)}
