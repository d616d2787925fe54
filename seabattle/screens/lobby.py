"""The duel's lobby screens (seabattle.screens.duel): the duel menu (host / join / back), hosting,
joining, the saved duel's reconnect/abandon menu, the match code; and what moves the flow from
the lobby to placing the fleet or to a resumed duel's screen. Functions of the Flow ``f``.

Loaded while a duel is being set up (by Flow.act and Flow.go_duel, the title's saved duel, the
duel adapter), dropped when the fleets are placed or the title is back
(seabattle.screens.duel.leave_lobby): a duel's battle holds only the screens it can still show
(seabattle.screens.duel, which this module imports: never the other way round).
"""

from seabattle import ui
from seabattle.compat import forget
from seabattle.screens.duel import go_duel_wait, in_battle, leave_lobby, show_duel, to_title


def _leave_title(f):
    """What the title held that a duel's lobby never shows (a board holds only what is on screen)."""
    forget("seabattle.save")  # a game against the computer's saving, if one was played: a duel saves itself
    forget("seabattle.match")  # and its match (seabattle.screens.battle_start's): a duel has seabattle.duel.match
    f._phase("")  # the phase's screens and texts (the title's, the end's): the lobby shows none of them


def go_duel(f):
    from seabattle.screens import pages  # (here: loaded after _leave_title, which drops it with the phase)

    _leave_title(f)
    probe = getattr(f.duel, "probe", None)  # (a board's add-on radio: hardware.radio.lazyduel)
    if probe is not None and not probe():
        no_radio(f)
        return
    keys = ["host", "join", "back"]
    pages.menu(f, "duel", f.t("menu_duel"), keys, [f.t("duel_" + k) for k in keys])


def act_duel(f, action):
    from seabattle.screens import pages

    if pages.menu_move(f, action):
        return
    if action in (ui.BACK, ui.MENU):
        to_title(f, "duel")
        return
    if action != ui.FIRE:
        return
    key = f.keys[f.screen.selected]
    if key == "back":
        to_title(f, "duel")
    elif f.duel is None:  # no radio on this board
        no_radio(f)
    elif key == "host":
        lobby = f.duel.host()
        if lobby is None:  # the radio did not start
            no_radio(f)
        else:
            f.mode = "duel"
            show_duel(f, "duel_host", lobby=lobby)
    elif f.duel.join() is False:  # likewise
        no_radio(f)
    else:
        f.mode = "duel"
        show_duel(f, "duel_join", lobbies=[])


def no_radio(f):
    """This board has no radio, or it did not start (hardware.radio.linkup.start_link): the
    screen says so, its button leads back to the title, nothing was started."""
    show_duel(f, "duel_gone", reason=f.t("no_radio"))


def go_duel_saved(f):
    """The duel saved before a reset: reconnect to the same opponent, or abandon it."""
    from seabattle.screens import pages

    # (a saved duel's lobby held the title's module and texts too: ~6 KB of its peak, the
    # resumed duel's, 32-bit VM: tools.ramreport)
    _leave_title(f)
    keys = ["resume_duel", "abandon_duel", "back"]
    name = f.duel.resumable()[0]
    pages.menu(f, "duel_saved", f.t("duel_saved_title", name=name), keys,
               [f.t("duel_resume"), f.t("duel_abandon"), f.t("duel_back")])


def act_duel_saved(f, action):
    from seabattle.screens import pages

    if pages.menu_move(f, action):
        return
    key = f.keys[f.screen.selected]
    if action in (ui.BACK, ui.MENU) or (action == ui.FIRE and key == "back"):
        to_title(f, "duel_continue")
    elif action == ui.FIRE and key == "abandon_duel":
        f.duel.load().abandon()
        to_title(f)
    elif action == ui.FIRE:
        if f.duel.resume() is False:  # the radio did not start: the duel stays saved and offered
            no_radio(f)
            return
        f.mode = "duel"
        f.resumable = None
        f.before_reconnect = "resume"
        show_duel(f, "duel_reconnect")


def duel_resumed(f, match):
    """The saved duel is connected again: on to the screen where it stopped."""
    f.match = match
    f.rules = match.rules
    f.mode = "duel"
    stage = match.stage()
    if stage == "battle":
        leave_lobby()
        f.start_battle(True)
        in_battle()
    elif stage == "wait":
        go_duel_wait(f)
    else:
        duel_place(f, match.rules, match.d.peer_name)


def duel_place(f, rules, peer):
    """The devices agreed the rules (the host's): place the fleet."""
    leave_lobby()
    f.rules = rules
    f.mode = "duel"
    f.peer = peer
    f.go_place()


def act_duel_host(f, action):
    if action in (ui.BACK, ui.MENU):
        f.duel.load().cancel()
        go_duel(f)


def act_duel_join(f, action):
    from seabattle.screens import pages

    if f.screen.page == ui.P_MENU and pages.menu_move(f, action):
        return
    if action in (ui.BACK, ui.MENU):
        f.duel.load().cancel()
        go_duel(f)
    elif action == ui.FIRE and f.screen.page == ui.P_MENU:
        f.duel.load().connect(f.keys[f.screen.selected])


def act(f, action):
    """The actions on this module's screens (flow.LOBBY_SCREENS; the others: seabattle.screens.duel.act)."""
    if f.name == "duel":
        act_duel(f, action)
    elif f.name == "duel_saved":
        act_duel_saved(f, action)
    elif f.name == "duel_host":
        act_duel_host(f, action)
    else:  # duel_join
        act_duel_join(f, action)
