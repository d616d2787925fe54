"""The computer's level, as functions of the Flow ``f``: its player's class, and dropping the
modules of the other levels. Used when a level is chosen, a battle starts, a game ends and a
duel is chosen, never during a battle: each caller drops this module after the call.
"""

import gc

from seabattle.compat import forget, load_module

# what a game against the computer uses at its start (the computer's fleet) and end (the habits
# it learns from the player's fleet), each loaded for that moment only, not kept for the battle
COMPUTER = ("seabattle.ai.fleet", "seabattle.ai.habits")
# the levels' modules loaded when their level is chosen, not when the battle starts: the hard
# level's (~60 KB of source, the biggest a game compiles) needs the room that placing's and the
# computer's fleet's objects take later. The others' (seabattle.ai.easy, ai_normal) would only be held
# through placing and the computer's fleet for nothing (~3 KB at a game's peak, 32-bit VM)
EARLY = ("seabattle.ai.hard.player",)


def choose(f, level):
    """The level ``level`` chosen on the menu: the other levels' modules go, and its own loads
    now if it is one of EARLY (else when the battle starts: ``factory``)."""
    made = f.levels[level][1]
    if isinstance(made, str) and made[:made.rfind(".")] in EARLY:
        if f.relaunch is not None:  # a board: this level in a fresh VM if this one has played
            f.relaunch(4 + level)  # (hardware.relaunch.LEVEL + the level)
        factory(f, level)
    else:
        drop_levels(f)


def factory(f, level):
    """The computer player's class of ``level`` (an index in ``f.levels``), its module loaded
    now if the level names it ("ai_hard.Hard"); a module of another level is dropped."""
    made = f.levels[level][1]
    drop_levels(f, made)
    if isinstance(made, str):
        i = made.rfind(".")
        mod, name = made[:i], made[i + 1:]
        # the hard level's module is the biggest a game compiles: a collection first lets the
        # compile fill the holes the games before left (see seabattle.compat.load_module)
        gc.collect()
        made = getattr(load_module(mod), name)
    return made


def drop_levels(f, keep=None):
    """Forget the modules of the levels given as "module.Class" (loaded on demand), but
    ``keep``'s: a game against another level does not hold them. With no ``keep`` (a duel)
    the modules of COMPUTER go too."""
    mine = keep[:keep.rfind(".")] if isinstance(keep, str) else ""
    for _key, other in f.levels:
        if isinstance(other, str) and other[:other.rfind(".")] != mine:
            forget(other[:other.rfind(".")])
    if keep is None:
        for name in COMPUTER:
            forget(name)


def go_duel(f):
    """The duel menu (Flow.go_duel): a duel needs no computer player, its modules can go, and
    this module with them."""
    f.match = None
    drop_levels(f)
    forget("seabattle.screens.levels")
    from seabattle.screens import duel

    duel.go_duel(f)
