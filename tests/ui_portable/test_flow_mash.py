"""A child mashing the buttons: random actions and random waits, through every screen a game
against the computer has, never raise, never leave the flow on an unknown screen, and never lose
or corrupt a game: a game's shots only grow while it is on, and whatever is saved at any moment
reloads to the same game and continues from the title. Portable (CPython and MicroPython)."""

from check import Rng

from seabattle import save, saveload, ui
from seabattle.screens.flow import Flow, Settings

# FIRE weighs more: a child presses the big button most, and games then get played to the end
ACTIONS = (ui.UP, ui.DOWN, ui.LEFT, ui.RIGHT, ui.FIRE, ui.FIRE, ui.FIRE, ui.FIRE, ui.BACK, ui.MENU,
           ui.SWITCH, ui.NEXT)
WAITS = 3  # of every len(ACTIONS) + WAITS draws, this many let time pass instead of a press

# the screens of a game against the computer (seabattle.screens.flow's docstring)
SCREENS = ("title", "level", "stats", "about", "place", "place_menu", "making", "battle", "pause", "end")


def _resumes(state):
    """The saved bytes of ``state`` load into a new flow whose title continues that game."""
    game, extra = state
    data = save.dumps(game, extra)
    loaded = saveload.loads(data)
    assert bytes(loaded[0].moves) == bytes(game.moves) and loaded[1] == bytes(extra)
    again = Flow(Rng(1), settings=Settings(lang="en"), saved=loaded)
    assert again.keys[0] == "continue"
    again.act(ui.FIRE)
    assert again.name == "battle" and bytes(again.match.game.moves) == bytes(game.moves)


def mash(seed, steps, resume_every=400):
    """``steps`` random presses and waits from the title; the screens seen and games ended."""
    rng = Rng(seed)
    flow = Flow(Rng(seed + 1000), settings=Settings(lang=("ru", "uk", "en")[seed % 3]))
    now = 0
    seen = {}
    ended = 0
    game = None  # the game on, and its shots so far
    shots = 0
    for i in range(steps):
        k = rng.randrange(len(ACTIONS) + WAITS)
        if k < len(ACTIONS):
            flow.act(ACTIONS[k])
        else:
            now += 250 * (1 + rng.randrange(8))
            flow.tick(now)
        name = flow.name
        # without a radio the duel menu's host and join say so ("duel_gone") and lead back
        assert name in SCREENS or name in ("duel", "duel_gone"), name
        seen[name] = seen.get(name, 0) + 1
        m = flow.match
        if m is not None and name in ("battle", "pause", "end"):
            if m.game is game:
                assert len(m.game.moves) >= shots, "a shot was lost"
            elif name != "end":
                game = m.game
            shots = len(m.game.moves)
            if name == "end" and m.game is game:
                ended += 1
                game = None
        if i % resume_every == resume_every - 1:
            state = flow.saving()
            if state is not None:
                _resumes(state)
    return seen, ended


def test_mashing_buttons_plays_through_every_screen_and_loses_nothing():
    seen = {}
    ended = 0
    for seed in range(3):
        s, e = mash(seed, 6000)
        ended += e
        for k in s:
            seen[k] = seen.get(k, 0) + s[k]
    for screen in ("title", "level", "place", "place_menu", "making", "battle", "pause", "end", "stats",
                   "about", "duel", "duel_gone"):
        assert seen.get(screen), (screen, seen)
    assert ended >= 1, seen
