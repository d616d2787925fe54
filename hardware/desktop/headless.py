"""A display with no screen, for tests, screenshots and benchmarks on a PC (Blinka displayio).

``HeadlessDisplay`` is a BusDisplay with no bus: ``refresh()`` works out the dirty areas as a
board would and records them instead of sending pixels; ``pixels()`` reads the composed
frame back as RGB888 tuples through ``fill_row``.
"""

import busdisplay
import displayio


class HeadlessDisplay(busdisplay.BusDisplay):
    """Blinka allows one display at a time: making one releases the previous one."""

    def __new__(cls, width, height):
        displayio.release_displays()
        return super().__new__(cls, None, b"", width=width, height=height, auto_refresh=False)

    def __init__(self, width, height):
        super().__init__(None, b"", width=width, height=height, auto_refresh=False)
        stop = getattr(displayio, "_stop_background", None)
        if stop is not None:
            stop()  # Blinka's 1 ms poller thread: not needed without auto_refresh
        self.areas = []  # (x1, y1, x2, y2) of the last refresh

    def _refresh_area(self, area):
        self.areas.append((area.x1, area.y1, area.x2, area.y2))
        return True

    def refresh(self, **_kwargs):
        """Recompute what changed since the last refresh; returns the dirty areas."""
        self.areas = []
        self._refresh_display()
        return self.areas

    def dirty_pixels(self):
        """Pixels in the last refresh's areas (overlaps counted twice, as a board sends them)."""
        return sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in self.areas)

    def row(self, y):
        """Row y as a list of RGB888 ints."""
        words = bytes(self.fill_row(y, None))
        out = []
        for i in range(0, 2 * self.width, 2):
            v = (words[i] << 8) | words[i + 1]
            r = (v >> 11) & 0x1F
            g = (v >> 5) & 0x3F
            b = v & 0x1F
            out.append(((r * 255 // 31) << 16) | ((g * 255 // 63) << 8) | (b * 255 // 31))
        return out

    def pixels(self):
        return [self.row(y) for y in range(self.height)]

    def image(self, scale=1):
        """The frame as a PIL Image (RGB), scaled up by an integer factor."""
        from PIL import Image

        img = Image.new("RGB", (self.width, self.height))
        data = []
        for y in range(self.height):
            for v in self.row(y):
                data.append(((v >> 16) & 255, (v >> 8) & 255, v & 255))
        img.putdata(data)
        if scale > 1:
            img = img.resize((self.width * scale, self.height * scale), Image.NEAREST)
        return img
