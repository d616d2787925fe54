"""The main loop shared by every board and the desktop simulator.

A board profile (see ``Profile``) supplies the display, the key events, the clock, sleep, the
random source and the sound; ``run`` wires them to the screen flow and the renderer. The loop
sleeps between frames and only refreshes the display when the renderer changed something.
"""

from hardware import layouts, render
from hardware.input import Buttons
from seabattle import sound
from seabattle.flow import Flow


class Profile:
    """What ``run`` needs from a board. Subclasses fill these in.

    ``display``: a displayio display (``root_group``, ``refresh()``, ``width``, ``height``);
    ``scheme``: an input scheme name ("dpad", "two"); ``events(now)``: the key changes since the
    last call as ``(name, pressed)`` pairs; ``now()``: seconds; ``sleep(s)``; ``rng``: an object
    with ``randrange``; ``sounds``: a seabattle.sound player; ``running()``: False to stop.
    Optional: ``settings``, ``records``, ``on_records``, ``levels``, ``duel``.
    """

    scheme = "dpad"
    frame = 1 / 60
    sounds = sound.Silent()
    settings = None
    records = None
    on_records = None
    levels = None
    duel = None

    def running(self):
        return True


def build(profile, font=None):
    """Renderer and Flow for ``profile`` (no loop): for run() and for tests."""
    display = profile.display
    layout = layouts.choose(display.width, display.height)
    renderer = render.Renderer(layout, font or render.load_font())
    display.root_group = renderer.root
    flow = Flow(profile.rng, settings=profile.settings, sounds=profile.sounds,
                records=profile.records, levels=profile.levels, on_records=profile.on_records,
                duel=profile.duel)
    renderer.update(flow.screen)
    return renderer, flow


def run(profile):
    renderer, flow = build(profile)
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
        changed = renderer.update(flow.screen)
        if renderer.tick(now) or changed:
            display.refresh()
        profile.sleep(profile.frame)
    return renderer, flow
