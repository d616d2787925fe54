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

VERSION = 2
STYLE_COUNT = 4
UNIT = 16  # one game's evidence in the counts
FORGET = 2  # counts shrink by 1/2**FORGET each game: about the last 4 games count
LIFT = 8  # the hard level's weight of a favoured spot (seabattle.ai.hard.moves.LIFT)
BAND = 3  # the corner style's L: the lines along a corner's two edges (seabattle.ai.hard.moves.BAND)
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


def _edge_line(rules, cells):
    """Does the ship lie along the board's edge line (every cell on the outer ring)?"""
    w = rules.width
    h = rules.height
    for sq in cells:
        x = sq % w
        y = sq // w
        if not (x == 0 or y == 0 or x == w - 1 or y == h - 1):
            return False
    return True


def _in_corner(rules, cells, corner):
    """Does the ship lie within the L of ``corner`` (bit 0: the right edge, bit 1: the bottom):
    every cell in the BAND lines along one of its two edges?"""
    w = rules.width
    h = rules.height
    far_x = 0
    far_y = 0
    for sq in cells:
        x = sq % w
        y = sq // w
        if corner & 1:
            x = w - 1 - x
        if corner & 2:
            y = h - 1 - y
        if x > far_x:
            far_x = x
        if y > far_y:
            far_y = y
    return far_x < BAND or far_y < BAND


def _favoured(rules, cells, style):
    """Does the ship lie where ``style`` favours it (1 edge line, 2 border, 3 + c corner c's L
    for a multi-deck ship, off it for a single)? As seabattle.ai.hard.moves.Moves.habit."""
    if style == 1 and len(cells) == 1:
        return False
    if style > 2:
        return _in_corner(rules, cells, style - 3) != (len(cells) == 1)
    return _edge_line(rules, cells)


def _share(rules, size, style):
    """Of the spots of a ship of ``size``, the share ``style`` favours (uniform prior; the same
    for every corner: the board's mirrors swap them)."""
    if style == 1 and size == 1:
        return 0.0  # style 1 leaves single-deck ships uniform
    w = rules.width
    h = rules.height
    total = 0
    edge = 0
    for vertical in (0, 1):
        if vertical and size == 1:
            break
        for y in range(h - size + 1 if vertical else h):
            for x in range(w if vertical else w - size + 1):
                total += 1
                if style > 2:  # corner 0's L (the top left): the ship's far cell within BAND lines
                    inside = (x < BAND) if vertical else (x + size - 1 < BAND or y < BAND)
                    if vertical:
                        inside = inside or y + size - 1 < BAND
                    edge += 1 if inside != (size == 1) else 0
                elif size == 1:
                    edge += 1 if (x == 0 or y == 0 or x == w - 1 or y == h - 1) else 0
                elif vertical:
                    edge += 1 if (x == 0 or x == w - 1) else 0
                else:
                    edge += 1 if (y == 0 or y == h - 1) else 0
    return edge / total if total else 0.0


def likelihoods(rules, fleet):
    """How much better each style explains ``fleet`` than uniform placement: a list of four
    ratios (uniform's is 1). Ships are taken one by one (the ratio of a ship where the style
    favours it, or not, under the style to under uniform placement), which ignores that ships
    exclude each other: enough to tell the habits apart. The corner style's is the mean over the
    four corners (the hard level draws the corner, each as likely)."""
    out = [1.0, 1.0, 1.0, 0.0]
    corner = [1.0, 1.0, 1.0, 1.0]
    shares = {}
    for ship in fleet.ships:
        size = len(ship.cells)
        for style in (1, 2, 3):
            p = shares.get(size * 4 + style)
            if p is None:
                p = _share(rules, size, style)
                shares[size * 4 + style] = p
            if p <= 0.0 or p >= 1.0:
                continue
            q = LIFT * p / (LIFT * p + 1.0 - p)  # the share once each favoured spot weighs LIFT
            if style < 3:
                out[style] *= q / p if _favoured(rules, ship.cells, style) else (1.0 - q) / (1.0 - p)
                continue
            for c in range(4):
                corner[c] *= q / p if _favoured(rules, ship.cells, 3 + c) else (1.0 - q) / (1.0 - p)
    for c in range(4):
        out[3] += corner[c] / 4
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
