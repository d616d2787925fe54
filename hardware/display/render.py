"""Shows a seabattle.ui.Screen with displayio: a page is built when it is shown, then only tile
indices and label texts change.

Two pages: a LIST page (menus and information: a title, rows laid out by a GridLayout, a
selection bar) and a BOARD page (the big board, the small board, coordinate labels, side lines,
the message and a hint). Only the page on screen exists: switching pages drops the other one's
labels and grids (RAM: see tools.ramreport; pages change only between menus and the board, so
the rebuild is not per frame), and the code that builds a page (hardware/display/pages.py) is loaded
for the build and dropped after it; the list page's updating code (hardware/display/listview.py) is
held only while a list page shows, so the battle does not hold it. The 20 coordinate labels
are two bitmaps (text.Stamps), not 20 lines; each side box's lines are one TileGrid (_Lines),
and the message is one line whose Group changes scale (double size where the layout has it).
Each board is one TileGrid over a sprite sheet from hardware/display/tiles.py; the cursor and the
latest-shot mark are one-tile TileGrids that move.
``update(screen)`` compares the screen with what is shown and touches only what differs;
``tiles_set``/``labels_set`` count those touches (tools/bench_screen.py prints them).
"""

from hardware.display import text
from hardware.display.tiles import TEXT_ACCENT, TONE_COLORS
from seabattle import ui
from seabattle.compat import forget  # noqa: F401  (pages and sheets are dropped with it)

# the rest of hardware.display.tiles (the sheets' palette, the tile numbers) is the page builders': it
# is loaded with hardware.display.pages and dropped with it (pages.show), not held while a page shows
forget("hardware.display.tiles")

FONT_PATH = "fonts/seabattle-12.bdf"
_LIST = 0
_BOARD = 1


def load_font(path=FONT_PATH):
    """The game's font as one glyph sheet (hardware/display/text.py)."""
    from hardware.display import bdf

    font = text.Font()
    bdf.read(font, path)
    bdf = None
    forget("hardware.display.bdf")  # read once: its code can go
    return font


def fit(text, chars):
    """``text`` cut to ``chars`` characters, with an ellipsis when cut."""
    if len(text) <= chars:
        return text
    return text[: chars - 1] + "\u2026"


class _Text(text.Line):
    """A line of text that is only redrawn when its text or colour really changes. Lines whose
    colour never changes may share one ``palette``. It is its own text.Line (one object per
    line, not two: ~70 bytes each on the 32-bit VM). Made by hardware.display.pages._text: ``owner``
    (the Renderer), ``text`` (shown), ``color``, ``full`` (the whole text) and ``offset`` (of a
    marquee) besides a Line's."""

    @property
    def line(self):
        return self

    def set(self, text, color=None):
        self.full = text
        self.offset = 0
        self._show(fit(text, self.chars), color)

    def _show(self, text, color=None):
        if color is not None and color != self.color:
            if self.palette is self.owner.plain or self.palette is self.owner.accent:
                # a line sharing the plain or the accent palette (a menu's rows) changes between
                # those two colours by taking the other palette: no palette of its own per row
                self.palette = self.owner.accent if color == TEXT_ACCENT else self.owner.plain
                self.grid.pixel_shader = self.palette
            else:
                self.set_color(color)
            self.color = color
            self.owner.labels_set += 1
        if text != self.text:
            self.show(text)
            self.text = text
            self.owner.labels_set += 1

    def scroll(self):
        """Marquee one step for a text longer than the line; True if it moved."""
        if len(self.full) <= self.chars:
            return False
        t = self.full + "   "
        self.offset = (self.offset + 1) % len(t)
        self._show((t + t)[self.offset: self.offset + self.chars])
        return True


class _Lines(text.Line):
    """Lines of text that never change colour, stacked a cell's height apart in one TileGrid
    (a side box of the board page): one object and one TileGrid for the box, not a _Text and a
    TileGrid per line (~350 bytes a line on the 32-bit VM). ``texts`` are the lines shown.
    Made by hardware.display.pages.build_board: a Line with ``owner`` and ``texts``."""

    def set(self, row, text):
        text = fit(text, self.chars)
        if text != self.texts[row]:
            self.show(text, row)
            self.texts[row] = text
            self.owner.labels_set += 1


