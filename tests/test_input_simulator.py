"""Buttons to actions (repeat, long press, chords) and the desktop simulator under SDL's dummy
video driver: keys go in through pygame's event queue, the window's pixels come out."""

import os
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hardware import input as inp  # noqa: E402
from seabattle import ui  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_dpad_repeats_a_held_direction_and_not_fire():
    b = inp.Buttons("dpad")
    out = []
    b.press("right", 0, out)
    b.poll(200, out)
    assert out == [ui.RIGHT]
    b.poll(inp.REPEAT_DELAY, out)
    b.poll(inp.REPEAT_DELAY + inp.REPEAT_EVERY, out)
    assert out == [ui.RIGHT] * 3
    b.poll(5000, out)  # a long stall gives one repeat, not a burst
    assert out == [ui.RIGHT] * 4
    b.release("right", 5100, out)
    b.poll(6000, out)
    assert out == [ui.RIGHT] * 4
    b.press("a", 7000, out)
    b.poll(9000, out)
    b.release("a", 9100, out)
    assert out[4:] == [ui.FIRE]


def test_two_buttons_tap_hold_and_chord():
    b = inp.Buttons("two")
    out = []
    b.press("b", 0, out)
    assert out == []  # B decides on release: tap fires, hold rotates
    b.release("b", 200, out)
    assert out == [ui.FIRE]
    b.press("b", 1000, out)
    b.poll(1000 + inp.LONG_PRESS, out)
    b.release("b", 2500, out)
    assert out == [ui.FIRE, ui.BACK]
    del out[:]
    b.press("a", 3000, out)
    b.poll(3000 + inp.REPEAT_DELAY, out)
    assert out == [ui.NEXT, ui.DOWN]  # tap steps; holding runs down the rows
    b.press("b", 3500, out)
    b.release("b", 3600, out)
    b.release("a", 3700, out)
    assert out == [ui.NEXT, ui.DOWN, ui.MENU]  # A+B: the menu, and B's fire is dropped


def test_pybadge_key_numbers():
    class Event:
        def __init__(self, key_number, pressed):
            self.key_number = key_number
            self.pressed = pressed

    b = inp.Buttons("dpad")
    out = []
    for n in range(8):
        b.keypad_event(inp.PYBADGE_KEYS, Event(n, True), 0.0, out)
        b.keypad_event(inp.PYBADGE_KEYS, Event(n, False), 0.01, out)
    assert out == [ui.BACK, ui.FIRE, ui.MENU, ui.SWITCH, ui.RIGHT, ui.DOWN, ui.UP, ui.LEFT]


def test_simulator_plays_from_keys_in_a_scaled_window():
    import pygame

    from hardware.desktop import simulator
    from seabattle.screens.flow import Settings

    display = simulator.scaled_display(160, 128, 3)
    profile = simulator.DesktopProfile(display, "dpad", seed=1, settings=Settings(lang="en"))
    frames = []

    def script():
        # Fire (Z) on "Play the computer", Z on the level, Space auto-places, Z to battle; frames
        # pass while the computer places its fleet (a step a frame: its screen ignores keys)
        for key in (pygame.K_z, pygame.K_z, pygame.K_SPACE, pygame.K_z, None, pygame.K_RIGHT):
            if key is None:
                for _ in range(30):
                    yield
                continue
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))
            yield
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        yield

    steps = script()
    profile.running = lambda: next(steps, None) is None and profile.alive and len(frames) < 50 or False
    profile.sleep = lambda s: frames.append(s)
    renderer, flow = simulator.run(profile)
    assert flow.name == "battle", flow.name
    assert flow.aim == 56  # moved right once from the middle
    window = display._window
    assert window.get_size() == (480, 384)
    # the cursor's yellow frame is on the window, 3x scaled
    lay = renderer.layout
    x = (lay.board_x + (flow.aim % 10) * lay.cell) * 3 + 1
    y = (lay.board_y + (flow.aim // 10) * lay.cell) * 3 + 1
    r, g, b, _a = window.get_at((x, y))
    assert r > 200 and g > 200 and b < 60, (r, g, b)


def test_no_display_says_so_instead_of_hanging():
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    proc = subprocess.run([sys.executable, "code.py"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2
    assert "no display" in proc.stderr and "xvfb-run" in proc.stderr and "tools.screens" in proc.stderr

