"""The desktop twin: the game in a pygame window at a board's resolution, scaled up.

``python code.py [--size 160x128] [--scale 4] [--buttons dpad|two] [--lang ru|uk|en] [--seed N]``

Keys: arrows = d-pad, Z = A (fire), X = B (back / rotate), Enter = Start (menu), Space = Select
(swap boards, auto-place). Two windows duel each other: one hosts (Bluetooth duel > Host),
the other joins and picks the host's lobby. With ``--buttons two`` only Z and X count, as on a CLUE: tap Z to
step, hold Z to run down the rows, tap X to fire, hold X to rotate / go back, Z+X for the menu.
"""

import argparse
import os
import random
import sys
import time

from hardware.app import run
from hardware.boards.common import Profile
from seabattle.screens.flow import Settings

NO_DISPLAY = """seabattle: no display to open a window on.
The simulator needs a desktop session (X11 or Wayland). On a machine without one, either
  - run it under a virtual display:  xvfb-run -s "-screen 0 1024x768x24" python code.py
  - or render the screens to PNG files instead:  python -m tools.screens OUTDIR
"""

KEYS = {
    "dpad": {"left": "left", "right": "right", "up": "up", "down": "down", "z": "a", "x": "b",
             "return": "start", "space": "select"},
    "two": {"z": "a", "x": "b", "space": "switch"},
}


def has_display():
    if os.environ.get("SDL_VIDEODRIVER"):
        return True  # the user (or a test: "dummy") chose a driver
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True  # Windows and macOS always have one


def scaled_display(width, height, scale, caption="Морской бой"):
    """A PyGameDisplay whose window is ``scale`` times the board's resolution."""
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay
    import busdisplay

    class ScaledDisplay(PyGameDisplay):
        def _initialize(self, init_sequence):
            super()._initialize(init_sequence)
            self._window = pygame.display.set_mode((width * scale, height * scale))
            self._pygame_screen = pygame.Surface((width, height))  # what displayio draws on

        def _refresh_display(self):
            busdisplay.BusDisplay._refresh_display(self)
            pygame.transform.scale(self._pygame_screen, self._window.get_size(), self._window)
            pygame.display.flip()
            self._last_refresh = time.monotonic()
            self._refresh_pending = False

    import displayio

    displayio.release_displays()
    display = ScaledDisplay(width=width, height=height, caption=caption, auto_refresh=False,
                            hw_accel=False)
    stop = getattr(displayio, "_stop_background", None)
    if stop is not None:
        stop()
    return display


def local_duel(rng, name="PC", port=None):
    """A duel adapter over a local socket: two windows on this PC can play each other."""
    from hardware.desktop.netlink import PORT, LocalLinker
    from seabattle.duel.protocol import Duel
    from seabattle.duel.adapter import DuelAdapter

    def ms():
        return int(time.monotonic() * 1000)

    def make(link, role, rules):
        return Duel(link, ms, rng, role, name, rules)

    return DuelAdapter(LocalLinker(PORT if port is None else port), make)


class DesktopProfile(Profile):
    def __init__(self, display, scheme="dpad", seed=None, settings=None, name="PC", port=None):
        import pygame

        self.pygame = pygame
        self.display = display
        self.scheme = scheme
        self.keymap = KEYS[scheme]
        self.rng = random.Random(seed)
        self.settings = settings
        self.alive = True
        self.duel = local_duel(self.rng, name, port)

    def ms(self):
        return int(time.monotonic() * 1000)

    def sleep(self, seconds):
        time.sleep(seconds)

    def running(self):
        return self.alive

    def events(self, now):
        pg = self.pygame
        out = []
        for event in pg.event.get():
            if event.type in (pg.QUIT, pg.WINDOWCLOSE):
                self.alive = False
            elif event.type in (pg.KEYDOWN, pg.KEYUP):
                if event.type == pg.KEYDOWN and event.key == pg.K_ESCAPE:
                    self.alive = False
                name = self.keymap.get(pg.key.name(event.key))
                if name is not None:
                    out.append((name, event.type == pg.KEYDOWN))
            elif event.type in (pg.WINDOWEXPOSED, pg.WINDOWRESTORED):
                self.display.refresh()
        return out


def parse_size(text):
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python code.py", description="Морской бой: the desktop simulator")
    ap.add_argument("--size", default="160x128", help="a board's screen: 160x128, 240x240, 240x135, 160x80")
    ap.add_argument("--scale", type=int, default=0, help="window pixels per screen pixel (default: fit ~640 px)")
    ap.add_argument("--buttons", choices=sorted(KEYS), default="dpad")
    ap.add_argument("--lang", choices=("ru", "uk", "en"), default="ru")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--name", default="PC", help="your name in a duel")
    ap.add_argument("--port", type=int, default=None, help="TCP port a hosted duel listens on (default 47100)")
    args = ap.parse_args(argv)
    width, height = parse_size(args.size)
    if not has_display():
        sys.stderr.write(NO_DISPLAY)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    scale = args.scale or max(1, 640 // width)
    try:
        display = scaled_display(width, height, scale)
    except Exception as exc:  # pygame.error and friends: say what to do instead of a traceback
        sys.stderr.write("seabattle: could not open a window (%s)\n\n" % exc)
        sys.stderr.write(NO_DISPLAY)
        return 2
    profile = DesktopProfile(display, args.buttons, args.seed, Settings(lang=args.lang), args.name, args.port)
    try:
        run(profile)
    finally:
        profile.duel.linker.cancel()  # no stale lobby file
    return 0
