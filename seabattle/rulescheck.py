"""The checks that make rules playable (any rules but the presets: read from a save, from a
peer, made by a test), and ``decode``, which reads rules from bytes (seabattle.rules.encode's).

Apart from seabattle.rules because a board plays presets, which need no checking: it loads this
module only to read a save or a peer's rules.
"""

from seabattle.rules import (MAX_SIDE, MIN_SIDE, PRESETS, TOUCH_CORNERS, TOUCH_FREE, TOUCH_NEVER, TURNS_AGAIN,
                             TURNS_ALTERNATE, Rules, RulesError)


def check(rules):
    """``rules`` if they can be played, else raise RulesError."""
    width = rules.width
    height = rules.height
    fleet = rules.fleet
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise RulesError("board %dx%d: each side must be %d to %d" % (width, height, MIN_SIDE, MAX_SIDE))
    if rules.touch not in (TOUCH_NEVER, TOUCH_CORNERS, TOUCH_FREE):
        raise RulesError("unknown touching rule %r" % (rules.touch,))
    if rules.turns not in (TURNS_AGAIN, TURNS_ALTERNATE):
        raise RulesError("unknown turn policy %r" % (rules.turns,))
    if rules.shapes != "straight":
        raise RulesError("unknown ship shapes %r" % (rules.shapes,))
    if not fleet or fleet[-1] < 1 or fleet[0] > max(width, height):  # largest first
        raise RulesError("fleet %r does not fit a %dx%d board" % (fleet, width, height))
    if sum(fleet) * 2 > width * height:
        raise RulesError("fleet %r covers more than half of the board" % (fleet,))
    # where ships may not touch by a side, each ship of L with the water to its right and below
    # takes 2 (L + 1) cells of a board one larger each way: past 3/5 of that, placing the fleet
    # turns from milliseconds to seconds or never (the classic fleet takes 1/2; random rules at
    # 3/5 were auto-placed within 10 ms on a PC, at 3/4 some took 12 s)
    if rules.touch != TOUCH_FREE and 10 * sum(fleet) + 10 * len(fleet) > 3 * (width + 1) * (height + 1):
        raise RulesError("fleet %r is too crowded for a %dx%d board where ships may not touch" % (fleet, width, height))
    return rules


def decode(data, offset=0):
    """Inverse of ``encode``: returns (rules, next offset). Raises RulesError on bad bytes."""
    if len(data) < offset + 5:
        raise RulesError("rules record is truncated")
    width, height, touch, turns, n = data[offset:offset + 5]
    end = offset + 5 + n
    if len(data) < end:
        raise RulesError("rules record is truncated")
    fleet = tuple(data[offset + 5:end])
    rules = check(Rules("custom", width, height, fleet, touch, turns))
    for entry in PRESETS:
        if rules.key() == (entry[1], entry[2], entry[3], entry[4], entry[5], "straight"):
            rules.name = entry[0]
    return rules, end
