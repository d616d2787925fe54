"""Any other board with a built-in display (``board.DISPLAY``): the game against the computer.

Buttons are guessed from the usual pin names (BUTTON_A/BUTTON_B, else BUTTON); no radio is
tried, and the note says so on the serial console.
"""

import board

from hardware.boards.common import BoardProfile, KeypadKeys


class Profile(BoardProfile):
    name = "unknown board"
    scheme = "two"

    def __init__(self, board_id=""):
        super().__init__(board_id)
        self.notes.append("board %r is not one seabattle knows: playing the computer only, "
                          "buttons guessed (see docs/boards.md)" % board_id)

    def make_keys(self):
        import keypad

        pins = [getattr(board, n) for n in ("BUTTON_A", "BUTTON_B") if hasattr(board, n)]
        if not pins and hasattr(board, "BUTTON"):
            pins = [board.BUTTON]
        if not pins:
            return None
        return KeypadKeys(keypad.Keys(tuple(pins), value_when_pressed=False, pull=True),
                          ("a", "b")[:len(pins)])
