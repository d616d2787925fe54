"""How much better each placement style explains a fleet than uniform placement
(seabattle.ai.habits.observe learns a player's habits from it at the end of a game). A module of
its own so that a board compiling from .py compiles the habits in parts.
"""

LIFT = 8  # the hard level's weight of a favoured spot (seabattle.ai.hard.moves.LIFT)
BAND = 3  # the corner style's L: the lines along a corner's two edges (seabattle.ai.hard.moves.BAND)


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
