"""From reset to the title screen: the start-up's time on the MicroPython unix port, projected to
a board by pystone, installed from .py and precompiled (.mpy).

    python -m tools.startuptime        (also: python -m tools.ramreport --startup)

tools/startup_mp.py does what code.py does on a CLUE, timed from its first import to the title's
groups drawn: building the profile (settings.toml, the nvm, statistics, sound) and the screens
(the font, the layout, the title). It runs from the repository (every module compiled as it is
imported, as a board does from .py) and from a folder tools.deploy wrote with mpy-cross (every
module precompiled; MicroPython's mpy-cross here, a board's is CircuitPython's), the best of
RUNS each. A board's time is the unix port's x (this machine's unix pystones / the board's):
CircuitPython's pystone on an nRF52840 (a Circuit Playground Bluefruit: 769/s) and on a SAMD51
at 120 MHz (a Metro M4: 1,522/s), both from the same CircuitPython change that measured them
(supervisor/shared/tick.c, "improves performance ... by 34%"). Not in the figure: CircuitPython's
own boot before code.py (~1 s with USB), reading the files from the board's flash, and the
panel's refresh (a 240x240 frame over SPI, some tens of ms).
"""

import os
import subprocess
import sys
import tempfile

from tools import mpvm

ROOT = mpvm.ROOT
RUNS = 3
BOARDS = (("nRF52840 (CLUE, Circuit Playground Bluefruit, Feather Sense)", 769),
          ("SAMD51 (PyBadge, PyGamer, EdgeBadge)", 1522))
TARGET_MS = 3000  # what a maker should wait for the title, from .mpy


def _run(args, cwd, path):
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join((".frozen",) + path)
    proc = subprocess.run([mpvm.micropython(), "-X", "heapsize=2m"] + args, cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)
    if proc.returncode:
        raise SystemExit("startuptime: %s failed:\n%s" % (args[-1], proc.stdout + proc.stderr))
    return proc.stdout


def unix_pystones():
    out = _run(["-c", "import pystone; print(pystone.pystones(20000)[1])"], ROOT, (os.path.join(ROOT, "tools"),))
    return float(out.split()[-1])


def startup_ms(code=None):
    """The unix port's start-up time (ms, best of RUNS), from the repository or a deployed folder."""
    script = os.path.join(ROOT, "tools", "startup_mp.py")
    best = None
    with tempfile.TemporaryDirectory() as stubs:
        if code:
            mpvm.compiled_stubs(stubs)
        for _ in range(RUNS):
            out = _run([script], code or ROOT, (stubs if code else mpvm.STUBS, "", "lib"))
            words = out.split()
            assert words[-1] == "title", out
            us = int(words[-2])
            best = us if best is None else min(best, us)
    return best / 1000


def measure():
    """{"source": ms, "mpy": ms, "pystones": n} on this machine's unix port."""
    from tools import bundle, deploy

    if not os.path.isdir(os.path.join(ROOT, "lib", "adafruit_ble")):
        bundle.bundle(os.path.join(ROOT, "lib"))
    source = startup_ms()
    with tempfile.TemporaryDirectory() as drive:
        deploy.deploy(drive, mpy_cross=mpvm.mpy_cross(), out=lambda line: None)
        mpy = startup_ms(drive)
    return {"source": source, "mpy": mpy, "pystones": unix_pystones()}


def projected(ms, pystones, board_pystones):
    return ms * pystones / board_pystones


def main():
    m = measure()
    print("start-up to the title (unix port, %.0f pystones/s): from .py %.0f ms, precompiled %.0f ms"
          % (m["pystones"], m["source"], m["mpy"]))
    for name, stones in BOARDS:
        print("  projected on %s, %d pystones/s: from .py %.1f s, precompiled %.1f s" % (
            name, stones, projected(m["source"], m["pystones"], stones) / 1000,
            projected(m["mpy"], m["pystones"], stones) / 1000))
    return m


if __name__ == "__main__":
    main()
