"""Starting the game (hardware.app.build): the layout for the display, the renderer, the Flow,
and the unfinished game against the computer in the nvm offered on the title. Used once at
start-up: hardware.app.build drops this module when done.
"""

from hardware.display import layouttable
from hardware.display import render
from seabattle.screens.flow import Flow, forget


def saved_game(profile):
    """(Game, extra) of the unfinished game against the computer in the profile's nvm, or None."""
    keeper = profile.keeper
    found = keeper.saved() if keeper is not None else None
    if found is None or found[0] != "local":
        return None
    from seabattle import saveload

    try:
        return saveload.loads(found[1])
    except saveload.SaveError as exc:  # a record from another version: start afresh, say why
        print("seabattle: saved game not loaded:", exc)
        return None
    finally:  # read once at start-up: the reader's code can go (the first save imports save again)
        saveload = None
        forget("seabattle.saveload")
        forget("seabattle.save")
        forget("seabattle.fleetcheck")  # the fleets' checks, which reading validated them with
        forget("seabattle.rulescheck")  # and the rules' (read from the bytes)


def build(profile, font=None):
    """hardware.app.build: the renderer and the Flow for ``profile``."""
    display = profile.display
    layout = layouttable.choose(display.width, display.height)
    layouttable.keep_only(layout)
    renderer = render.Renderer(layout, font or render.load_font())
    display.root_group = renderer.root
    flow = Flow(profile.rng, settings=profile.settings, sounds=profile.sounds,
                records=profile.records, levels=profile.levels, on_records=profile.on_records,
                duel=profile.duel, saved=saved_game(profile))
    flow.relaunch = getattr(profile, "fresh", None)  # a board's: the hard level in a fresh VM
    intent = getattr(profile, "intent", None)
    if intent is not None:  # started by the game's own reload: on to what it was for
        from hardware import relaunch

        relaunch.start(flow, intent)
        relaunch = None
        forget("hardware.relaunch")
        profile.intent = None
    renderer.update(flow.screen)
    return renderer, flow
