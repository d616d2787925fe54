"""What a board module's ``make_*`` methods share at start-up: a display bus on SPI, NeoPixels.
Loaded by those methods while hardware.startup builds the profile, and dropped with it."""


def spi_bus(make_spi, command, chip_select):
    """A display bus on SPI for a wing or gizmo screen: the displays released first, then the SPI
    made (``make_spi()``). CircuitPython keeps a display made by code.py, and the pins under it,
    across a soft reload (shared-module/displayio reset_displays), so after Ctrl-D, an automatic
    reload or the game's own supervisor.reload() making the SPI first raises "SCL in use".
    CircuitPython 9 moved FourWire out of displayio into its own module; 8.x still has it there."""
    import displayio

    try:
        from fourwire import FourWire
    except ImportError:
        FourWire = displayio.FourWire
    displayio.release_displays()
    return FourWire(make_spi(), command=command, chip_select=chip_select)


def pixels_on(notes, pin, count):
    """NeoPixels on ``pin``, or None with a line in ``notes``."""
    try:
        import neopixel

        return neopixel.NeoPixel(pin, count, brightness=0.2, auto_write=True)
    except (ImportError, ValueError, RuntimeError) as exc:
        notes.append("no lights: %s" % exc)
        return None
