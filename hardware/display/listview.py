"""Updating a LIST page (menus and information) of hardware.display.render's Renderer ``r``.

Held only while a list page is on screen (``hardware.display.pages.show`` loads it with the page and
drops it when the board page is built): the battle, the screen that needs the most RAM, does
not hold this code.
"""

from hardware.display import tiles
from seabattle import ui


def update(r, s):
    lay = r.layout
    r.title.set(s.title)
    items = s.items if s.page == ui.P_MENU else wrapped(r, s.lines)
    rows = lay.rows
    if s.page == ui.P_MENU:
        selected = s.selected
        if selected < r.top:
            r.top = selected
        elif selected >= r.top + rows:
            r.top = selected - rows + 1
        if r.top > max(0, len(items) - rows):
            r.top = max(0, len(items) - rows)
    else:
        selected = -1
        # an info page scrolls by ``selected`` rows (the flow moves it with up/down)
        r.top = max(0, min(s.selected, len(items) - rows))
    for i in range(rows):
        k = r.top + i
        text = items[k] if k < len(items) else ""
        color = tiles.TEXT_ACCENT if k == selected else tiles.TEXT
        r.rows[i].set(text, color)
    if selected >= 0:
        y = lay.row_y + (selected - r.top) * lay.row_h
        if r.bar.y != y or r.bar.hidden:
            r.bar.y = y
            r.bar.hidden = False
            r.tiles_set += 1
    elif not r.bar.hidden:
        r.bar.hidden = True
    r.more_up.set("\u25b2" if r.top > 0 else "")
    r.more_down.set("\u25bc" if r.top + rows < len(items) else "")
    if r.page_hint is not None:
        r.page_hint.set(s.hint)


def wrapped(r, lines):
    """Info lines broken at spaces to the row width (a word too long is cut)."""
    chars = r.layout.chars - 1
    out = []
    for line in lines:
        while len(line) > chars:
            k = line.rfind(" ", 0, chars + 1)  # the cut
            if k <= 0:
                k = chars
            out.append(line[:k])
            line = line[k:].lstrip()
        out.append(line)
    return out
