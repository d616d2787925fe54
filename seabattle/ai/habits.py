"""The human's placement habits, learnt across games against the computer (per rules preset).

At the end of a game the human's whole fleet is known (the loser may inspect the winner's board;
the computer never sees it during play). Each fleet is weighed against the hard level's prior
styles (seabattle.ai.hard.player.STYLES: 0 uniform, 1 multi-deck ships on the edge line, 2 every ship on
the border, 3 the multi-deck ships packed at a corner and the singles off it) by likelihood, and
the style posterior is added to smoothed counts that forget old games (a habit can change). From the counts come the ``styles`` bytes of the next hard
opponent: each style gets a share of its pool proportional to the evidence, but uniform never
less than ``FLOOR`` so a new habit is still caught by the answers.

The summary is six bytes: ``VERSION``, games seen (saturating at 255), then the four counts in
sixteenths of a game. A save of version 1 (five bytes: three styles, before the corner style)
loads with no evidence for the corner yet; anything else (another version, a damaged save) loads
as no habits.
"""

from seabattle.ai.likelihood import likelihoods

VERSION = 2
STYLE_COUNT = 4
UNIT = 16  # one game's evidence in the counts
FORGET = 2  # counts shrink by 1/2**FORGET each game: about the last 4 games count
# no evidence yet: the hard level's own mix, 4 uniform : 3 edge line : 1 border : 2 corner
DEFAULT = b"\x00\x00\x00\x00\x03\x03\x01\x01\x01\x02"
PRIOR = (4, 3, 1, 2)  # pseudo-counts (sixteenths) of that mix, so one game does not decide alone
FLOOR = 6  # uniform slots out of SLOTS, whatever the evidence
SLOTS = 20


def empty():
    return bytes((VERSION, 0, 0, 0, 0, 0))


def load(data):
    """The summary as a bytearray (games, c0, c1, c2, c3 after the version); empty if unusable.
    Version 1 (c0, c1, c2: no corner style yet) loads with c3 = 0."""
    out = bytearray(empty())
    if data is None or len(data) < 2 or not (
            (data[0] == VERSION and len(data) == 2 + STYLE_COUNT) or (data[0] == 1 and len(data) == 5)):
        return out
    for i in range(1, len(data)):
        out[i] = data[i]
    return out


def observe(data, rules, fleet):
    """The summary ``data`` (bytes or None) after one more game against ``fleet``: new bytes."""
    s = load(data)
    lik = likelihoods(rules, fleet)
    # the posterior of each style, its prior being the evidence so far (online EM: a player who
    # places uniformly is soon told apart from one who now and then lands two ships on an edge)
    total = 0.0
    for k in range(STYLE_COUNT):
        lik[k] *= s[2 + k] + PRIOR[k]
        total += lik[k]
    if s[1] < 255:
        s[1] += 1
    given = 0
    share = 0.0
    for k in range(STYLE_COUNT):
        c = s[2 + k]
        c -= (c + (1 << FORGET) - 1) >> FORGET  # every count shrinks, even a small one
        share += lik[k] / total
        add = int(UNIT * share + 0.5) - given  # rounded by the running sum: one game in all
        given += add
        c += add
        s[2 + k] = c if c < 255 else 255
    return bytes(s)


def styles(data):
    """The ``styles`` bytes for the next hard opponent (seabattle.ai.hard.player.Hard), or None with no
    evidence yet: the hard level then takes its own default for the rules (the styled mix where
    ships may not touch, uniform under mb, where the styles cost it ~1.5 shots)."""
    s = load(data)
    if not s[1]:
        return None
    weights = [s[2 + k] + PRIOR[k] for k in range(STYLE_COUNT)]
    total = 0
    for k in range(STYLE_COUNT):
        total += weights[k]
    # slots per style in proportion (largest remainders), then uniform raised to the floor
    slots = [weights[k] * SLOTS // total for k in range(STYLE_COUNT)]
    left = SLOTS
    for k in range(STYLE_COUNT):
        left -= slots[k]
    while left > 0:
        best = 0
        best_rem = -1
        for k in range(STYLE_COUNT):
            rem = weights[k] * SLOTS - slots[k] * total
            if rem > best_rem:
                best = k
                best_rem = rem
        slots[best] += 1
        left -= 1
    while slots[0] < FLOOR:  # taken from the style with the most slots (the first of equals)
        k = 1
        for style in range(2, STYLE_COUNT):
            if slots[style] > slots[k]:
                k = style
        slots[k] -= 1
        slots[0] += 1
    out = bytearray(SLOTS)
    i = 0
    for k in range(STYLE_COUNT):
        for _ in range(slots[k]):
            out[i] = k
            i += 1
    return bytes(out)


def describe(data):
    """A short text for benchmarks and logs: games seen, counts, the styles' slots."""
    s = load(data)
    st = styles(data)
    n = [0] * STYLE_COUNT
    for b in st or DEFAULT:
        n[b if b < 3 else 3] += 1
    return "games %d, evidence %d/%d/%d/%d, styles %d:%d:%d:%d" % (
        s[1], s[2], s[3], s[4], s[5], n[0], n[1], n[2], n[3])
