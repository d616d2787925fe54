class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap, self.tile_index = bitmap, tile_index
        self.width, self.height, self.dx, self.dy = width, height, dx, dy
        self.shift_x, self.shift_y = shift_x, shift_y


class FontProtocol:
    pass
