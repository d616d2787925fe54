"""What one shot changes on screen: ``python -m tools.bench screen [--size WxH] [--shots N]``.

Plays a scripted game on a headless Blinka display with the real renderer and, for each of my
shots (cursor already on the cell), counts the tile indices set, the labels whose text or colour
changed, and the dirty area displayio would send to the panel. A shot must never redraw the
whole screen. Also reports the same for one cursor step.
"""

import argparse
import os
import sys
import time

os.environ.setdefault("BLINKA_FORCEBOARD", "GENERIC_LINUX_PC")


def _measure(display, renderer, flow, action):
    renderer.tiles_set = 0
    renderer.labels_set = 0
    flow.act(action)
    t0 = time.perf_counter()
    renderer.update(flow.screen)
    areas = display.refresh()
    dt = time.perf_counter() - t0
    return renderer.tiles_set, renderer.labels_set, display.dirty_pixels(), len(areas), dt


def shot_counts(width, height, shots=30, seed=4):
    from random import Random

    from hardware.display import layouttable
    from hardware.display import render
    from hardware.desktop.headless import HeadlessDisplay
    from seabattle import ui
    from seabattle.screens.flow import Flow
    from tools import scenes

    display = HeadlessDisplay(width, height)
    renderer = render.Renderer(layouttable.choose(width, height), render.load_font())
    display.root_group = renderer.root
    flow = Flow(Random(seed))
    scenes.choose(flow, "play")
    flow.act(ui.FIRE)
    flow.act(ui.SWITCH)
    flow.act(ui.FIRE)
    scenes.made(flow)  # the computer places its fleet
    renderer.update(flow.screen)
    display.refresh()
    display.refresh()  # Blinka's first refresh after showing a group sends it all but keeps it dirty
    now = 0
    rows = []
    steps = []
    while flow.name == "battle" and len(rows) < shots:
        while flow.name == "battle" and (flow.wait_until >= 0 or not flow.match.my_turn()):
            now += 1000
            flow.tick(now)
        if flow.name != "battle":
            break
        renderer.update(flow.screen)
        display.refresh()
        view = flow.match.view
        enemy = flow.match.enemy_fleet
        free = [sq for sq in range(flow.rules.cells) if view.can_fire(sq)]
        hits = [sq for sq in free if enemy.owner[sq]]
        target = hits[0] if hits and len(rows) % 2 else free[len(free) // 3]
        if flow.aim % flow.rules.width < flow.rules.width - 1:
            steps.append(_measure(display, renderer, flow, ui.RIGHT))
        scenes.goto(flow, target, flow.aim)
        renderer.update(flow.screen)
        display.refresh()
        rows.append(_measure(display, renderer, flow, ui.FIRE) + (view.cells[target],))
    full = width * height
    return {
        "size": "%dx%d" % (width, height),
        "shots": len(rows),
        "max_tiles": max(r[0] for r in rows),
        "mean_tiles": sum(r[0] for r in rows) / len(rows),
        "max_labels": max(r[1] for r in rows),
        "mean_labels": sum(r[1] for r in rows) / len(rows),
        "max_dirty": max(r[2] for r in rows),
        "mean_dirty": sum(r[2] for r in rows) / len(rows),
        "sunk_tiles": max([r[0] for r in rows if r[5] == 3] or [0]),
        "full": full,
        "step_tiles": max(s[0] for s in steps) if steps else 0,
        "step_dirty": max(s[2] for s in steps) if steps else 0,
        "ms": 1000 * sum(r[4] for r in rows) / len(rows),
    }


def main(argv=None):
    from hardware.display.layouttable import LAYOUTS

    ap = argparse.ArgumentParser(prog="python -m tools.bench screen", description=__doc__.split("\n")[0])
    ap.add_argument("--size", action="append")
    ap.add_argument("--shots", type=int, default=30)
    args = ap.parse_args(argv)
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.size] if args.size else \
        [lay.size for lay in LAYOUTS]
    print("per shot (cursor already on the cell); dirty = pixels displayio would send")
    print("%-8s %5s %10s %11s %18s %11s %9s %12s" % (
        "size", "shots", "tiles max", "labels max", "dirty max (mean)", "of screen", "sunk: tiles", "step: tiles/px"))
    for w, h in sizes:
        c = shot_counts(w, h, args.shots)
        print("%-8s %5d %6d/%4.1f %7d/%4.1f %9d (%6.0f) %10.1f%% %9d %9d/%d" % (
            c["size"], c["shots"], c["max_tiles"], c["mean_tiles"], c["max_labels"], c["mean_labels"],
            c["max_dirty"], c["mean_dirty"], 100.0 * c["max_dirty"] / c["full"], c["sunk_tiles"],
            c["step_tiles"], c["step_dirty"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
