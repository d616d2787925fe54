from hardware.desktop.bleio import *  # noqa: F401,F403  (the desktop stand-in, MicroPython-clean)
