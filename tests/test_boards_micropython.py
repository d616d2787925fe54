"""Board profiles on the MicroPython unix port, as a board's VM runs them: what building a
profile, a radio that may or may not start, a saved duel and the bring-up check hold."""


BUILD_ON_MICROPYTHON = '''
import sys
import time as _t


class _Time:  # a board's time: sleep (its clock is supervisor.ticks_ms, MicroPython's time.ticks_ms here)
    ticks_ms = _t.ticks_ms
    sleep = _t.sleep


sys.modules["time"] = _Time
from hardware.boards.common import BoardProfile
from seabattle.compat import forget


class P(BoardProfile):
    def make_display(self):
        return None


from hardware import startup

p = startup.build(P, "ramreport")
startup = None
forget("hardware.startup")  # as startup.detect does
assert p.keeper is not None and p.sounds is not None and p.rng is not None
gone = [m for m in ("hardware.startup", "hardware.settings", "hardware.storeread", "hardware.boards.parts")
        if m in sys.modules]
assert not gone, gone
# no radio here (it can neither host nor join): the duel as the title sees it is not loaded,
# nor held by the module every board holds
import hardware.boards.common as common
assert p.duel is None and "hardware.radio.lazyduel" not in sys.modules
assert not hasattr(common, "LazyDuel")
import hardware
assert not hasattr(hardware, "startup") and not hasattr(hardware, "storeread")
print("ok")
'''


def test_a_built_profile_holds_no_start_up_code_on_micropython(tmp_path):
    """On a board's VM, building the profile drops hardware.startup and hardware.settings
    (their code is heap a game would otherwise hold)."""
    proc = _on_micropython(tmp_path, "build.py", BUILD_ON_MICROPYTHON)
    assert proc.stdout.strip().endswith("ok"), proc.stdout + proc.stderr


