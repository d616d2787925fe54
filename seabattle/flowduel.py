"""The duel screens of seabattle.flow: duel (host/join/back), duel_host, duel_join, duel_code,
duel_wait, duel_reconnect, duel_gone and duel_saved, as functions of the Flow ``f``.

Apart from flow so that a game against the computer never loads them (on a board every module
loaded costs heap, and compiling flow.py from source needed room in proportion to its size):
Flow imports this module when a duel screen is first shown, and drops it (``Flow.forget_duel``)
when the title menu is back with no duel going on.
"""

from seabattle import ui
from seabattle.flow import END_DELAY


def go_duel(f):
    keys = ["host", "join", "back"]
    f._menu("duel", f.t("menu_duel"), keys, [f.t("duel_" + k) for k in keys])


def act_duel(f, action):
    if f._menu_move(action):
        return
    if action in (ui.BACK, ui.MENU):
        f.go_title("duel")
        return
    if action != ui.FIRE:
        return
    key = f.keys[f.screen.selected]
    if key == "back":
        f.go_title("duel")
    elif f.duel is None:
        show_duel(f, "duel_gone", reason=f.t("no_radio"))
    elif key == "host":
        f.mode = "duel"
        show_duel(f, "duel_host", lobby=f.duel.host())
    else:
        f.mode = "duel"
        f.duel.join()
        show_duel(f, "duel_join", lobbies=[])


def show_duel(f, name, **params):
    """Show one of the duel screens; the duel adapter calls this as the link changes."""
    if name == "duel_host":
        f._info(name, f.t("duel_host"), [f.t("lobby", name=params["lobby"]), f.t("waiting_peer")],
                f.t("hint_cancel"))
    elif name == "duel_join":
        lobbies = params.get("lobbies") or []
        if lobbies:
            f._menu(name, f.t("duel_join"), lobbies, [f.t("lobby", name=n) for n in lobbies])
        else:
            f._info(name, f.t("duel_join"), [f.t("searching")], f.t("hint_cancel"))
    elif name == "duel_code":
        f._info(name, f.t("match_code"), [params["code"], f.t("compare_code")], f.t("hint_code"))
    elif name == "duel_wait":
        f._info(name, f.t("menu_duel"), [f.t("waiting_fleet")], f.t("hint_cancel"))
    elif name == "duel_reconnect":
        f._info(name, f.t("menu_duel"), [f.t("reconnecting"), params.get("detail", "")],
                f.t("hint_cancel"))
    else:
        f._info("duel_gone", f.t("menu_duel"), [params.get("reason") or f.t("peer_gone")],
                f.t("hint_info"))


def go_duel_wait(f):
    show_duel(f, "duel_wait")


def go_duel_saved(f):
    """The duel saved before a reset: reconnect to the same opponent, or abandon it."""
    keys = ["resume_duel", "abandon_duel", "back"]
    name = f.duel.resumable()[0]
    f._menu("duel_saved", f.t("duel_saved_title", name=name), keys,
            [f.t("duel_resume"), f.t("duel_abandon"), f.t("duel_back")])


def act_duel_saved(f, action):
    if f._menu_move(action):
        return
    key = f.keys[f.screen.selected]
    if action in (ui.BACK, ui.MENU) or (action == ui.FIRE and key == "back"):
        f.go_title("duel_continue")
    elif action == ui.FIRE and key == "abandon_duel":
        f.duel.abandon()
        f.go_title()
    elif action == ui.FIRE:
        f.mode = "duel"
        f.resumable = None
        f.duel.resume()
        f.before_reconnect = "resume"
        show_duel(f, "duel_reconnect")


def duel_resumed(f, match):
    """The saved duel is connected again: on to the screen where it stopped."""
    f.match = match
    f.rules = match.rules
    f.mode = "duel"
    stage = match.stage()
    if stage == "battle":
        f.start_battle(True)
        if match.over():
            f.wait_until = f.now + END_DELAY
    elif stage == "wait":
        go_duel_wait(f)
    else:
        duel_place(f, match.rules, match.d.peer_name)


# what the duel adapter (seabattle.duelplay) calls as the link's news arrives (through Flow)

def duel_place(f, rules, peer):
    """The devices agreed the rules (the host's): place the fleet."""
    f.rules = rules
    f.mode = "duel"
    f.peer = peer
    f.go_place()


def duel_verdict(f):
    if f.name == "end":
        f.end_problems = f.match.verify()
        f._end_show()


def duel_link(f, up):
    if not up and f.name in ("battle", "duel_wait", "duel_code", "place"):
        f.before_reconnect = f.name
        show_duel(f, "duel_reconnect")
    elif up and f.name == "duel_reconnect":
        back = f.before_reconnect
        if back == "battle":
            f._resume()
        elif back == "place":
            f.go_place(True)
        elif back == "duel_code":
            show_duel(f, "duel_code", code=f.duel.code)
        else:
            go_duel_wait(f)


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


def act_duel_code(f, action):
    if action == ui.FIRE:
        f.duel.accept()
        f.start_battle()
    elif action in (ui.BACK, ui.MENU):
        f.duel.cancel()
        go_duel(f)


def act_duel_wait(f, action):
    if action in (ui.BACK, ui.MENU):
        f.duel.cancel()
        f.go_title("duel")


def act_duel_gone(f, action):
    if action in (ui.FIRE, ui.BACK, ui.MENU):
        f.go_title("duel")


ACTS = {
    "duel": act_duel,
    "duel_saved": act_duel_saved,
    "duel_host": act_duel_host,
    "duel_join": act_duel_join,
    "duel_code": act_duel_code,
    "duel_wait": act_duel_wait,
    "duel_gone": act_duel_gone,
    "duel_reconnect": act_duel_wait,
}


def act(f, action):
    ACTS[f.name](f, action)
