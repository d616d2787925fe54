"""The duel screens of seabattle.screens.flow, as functions of the Flow ``f``: those a duel can show
once its fleets are placed (duel_code, duel_wait, duel_reconnect, duel_gone) and what the link's
news does to the screens; the lobby's (the duel menu, hosting, joining, the saved duel's menu)
are in seabattle.screens.lobby, loaded while a duel is being set up (it imports this module,
never the other way round).

Apart from flow so that a game against the computer never loads them (on a board every module
loaded costs heap, and compiling one from source needs room in proportion to its size): Flow
and the duel adapter (seabattle.duel.adapter) load this module when a duel screen is first
shown, and the title drops it (seabattle.screens.title.go_title) when no duel is going on; this
module drops the lobby's (``leave_lobby``) when the fleets are placed or the title is back.
"""

from seabattle import strings, ui
from seabattle.compat import forget


def leave_lobby():
    """Drop the lobby's screens and texts: the duel is past them (a board's VM only)."""
    forget("seabattle.screens.lobby")
    strings.unload("lobby")


def to_title(f, selected=0):
    leave_lobby()
    f.go_title(selected)


def show_duel(f, name, **params):
    """Show one of the duel screens; the duel adapter calls this as the link changes."""
    from seabattle.screens import pages  # (here: a duel's placing and battle do not hold it)

    if name == "duel_host":
        pages.info(f, name, f.t("duel_host"), [f.t("lobby", name=params["lobby"]), f.t("waiting_peer")],
                   f.t("hint_cancel"))
    elif name == "duel_join":
        lobbies = params.get("lobbies") or []
        if lobbies:
            pages.menu(f, name, f.t("duel_join"), lobbies, [f.t("lobby", name=n) for n in lobbies])
        else:
            pages.info(f, name, f.t("duel_join"), [f.t("searching")], f.t("hint_cancel"))
    elif name == "duel_code":
        pages.info(f, name, f.t("match_code"), [params["code"], f.t("compare_code")], f.t("hint_code"))
    elif name == "duel_wait":
        pages.info(f, name, f.t("menu_duel"), [f.t("waiting_fleet")], f.t("hint_cancel"))
    elif name == "duel_reconnect":
        pages.info(f, name, f.t("menu_duel"), [f.t("reconnecting"), params.get("detail", "")],
                   f.t("hint_cancel"))
    else:
        pages.info(f, "duel_gone", f.t("menu_duel"), [params.get("reason") or f.t("peer_gone")],
                   f.t("hint_info"))


def go_duel_wait(f):
    # the phase module that committed the fleet (seabattle.screens.enemy_fleet: go_battle) shows nothing
    # here: it goes until the battle loads its own, so the wait does not hold it
    f._phase("")
    show_duel(f, "duel_wait")


# what the duel adapter (seabattle.duel.adapter) calls as the link's news arrives

def duel_verdict(f):
    if f.name == "end":
        f.end_problems = f.match.verify()
        f.end_won = f.match.won()  # the evidence decides: a winner's fleet shown false loses
        f._phase("seabattle.screens.end").show(f)


def duel_link(f, up):
    if not up and f.name in ("battle", "duel_wait", "duel_code", "place"):
        f.before_reconnect = f.name
        show_duel(f, "duel_reconnect")
        if f.before_reconnect == "battle":  # the battle's screen code is loaded again on resuming
            f._phase("")  # (Flow._phase): while the link finds the peer again, it needs the room
    elif up and f.name == "duel_reconnect":
        back = f.before_reconnect
        if back == "battle":
            f._phase("seabattle.screens.battle").resume(f)
            in_battle()
        elif back == "place":
            f.go_place(True)
        elif back == "duel_code":
            show_duel(f, "duel_code", code=f.duel.load().code)
        else:
            go_duel_wait(f)


def in_battle():
    """The battle is on screen: this module goes until a duel screen is shown again (a lost link,
    the end's verdict). seabattle.duel.adapter shows a battle's answers and its end itself, not through
    this module; held, it was ~2.6 KB of a duel's battle, its peak (a 32-bit heap)."""
    forget("seabattle.screens.duel")


def act_duel_code(f, action):
    if action == ui.FIRE:
        leave_lobby()
        f.duel.load().accept()
        f.start_battle()
        in_battle()
    elif action in (ui.BACK, ui.MENU):
        f.duel.load().cancel()
        f.go_duel()


def act_duel_wait(f, action):
    if action in (ui.BACK, ui.MENU):
        f.duel.load().cancel()
        to_title(f, "duel")


def act_duel_gone(f, action):
    if action in (ui.FIRE, ui.BACK, ui.MENU):
        to_title(f, "duel")


def act(f, action):
    """The actions on this module's screens (the lobby's: seabattle.screens.lobby.act)."""
    if f.name == "duel_code":
        act_duel_code(f, action)
    elif f.name == "duel_gone":
        act_duel_gone(f, action)
    else:  # duel_wait, duel_reconnect
        act_duel_wait(f, action)
