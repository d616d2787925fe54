"""Starting a duel, or what a MemoryError interrupted, in a fresh VM: the board keeps a one-byte
intent in its nvm record (hardware.storage, the header's byte 3) and reloads
(``supervisor.reload()``: a new VM and heap); the start-up after that reload
(``supervisor.runtime.run_reason`` is SUPERVISOR_RELOAD) goes straight to what the intent says.
hardware.app.run catches the request (``Relaunch``) and a MemoryError, and reloads.

Why: interned names are never freed and an earlier screen's garbage fragments the heap: a duel
started after a game peaks ~7 KB higher than one started in a fresh VM, a hard-level game after
an easy one ~10 KB (its names open a 7th pool; tools.ramreport). The hard level's game starts in
a fresh VM too (LEVEL: when it is chosen on the level menu, before its module loads). BLE
connections do not survive a reload, so the reload comes before the lobby advertises or scans;
a continued duel reconnects by its lobby code, as after a reset.

The intent lasts until the game it started saves (every Store.save sets it back to 0), and is
read only after the game's own reload: a power-up or a reset starts on the title as before.
A VM is fresh until it writes to the nvm (a game saves every shot): a duel chosen first thing
after start-up needs no reload. Flash wear: hosting, joining or the hard level from a VM that
played costs one nvm write (the intent); continuing a saved duel none (0 is what its saves
left); a MemoryError one (its flag, AFTER_ERROR), a second one before any save one more.
Loaded for a moment when a duel or the hard level is chosen in a VM that has written, after a
reload, and after a MemoryError.
"""

from seabattle import ui

CONTINUE = 0  # the saved game or duel, if any (what the record's saves leave); else the title
HOST = 1
JOIN = 2
TITLE = 3  # the title, the saved game offered there (after a second MemoryError)
LEVEL = 4  # LEVEL + i: a new game at the computer's level i (seabattle.screens.levels.RELAUNCH_LEVEL)
AFTER_ERROR = 0x80  # a flag: the reload was a MemoryError's (hardware.app.run)


class Relaunch(Exception):
    """Relaunch(intent): a duel is about to start in a VM that has played (``check``);
    hardware.app.run catches it (``caught``) and reloads."""


def check(profile, intent):
    """Before hosting, joining or resuming a duel, or a hard-level game (BoardProfile.fresh):
    raise Relaunch unless this VM is fresh: nothing written to the nvm since it started (a game
    saves every shot, a duel at its safe points; the title's menus write nothing). A profile
    that cannot reload never relaunches."""
    if _can_reload(profile) and profile.keeper.store.writes != getattr(profile, "fresh_writes", 0):
        raise Relaunch(intent)


def _can_reload(profile):
    """A board profile (BoardProfile.fresh) on a firmware with supervisor.reload()."""
    if getattr(profile, "fresh", None) is None:
        return False
    try:
        import supervisor
    except ImportError:
        return False
    return hasattr(supervisor, "reload")


def caught(exc, profile, renderer, flow):
    """hardware.app.run caught ``exc`` and let go of the game: ``exc`` raised again if it is
    neither ours nor a MemoryError, else the reload (``reload``). Where that returns (off a
    board) it returns the profile for hardware.app.run to build the screens again for."""
    if isinstance(exc, Relaunch):
        intent = exc.args[0]
    elif isinstance(exc, MemoryError):
        intent = out_of_memory(profile, renderer, flow)
    else:
        raise exc
    return reload(profile, intent)


def reload(profile, intent):
    """Keeps ``intent`` in the nvm (one write unless it is there already) and, on a board,
    reloads: a new VM and heap, code.py again (hardware.startup reads the intent back).
    Where supervisor.reload() returns (a stand-in on a PC) or there is none, this emulates it:
    the duel's adapter and link let go (hardware.radio.lazyduel.LazyDuel.reset), ``profile.intent``
    set, and the profile returned for hardware.app.run to build the screens again in this process."""
    import gc

    gc.collect()  # (after a MemoryError: the record to write needs room)
    if profile.keeper is not None:
        try:
            profile.keeper.store.save(intent=intent)
        except MemoryError:  # not even that: the record's intent stays (0: continue the saved game)
            pass
    if _can_reload(profile):
        import supervisor

        supervisor.reload()
        # emulated: this VM counts as fresh from here (its writes so far were the last VM's)
        profile.fresh_writes = profile.keeper.store.writes
        if profile.duel is not None:
            profile.duel.reset()
    profile.intent = profile.kept = intent  # (kept: out_of_memory's, for a profile with no nvm)
    return profile


def start(flow, intent):
    """The start-up after a reload: from the title on to what ``intent`` says, through the
    menus' own actions (the same screens as when the player chooses them)."""
    what = intent & 0x7F
    if flow.name != "title" or what == TITLE:
        return
    if what in (HOST, JOIN):
        _choose(flow, "duel")
        _choose(flow, "host" if what == HOST else "join")
    elif LEVEL <= what < LEVEL + len(flow.levels):
        _choose(flow, "play")
        _choose(flow, flow.levels[what - LEVEL])
    elif "continue" in flow.keys:
        _choose(flow, "continue")
    elif "duel_continue" in flow.keys:
        _choose(flow, "duel_continue")
        _choose(flow, "resume_duel")


def _choose(flow, key):
    if key in flow.keys:
        flow.screen.selected = flow.keys.index(key)
        flow.act(ui.FIRE)


def out_of_memory(profile, renderer, flow):
    """The intent to reload with after a MemoryError (hardware.app.run, which has let go of the
    game: it is in the nvm from its last safe point): the saved game or duel; if the VM was
    itself started by a MemoryError and nothing was saved since (a save clears the flag), the
    title, the saved game offered there; if even the title ran out, the MemoryError is raised
    again (the heap cannot hold the game: reloading again would loop). So at most two writes.
    One line on the console, and the screen says so if it still can (a duel is not cancelled:
    its peer sees a dropped link, as after a reset, and waits for it)."""
    store = profile.keeper.store if profile.keeper is not None else None
    kept = store.intent if store is not None else getattr(profile, "kept", 0)
    if kept == TITLE | AFTER_ERROR:
        print("seabattle: MemoryError again on the title: not enough heap for the game")
        raise MemoryError("seabattle: not enough heap")
    intent = (TITLE if kept & AFTER_ERROR else kept & 0x7F) | AFTER_ERROR
    print("seabattle: MemoryError: restarting into", "the title" if intent & 0x7F == TITLE else "the saved game")
    try:
        from seabattle.screens import pages

        pages.info(flow, "memory", flow.t("err_memory"), [flow.t("err_memory_restart")])
        renderer.update(flow.screen)
        profile.display.refresh()
        profile.sleep(2)  # long enough to read before the reload redraws the screen
    except MemoryError:
        pass
    return intent
