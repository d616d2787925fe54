"""Морской бой: the CircuitPython entry point, and `python code.py` on a PC.

The only place that picks a board profile and wires the engine to the hardware: everything
else is in seabattle/ (the game) and hardware/ (screens, buttons, radio, storage).
"""

import sys

if sys.implementation.name == "circuitpython":
    from hardware.app import run
    from hardware import startup  # the board's profile, built (startup's code goes once it is)

    profile = startup.detect()
    startup = None
    run(profile)
elif __name__ == "__main__":  # a PC; on import (pytest's pdb imports "code") do nothing
    from hardware.desktop import simulator

    sys.exit(simulator.main(sys.argv[1:]))
