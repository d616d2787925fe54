"""Board profiles against stand-ins for the CircuitPython modules they touch (doubles.boardfakes).

No board is attached here: a typo in a profile, a wrong key name or a missing stand-in fails
here rather than on a maker's desk. The same profiles on the MicroPython VM are
tests/test_boards_micropython.py.
"""

import sys
import types

import pytest

from doubles.boardfakes import BOARD_PINS, Displays, Keys, NeoPixel, Pin, PWMOut, Seesaw, circuitpython, detect, stub_pins  # noqa: F401
from hardware.desktop import bleio
from test_memcheck import SplitHeap
from seabattle import sound


def test_clue_two_buttons_ble_both_roles_sound_and_light(circuitpython, monkeypatch):
    circuitpython("clue_nrf52840_express")
    monkeypatch.delitem(sys.modules, "seabattle.duel.adapter", raising=False)
    p = detect()
    # the duel's code waits for a duel to be chosen (hardware.boards.common.LazyDuel)
    assert "seabattle.duel.adapter" not in sys.modules and "hardware.radio.linkup" not in sys.modules
    assert p.duel is not None and not p.duel.active and p.duel.resumable() is None
    assert "seabattle.duel.adapter" not in sys.modules and "hardware.radio.linkup" not in sys.modules
    assert (p.display.width, p.display.height, p.scheme) == (240, 240, "two")
    assert p.display.auto_refresh is False
    keys = Keys.made[0]
    assert keys.value_when_pressed is False and [x.name for x in keys.pins] == ["BUTTON_A", "BUTTON_B"]
    keys.events.items += [(0, True), (1, True), (0, False)]
    assert p.events(0) == [("a", True), ("b", True), ("a", False)]
    assert p.duel.load().linker.link is None  # the adapter, loaded now
    from seabattle.duel.adapter import DuelAdapter

    assert isinstance(p.duel.real, DuelAdapter)
    assert p.link is None  # no radio (and no adafruit_ble in RAM) until a duel menu is used
    assert p.duel.load().linker.scan() == [] and p.link is not None and p.link.can_join and p.can_host
    p.sounds.play(sound.HIT)
    assert p.sounds.tone.pwm.duty_cycle and p.sounds.pixels[0] == (60, 0, 0)
    p.sounds.tick(p.ms() + 5000)
    assert p.sounds.tone.pwm.duty_cycle == 0 and p.sounds.pixels[0] == (0, 0, 0)


def test_muted_setting_silences_sound_and_lights(circuitpython):
    env = circuitpython("clue_nrf52840_express")
    env["SEABATTLE_SOUND"] = 0
    p = detect()
    p.sounds.play(sound.SUNK)
    assert p.sounds.played == 0 and p.sounds.tone.pwm.duty_cycle == 0 and p.sounds.pixels[0] == (0, 0, 0)


def test_settings_toml_values_reach_the_game(circuitpython):
    env = circuitpython("clue_nrf52840_express")
    env.update(SEABATTLE_LANG="en", SEABATTLE_LETTERS="latin", SEABATTLE_NAME="Маша", SEABATTLE_LEVEL="7")
    p = detect()
    assert (p.settings.lang, p.settings.letters, p.settings.level, p.player) == ("en", "latin", 7, "Маша")
    env["SEABATTLE_LANG"] = "klingon"
    assert detect().problems and detect().settings.lang == "ru"


def test_stats_survive_a_restart_in_nvm(circuitpython):
    nvm = bytearray(b"\xff" * 8192)
    circuitpython("clue_nrf52840_express", nvm=nvm)
    p = detect()
    from seabattle import recordbook
    from seabattle.records import Records

    rec = Records()
    recordbook.add(rec, "duel", True, 40, 20)
    p.on_records(rec)
    assert p.store.writes == 1
    again = detect()
    assert again.records is not None and recordbook.to_bytes(again.records) == recordbook.to_bytes(rec)


def test_pybadge_without_airlift_plays_the_computer(circuitpython, capsys, monkeypatch):
    """adafruit_airlift's ESP32() succeeds with no AirLift fitted (it never talks to the chip):
    opening the duel menu resets the chip once, nothing answers, and the menu says there is no
    radio instead of offering to host; TX and RX are free again."""
    from doubles.boardfakes import UART
    from seabattle.screens import lobby

    circuitpython("pybadge")
    p = detect()
    assert (p.display.width, p.display.height, p.scheme) == (160, 128, "dpad")
    esp = p._esp32
    assert p.link is None and p.can_host and esp.resets == 0  # not known before the duel menu
    shown = []
    f = types.SimpleNamespace(duel=p.duel, _phase=lambda name: None)
    monkeypatch.setattr(lobby, "no_radio", shown.append)
    lobby.go_duel(f)
    assert shown == [f] and esp.resets == 1 and not p.can_host and not p.can_join
    assert any("no AirLift answered (ESP32 did not respond" in n for n in p.notes)
    assert "seabattle: no AirLift answered" in capsys.readouterr().out
    assert not UART.claimed and esp._uart is None
    assert p.duel.probe() is False and esp.resets == 1  # asked once
    keys = Keys.made[0]
    assert keys.value_when_pressed is True and keys.kw["key_count"] == 8
    keys.events.items += [(7, True), (1, True), (2, True)]
    assert p.events(0) == [("left", True), ("a", True), ("start", True)]
    assert p.store.slots == (0, 4096) and not p.store.separate_pages  # one 8 KB erase block


