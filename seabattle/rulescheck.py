"""The checks that make rules playable (any rules but the presets: read from a save, from a
peer, made by the command line or a test), and ``decode``, which reads rules from bytes.

Apart from seabattle.rules because a board plays presets, which need no checking: it loads this
module only to read a save or a peer's rules. ``rules.decode`` still finds ``decode`` here.
"""

from seabattle.rules import (MAX_SIDE, MIN_SIDE, PRESETS, TOUCH_CORNERS, TOUCH_FREE, TOUCH_NEVER, TURNS_AGAIN,
                             TURNS_ALTERNATE, Rules, RulesError)


def check(width, height, fleet, touch, turns, shapes):
    """Raise RulesError unless the rules can be played."""
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise RulesError("board %dx%d: each side must be %d to %d" % (width, height, MIN_SIDE, MAX_SIDE))
    if touch not in (TOUCH_NEVER, TOUCH_CORNERS, TOUCH_FREE):
        raise RulesError("unknown touching rule %r" % (touch,))
    if turns not in (TURNS_AGAIN, TURNS_ALTERNATE):
        raise RulesError("unknown turn policy %r" % (turns,))
    if shapes != "straight":
        raise RulesError("unknown ship shapes %r" % (shapes,))
    sizes = sorted(fleet)
    sizes.reverse()
    if not sizes or sizes[-1] < 1 or sizes[0] > max(width, height):
        raise RulesError("fleet %r does not fit a %dx%d board" % (tuple(fleet), width, height))
    if sum(sizes) * 2 > width * height:
        raise RulesError("fleet %r covers more than half of the board" % (tuple(fleet),))


def decode(data, offset=0):
    """Inverse of ``encode``: returns (rules, next offset). Raises RulesError on bad bytes."""
    if len(data) < offset + 5:
        raise RulesError("rules record is truncated")
    width, height, touch, turns, n = data[offset:offset + 5]
    end = offset + 5 + n
    if len(data) < end:
        raise RulesError("rules record is truncated")
    fleet = tuple(data[offset + 5:end])
    rules = Rules("custom", width, height, fleet, touch, turns)
    for entry in PRESETS:
        if rules.key() == (entry[1], entry[2], entry[3], entry[4], entry[5], "straight"):
            rules.name = entry[0]
    return rules, end
