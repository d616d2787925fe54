# The start-up a board runs, from code.py's first import to the title drawn, timed on the
# MicroPython unix port (tools/startuptime.py runs it and projects the time to the boards). As
# code.py does on a CLUE: the profile built (settings, nvm, statistics, sound), then the
# screens (the font read, the layout, the title) and the first update of the display's groups.
import time

start = time.ticks_us()
from hardware.boards.common import BoardProfile  # noqa: E402


class _Display:  # (the stand-in displayio's groups are drawn into; the panel's refresh is not timed)
    width = height = 240
    root_group = None

    def refresh(self):
        pass


class P(BoardProfile):
    def make_display(self):
        return _Display()


from hardware import startup  # noqa: E402

profile = startup.build(P, "clue_nrf52840_express")
startup = None
from hardware import app  # noqa: E402

renderer, flow = app.build(profile)
renderer.update(flow.screen)
print("startup_us", time.ticks_diff(time.ticks_us(), start), flow.name)
