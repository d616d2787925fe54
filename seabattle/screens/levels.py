"""The computer's level, as functions of the Flow ``f``: its player's class, and dropping the
modules of the other levels. Used when a level is chosen, a battle starts, a game ends and a
duel is chosen, never during a battle: each caller drops this module after the call.
"""

import gc

from seabattle.compat import const, forget, load_module

# what a game against the computer uses at its start (the computer's fleet) and end (the habits
# it learns from the player's fleet), each loaded for that moment only, not kept for the battle
COMPUTER = ("seabattle.ai.fleet", "seabattle.ai.hiding", "seabattle.ai.habits", "seabattle.ai.likelihood",
            "seabattle.packing", "seabattle.mixing")
# (level key, its player's module): each loaded when its level is played, so that a level's
# module is held only for its games (never in a duel)
MODULES = (("easy", "seabattle.ai.easy"), ("normal", "seabattle.ai.normal"), ("hard", "seabattle.ai.hard.player"))
# the modules the hard player's class is made of (seabattle.ai.hard.player imports them): they go
# with it, or its parts' code stays held after its games (~3 KB on a 32-bit VM)
HARD_PARTS = ("seabattle.ai.hard.answers", "seabattle.ai.hard.chain", "seabattle.ai.hard.moves")
# the intent a board's relaunch hook (Flow.relaunch) takes for a new game at level i: this + i
# (hardware.relaunch.LEVEL)
RELAUNCH_LEVEL = const(4)


def choose(f, level):
    """The level ``level`` chosen on the menu: the other levels' modules go, and the hard
    level's loads now. Its module (~60 KB of source, the biggest a game compiles) needs the
    room that placing's and the computer's fleet's objects take later; the others' would only
    be held through placing and the computer's fleet for nothing (~3 KB at a game's peak, 32-bit
    VM): they load when the battle starts (``factory``)."""
    if f.levels[level] == "hard":
        if f.relaunch is not None:  # a board: this level in a fresh VM if this one has played
            f.relaunch(RELAUNCH_LEVEL + level)
        factory(f, level)
    else:
        drop_levels()


def factory(f, level):
    """The computer player's class of ``level`` (an index in ``f.levels``), its module loaded
    now; the other levels' modules are dropped."""
    key = f.levels[level]
    drop_levels(key)
    # the hard level's module is the biggest a game compiles: a collection first lets the
    # compile fill the holes the games before left (see seabattle.compat.load_module)
    gc.collect()
    if key == "hard":
        return load_module("seabattle.ai.hard.player").Hard
    if key == "normal":
        return load_module("seabattle.ai.normal").Normal
    return load_module("seabattle.ai.easy").Easy


def drop_levels(keep=""):
    """Forget the modules of the levels but ``keep``'s: a game against another level does not
    hold them. With no ``keep`` (a duel, a game over) the modules of COMPUTER go too."""
    for key, name in MODULES:
        if key != keep:
            forget(name)
    if keep != "hard":
        for name in HARD_PARTS:
            forget(name)
    if not keep:
        for name in COMPUTER:
            forget(name)


def go_duel(f):
    """The duel menu (Flow.go_duel): a duel needs no computer player, its modules can go, and
    this module with them."""
    f.match = None
    drop_levels()
    forget("seabattle.screens.levels")
    load_module("seabattle.screens.lobby").go_duel(f)
