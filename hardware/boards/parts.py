"""What a board module's ``make_*`` methods share at start-up: a display bus on SPI, NeoPixels.
Loaded by those methods while hardware.startup builds the profile, and dropped with it."""


def spi_bus(spi, command, chip_select):
    """A display bus on SPI for a wing or gizmo screen, after releasing whatever display the
    firmware set up (a bus cannot be taken twice). CircuitPython 9 moved FourWire out of
    displayio into its own module; 8.x still has it in displayio."""
    import displayio

    try:
        from fourwire import FourWire
    except ImportError:
        FourWire = displayio.FourWire
    displayio.release_displays()
    return FourWire(spi, command=command, chip_select=chip_select)


def pixels_on(notes, pin, count):
    """NeoPixels on ``pin``, or None with a line in ``notes``."""
    try:
        import neopixel

        return neopixel.NeoPixel(pin, count, brightness=0.2, auto_write=True)
    except (ImportError, ValueError, RuntimeError) as exc:
        notes.append("no lights: %s" % exc)
        return None
