"""Shows a seabattle.ui.Screen with displayio: a page is built when it is shown, then only tile
indices and label texts change.

Two pages: a LIST page (menus and information: a title, rows laid out by a GridLayout, a
selection bar) and a BOARD page (the big board, the small board, coordinate labels, side lines,
the message and a hint). Only the page on screen exists: switching pages drops the other one's
labels and grids (RAM: see tools.ramreport; pages change only between menus and the board, so
the rebuild is not per frame), and the code that builds a page (hardware/display/pages.py) is loaded
for the build and dropped after it; the list page's updating code (hardware/display/listview.py) is
held only while a list page shows, so the battle does not hold it. The 20 coordinate labels
are two bitmaps (text.Stamps), not 20 lines; each side box's lines are one TileGrid (text.Lines),
and the message is one line whose Group changes scale (double size where the layout has it).
Each board is one TileGrid over a sprite sheet from hardware/display/tiles.py; the cursor and the
latest-shot mark are one-tile TileGrids that move.
``update(screen)`` compares the screen with what is shown and touches only what differs;
``tiles_set``/``labels_set`` count those touches (tools/bench_screen.py prints them).
"""

from hardware.display import text
from seabattle import ui
from seabattle.compat import const, forget

# the rest of hardware.display.tiles (the sheets' palette, the tile numbers) is the page builders': it
# is loaded with hardware.display.pages and dropped with it (Renderer._show), not held while a page shows
forget("hardware.display.tiles")

FONT_PATH = "fonts/seabattle-12.bdf"
_NO_PAGE = const(-1)
_LIST = const(0)
_BOARD = const(1)


def load_font(path=FONT_PATH):
    """The game's font as one glyph sheet (hardware/display/text.py): from the .sheet beside the
    BDF where the firmware has bitmaptools (quick), else from the BDF itself."""
    font = text.Font()
    try:
        from hardware.display import fontsheet

        fontsheet.read(font, path[:-4] + ".sheet")
        return font
    except (ImportError, OSError, ValueError, EOFError):
        pass  # no bitmaptools in this build, no sheet or a damaged one: the BDF, always there
    finally:
        fontsheet = None
        forget("hardware.display.fontsheet")  # read once: its code can go
    from hardware.display import bdf

    bdf.read(font, path)
    bdf = None
    forget("hardware.display.bdf")
    return font


class Renderer:
    """Owns the display's root group for one Layout and mirrors Screens onto it."""

    def __init__(self, layout, font):
        self.layout = layout
        self.font = font
        self.tiles_set = 0
        self.labels_set = 0
        self.version = -1  # the shown Screen's
        self.page = _NO_PAGE
        self._last_scroll = 0
        self.board_w = 10
        self.board_h = 10
        # the page on screen: its Group and its parts (a hardware.display.listview.ListPage or a
        # hardware.display.boardview.BoardPage); only one page exists at a time
        self.shown = None
        self.listing = None
        self.board = None
        # making the palettes and the root group is hardware.display.pages' code, held for the build only
        from hardware.display import pages

        # the sheets' palette, and palettes shared by lines, one per colour: lines whose colour
        # never changes, and the menu rows (plain or accent: text.Text._show swaps them)
        self.palette, self.dim, self.plain, self.accent = pages.palettes()
        self.root = pages.root(layout, self.palette)
        pages = None
        self._show(_LIST)

    def _show(self, page):
        """Replace the page on screen with a newly built ``page`` (_LIST or _BOARD), built by
        hardware.display.pages (with hardware.display.boardpage and hardware.display.sheets for a
        board), loaded for the build and dropped after it. Each page's updating code (hardware.display.listview,
        hardware.display.boardview) is held while that page shows only (the battle holds no
        menu's, a menu no board's)."""
        from hardware.display import pages

        if self.shown is not None:
            self.root.remove(self.shown)
        self.shown = self.listing = self.board = None
        if page == _LIST:
            forget("hardware.display.boardview")
            self.listing = pages.build_list(self)
            self.shown = self.listing.group
        else:
            forget("hardware.display.listview")
            from hardware.display import boardpage

            self.board = boardpage.build(self, self.board_w, self.board_h)
            self.shown = self.board.group
            boardpage = None
            forget("hardware.display.boardpage")
            forget("hardware.display.sheets")
        self.root.append(self.shown)
        self.page = page
        pages = None
        forget("hardware.display.pages")
        forget("hardware.display.tiles")  # the palette's and tiles' numbers: building's (listview has its own)

    def update(self, screen):
        """Show ``screen``; returns True if anything was touched."""
        if screen.version == self.version:
            return False
        self.version = screen.version
        page = _BOARD if screen.page == ui.P_BOARD else _LIST
        if page != self.page:
            self._show(page)
        if page == _BOARD:
            self.board.update(self, screen)
        else:
            self.listing.update(self, screen)
        return True

    def tick(self, now):
        """Animation: scrolls a message too long for its line. Returns True if it moved."""
        if now - self._last_scroll < 250:  # ms per character of a marquee
            return False
        self._last_scroll = now
        if self.page == _BOARD:
            return self.board.message.scroll()
        return False
