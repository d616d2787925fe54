"""A board's bring-up report: what the game finds on this board, told on the serial console, for
a maker to paste into a report (docs/boards.md, Checking a board).

At the board's REPL (Ctrl-C in the serial console, then Enter)::

    >>> from hardware.selftest import run
    >>> run()

then Ctrl-D to start the game again. It tells the firmware and the heap (hardware.memcheck: what
is free, the largest block, and which kinds of game fit, measured before anything of the game
is built), then builds the board's profile as the game does (``hardware.startup.detect``) and
tells: the board and its screen, the button scheme, whether it
can host or join a duel, what is missing; what the nvm holds (read only: it writes nothing, so
the saved game and statistics stay as they were); each sound and light cue once; whether the
radio starts (a board that can have one); then every button press and release for 20 seconds,
named as the game receives them.

Why: nothing in this game has run on a physical board yet (docs/boards.md, Known limits), and
some facts could only be taken from Adafruit's guides, such as the ESP32-S3 Reverse TFT's button
polarities. A button read the wrong way round shows here as pressed with nothing touched, or as
pressed when it is let go.
"""


def run(seconds=20, out=print, profile=None, radio=True, alloc=bytearray):
    """The report; ``profile``: one already built (tests), else the board's own; ``alloc``: what
    the heap is counted with (tests: a stand-in heap)."""
    out("seabattle bring-up report (paste all of it into yours):")
    _firmware(out)
    from hardware import memcheck

    memcheck.report(out, alloc)
    memcheck = None
    p = profile
    if p is None:
        from hardware import startup

        p = startup.detect()
    d = p.display
    out("seabattle selftest: %s (board_id %s)" % (p.name, getattr(p, "board_id", "?")))
    out("  screen %dx%d, buttons: %s" % (d.width, d.height, p.scheme))
    if radio and getattr(p, "probe_radio", None) is not None and (p.can_host or p.can_join):
        p.probe_radio()  # (an AirLift: does it answer?)
    roles = [r for r, ok in (("host", p.can_host), ("join", p.can_join)) if ok]
    out("  duel over Bluetooth: %s" % (" and ".join(roles) if roles else "none (the computer only)"))
    for line in getattr(p, "notes", ()):
        out("  note: %s" % line)
    for line in getattr(p, "problems", ()):
        out("  settings.toml: %s" % line)
    _storage(p, out)
    _cues(p, out)
    if radio and (p.can_host or p.can_join):
        _radio(p, out)
    _buttons(p, out, seconds)
    out("selftest done: Ctrl-D starts the game")


def _firmware(out):
    import sys

    impl = sys.implementation
    line = "  firmware: %s %s" % (impl.name, ".".join(str(n) for n in impl.version[:3]))
    try:
        import os

        u = os.uname()
        line += " (%s), %s" % (u.version, u.machine)
    except (ImportError, AttributeError):  # (a MicroPython port without os.uname)
        pass
    out(line)


def _storage(p, out):
    store = p.store
    game = store.game
    kept = "none"
    if game:
        kept = {b"L": "a game against the computer", b"D": "a duel"}.get(game[:1], "unknown")
    out("  nvm: %d bytes, saved game: %s, statistics: %s" % (
        len(store.nvm), kept, "yes" if p.records is not None else "none"))


def _cues(p, out):
    sounds = p.sounds
    quiet = type(sounds.tone).__name__ == "Quiet"
    dark = type(sounds.pixels).__name__ == "Quiet"
    out("  sound: %s, lights: %s%s" % ("none" if quiet else "speaker", "none" if dark else "NeoPixels",
                                      "" if p.settings.sound_on else " (muted in settings.toml)"))
    if quiet and dark:
        return
    from seabattle import sound

    for cue in range(1, len(sound.CUE_NAMES)):  # (a cue is its index there)
        out("  cue %s" % sound.CUE_NAMES[cue])
        sounds.play(cue)
        _wait(p, 1.2)


def _radio(p, out):
    from hardware.radio import linkup

    link = linkup.start_link(p)  # (its notes say why on the console when it does not start)
    if link is None:
        out("  radio: did not start (the game's duel menu will say so)")
        return
    p.link = link
    out("  radio: started; can host: %s, can join: %s" % (p.can_host, link.can_join))
    linkup.drop(p)  # (closed again, and adafruit_ble let go, as the title does)


def _buttons(p, out, seconds):
    out("  press each button (held, let go) within %d s; none pressed, none should show:" % seconds)
    end = p.ms() + seconds * 1000
    seen = 0
    while p.ms() < end:
        for name, pressed in p.events(p.ms()):
            seen += 1
            out("  button %s %s" % (name, "pressed" if pressed else "let go"))
        _wait(p, 0.02)
    out("  %d button events" % seen)


def _wait(p, seconds):
    end = p.ms() + seconds * 1000
    while p.ms() < end:
        p.sleep(0.01)  # (the profile's sleep moves the sounds and lights on)
