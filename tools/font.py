"""Build the game's bitmap font: a Latin + Cyrillic subset of Terminus 12 (OFL-1.1).

``python -m tools.font [--src BDF] [--out fonts/seabattle-12.bdf]``

The boards' built-in ``terminalio.FONT`` has no Cyrillic, so the game ships its own font and
loads it with adafruit_bitmap_font. The source is the Terminus 12 px BDF that
adafruit-blinka-displayio carries (``displayio/resources/ter-u12n.bdf``, pinned in
requirements/dev.txt), so the build is reproducible from a clean ``.venv``; Debian's
``xfonts-terminus`` PCF files need converting first and are not used.

Only the glyphs the game can show are kept (ASCII, Russian, Ukrainian, a few marks): the
subset is ~6 % of the source, which matters because a board keeps every glyph in RAM. Beside the
BDF it writes the glyph sheet a board reads at start-up (``.sheet``: hardware/display/fontsheet.py),
whose pixels bitmaptools copies in C: parsing the BDF in Python was ~80 % of the start-up to the
title (python -m tools.startuptime). The family is renamed because the OFL forbids a modified version to use
the original's reserved name ("Terminus Font"); the OFL text sits beside the output.
"""

import argparse
import os
import sys

OUT = os.path.join("fonts", "seabattle-12.bdf")
FAMILY = "Seabattle Ter"

# Code points kept: printable ASCII, the Russian and Ukrainian alphabets, and the marks the
# strings use (guillemets, dashes, ellipsis, numero sign, arrows and the check mark).
RANGES = (
    (0x20, 0x7E),
    (0x0401, 0x0401),  # Ё
    (0x0404, 0x0404),  # Є
    (0x0406, 0x0407),  # І Ї
    (0x0410, 0x044F),  # А..я
    (0x0451, 0x0451),  # ё
    (0x0454, 0x0454),  # є
    (0x0456, 0x0457),  # і ї
    (0x0490, 0x0491),  # Ґ ґ
)
EXTRA = "«»—–…№·×°’ʼ•←↑→↓▲▼◀▶✓✗●○"


def wanted():
    keep = set()
    for lo, hi in RANGES:
        keep.update(range(lo, hi + 1))
    keep.update(ord(c) for c in EXTRA)
    keep.add(0xFFFD)  # DEFAULT_CHAR: what a missing glyph shows as
    return keep


def default_source():
    import displayio  # adafruit-blinka-displayio, desktop only

    return os.path.join(os.path.dirname(displayio.__file__), "resources", "ter-u12n.bdf")


def parse(text):
    """Split a BDF into (header lines, {codepoint: glyph lines}, trailer lines)."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("CHARS "))
    header = lines[:start]
    glyphs = {}
    i = start + 1
    while i < len(lines) and lines[i].startswith("STARTCHAR"):
        j = i
        while not lines[j].startswith("ENDCHAR"):
            j += 1
        block = lines[i : j + 1]
        enc = next(ln for ln in block if ln.startswith("ENCODING "))
        glyphs[int(enc.split()[1])] = block
        i = j + 1
    return header, glyphs, lines[i:]


def subset(text, keep):
    header, glyphs, trailer = parse(text)
    missing = sorted(cp for cp in keep if cp not in glyphs)
    if missing:
        raise SystemExit("source font lacks: " + " ".join("U+%04X" % cp for cp in missing))
    out = []
    for ln in header:
        if ln.startswith("FONT "):
            ln = "FONT -seabattle-%s-Medium-R-Normal--12-120-72-72-C-60-ISO10646-1" % FAMILY.replace(" ", "")
        elif ln.startswith("FAMILY_NAME "):
            ln = 'FAMILY_NAME "%s"' % FAMILY
        elif ln.startswith("FOUNDRY "):
            ln = 'FOUNDRY "seabattle"'
        elif ln.startswith("NOTICE "):
            ln = ('NOTICE "Subset of Terminus Font by Dimitar Toshkov Zhekov. '
                  'Licensed under the SIL Open Font License, Version 1.1"')
        out.append(ln)
    chosen = sorted(keep)
    out.append("CHARS %d" % len(chosen))
    for cp in chosen:
        out.extend(glyphs[cp])
    out.extend(trailer)
    return "\n".join(out) + "\n", len(glyphs)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", help="Terminus 12 BDF (default: the one inside adafruit-blinka-displayio)")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    src = args.src or default_source()
    with open(src, encoding="latin-1") as f:
        text = f.read()
    result, total = subset(text, wanted())
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w", encoding="latin-1", newline="\n") as f:
        f.write(result)
    print("%s: %d of %d glyphs, %d bytes" % (args.out, len(wanted()), total, len(result.encode("latin-1"))))
    sheet = write_sheet(args.out)
    print("%s: %d bytes" % (sheet, os.path.getsize(sheet)))
    return 0


def sheet_bytes(bdf_path):
    """The glyph sheet (hardware/display/fontsheet.py's format) of the BDF at ``bdf_path``, its
    pixels as the game's own BDF reader (hardware.display.bdf) reads them."""
    from hardware.display import bdf, text

    font = text.Font()
    bdf.read(font, bdf_path)
    sheet = font.sheet
    codes = font.codes.encode("utf-8")
    n = sheet.width // font.width
    out = bytearray((font.width, font.height, n & 0xFF, n >> 8, len(codes) & 0xFF, len(codes) >> 8))
    out += codes
    for y in range(sheet.height):
        row = bytearray((sheet.width + 7) // 8)
        for x in range(sheet.width):
            if sheet[x, y]:
                row[x >> 3] |= 0x80 >> (x & 7)
        out += row
    return bytes(out)


def write_sheet(bdf_path):
    """Writes the .sheet beside the BDF at ``bdf_path``; returns its path."""
    path = bdf_path[:-4] + ".sheet"
    with open(path, "wb") as f:
        f.write(sheet_bytes(bdf_path))
    return path


if __name__ == "__main__":
    sys.exit(main())
