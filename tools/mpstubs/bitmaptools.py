"""bitmaptools for the RAM report and the start-up timing on the MicroPython unix port: readinto
reads the rows as the C code does, into the stand-in Bitmap's bytes (no pixels are drawn here)."""


def readinto(bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes_in_element=False, reverse_rows=False):
    size = (bitmap.width * bits_per_pixel + element_size * 8 - 1) // (element_size * 8) * element_size
    for y in range(bitmap.height):
        row = file.read(size)
        if len(row) != size:
            raise EOFError()
        at = y * bitmap.stride
        bitmap.data[at:at + len(row)] = row
