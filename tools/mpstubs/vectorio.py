class Rectangle:
    # what a board's native shape keeps: its size, place, palette and colour (no pixels)
    def __init__(self, *, pixel_shader=None, width=1, height=1, x=0, y=0, color_index=0):
        self.width, self.height, self.x, self.y = width, height, x, y
        self.pixel_shader, self.color_index = pixel_shader, color_index
        self.hidden = False
