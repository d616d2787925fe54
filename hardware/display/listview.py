"""Updating a LIST page (menus and information) of hardware.display.render's Renderer ``r``.

Held only while a list page is on screen (hardware.display.pages loads it with the page and
``Renderer._show`` drops it when the board page is built): the battle, the screen that needs the most RAM, does
not hold this code.
"""

from hardware.display import tiles
from seabattle import ui


class ListPage:
    """The list page's Group (``group``), its selection bar, title (text.Text), rows, scroll
    marks and page hint (or None); ``top``: the item in the first row."""

    def __init__(self, group, bar, title, rows, more_up, more_down, page_hint):
        self.group = group
        self.bar = bar
        self.title = title
        self.rows = rows
        self.more_up = more_up
        self.more_down = more_down
        self.page_hint = page_hint
        self.top = 0

    def update(self, r, s):
        lay = r.layout
        self.title.set(s.title)
        items = s.items if s.page == ui.P_MENU else wrapped(r, s.lines)
        rows = lay.rows
        if s.page == ui.P_MENU:
            selected = s.selected
            if selected < self.top:
                self.top = selected
            elif selected >= self.top + rows:
                self.top = selected - rows + 1
            if self.top > max(0, len(items) - rows):
                self.top = max(0, len(items) - rows)
        else:
            selected = -1
            # an info page scrolls by ``selected`` rows (the flow moves it with up/down)
            self.top = max(0, min(s.selected, len(items) - rows))
        for i in range(rows):
            k = self.top + i
            text = items[k] if k < len(items) else ""
            color = tiles.TEXT_ACCENT if k == selected else tiles.TEXT
            self.rows[i].set(text, color)
        if selected >= 0:
            y = lay.row_y + (selected - self.top) * lay.row_h
            if self.bar.y != y or self.bar.hidden:
                self.bar.y = y
                self.bar.hidden = False
                r.tiles_set += 1
        elif not self.bar.hidden:
            self.bar.hidden = True
        self.more_up.set("\u25b2" if self.top > 0 else "")
        self.more_down.set("\u25bc" if self.top + rows < len(items) else "")
        if self.page_hint is not None:
            self.page_hint.set(s.hint)


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
