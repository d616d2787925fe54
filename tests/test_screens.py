"""The real renderer on a headless Blinka display, at every supported size: what a player would
check on the pixels (cursor colour, hit sprite, halo after a sunk ship, the answer's glyphs),
nothing outside the screen, every string drawable with the shipped font, and a shot touching
only a few tiles."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import displayio  # noqa: E402
import pytest  # noqa: E402
from adafruit_bitmap_font import bitmap_font  # noqa: E402
from adafruit_display_text import bitmap_label  # noqa: E402

from hardware.display import layouttable  # noqa: E402
from hardware.display import pages
from hardware.display import render
from hardware.display import sheets
from hardware.display import text
from hardware.display import tiles
from hardware.desktop.headless import HeadlessDisplay  # noqa: E402
from seabattle import strings, ui  # noqa: E402
from tools import scenes  # noqa: E402

SIZES = [lay.size for lay in layouttable.LAYOUTS]
TILE_NAMES = ("water", "miss", "hit", "sunk", "halo", "ship", "ship_hit", "ok", "bad")  # by ui.T_* kind
FONT = render.load_font()
# the Adafruit libraries' own rendering of the same font: what the game's text must look like
LIB_FONT = bitmap_font.load_font(render.FONT_PATH)


def q(rgb):
    """An RGB888 colour as the 16-bit display shows it (what HeadlessDisplay.row returns)."""
    r = (rgb >> 19) & 0x1F
    g = (rgb >> 10) & 0x3F
    b = (rgb >> 3) & 0x1F
    return ((r * 255 // 31) << 16) | ((g * 255 // 63) << 8) | (b * 255 // 31)


@pytest.fixture(scope="module", params=SIZES, ids=["%dx%d" % s for s in SIZES])
def rendered(request):
    """Every scene of a Russian game at one size: {scene: (pixels, screen copy)}."""
    w, h = request.param
    display = HeadlessDisplay(w, h)
    renderer = render.Renderer(layouttable.choose(w, h), FONT)
    display.root_group = renderer.root
    out = {}
    for name, flow in scenes.walk("ru", 7):
        renderer.update(flow.screen)
        s = flow.screen
        out[name] = (display.pixels(), _copy(s), _extents(renderer.root, w, h))
    return renderer, out


def _copy(s):
    c = ui.Screen(s.width, s.height)
    for k in ("page", "name", "title", "items", "selected", "lines", "message", "tone", "hint", "cursor", "mark",
              "small_mark", "show_small", "cols", "rows"):
        setattr(c, k, getattr(s, k))
    c.big = bytearray(s.big)
    c.small = bytearray(s.small)
    return c


def _extents(group, w, h, ox=0, oy=0, scale=1, out=None):
    """(x1, y1, x2, y2, what) of every visible TileGrid and line of text, in screen pixels.

    A line of text counts as its box (what bitmap_label called its bounding box): its glyph
    cells start text.TOP px lower, so descenders may hang below the box, as they always did."""
    out = [] if out is None else out
    if group.hidden:
        return out
    for item in group:
        if getattr(item, "hidden", False):
            continue
        if isinstance(item, displayio.TileGrid):
            x = ox + item.x * scale
            y = oy + item.y * scale
            what = "tilegrid"
            cols = item.width
            if item.bitmap is FONT.sheet:
                y -= text.TOP * scale
                what = "text"
                # blank tiles draw nothing: a line counts to its last character (the message is
                # as wide as its normal size's text and shows fewer characters at double size);
                # test_every_text_box_fits_its_screen checks the layouts' boxes themselves
                cols = max([c + 1 for c in range(item.width) for row in range(item.height)
                            if item[c, row] != FONT.blank] or [0])
            out.append((x, y, x + cols * item.tile_width * scale, y + item.height * item.tile_height * scale,
                        what))
        elif isinstance(item, displayio.Group):
            _extents(item, w, h, ox + item.x * scale, oy + item.y * scale, scale * item.scale, out)
    return out


def test_font_draws_every_string_in_every_language():
    missing = set()
    glyph = FONT.codes.find
    for lang in strings.LANGUAGES:
        for line in [t for part in ("", "place", "menu", "errors", "duel", "end", "pause") for t in strings.load(lang, part).values()]:
            for ch in line:
                if glyph(ch) < 0:
                    missing.add((lang, ch))
    assert not missing
    assert glyph("Ґ") >= 0 and glyph("ї") >= 0


def test_nothing_is_drawn_outside_the_screen(rendered):
    renderer, scenes_ = rendered
    w, h = renderer.layout.size
    for name, (_px, _s, ext) in scenes_.items():
        for x1, y1, x2, y2, what in ext:
            assert 0 <= x1 and 0 <= y1 and x2 <= w and y2 <= h, (name, what, (x1, y1, x2, y2))


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % s for s in SIZES])
def test_every_text_box_fits_its_screen(size):
    """Each line's box as the layout gives it (the message at each of its sizes), on screen."""
    lay = layouttable.choose(*size)
    w, h = size
    boxes = [(x, y, chars, 1, lines) for x, y, lines, chars in lay.side]
    x, y, chars, scale = lay.message
    boxes += [(x, y, chars, scale, 1), (x, y, chars * scale, 1, 1)]
    boxes += [(2, lay.row_y + i * lay.row_h, lay.chars - 1, 1, 1) for i in range(lay.rows)]
    boxes.append((2, lay.title_y, (w - 4) // (6 * lay.title_scale), lay.title_scale, 1))
    for box in (lay.hint, lay.page_hint):
        if box:
            boxes.append(box + (1, 1))
    for x, y, chars, scale, lines in boxes:
        assert 0 <= x and x + chars * 6 * scale <= w and 0 <= y and y + lines * 12 * scale <= h, (x, y, chars, scale)


def _cell_pixels(px, x0, y0, n, col, row):
    return [px[y0 + row * n + j][x0 + col * n + i] for j in range(n) for i in range(n)]


def _sprite(n, kind):
    sheet = sheets.sheet(n)
    return [q(tiles.COLORS[sheet[kind * n + i, j]]) for j in range(n) for i in range(n)]


def _far(s, sq, w=10):
    """True if ``sq`` is at least two cells from the cursor and the marks (overlays spill over)."""
    for o in (s.cursor, s.mark):
        if o >= 0 and abs(o % w - sq % w) < 2 and abs(o // w - sq // w) < 2:
            return False
    return True


def test_battle_cells_show_their_sprites_and_the_cursor(rendered):
    renderer, scenes_ = rendered
    lay = renderer.layout
    px, s, _ext = scenes_["battle"]
    n = lay.cell
    kinds = set()
    for sq in range(100):
        kind = s.big[sq]
        if _far(s, sq):
            assert _cell_pixels(px, lay.board_x, lay.board_y, n, sq % 10, sq // 10) == _sprite(n, kind), (
                sq, TILE_NAMES[kind])
            kinds.add(kind)
    assert {ui.T_WATER, ui.T_MISS, ui.T_HIT, ui.T_SUNK, ui.T_HALO} <= kinds, kinds
    # the cursor's frame: the cell's outer ring has the cursor colour
    cx = lay.board_x + (s.cursor % 10) * n
    cy = lay.board_y + (s.cursor // 10) * n
    ring = [px[cy][cx + i] for i in range(n + 1)] + [px[cy + n][cx + i] for i in range(n + 1)]
    ring += [px[cy + j][cx] for j in range(n + 1)] + [px[cy + j][cx + n] for j in range(n + 1)]
    assert set(ring) == {q(tiles.COLORS[tiles.C_CURSOR])}
    # the small board is my fleet under fire: ships on it
    sn = lay.small_cell
    ships = [sq for sq in range(100) if s.small[sq] == ui.T_SHIP and (s.small_mark < 0 or abs(sq - s.small_mark) > 11)]
    sq = ships[0]
    assert _cell_pixels(px, lay.small_x, lay.small_y, sn, sq % 10, sq // 10) == _sprite(sn, ui.T_SHIP)


def test_sunk_ship_has_its_halo_on_screen(rendered):
    renderer, scenes_ = rendered
    lay = renderer.layout
    px, s, _ext = scenes_["battle"]
    sunk = [sq for sq in range(100) if s.big[sq] == ui.T_SUNK]
    assert len(sunk) == 2  # the two-decker the script sank
    from seabattle.rules import CLASSIC

    halo = CLASSIC.halo(sunk)
    assert halo and all(s.big[sq] in (ui.T_HALO, ui.T_MISS) for sq in halo)
    for sq in halo:
        if s.big[sq] == ui.T_HALO and _far(s, sq):
            assert _cell_pixels(px, lay.board_x, lay.board_y, lay.cell, sq % 10, sq // 10) == _sprite(lay.cell, ui.T_HALO)


def _label_pixels(text, color, scale, w, h, x, y):
    """The same text drawn alone by the font on the background, for comparison."""
    display = HeadlessDisplay(w, h)
    g = displayio.Group()
    pal = pages.palette()
    bg = displayio.Bitmap(w, h, len(tiles.COLORS))
    bg.fill(tiles.C_BG)
    g.append(displayio.TileGrid(bg, pixel_shader=pal))
    label = bitmap_label.Label(LIB_FONT, text="", color=color, scale=scale, anchor_point=(0.0, 0.0),
                               anchored_position=(x, y))
    label.text = text  # as the renderer does: labels are made once, empty, and given texts later
    g.append(label)
    display.root_group = g
    return display.pixels()


def test_the_answer_is_drawn_with_the_font(rendered):
    renderer, scenes_ = rendered
    lay = renderer.layout
    px, s, _ext = scenes_["battle"]
    assert s.message.endswith(strings.say("ru", "miss")) or s.message.endswith(strings.say("ru", "hit"))
    x, y, chars, scale = lay.message
    if len(s.message) > chars:
        scale = 1
    color = tiles.TONE_COLORS[s.tone]
    want = _label_pixels(s.message, color, scale, lay.width, lay.height, x, y)
    rows = range(y, min(lay.height, y + 12 * scale))
    cols = range(x, min(lay.width, x + len(s.message) * 6 * scale))
    assert [[px[r][c] for c in cols] for r in rows] == [[want[r][c] for c in cols] for r in rows]
    assert q(color) in [px[r][c] for r in rows for c in cols]


def test_the_glyph_sheet_holds_the_fonts_glyphs():
    """Every glyph of the BDF, as adafruit_bitmap_font reads it, is the same cell on the sheet."""
    codes = FONT.codes
    assert len(codes) == 194 and FONT.width == 6 and FONT.height == 12
    for i, ch in enumerate(codes):
        g = LIB_FONT.get_glyph(ord(ch))
        assert (g.width, g.height, g.dx, g.dy) == (6, 12, 0, -2)
        want = [[g.bitmap[x, y] for x in range(6)] for y in range(12)]
        got = [[FONT.sheet[i * 6 + x, y] for x in range(6)] for y in range(12)]
        assert got == want, ch
    assert FONT.codes.find("\u4e00") < 0


# the board page's texts that are not a line each (text.Stamps, text.Lines), as lines: the
# renderer does not hold this code (it would be names and code on a board)
class _View:
    """A text of a Stamps or a side line as a line: ``text``, ``color``, ``line.item`` (x, y, scale)."""

    def __init__(self, text, color, x, y):
        self.text = text
        self.color = color
        self.line = self.item = self
        self.x = x
        self.y = y
        self.scale = 1


def _side_views(boxes):
    """The renderer's side lines (``side``: text.Lines boxes) as lines."""
    out = []
    for box in boxes:
        for i in range(len(box.texts)):
            out.append(_View(box.texts[i], tiles.TEXT, box.grid.x, box.grid.y - text.TOP + i * FONT.height))
    return out


def _views(stamps, color):
    """The texts of a Stamps as lines (the board page's col_stamps, row_stamps)."""
    if stamps is None:
        return []
    out = []
    for i in range(len(stamps.places)):
        dx, dy = stamps.places[i]
        t = stamps.texts[i]
        x = stamps.x + dx
        if stamps.right:
            x += (stamps.chars - len(t)) * stamps.font.width
        out.append(_View(t, color, x, stamps.y + dy))
    return out


def _lines(renderer):
    lp, bp = renderer.listing, renderer.board
    page = [lp.title, lp.more_up, lp.more_down] + lp.rows if bp is None else (
        _views(bp.col_stamps, tiles.TEXT_DIM) + _views(bp.row_stamps, tiles.TEXT_DIM)
        + _side_views(bp.side) + [bp.message])
    return [t for t in page if t is not None and t.text.strip()]


@pytest.mark.parametrize("scene", ["title", "battle", "pause"])
def test_every_line_of_text_is_drawn_as_bitmap_label_draws_it(rendered, scene):
    """All the page's texts drawn again by adafruit_display_text's bitmap_label with the
    library's font, on a plain background: the same text pixels inside every text's box."""
    renderer, scenes_ = rendered
    lay = renderer.layout
    px = scenes_[scene][0]
    renderer.version = None
    renderer.update(scenes_[scene][1])  # the scene's texts back on the renderer's lines
    lines = _lines(renderer)
    assert len(lines) >= 3
    g = displayio.Group()
    boxes = []
    for t in lines:
        item = t.line.item
        if isinstance(item, displayio.TileGrid):
            x, y, scale = item.x, item.y - text.TOP, 1
        else:
            x, y, scale = item.x, item.y, item.scale
        shown = t.text
        label = bitmap_label.Label(LIB_FONT, text="", color=t.color, scale=scale, anchor_point=(0.0, 0.0),
                                   anchored_position=(x, y))
        label.text = shown
        g.append(label)
        boxes += [(c, r) for r in range(y, min(lay.height, y + 12 * scale))
                  for c in range(x, min(lay.width, x + len(shown) * 6 * scale))]
    display = HeadlessDisplay(lay.width, lay.height)
    display.root_group = g
    want = display.pixels()
    inks = {q(c) for c in (tiles.TEXT, tiles.TEXT_DIM, tiles.TEXT_ACCENT) + tiles.TONE_COLORS}
    got = [px[r][c] if px[r][c] in inks else 0 for c, r in boxes]
    assert got == [want[r][c] if want[r][c] in inks else 0 for c, r in boxes], scene
    assert sum(1 for v in got if v) > 20 * len(lines)


def test_placement_shows_the_illegal_ship_and_menus_the_selection(rendered):
    renderer, scenes_ = rendered
    lay = renderer.layout
    px, s, _ext = scenes_["place_illegal"]
    bad = [sq for sq in range(100) if s.big[sq] == ui.T_BAD]
    assert len(bad) == 3
    for sq in bad:
        if _far(s, sq):
            assert _cell_pixels(px, lay.board_x, lay.board_y, lay.cell, sq % 10, sq // 10) == _sprite(lay.cell, ui.T_BAD)
    assert "касается" in s.message
    px, s, _ext = scenes_["title"]
    bar = q(tiles.COLORS[tiles.C_GRID])
    y = lay.row_y + 1
    assert px[y][lay.width // 2] == bar  # the selection bar behind the first item
    assert px[y + lay.row_h][lay.width // 2] != bar


def test_a_shot_touches_few_tiles_and_a_small_area():
    """Firing changes the shot cell, moves the mark, and sets one label or two."""
    from tools.bench_screen import shot_counts

    for w, h in SIZES:
        counts = shot_counts(w, h)
        assert counts["shots"] >= 5
        # A sinking shot redraws the ship's 4 cells and its halo (14 cells in the open sea: a 6 x 3
        # box without the ship) and restores the cell the last-shot mark leaves: 19 at most.
        assert counts["max_tiles"] <= (4 + 2) * 3 + 1, counts
        assert counts["max_labels"] <= 8, counts
        assert counts["max_dirty"] < w * h // 2, counts  # never the whole screen


def test_a_long_message_scrolls_instead_of_running_off_the_screen():
    lay = layouttable.choose(160, 128)
    renderer = render.Renderer(lay, FONT)
    s = ui.Screen()
    s.page = ui.P_BOARD
    s.message = "Корабль А1–Г1 касается корабля Г2–Г4 бортом в Г2."
    s.changed()
    renderer.update(s)
    chars = lay.message[2]
    first = renderer.board.message.text
    assert len(first) == chars and first.endswith("…")
    assert renderer.tick(10000) and renderer.board.message.text == s.message[1:chars + 1]
    assert not renderer.tick(10010)  # not before the next step is due
