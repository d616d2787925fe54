"""Board profiles: one module per supported board, picked from ``board.board_id`` by
hardware.startup (``detect``), which builds the profile.

The profile contract (``common.Profile``, filled in by ``common.BoardProfile``):

- ``display`` (displayio display, ``auto_refresh`` off), ``scheme`` ("dpad" or "two"),
  ``events(now)`` -> [(key name, pressed)], ``now()`` s, ``sleep(s)`` (also runs sound, lights
  and the radio link), ``rng`` (``randrange``), ``sounds`` (``play(cue)``, ``stop()``),
  ``settings`` (from settings.toml), ``records`` + ``on_records`` (saved in nvm),
  ``duel`` (None when the board has no radio: the duel menu says so);
- and for this layer: ``name``, ``can_host``/``can_join``, ``link`` (hardware.radio.ble.BleLink or
  None), ``store`` (hardware.storage.Store over ``microcontroller.nvm``), ``keeper``
  (saves the game at safe points), ``note`` (what is missing, shown once), ``problems``.

Every part a board lacks is a do-nothing stand-in (NoTone, NoPixels, an nvm in RAM), so the
game runs the same everywhere. Unknown boards with ``board.DISPLAY`` play the computer.
"""