class Renderer:
    """Owns the display's root group for one Layout and mirrors Screens onto it."""

    def __init__(self, layout, font):
        # what is made once (palettes, the root group, the first page) is hardware.display.pages' code
        from hardware.display import pages

        pages.setup(self, layout, font)
        pages = None
        forget("hardware.display.pages")

    # ----- building (per page shown): hardware.display.pages.show, loaded for the build and dropped

    # ----- updating ----------------------------------------------------------------------------

    def update(self, screen):
        """Show ``screen``; returns True if anything was touched."""
        if screen.version == self.version:
            return False
        self.version = screen.version
        page = _BOARD if screen.page == ui.P_BOARD else _LIST
        if page != self.page:
            # the old page's objects go and the new one is built (hardware.display.pages, with
            # hardware.display.sheets for a board's sprites: loaded for the build, dropped after it)
            from hardware.display import pages

            pages.show(self, page)
            pages = None
            forget("hardware.display.pages")
        if page == _BOARD:
            self._update_board(screen)
        else:
            self.listview.update(self, screen)
        return True

    def tick(self, now):
        """Animation: scrolls a message too long for its line. Returns True if it moved."""
        if now - self._last_scroll < 0.25:  # seconds per character of a marquee
            return False
        self._last_scroll = now
        if self.page == _BOARD:
            return self.message.scroll()
        return False

    def _update_board(self, s):
        if s.width != self.board_w or s.height != self.board_h:
            raise ValueError("a %dx%d board does not fit this renderer (built for %dx%d)" % (
                s.width, s.height, self.board_w, self.board_h))
        self.tiles_set += _sync(self.big, s.big)
        self._place(self.cursor, self.layout.cell, self.layout.board_x, self.layout.board_y, s.cursor)
        self._place(self.mark, self.layout.cell, self.layout.board_x, self.layout.board_y, s.mark)
        if s.show_small:
            self.small_group.hidden = False
            self.tiles_set += _sync(self.small, s.small)
            self._place(self.small_mark, self.layout.small_cell, self.layout.small_x,
                        self.layout.small_y, s.small_mark)
        elif not self.small_group.hidden:
            self.small_group.hidden = True
        if self.col_stamps is not None:
            self.labels_set += self.col_stamps.show([fit(c, 1) for c in s.cols])
        if self.row_stamps is not None:
            self.labels_set += self.row_stamps.show([fit(r, 2) for r in s.rows])
        k = 0
        for t in self.side:
            for row in range(len(t.texts)):
                t.set(row, s.lines[k] if k < len(s.lines) else "")
                k += 1
        self._set_message(s.message, TONE_COLORS[s.tone])
        if self.hint is not None:
            self.hint.set(s.hint)

    def _set_message(self, text, color):
        """Double size where the layout has it and the text fits; else normal size: the one
        line, ``chars`` x ``scale`` tiles wide in a scaling Group, changes its Group's scale."""
        x, y, chars, scale = self.layout.message
        m = self.message
        if scale > 1:
            if len(text) > chars:
                scale = 1
            if m.item.scale != scale:
                m.set("")
                m.item.scale = scale
                m.chars = chars * self.layout.message[3] // scale
                self.labels_set += 1
        m.set(text, color)

    def _place(self, m, n, x, y, square):
        """Moves the overlay ``m`` onto ``square`` of the board whose n-pixel cells start at
        (x, y), or hides it (``square`` < 0)."""
        if square < 0:
            if not m.hidden:
                m.hidden = True
                self.tiles_set += 1
            return
        x += (square % self.board_w) * n
        y += (square // self.board_w) * n
        if m.hidden or m.x != x or m.y != y:
            m.x = x
            m.y = y
            m.hidden = False
            self.tiles_set += 1


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
