"""Any other board with a built-in display (``board.DISPLAY``): the game against the computer.

Buttons are guessed from the usual pin names (BUTTON_A/BUTTON_B, else BUTTON); no radio is
tried, and the note says so on the serial console.
"""

import board

from hardware.boards.common import BoardProfile, KeypadKeys


class Profile(BoardProfile):
    name = "unknown board"
    scheme = "two"

    def make_keys(self):
        import keypad

        self.notes.append("board %r is not one seabattle knows: playing the computer only, "
                          "buttons guessed (see docs/boards.md)" % self.board_id)
        pins = ()
        if hasattr(board, "BUTTON_A"):
            pins = (board.BUTTON_A,)
        if hasattr(board, "BUTTON_B"):
            pins += (board.BUTTON_B,)
        if not pins and hasattr(board, "BUTTON"):
            pins = (board.BUTTON,)
        if not pins:
            return None
        return KeypadKeys(keypad.Keys(pins, value_when_pressed=False, pull=True), ("a", "b")[:len(pins)])
