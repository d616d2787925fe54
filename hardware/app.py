"""The main loop shared by every board and the desktop simulator.

A board profile (see ``Profile``) supplies the display, the key events, the clock, sleep, the
random source and the sound; ``run`` wires them to the screen flow and the renderer. The loop
sleeps between frames and only refreshes the display when the renderer changed something.
"""

from hardware import layouts, render
from hardware.input import Buttons
from seabattle import sound
from seabattle.flow import Flow, forget


class Profile:
    """What ``run`` needs from a board. Subclasses fill these in.

    ``display``: a displayio display (``root_group``, ``refresh()``, ``width``, ``height``);
    ``scheme``: an input scheme name ("dpad", "two"); ``events(now)``: the key changes since the
    last call as ``(name, pressed)`` pairs; ``now()``: seconds; ``sleep(s)``; ``rng``: an object
    with ``randrange``; ``sounds``: a seabattle.sound player; ``running()``: False to stop.
    Optional: ``settings``, ``records``, ``on_records``, ``levels``, ``duel``, ``keeper`` (a
    hardware.boards.common.Keeper: the game against the computer is saved after each shot's
    result and offered again at start-up).
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


def saved_game(profile):
    """(Game, extra) of the unfinished game against the computer in the profile's nvm, or None."""
    keeper = profile.keeper
    found = keeper.saved() if keeper is not None else None
    if found is None or found[0] != "local":
        return None
    from seabattle import save

    try:
        return save.loads(found[1])
    except save.SaveError as exc:  # a record from another version: start afresh, say why
        print("seabattle: saved game not loaded:", exc)
        return None
    finally:  # read once at start-up: the reader's code can go (the first save imports save again)
        save = None
        forget("seabattle.saveload")
        forget("seabattle.save")
        forget("seabattle.fleetcheck")  # the fleets' checks, which reading validated them with


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
    """Renderer and Flow for ``profile`` (no loop): for run() and for tests."""
    display = profile.display
    layout = layouts.choose(display.width, display.height)
    layouts.keep_only(layout)
    renderer = render.Renderer(layout, font or render.load_font())
    display.root_group = renderer.root
    flow = Flow(profile.rng, settings=profile.settings, sounds=profile.sounds,
                records=profile.records, levels=profile.levels, on_records=profile.on_records,
                duel=profile.duel, saved=saved_game(profile))
    renderer.update(flow.screen)
    return renderer, flow


def run(profile):
    renderer, flow = build(profile)
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
