"""The computer's level, as functions of the Flow ``f``: its player's class, and dropping the
modules of the other levels. Used when a level is chosen, a battle starts, a game ends and a
duel is chosen, never during a battle: each caller drops this module after the call.
"""

import gc

from seabattle.compat import forget

# what a game against the computer uses at its start (the computer's fleet) and end (the habits
# it learns from the player's fleet), each loaded for that moment only, not kept for the battle
COMPUTER = ("ai_fleet", "habits")


def factory(f, level):
    """The computer player's class of ``level`` (an index in ``f.levels``), its module loaded
    now if the level names it ("ai_hard.Hard"); a module of another level is dropped."""
    made = f.levels[level][1]
    drop_levels(f, made)
    if isinstance(made, str):
        mod, name = made.split(".")
        made = getattr(_load("seabattle." + mod, name), name)
    return made


def _load(module, name):
    """Import ``module`` for its ``name``. The hard level's is ~60 KB of source, compiled here
    amid the objects games and menus leave scattered over the heap, and the compiler wants a few
    KB in a row: a collection first joins the free blocks, and one more after a MemoryError
    (what the failed compile held is free by then) gives it a second chance."""
    gc.collect()
    try:
        return __import__(module, None, None, (name,))
    except MemoryError:
        forget(module)
        gc.collect()
        return __import__(module, None, None, (name,))


def drop_levels(f, keep=None):
    """Forget the modules of the levels given as "module.Class" (loaded on demand), but
    ``keep``'s: a game against another level does not hold them. With no ``keep`` (a duel)
    the modules of COMPUTER go too."""
    mine = keep.split(".")[0] if isinstance(keep, str) else ""
    for _key, other in f.levels:
        if isinstance(other, str) and other.split(".")[0] != mine:
            forget("seabattle." + other.split(".")[0])
    if keep is None:
        for name in COMPUTER:
            forget("seabattle." + name)