@pytest.mark.parametrize("board_id", ["pybadge", "pygamer", "edgebadge"])
def test_a_samd51_badge_plays_its_tones_through_the_dac(circuitpython, board_id):
    """board.SPEAKER is PA02, which has no PWM timer (pwmio raises): the tones go through the
    DAC, one period of a square wave looped at 16 times the note's frequency, the amplifier on
    while a note sounds."""
    circuitpython(board_id)
    p = detect()
    tone = p.sounds.tone
    assert type(tone).__name__ == "DacTone", p.notes
    assert not any("no sound" in n for n in p.notes)
    p.sounds.play(sound.CUE_NAMES.index("hit"))  # (the profile's clock: supervisor.ticks_ms)
    assert tone.out.playing and tone.enable.value
    rate, loop = tone.out.played[-1]
    assert loop and rate % 16 == 0 and 200 <= rate // 16 <= 4000
    now = p.ms()
    for k in range(1, 6):  # a note a tick, then the last one's time over
        p.sounds.tick(now + k * 1000)
    assert not tone.out.playing and not tone.enable.value


def test_pybadge_with_airlift_can_host_but_not_join(circuitpython):
    circuitpython("pybadge", airlift=bleio.Adapter(bleio.Air(), central=False))
    p = detect()
    assert p.link is None and p.can_host and p.duel is not None  # no adafruit_ble until a duel menu is used
    esp = p._esp32
    assert p.duel.probe() and p.duel.probe() and esp.resets == 1  # it answers, asked once
    assert esp._mode == esp.NOT_IN_USE and esp._uart is not None  # held in reset, its UART kept
    assert p.duel.load().linker.scan() == []  # host only: nothing to join from an AirLift
    assert p.link is not None and not p.link.can_join


def test_the_airlift_starts_once_and_each_duel_gets_its_radio(circuitpython):
    """adafruit_airlift's start_bluetooth() gives its adapter once; called again in the same run
    it returns _bleio.adapter, None without a native radio: the profile keeps the first."""
    airlift = bleio.Adapter(bleio.Air(), central=False)
    circuitpython("pybadge", airlift=airlift)
    p = detect()
    first = p.make_radio()
    again = p.make_radio()  # the next duel, after the title let the first radio go
    assert first is not None and again is not None and again._adapter is airlift


def test_cpb_gizmo_display_rotated_and_slide_switch_is_a_tap(circuitpython):
    circuitpython("circuitplayground_bluefruit")
    p = detect()
    assert (p.display.width, p.display.height, p.display.kw["rotation"]) == (240, 240, 180)
    assert Keys.made[0].value_when_pressed is True  # pressed = high, pull-down
    p.keys.switch.value = not p.keys.switch.value
    assert p.events(0) == [("switch", True), ("switch", False)]
    assert len(p.sounds.pixels) == 10


@pytest.mark.parametrize("board_id", ["circuitplayground_bluefruit", "feather_bluefruit_sense"])
def test_a_board_whose_profile_makes_its_display_starts_again_after_a_soft_reload(circuitpython, board_id):
    """CircuitPython keeps the display code.py made, and its pins, across a soft reload (Ctrl-D,
    an automatic reload, the game's own supervisor.reload()): the profile releases the displays
    before it takes the SPI again (else "SCL in use")."""
    circuitpython(board_id)
    first = detect()
    assert Displays.claimed  # the display's pins, held over the reload
    again = detect()  # the same firmware after a reload
    assert again.display is not None and again.display is not first.display


def test_feather_sense_minitft_joystick_over_seesaw(circuitpython):
    circuitpython("feather_bluefruit_sense")
    p = detect()
    assert (p.display.width, p.display.height, p.scheme) == (160, 80, "dpad")
    Seesaw.state &= ~(1 << 7)  # joystick right pressed (low)
    assert p.events(0) == [("right", True)]
    Seesaw.state |= 1 << 7
    assert p.events(0) == [("right", False)]
    code = p.duel.host()
    assert len(code) == 4 and p.link.state == "advertising"


def test_esp32s3_reverse_tft_buttons_have_their_own_polarity(circuitpython):
    circuitpython("adafruit_feather_esp32s3_reverse_tft")
    p = detect()
    assert (p.display.width, p.display.height) == (240, 135)
    boot, ab = Keys.made
    assert boot.value_when_pressed is False and ab.value_when_pressed is True
    ab.events.items.append((1, True))
    boot.events.items.append((0, True))
    assert sorted(p.events(0)) == [("b", True), ("switch", True)]


