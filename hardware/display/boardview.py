"""The BOARD page of hardware.display.render's Renderer ``r``: its parts (made by
hardware.display.boardpage.build) and the code that updates them from a Screen: the boards'
tiles, the cursor and last-shot overlays, the coordinates, the side lines, the message and the
hint.
"""

from hardware.display.text import fit
from hardware.display.tiles import TONE_COLORS


class BoardPage:
    """The board page's Group (``group``), the big board's TileGrid with its last-shot mark and
    cursor overlays, the small board's Group, TileGrid and mark, the coordinates' text.Stamps
    (or None), the side boxes (text.Lines), the message and the hint (text.Text, or None)."""

    def __init__(self, group, big, mark, cursor, small_group, small, small_mark, col_stamps, row_stamps,
                 side, message, hint):
        self.group = group
        self.big = big
        self.mark = mark
        self.cursor = cursor
        self.small_group = small_group
        self.small = small
        self.small_mark = small_mark
        self.col_stamps = col_stamps
        self.row_stamps = row_stamps
        self.side = side
        self.message = message
        self.hint = hint

    def update(self, r, s):
        if s.width != r.board_w or s.height != r.board_h:
            raise ValueError("a %dx%d board does not fit this renderer (built for %dx%d)" % (
                s.width, s.height, r.board_w, r.board_h))
        lay = r.layout
        r.tiles_set += _sync(self.big, s.big)
        _place(r, self.cursor, lay.cell, lay.board_x, lay.board_y, s.cursor)
        _place(r, self.mark, lay.cell, lay.board_x, lay.board_y, s.mark)
        if s.show_small:
            self.small_group.hidden = False
            r.tiles_set += _sync(self.small, s.small)
            _place(r, self.small_mark, lay.small_cell, lay.small_x, lay.small_y, s.small_mark)
        elif not self.small_group.hidden:
            self.small_group.hidden = True
        if self.col_stamps is not None:
            r.labels_set += self.col_stamps.show([fit(c, 1) for c in s.cols])
        if self.row_stamps is not None:
            r.labels_set += self.row_stamps.show([fit(n, 2) for n in s.rows])
        k = 0
        for t in self.side:
            for row in range(len(t.texts)):
                t.set(row, s.lines[k] if k < len(s.lines) else "")
                k += 1
        self._set_message(r, s.message, TONE_COLORS[s.tone])
        if self.hint is not None:
            self.hint.set(s.hint)

    def _set_message(self, r, text, color):
        """Double size where the layout has it and the text fits; else normal size: the one
        line, ``chars`` x ``scale`` tiles wide in a scaling Group, changes its Group's scale."""
        x, y, chars, scale = r.layout.message
        m = self.message
        if scale > 1:
            if len(text) > chars:
                scale = 1
            if m.item.scale != scale:
                m.set("")
                m.item.scale = scale
                m.chars = chars * r.layout.message[3] // scale
                r.labels_set += 1
        m.set(text, color)


def _place(r, m, n, x, y, square):
    """Moves the overlay ``m`` onto ``square`` of the board whose n-pixel cells start at
    (x, y), or hides it (``square`` < 0)."""
    if square < 0:
        if not m.hidden:
            m.hidden = True
            r.tiles_set += 1
        return
    x += (square % r.board_w) * n
    y += (square // r.board_w) * n
    if m.hidden or m.x != x or m.y != y:
        m.x = x
        m.y = y
        m.hidden = False
        r.tiles_set += 1


def _sync(grid, s):
    """Copy changed tile kinds into a TileGrid (read back from it: no copy of what it shows is
    kept); returns how many tiles changed."""
    changed = 0
    for sq in range(len(s)):
        k = s[sq]
        if grid[sq] != k:
            grid[sq] = k
            changed += 1
    return changed
