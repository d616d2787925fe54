"""From the placed fleet to the battle (making): the computer places its fleet, a step a frame.

A phase of seabattle.screens.flow between placing and the battle. The corner and band styles' packing
searches (seabattle.ai.fleet) take ~1-5 s on a CLUE, now and then 20-30 s: run at once they
froze the screen; here the placing screen says «the enemy places its ships» and each frame runs
one step (seabattle.placement.finish). Neither placing's code nor the battle's is held
meanwhile, only this, the search and its modules (dropped before the battle's screen is built).
Then the computer's player does its first work here too, a step a frame (the hard level reads
its first pool from the opening table). The steps draw the same random numbers however they
fall: a seed plays the same game.
"""

from seabattle import ui
from seabattle.compat import forget


def go_battle(f):
    """From the placed fleet: against the computer, its fleet first (``f.making``), then the
    battle; a duel's wait, or back to placing (seabattle.screens.battle_start says which)."""
    from seabattle.screens import battle_start

    ok = battle_start.go_battle(f)
    battle_start = None
    forget("seabattle.screens.battle_start")
    if ok:
        f.name = "making"
        s = f.screen
        s.message = f.t("enemy_placing")
        s.tone = ui.TONE_PLAIN
        s.hint = ""
        s.changed()


def tick(f, now):
    """One step of the computer's fleet; once it is made, of its player's first work (the hard
    level's first pool); then the battle begins."""
    if f.making is not None:
        steps = f.making[0]
        try:
            next(steps)
            return
        except StopIteration as e:
            enemy = e.value
        steps = None  # the search and its modules can go (a board's collector sees every reference)
        from seabattle.screens import battle_start

        battle_start.start(f, enemy)  # drops the search's modules first
        battle_start = None
        forget("seabattle.screens.battle_start")
    op = f.match.opponent
    if getattr(op, "busy", None) is not None and op.busy():
        # the hard level reads its first pool from the opening table here, a step a frame, not on
        # the battle's screen: that work loads seabattle.ai.hard.opening for a moment (~2 KB), which on
        # top of the battle's screen was a hard game's peak. The same slices, drawing the same
        # numbers, as the battle ran them (nothing else draws in between)
        op.step()
        return
    f.start_battle()


def act(f, action):
    """Nothing to do while the enemy places its ships (a moment): keys are ignored."""
