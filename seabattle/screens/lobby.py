"""The duel's lobby screens (seabattle.screens.duel): the duel menu (host / join / back), hosting,
joining, the saved duel's reconnect/abandon menu, the match code; and what moves the flow from
the lobby to placing the fleet or to a resumed duel's screen. Functions of the Flow ``f``.

Loaded by seabattle.screens.duel while a duel is being set up, dropped when the fleets are placed
or the title is back (``flowduel.leave_lobby``): a duel's battle holds only the screens it can
still show (seabattle.screens.duel).
"""

from seabattle import strings, ui
from seabattle.screens.flow import END_DELAY, forget
from seabattle.screens.duel import go_duel_wait, in_battle, leave_lobby, show_duel, to_title


def _leave_title(f):
    """What the title held that a duel's lobby never shows (a board holds only what is on screen)."""
    forget("seabattle.save")  # a game against the computer's saving, if one was played: a duel saves itself
    forget("seabattle.match")  # and its match (seabattle.screens.battle_start's): a duel has seabattle.duel.match
    if f._phase_name == "seabattle.screens.title":  # the title's screens and texts: the lobby shows none of them
        f._drop_phase()  # (Flow._phase loads them again with the title)
        strings.unload("menu")


def go_duel(f):
    _leave_title(f)
    keys = ["host", "join", "back"]
    f._menu("duel", f.t("menu_duel"), keys, [f.t("duel_" + k) for k in keys])


def act_duel(f, action):
    if f._menu_move(action):
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
    # (a saved duel's lobby held the title's module and texts too: ~6 KB of its peak, the
    # resumed duel's, 32-bit VM: tools.ramreport)
    _leave_title(f)
    keys = ["resume_duel", "abandon_duel", "back"]
    name = f.duel.resumable()[0]
    f._menu("duel_saved", f.t("duel_saved_title", name=name), keys,
            [f.t("duel_resume"), f.t("duel_abandon"), f.t("duel_back")])


def act_duel_saved(f, action):
    if f._menu_move(action):
        return
    key = f.keys[f.screen.selected]
    if action in (ui.BACK, ui.MENU) or (action == ui.FIRE and key == "back"):
        to_title(f, "duel_continue")
    elif action == ui.FIRE and key == "abandon_duel":
        f.duel.abandon()
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
        if match.over():
            f.wait_until = f.now + END_DELAY
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
        f.duel.cancel()
        go_duel(f)


def act_duel_join(f, action):
    if f.screen.page == ui.P_MENU and f._menu_move(action):
        return
    if action in (ui.BACK, ui.MENU):
        f.duel.cancel()
        go_duel(f)
    elif action == ui.FIRE and f.screen.page == ui.P_MENU:
        f.duel.connect(f.keys[f.screen.selected])
