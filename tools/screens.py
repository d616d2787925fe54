"""Render every screen to PNG: ``python -m tools.screens OUTDIR [--size WxH] [--lang ru] [--scale N]``.

Files are named ``<screen>_<lang>_<W>x<H>.png``. Screens come from tools/scenes.py (a scripted
game driven by actions) and are drawn by the real renderer on a headless Blinka display.
"""

import argparse
import os
import sys

os.environ.setdefault("BLINKA_FORCEBOARD", "GENERIC_LINUX_PC")


def render_all(outdir, sizes, langs, scale=1, seed=7):
    from hardware.display import layouttable
    from hardware.display import render
    from hardware.desktop.headless import HeadlessDisplay
    from tools import scenes

    font = render.load_font()
    written = []
    os.makedirs(outdir, exist_ok=True)
    for w, h in sizes:
        for lang in langs:
            display = HeadlessDisplay(w, h)
            renderer = render.Renderer(layouttable.choose(w, h), font)
            display.root_group = renderer.root
            for name, flow in scenes.walk(lang, seed):
                renderer.update(flow.screen)
                path = os.path.join(outdir, "%s_%s_%dx%d.png" % (name, lang, w, h))
                display.image(scale).save(path)
                written.append(path)
    return written


def main(argv=None):
    from hardware.display.layouttable import LAYOUTS

    ap = argparse.ArgumentParser(prog="python -m tools.screens", description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--size", action="append", help="WxH (repeatable; default: every supported size)")
    ap.add_argument("--lang", action="append", choices=("ru", "uk", "en"), help="default: all three")
    ap.add_argument("--scale", type=int, default=1, help="integer zoom of the saved images")
    args = ap.parse_args(argv)
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.size] if args.size else \
        [lay.size for lay in LAYOUTS]
    langs = args.lang or ["ru", "uk", "en"]
    written = render_all(args.outdir, sizes, langs, args.scale)
    print("%d screens written to %s" % (len(written), args.outdir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
