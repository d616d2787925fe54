"""The font's glyph sheet: the same pixels as the BDF it is made from, read by bitmaptools."""

import os

from hardware.display import bdf, fontsheet, render, text
from tools import font as fonttool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BDF = os.path.join(ROOT, render.FONT_PATH)


def test_the_sheet_in_the_repository_is_the_bdfs():
    # (python -m tools.font writes both: a BDF changed alone fails here)
    with open(BDF[:-4] + ".sheet", "rb") as f:
        assert f.read() == fonttool.sheet_bytes(BDF)


def test_the_sheet_reads_as_the_bdf_pixel_for_pixel():
    a, b = text.Font(), text.Font()
    fontsheet.read(a, BDF[:-4] + ".sheet")
    bdf.read(b, BDF)
    assert (a.width, a.height, a.codes, a.blank) == (b.width, b.height, b.codes, b.blank)
    assert (a.sheet.width, a.sheet.height) == (b.sheet.width, b.sheet.height)
    assert sum(1 for x in range(b.sheet.width) for y in range(b.sheet.height) if b.sheet[x, y]) > 2000
    for y in range(a.sheet.height):
        assert [a.sheet[x, y] for x in range(a.sheet.width)] == [b.sheet[x, y] for x in range(b.sheet.width)], y


def test_a_missing_or_damaged_sheet_falls_back_to_the_bdf(tmp_path):
    path = tmp_path / "f.bdf"
    path.write_bytes(open(BDF, "rb").read())
    good = render.load_font(str(path))  # no sheet beside it
    for damaged in (b"", b"\x00\x00junk", open(BDF[:-4] + ".sheet", "rb").read()[:900]):
        (tmp_path / "f.sheet").write_bytes(damaged)
        f = render.load_font(str(path))
        assert (f.codes, f.width, f.sheet.width) == (good.codes, good.width, good.sheet.width)
