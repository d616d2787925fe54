"""The main loop shared by every board and the desktop simulator.

A board profile (see ``Profile``) supplies the display, the key events, the clock, sleep, the
random source and the sound; ``run`` wires them to the screen flow and the renderer. The loop
sleeps between frames and only refreshes the display when the renderer changed something.
"""

from hardware.input import Buttons
from seabattle import compat, sound


class Profile:
    """What ``run`` needs from a board. Subclasses fill these in.

    ``display``: a displayio display (``root_group``, ``refresh()``, ``width``, ``height``);
    ``scheme``: an input scheme name ("dpad", "two"); ``events(now)``: the key changes since the
    last call as ``(name, pressed)`` pairs; ``now()``: seconds; ``sleep(s)``; ``rng``: an object
    with ``randrange``; ``sounds``: a seabattle.sound player; ``running()``: False to stop.
    Optional: ``settings``, ``records``, ``on_records``, ``levels``, ``duel``, ``keeper`` (a
    hardware.boards.common.Keeper: the game against the computer is saved after each shot's
    result and offered again at start-up), ``fresh`` and ``intent`` (hardware.relaunch).
    """

    scheme = "dpad"
    frame = 1 / 60
    sounds = sound.Silent()
    settings = None
    records = None
    on_records = None
    levels = None
    duel = None
    keeper = None

    def running(self):
        return True


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
    again here, and a start-up after a reload goes on to what it was for: hardware.appstart)."""
    renderer, flow = build(profile)
    while True:
        try:
            saver = Saver(profile.keeper, flow)
            buttons = Buttons(profile.scheme)
            display = profile.display
            display.refresh()
            actions = []
            while profile.running():
                now = profile.now()
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

            profile, renderer, flow = relaunch.caught(e, profile, renderer, flow)


def __getattr__(name):
    """``saved_game`` (hardware.appstart), loaded when asked for."""
    from hardware import appstart

    return getattr(appstart, name)