def test_the_stand_in_boards_carry_circuitpythons_own_pin_names():
    for board_id, pins in BOARD_PINS.items():
        assert pins, board_id  # circuitpython-stubs has the board (else: its name changed)
    assert "D0" in BOARD_PINS["adafruit_feather_esp32s3_reverse_tft"]
    assert "D0" not in BOARD_PINS["adafruit_feather_esp32s3_tft"]  # its GPIO0 is BUTTON/BOOT0 only
    assert "JOYSTICK_X" in BOARD_PINS["pygamer"] and "JOYSTICK_X" not in BOARD_PINS["pybadge"]


@pytest.mark.parametrize("board_id", sorted(b for b in BOARD_PINS if b != "some_new_board"))
def test_every_known_board_starts_with_its_real_pins(circuitpython, board_id):
    from hardware import startup

    assert board_id in startup.BOARDS
    circuitpython(board_id)
    p = detect()
    assert p.display.width >= 160 and p.display.height >= 80
    assert not any("not one seabattle knows" in n for n in p.notes)
    assert p.events(0) == []  # the buttons answer (the Feather Sense's come over seesaw, not keypad)
    for keys in Keys.made:
        for pin in list(keys.pins or ()) + [v for v in keys.kw.values() if isinstance(v, Pin)]:
            assert pin.name in BOARD_PINS[board_id], pin.name


def test_the_plain_esp32s3_tft_has_only_its_boot_button(circuitpython):
    circuitpython("adafruit_feather_esp32s3_tft")  # D1, D2 are bare header pins there, D0 is absent
    p = detect()
    (boot,) = Keys.made
    assert [x.name for x in boot.pins] == ["BUTTON"] and boot.value_when_pressed is False
    assert any("only the BOOT button" in n for n in p.notes)


def test_unknown_board_with_a_display_plays_the_computer_with_a_note(circuitpython):
    circuitpython("some_new_board")
    p = detect()
    assert p.link is None and p.duel is None
    assert any("not one seabattle knows" in n for n in p.notes)


def test_a_radio_that_does_not_start_says_why_on_the_console(capsys):
    """Start-up's report is long printed when a duel is first chosen: the reason the radio did
    not start is printed then, once, and the board can neither host nor join."""
    from hardware.radio import linkup

    class Profile:
        notes = ["speaker pin has no PWM here: silent"]  # start-up's, printed then
        can_host = can_join = True

        def make_radio(self):
            self.notes.append("AirLift's radio did not start (timed out): computer only")

    p = Profile()
    assert linkup.start_link(p) is None
    assert capsys.readouterr().out == "seabattle: AirLift's radio did not start (timed out): computer only\n"
    assert not p.can_host and not p.can_join


class Clock:
    """The profile's clock (ms) and sleep for the selftest: time passes only when it sleeps."""

    def __init__(self, p):
        self.t = 0
        p.ms = lambda: self.t
        p.sleep = self.sleep
        self.p = p
        self.presses = []  # (when, key number, pressed) put on the keys' queue at that time

    def sleep(self, seconds):
        self.t += int(seconds * 1000)
        self.p.sounds.tick(self.t)
        while self.presses and self.presses[0][0] <= self.t:
            _, n, pressed = self.presses.pop(0)
            Keys.made[0].events.items.append((n, pressed))


def test_selftest_tells_a_maker_what_the_game_finds_on_the_board(circuitpython):
    from hardware import selftest

    circuitpython("clue_nrf52840_express")
    p = detect()
    clock = Clock(p)
    clock.presses = [(11000, 0, True), (11500, 0, False), (12000, 1, True), (12200, 1, False)]
    lines = []
    selftest.run(seconds=5, out=lines.append, profile=p, alloc=SplitHeap([60, 40]))
    text = "\n".join(lines)
    assert lines[1].startswith("  firmware: cpython %d.%d" % sys.version_info[:2]), lines[1]
    assert lines[2] == "seabattle memcheck: 100 KB of heap free, the largest block 60 KB"
    assert "a game against the computer (easy, normal): needs 72 KB, fits (28 KB to spare)" in text
    assert "a duel over Bluetooth: needs 120 KB, does not fit (20 KB short)" in text
    assert "screen 240x240, buttons: two" in text and "host and join" in text, text
    assert "saved game: none" in text and "statistics: none" in text
    assert "sound: speaker, lights: NeoPixels" in text
    assert [l.split()[-1] for l in lines if l.startswith("  cue ")] == list(sound.CUE_NAMES[1:])
    assert "radio: started; can host: True, can join: True" in text
    assert p.link is None  # closed and let go again, as the title does (linkup.drop)
    assert [l.strip() for l in lines if l.startswith("  button ")] == [
        "button a pressed", "button a let go", "button b pressed", "button b let go"]
    assert "4 button events" in text and p.store.writes == 0  # (read only: no nvm write)


def test_selftest_on_a_pybadge_without_airlift_says_the_computer_only(circuitpython):
    from hardware import selftest

    circuitpython("pybadge")
    p = detect()
    Clock(p)
    lines = []
    selftest.run(seconds=1, out=lines.append, profile=p, alloc=SplitHeap([200]))
    text = "\n".join(lines)
    assert "screen 160x128, buttons: dpad" in text and "none (the computer only)" in text, text
    assert "note: no AirLift" in text and "radio:" not in text
    assert "0 button events" in text
