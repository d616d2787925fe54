"""Starting a battle against the computer or a duel's (seabattle.screens.enemy_fleet's ``go_battle`` and
``tick``, seabattle.screens.battle's ``continue_game``): checking the placed fleet, the computer's
fleet and player, the match.

Loaded for those moments and dropped (the callers forget it): a board does not hold code that
runs once per game while the battle is on screen, nor while the computer's fleet is made.
"""

import sys

from seabattle import fleet
from seabattle.compat import forget, load_module


def go_battle(f):
    """True if the computer's fleet is to be made (``f.making``) and the battle follows (not:
    back to placing, or a duel's wait)."""
    from seabattle import fleetcheck

    mine = fleet.Fleet(f.rules, f.ships)
    try:
        fleetcheck.validate(mine)
    except fleetcheck.FleetError as err:  # cannot happen from the screen, but never start illegal
        f.error = err.text(f.table, f.conv)
        f.go_place(True)
        return False
    f.resumable = None  # a new game takes the saved one's place at its first result
    if f.duel is not None and f.mode == "duel":
        f.match = f.duel.load().start(mine)
        load_module("seabattle.screens.duel").go_duel_wait(f)
        return False
    # the fleet is checked: placing's checks can go while the enemy's fleet is made (the peak
    # of a game against the computer: 2-3 KB less); the Game checks both fleets again at the
    # start (loading them for that moment) and ``start`` drops them again
    fleetcheck = None
    forget("seabattle.fleetcheck")
    from seabattle.ai import fleet as computer

    # its fleet is made a step a frame (seabattle.screens.enemy_fleet; ``start`` then): a search of seconds
    # on a board
    f.making = [computer.fleet_steps(f.rules, f.rng), mine]
    return True


def start(f, enemy):
    """The match against the computer, once its fleet ``enemy`` is made (``f.making``)."""
    forget("seabattle.ai.fleet")  # the battle needs neither it nor the placing it uses
    forget("seabattle.ai.hiding")
    forget("seabattle.placement")
    forget("seabattle.packing")
    forget("seabattle.mixing")
    mine = f.making[1]
    f.making = None
    # the computer's level is loaded now, its fleet's search dropped: the hard level's module is
    # the biggest a game compiles
    factory = _factory(f, f.settings.level)
    first = f.rng.randrange(2)
    from seabattle.match import LocalMatch  # here: a duel never loads it

    f.match = LocalMatch(f.rules, mine, enemy, _opponent(f, factory, f.rules), first)
    forget("seabattle.fleetcheck")  # the fleets are checked: no more placing nor checking


def _opponent(f, factory, rules):
    """The computer player; the hard one expects the placement habits learnt from this
    player's earlier fleets (seabattle.ai.habits, kept with the statistics)."""
    hard = sys.modules.get("seabattle.ai.hard.player")
    if hard is not None and factory is hard.Hard:
        from seabattle.ai import habits

        styles = habits.styles(f.records.habits.get(rules.name))
        habits = None
        forget("seabattle.ai.habits")
        forget("seabattle.ai.likelihood")
        return factory(rules, f.rng, styles=styles)
    return factory(rules, f.rng)


def continue_game(f):
    """Play on the game in ``resumable``: same fleets, shots, turn and computer level."""
    game, level = f.resumable
    f.resumable = None
    f.rules = game.rules
    f.settings.level = level
    f.mode = "ai:" + f.levels[level]
    factory = _factory(f, level)
    # a fresh computer player: it reads what it knows from its chart (game.views[1])
    from seabattle.match import LocalMatch

    f.match = LocalMatch(game.rules, game.fleets[0], game.fleets[1], _opponent(f, factory, game.rules),
                         game.first, game=game)


def _factory(f, level):
    """seabattle.screens.levels.factory, that module dropped after."""
    from seabattle.screens import levels

    made = levels.factory(f, level)
    levels = None
    forget("seabattle.screens.levels")
    return made
