"""The hard level's pool and the tables made by loops (see Hard.__init__ in
seabattle.ai.hard.player, which names each one): loaded for that moment and dropped after
(seabattle.compat.forget), before the first pool is read (seabattle.ai.hard.opening): neither the
battle nor the opening holds this code.
"""

from array import array


def build(rules, pool, styles):
    """(fleets, dead, style, counts, row, cover, legal_at, legal_n, legal), as Hard.__init__ names
    them, for a clear pool of ``pool`` fleets as the opening table's reading expects it (the search
    clears it itself): each fleet's style, no fleet counted."""
    sizes = rules.fleet
    ships = len(sizes)
    cells = rules.cells
    w = rules.width
    h = rules.height
    if 2 * cells <= 255:
        fleets = bytearray(pool * ships)
        dead = 255
    else:
        fleets = array("H", range(pool * ships))
        dead = 0xFFFF
    style = bytearray(pool)
    for i in range(pool):
        style[i] = styles[i % len(styles)]
    counts = array("H", range(cells))
    for c in range(cells):
        counts[c] = 0
    row = bytearray(ships)
    rows = 0
    for j in range(ships):
        if j and sizes[j] != sizes[j - 1]:
            rows += 1
        row[j] = rows
    cover = bytearray(256 * (rows + 1)) if dead == 255 else None
    legal_at = array("H", range(rows + 2))
    legal_n = array("H", range(rows + 1))
    total = 0
    for j in range(ships):
        if j == 0 or row[j] != row[j - 1]:
            legal_at[row[j]] = total
            size = sizes[j]
            total += (w - size + 1) * h + (w * (h - size + 1) if size > 1 else 0)  # (as Chain.open_water lists them)
    legal_at[rows + 1] = total
    legal = bytearray(total) if dead == 255 else array("H", range(total))
    return fleets, dead, style, counts, row, cover, legal_at, legal_n, legal
