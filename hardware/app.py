"""The main loop shared by every board and the desktop simulator.

A profile (hardware.boards.common.Profile: a board's, built by hardware.startup, or the desktop
simulator's) supplies the display, the key events, the clock, sleep, the random source and the
sound; ``run`` wires them to the screen flow and the renderer. The loop sleeps between frames and
only refreshes the display when the renderer changed something.
"""

from hardware.input import Buttons
from seabattle import compat


class Saver:
    """Saves the flow's game against the computer after each shot's result (``flow.results``
    changed), never per button or frame; the store skips a write when nothing changed."""

    def __init__(self, keeper, flow):
        self.keeper = keeper
        self.flow = flow
        self.seen = flow.results

    def poll(self):
        """Returns True if it wrote to the nvm."""
        flow = self.flow
        if self.keeper is None or flow.results == self.seen:
            return False
        self.seen = flow.results
        state = flow.saving()
        if state is None:  # a duel (saves itself) or a finished game (the end's stats clear it)
            return False
        return self.keeper.checkpoint(state[0], state[1])


def build(profile, font=None):
    """Renderer and Flow for ``profile`` (no loop): for run() and for tests. The building is
    hardware.appstart, dropped once done (a board builds once, at start-up)."""
    from hardware import appstart

    try:
        return appstart.build(profile, font)
    finally:
        appstart = None
        compat.forget("hardware.appstart")


def run(profile):
    """The main loop. A duel asked for in a VM that has played, or a MemoryError, starts again in
    a fresh VM (hardware.relaunch: on a board it never returns; elsewhere the screens are built
    again here for the profile it returns, and a start-up after a reload goes on to what it was
    for: hardware.appstart)."""
    renderer, flow = build(profile)
    while True:
        try:
            saver = Saver(profile.keeper, flow)
            buttons = Buttons(profile.scheme)
            display = profile.display
            display.refresh()
            actions = []
            while profile.running():
                now = profile.ms()
                for name, pressed in profile.events(now):
                    if pressed:
                        buttons.press(name, now, actions)
                    else:
                        buttons.release(name, now, actions)
                buttons.poll(now, actions)
                for action in actions:
                    flow.act(action)
                del actions[:]
                flow.tick(now)
                saver.poll()
                changed = renderer.update(flow.screen)
                if renderer.tick(now) or changed:
                    display.refresh()
                profile.sleep(profile.frame)
            return renderer, flow
        except Exception as e:  # hardware.relaunch's request, a MemoryError; else raised again
            # the rest is hardware.relaunch's (caught), not code held all game: the game goes (it
            # is saved at its last safe point) to make room to compile that module
            flow.match = flow.making = None
            import gc

            gc.collect()
            from hardware import relaunch

            profile = relaunch.caught(e, profile, renderer, flow)
            relaunch = renderer = flow = None
            renderer, flow = build(profile)

