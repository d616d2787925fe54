"""Text on screen without a bitmap per glyph or per label: the font is one sprite sheet and a
line of text is a TileGrid over it, one tile per character.

The game's font (fonts/seabattle-12.bdf) is monospaced: every glyph is a 6 x 12 cell. ``Font``
reads the BDF once into a single 1-bit Bitmap (all glyphs side by side, ~2 KB on a board) and
a string of the code points in sheet order. ``Line`` is a TileGrid ``chars`` tiles wide with
its own two-colour palette (transparent, text colour): showing a text is setting tile indices,
and no Label, glyph Bitmap or glyph object exists (adafruit_display_text's bitmap_label kept a
bitmap and ~30 attributes per label, and adafruit_bitmap_font one Bitmap per loaded glyph).

A Line's (x, y) is the top-left of the text's box as bitmap_label's ``anchor_point=(0, 0)``
placed it; the glyph cells are drawn ``TOP`` px below that, where bitmap_label drew them
(tests/test_screens.py compares the two pixel for pixel). Characters the font lacks are
skipped, as bitmap_label skipped them.
"""

import displayio

from hardware.display.tiles import TEXT_ACCENT

# _NO_NAMES: texts are read a character at a time by slices (``text[k:k + 1]``), never by
# ``for ch in text`` or ``text[k]``: on MicroPython and CircuitPython iterating or indexing a str
# interns every character it yields as a name (a qstr, never freed), so drawing texts made each
# letter ever shown a name for the rest of the run (~70 in a game against the computer, up to the
# font's 194 over a long session) and brought the next pool of names (~9 KB) closer; a slice is
# a short-lived str the collector frees.

TOP = 2  # the glyph cell's top below the box's top (unscaled px), where bitmap_label draws it


# No class here has an __init__: the objects are made while a page is built, by hardware.display.pages
# (line, stamps, palette_for) and hardware.display.bdf (a Font, read by hardware.display.render.load_font), modules
# loaded for that and dropped after it, so the building code is not held while a page shows.


class Font:
    """A monospaced BDF font as one sheet: ``sheet`` (Bitmap), ``width``/``height`` of a cell,
    ``codes`` (the characters in sheet order) and ``blank`` (the space's tile)."""


class Line:
    """``chars`` tiles of text at (x, y) in ``color`` (RGB), ``scale`` times the font size.
    ``item`` is what goes into a Group (the TileGrid, or a scaling Group around it). With
    ``rows`` > 1 it is that many lines stacked a cell's height apart in the one TileGrid (the
    board page's side lines: one TileGrid and one object for all, not per line). Made by
    hardware.display.pages.line: ``font``, ``chars``, ``palette``, ``grid`` (the TileGrid), ``item``."""

    def set_color(self, color):
        self.palette[1] = color

    def show(self, text, row=0):
        """Draw ``text`` (at most ``chars`` of the characters the font has) from the left of
        line ``row``."""
        font = self.font
        grid = self.grid
        cols = grid.width  # may be more than ``chars``: blanks to the end (a scaled-down message)
        n = 0  # characters drawn
        at = row * cols
        for k in range(len(text)):
            if n >= self.chars:
                break
            i = font.codes.find(text[k:k + 1])  # a slice: see _NO_NAMES
            if i >= 0:
                grid[at + n] = i
                n += 1
        while n < cols:
            grid[at + n] = font.blank
            n += 1


class Stamps:
    """Short texts that never move, drawn into one 1-bit Bitmap shown by one TileGrid: the
    board's coordinates (20 texts) cost one bitmap of a few hundred bytes and one TileGrid, not
    20 Lines (a TileGrid, a tile array and two Python objects each: ~6 KB on the 32-bit VM).

    ``places`` are the texts' box top-left corners relative to (x, y); each text gets ``chars``
    cells, right-aligned when ``right``, drawn as a Line would draw it. Changing a text redraws
    the bitmap (a few ms on a board; the coordinates change only with the language). Made by
    hardware.display.pages.stamps: ``font``, ``places``, ``chars``, ``right``, ``x``, ``y``, ``bitmap``,
    ``item`` (its TileGrid), ``texts`` (those shown) and ``tiled`` (each text in a tile of its
    own, side by side in the bitmap: a column of places, see pages.stamps)."""

    def show(self, texts):
        """Shows ``texts`` (one per place, missing ones blank); returns how many changed."""
        changed = 0
        n = len(self.places)
        for i in range(n):
            t = texts[i] if i < len(texts) else ""
            if t != self.texts[i]:
                self.texts[i] = t
                changed += 1
        if not changed:
            return 0
        font = self.font
        sheet = font.sheet
        w = font.width
        bitmap = self.bitmap
        bitmap.fill(0)
        for i in range(n):
            t = self.texts[i]
            if self.right:
                t = " " * (self.chars - len(t)) + t
            dx, dy = self.places[i]
            if self.tiled:
                dx, dy = i * self.chars * w, 0
            count = 0  # characters drawn; one the font lacks is skipped, as a Line skips it
            for k in range(len(t)):
                if count >= self.chars:
                    break
                g = font.codes.find(t[k:k + 1])  # a slice: see _NO_NAMES
                if g < 0:
                    continue
                # the glyph's set pixels, leaving set pixels set (glyphs closer than a cell
                # overlap as separate TileGrids did)
                x = dx + count * w
                for gy in range(font.height):
                    for gx in range(w):
                        if sheet[g * w + gx, gy]:
                            bitmap[x + gx, dy + gy] = 1
                count += 1
        return changed


def fit(text, chars):
    """``text`` cut to ``chars`` characters, with an ellipsis when cut."""
    if len(text) <= chars:
        return text
    return text[: chars - 1] + "\u2026"


class Text(Line):
    """A line of text that is only redrawn when its text or colour really changes. Lines whose
    colour never changes may share one ``palette``. It is its own Line (one object per
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


class Lines(Line):
    """Lines of text that never change colour, stacked a cell's height apart in one TileGrid
    (a side box of the board page): one object and one TileGrid for the box, not a Text and a
    TileGrid per line (~350 bytes a line on the 32-bit VM). ``texts`` are the lines shown.
    Made by hardware.display.boardpage.build: a Line with ``owner`` and ``texts``."""

    def set(self, row, text):
        text = fit(text, self.chars)
        if text != self.texts[row]:
            self.show(text, row)
            self.texts[row] = text
            self.owner.labels_set += 1
