"""The radio link of a board that can have a radio: the native BLE radio, the link over it
(``start_link``), and letting them go with the duel's code (``drop``).

Loaded when a duel menu first needs the link (hardware.radio.duelhooks.LazyLinker) and to let it
go when the title is back with no duel going on (hardware.radio.lazyduel.LazyDuel): a game
against the computer does not hold them, and a board without a radio (a PyBadge without an
AirLift) never loads them. This module also goes once the link is chosen
(duelhooks.LazyLinker._chosen): a duel's battle does not hold it.
"""

from seabattle.compat import forget


def radio(p):
    """The BLERadio on boards with native BLE, None where there is none."""
    try:
        from adafruit_ble import BLERadio

        return BLERadio()
    except (ImportError, RuntimeError) as exc:
        p.notes.append("no radio: %s" % exc)
        return None


def start_link(p):
    """The BLE link over the board's radio (its own ``make_radio``: AirLift, ESP32-S3), or None
    (then the board can neither host nor join)."""
    make = getattr(p, "make_radio", None)
    notes = getattr(p, "notes", [])  # (start-up gives a board its notes; a bare profile has none)
    seen = len(notes)
    r = make() if make is not None else radio(p)
    if r is None:
        p.can_host = p.can_join = False
        for line in notes[seen:]:  # start-up's report is long past: say why on the console now
            print("seabattle:", line)
        return None
    from hardware.radio.ble import BleLink

    return BleLink(r, p.ms, sound=p.sounds, can_join=p.can_join, local=getattr(p, "ble_local", None))


# what a board's link loads (adafruit_ble's modules: all whose name starts with the first)
BLE_MODULES = ("adafruit_ble", "hardware.radio.ble", "hardware.radio.blestate", "hardware.radio.blefind",
               "hardware.radio.blead", "hardware.radio.blelinker", "hardware.radio.blejoin")


def drop(p):
    """The title is back with no duel going on (hardware.radio.lazyduel.LazyDuel): the link is
    closed and let go with the BLE modules, the duel adapter's module and this one, so that a
    game against the computer after a duel holds none of them (the next duel makes the link
    again, ``start_link``). Kept: a host's own UART service's native buffer and characteristic
    (``p.ble_local``; a local service cannot be removed, so the next link uses them again)."""
    link = p.link
    p.link = None
    if link is not None:
        link.close()
        if link._local is not None:
            p.ble_local = link._local
    link = None
    import sys

    for name in list(sys.modules):
        if name.startswith(BLE_MODULES[0]) or name in BLE_MODULES:
            forget(name)
    forget("seabattle.duel.adapter")
    forget("seabattle.duel.lobby")  # (its lobby's calls: loaded by the title's resumable())
    forget("hardware.radio.duelhooks")
    forget("hardware.radio.duelmake")
    forget("hardware.radio.linkup")