def _on_micropython(tmp_path, name, source, lib=False):
    """Runs ``source`` as a script on the MicroPython unix port, from the repository's root
    with the stand-ins for the board's modules (and lib/'s libraries with ``lib``)."""
    import os
    import subprocess

    from test_micropython import ROOT, micropython

    script = tmp_path / name
    script.write_text(source)
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join((".frozen", os.path.join(ROOT, "tools", "mpstubs"), ROOT)
                                  + ((os.path.join(ROOT, "lib"),) if lib else ()))
    return subprocess.run([micropython(), "-X", "heapsize=512k", str(script)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


RADIO_ON_MICROPYTHON = '''
import sys
import time as _t


class _Time:  # a board's time: sleep (its clock is supervisor.ticks_ms, MicroPython's time.ticks_ms here)
    ticks_ms = _t.ticks_ms
    sleep = _t.sleep


sys.modules["time"] = _Time
import microcontroller
from hardware.boards.common import DUEL, BoardProfile
from hardware.storeread import open_store

SAVED = bytes.fromhex("%s")
if SAVED:  # a duel kept in the nvm before the reset, lobby code ABCD
    open_store(microcontroller.nvm, page=4096).save(game=DUEL + bytes((4,)) + b"ABCD" + SAVED)
RADIO = %r  # the native radio answers (else BLERadio() raises RuntimeError: no adapter)
if RADIO:
    import _bleio

    _bleio.adapter = _bleio.Adapter()

DUEL_CODE = ("seabattle.duel.adapter", "hardware.radio.linkup", "hardware.radio.duelhooks", "hardware.radio.duelmake",
             "seabattle.duel.protocol", "seabattle.duel.restore", "hardware.radio.ble", "hardware.radio.blestate",
             "hardware.radio.blefind", "hardware.radio.blead", "adafruit_ble")


def held():
    return [m for m in DUEL_CODE if m in sys.modules]


class P(BoardProfile):  # a board that can have a radio (native BLE, made when a duel needs it)
    can_host = can_join = True

    def make_display(self):
        return None


from hardware import startup

p = startup.build(P, "ramreport")
startup = None
assert p.duel is not None and p.link is None
assert not held(), held()  # start-up holds none of the duel's code
assert not p.duel.active
offer = p.duel.resumable()  # the title: read from the nvm, the code loaded and dropped again
assert not held(), held()
print("offer", offer)
assert p.duel.resumable() == offer and not held()  # the next title asks the kept answer
assert p.duel.load().saved == (("ABCD", SAVED) if SAVED else None)  # a duel chosen: the adapter loads
assert "seabattle.duel.adapter" in sys.modules and "hardware.radio.duelhooks" in sys.modules
if RADIO:
    assert p.duel.join() is True and p.link is not None and "adafruit_ble" in sys.modules
    assert p.duel.active and p.duel.resumable() is None and "seabattle.duel.adapter" in sys.modules
    p.duel.load().cancel()
else:  # the radio does not start: nothing is started, the screens say so (seabattle.screens.lobby)
    assert p.duel.join() is False and p.duel.host() is None and p.link is None
    assert not p.can_host and not p.can_join and any("no radio" in n for n in p.notes)
    print("no radio")
assert not p.duel.active
p.duel.resumable()  # back on the title with no duel going on: dropped, with the link and adafruit_ble
assert not held(), held()
assert p.link is None
print("ok")
'''


def _radio_profile_on_micropython(tmp_path, saved=b"", radio=True):
    import os

    from test_micropython import ROOT
    from tools import bundle

    if not os.path.isdir(os.path.join(ROOT, "lib", "adafruit_ble")):
        bundle.bundle(os.path.join(ROOT, "lib"))
    proc = _on_micropython(tmp_path, "radio.py", RADIO_ON_MICROPYTHON % (saved.hex(), radio), lib=True)
    assert proc.stdout.strip().endswith("ok"), proc.stdout + proc.stderr
    return proc.stdout


def test_a_radio_board_holds_no_duel_code_until_a_duel_is_chosen_on_micropython(tmp_path):
    """A board that can have a radio holds hardware.radio.lazyduel.LazyDuel, not the duel
    adapter: seabattle.duel.adapter and hardware.radio.duelhooks load when a duel is chosen and go
    again on the title, with the radio link and adafruit_ble (a game against the computer there,
    before or after a duel, costs what it costs without a radio)."""
    out = _radio_profile_on_micropython(tmp_path)
    assert "offer None" in out and "no radio" not in out


def test_a_radio_that_does_not_start_starts_nothing_on_micropython(tmp_path):
    out = _radio_profile_on_micropython(tmp_path, radio=False)
    assert "no radio" in out


def test_a_duel_saved_before_a_reset_is_offered_without_holding_its_code_on_micropython(tmp_path):
    from doubles import duelsim

    game = duelsim.Match(3, save=True)
    while game.duels[0].shots() < 6:
        game.step()
    out = _radio_profile_on_micropython(tmp_path, bytes(game.saved[1]))
    peer = "Хозяин".encode("unicode_escape").decode()  # as MicroPython's repr writes it
    assert "offer ('%s', 1)" % peer in out, out  # the guest's saved duel against the host


SELFTEST_ON_MICROPYTHON = '''
import sys
import time as _t


class _Time:  # a board's time: sleep (its clock is supervisor.ticks_ms, MicroPython's time.ticks_ms here)
    ticks_ms = _t.ticks_ms
    sleep = _t.sleep


sys.modules["time"] = _Time
from hardware.boards.common import BoardProfile


class Screen:
    width, height = 160, 128


class P(BoardProfile):
    def make_display(self):
        return Screen()


from hardware import selftest, startup

lines = []
selftest.run(seconds=0.2, out=lines.append, profile=startup.build(P, "some_board"))
print("\\n".join(lines))
'''


def test_selftest_runs_on_micropython(tmp_path):
    """The bring-up check is board code: it runs on a board's VM (a bare profile: no keys, no
    speaker, no radio)."""
    proc = _on_micropython(tmp_path, "selftest.py", SELFTEST_ON_MICROPYTHON)
    out = proc.stdout
    assert "screen 160x128, buttons: two" in out and "sound: none, lights: none" in out, out + proc.stderr
    assert "0 button events" in out and out.strip().endswith("Ctrl-D starts the game"), out + proc.stderr
