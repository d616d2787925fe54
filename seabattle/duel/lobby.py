"""The duel adapter's lobby (seabattle.duel.adapter.DuelAdapter): a saved duel offered, resumed or
abandoned, hosting, joining, and the Duel made once the link is there, as functions of the
adapter ``a`` (the adapter's methods of the same names and ``poll`` call them).

Loaded while no Duel is made (the title's offer, the lobby, a saved duel's reconnection) and
dropped once one is (``DuelAdapter.poll``) or the title lets the adapter go
(hardware.radio.linkup.drop): a duel's battle holds the adapter's module, not this code (on a
board every module held is heap).
"""

from seabattle.compat import const, forget, load_module

# seabattle.duel.wire's roles (the values the Duel takes): the lobby does not load the protocol's modules
_HOST = const(0)
_GUEST = const(1)
_DONE = const(3)  # and its DONE: a finished duel's phase

# How long a resumed duel waits in its lobby for the opponent (ms): seabattle.duel.protocol's GONE_MS, the
# silence after which a duel ends with the opponent gone (a constant of its own: the lobby does not
# load the protocol's module to read it)
RESUME_WAIT = 120000


class _Gone:
    """The link of a continued duel that ends without its opponent (the lobby gave up): never
    up. (The real one, closed, would keep the radio's objects alive through the Duel.)"""

    connected = False


def resumable(a):
    """(peer name, role) of an unfinished saved duel the title may offer, else None."""
    if a.saved is None or a.load_duel is None or a.active:
        return None
    from seabattle.duel import restore  # its peek needs no more of the protocol

    try:
        role, phase, peer, placed = restore.peek(a.saved[1])
    except ValueError:  # seabattle.duel.protocol.DuelError: not a duel save, or damaged
        if a.duel is None:
            a.forget_protocol()  # the error's class loaded it
        return None
    finally:
        restore = None
        forget("seabattle.duel.restore")
    if phase >= _DONE or not placed:  # done, or nothing committed yet: nothing to go back to
        return None
    return peer, role


def radio(a):
    """False if the linker says the board's radio cannot be started (``ready()``)."""
    ready = getattr(a.linker, "ready", None)
    return ready is None or ready()


def resume(a):
    """Reconnect to the same opponent: host the same lobby code again, or look for it.
    False if the radio cannot be started (the saved duel stays, offered on the title)."""
    if not radio(a):
        return False
    lobby, data = a.saved
    info = resumable(a)
    a.role = info[1]
    a.active = True
    a.resuming = True
    a.duel = None
    a.match = None
    a._loading = data
    a.resume_at = None  # (the lobby's first frame: made())
    if a.role == _HOST:
        a.linker.host(lobby)
    else:
        a.linker.rejoin(lobby)
    return True


def abandon(a):
    """Forget the saved duel (the other board sees the opponent gone)."""
    a.saved = None
    if a.forget is not None:
        a.forget()
    a.forget_protocol()


def _lobby(a, role):
    """A new duel's lobby as ``role``; False if the radio cannot be started."""
    if not radio(a):
        return False
    a.role = role
    a.active = True
    a.duel = None
    a.saved = None  # a new duel takes the saved one's place at its first save
    return True


def host(a):
    """The lobby code to show, or None: the radio cannot be started (nothing hosted)."""
    return a.linker.host() if _lobby(a, _HOST) else None


def join(a):
    """False if the radio cannot be started (nothing looked for)."""
    if not _lobby(a, _GUEST):
        return False
    a.lobbies = []
    return True


def connect(a, lobby):
    if a.linker.link is None:  # (the join screen stays until the peer says hello: a
        a.linker.connect(lobby)  # second press while connecting chooses nothing new)


def made(a, flow):
    """The duel adapter ``a`` polled with no Duel yet (seabattle.duel.adapter.DuelAdapter.poll): the
    joiner's list of games, then the Duel made (or the saved one loaded) once the link is there.
    True once it is."""
    link = a.linker.link
    if link is None:
        if a.role == _GUEST:
            seen = list(a.linker.scan())
            if seen != a.lobbies:
                a.lobbies = seen
                load_module("seabattle.screens.duel").show_duel(flow, "duel_join", lobbies=seen)
        return False
    # A Duel is made, or a saved one loaded, once frames flow, not while the lobby advertises
    # or connects: until then it would only wait, and on a board the lobby holds adafruit_ble
    # and hardware.radio.blefind (~24 KB of a 32-bit heap), which the link lets go as frames start to
    # flow (hardware.radio.blefind.bare). Made at once, the Duel came on top of them: the first duel's
    # peak, and a duel resumed after a reset peaked there at ~133 KB (its battle ~113: tools.ramreport)
    if a._loading is not None:  # a saved duel
        if a.resume_at is None:
            a.resume_at = flow.now
        if link.connected:
            wait = None
        elif flow.now - a.resume_at < RESUME_WAIT:
            return False
        else:  # the opponent never came back: the duel ends, the opponent gone (as the Duel
            # decides after its silence); the lobby stops first and the radio goes (a board's
            # linker can ``release`` it): the ending needs no link
            release = getattr(a.linker, "release", None)
            if release is None:
                a.linker.cancel()
            else:
                release()
            link = _Gone()
            wait = 0
        a.duel = a.load_duel(a._loading, link, wait)
        a._loading = None
        a.saved = None  # (its bytes, ~2 KB: Back saves the Duel's state again, DuelAdapter.cancel)
        from seabattle.duel.match import DuelMatch

        a.match = DuelMatch(a.duel)
        a.match.started()
        a.match.replayed()
    elif not link.connected:
        return False
    else:
        a.duel = a.make_duel(link, a.role, flow.rules)
    return True
