"""displayio for the RAM report on the MicroPython unix port: the same objects a board keeps in
its heap (bitmaps as packed bytes, tile indices, group lists), without drawing anything."""


def _bits(colors):
    for b in (1, 2, 4, 8, 16):
        if colors <= 1 << b:
            return b
    return 32


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width, self.height = width, height
        self.bits = _bits(value_count)
        self.stride = (width * self.bits + 31) // 32 * 4  # rows padded to 32 bits, as the C code
        self.data = bytearray(self.stride * height)

    def __setitem__(self, xy, value):
        if isinstance(xy, tuple):
            x, y = xy
        else:
            x, y = xy % self.width, xy // self.width
        if self.bits == 8:
            self.data[y * self.stride + x] = value

    def __getitem__(self, xy):
        return 0

    def fill(self, value):
        pass

    def blit(self, *args, **kw):
        pass


class Palette:
    def __init__(self, n, dither=False):
        self.colors = [0] * n
        self.transparent = bytearray(n)

    def __setitem__(self, i, c):
        self.colors[i] = c

    def __getitem__(self, i):
        return self.colors[i]

    def __len__(self):
        return len(self.colors)

    def make_transparent(self, i):
        self.transparent[i] = 1

    def make_opaque(self, i):
        self.transparent[i] = 0

    def is_transparent(self, i):
        return bool(self.transparent[i])


class ColorConverter:
    def __init__(self, *a, **k):
        pass


class Group:
    # x, y and scale are stored behind properties: adafruit_display_text's Label overrides
    # them, and the C Group's constructor does not call a subclass's setters.
    def __init__(self, *, scale=1, x=0, y=0):
        self._g_scale, self._g_x, self._g_y = scale, x, y
        self._g_hidden = False
        self._items = []

    @property
    def scale(self):
        return self._g_scale

    @scale.setter
    def scale(self, v):
        self._g_scale = v

    @property
    def x(self):
        return self._g_x

    @x.setter
    def x(self, v):
        self._g_x = v

    @property
    def y(self):
        return self._g_y

    @y.setter
    def y(self, v):
        self._g_y = v

    @property
    def hidden(self):
        return self._g_hidden

    @hidden.setter
    def hidden(self, v):
        self._g_hidden = v

    def append(self, item):
        self._items.append(item)

    def insert(self, i, item):
        self._items.insert(i, item)

    def remove(self, item):
        self._items.remove(item)

    def pop(self, i=-1):
        return self._items.pop(i)

    def index(self, item):
        return self._items.index(item)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, v):
        self._items[i] = v

    def __delitem__(self, i):
        del self._items[i]

    def __contains__(self, item):
        return item in self._items

    def __iter__(self):
        return iter(self._items)

    def sort(self, key=None):
        self._items.sort(key=key)


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap, self.pixel_shader = bitmap, pixel_shader
        self.width, self.height = width, height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.x, self.y = x, y
        self.hidden = False
        self.flip_x = self.flip_y = self.transpose_xy = False
        self._tiles = bytearray(bytes([default_tile]) * (width * height))

    def __setitem__(self, i, v):
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        self._tiles[i] = v

    def __getitem__(self, i):
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        return self._tiles[i]


def release_displays():
    pass
