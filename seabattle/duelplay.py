"""The duel as the screens see it: seabattle.duel.Duel events turned into flow screens.

``DuelAdapter`` is what ``Flow(duel=...)`` takes. It needs a *linker*: the object that finds the
other device and gives a link (``write``/``read``/``connected``) — BLE on a board
(hardware/ble.py), the link simulator in tests, a local socket between two simulator windows.
A linker has ``host()`` -> lobby name, ``scan()`` -> lobby names seen so far, ``connect(name)``,
``link`` (None until chosen) and ``cancel()``.

``make_duel(link, role, rules)`` builds the Duel (the board profile supplies clock, rng, name
and the save hook). ``DuelMatch`` gives the battle screen the same methods as a LocalMatch; a
duel's answers arrive later over the link, so ``fire`` returns None and the answer comes back
through ``poll``.
"""

from seabattle.fleet import Fleet, Ship
from seabattle.game import Stats

_HOST = 0
_GUEST = 1


class _Shot:
    def __init__(self, square, answer, ship):
        self.square = square
        self.answer = answer
        self.ship = ship


class DuelMatch:
    duel = True

    def __init__(self, duel):
        self.d = duel
        self.rules = duel.rules
        self.board = duel.board
        self.view = duel.view
        self.enemy_view = None  # the enemy's chart of my board is not kept on this side
        self._stats = (Stats(), Stats())
        self._last = [-1, -1]
        self.findings = None  # the verdict: None until the fleets are revealed and checked

    def started(self):
        self.view = self.d.view
        self.board = self.d.board

    def my_turn(self):
        return self.d.my_turn()

    def waiting(self):
        """My shot is out and its answer not back yet."""
        return self.d.pending >= 0

    def over(self):
        return self.d.won is not None

    def won(self):
        return self.d.won is True

    def fire(self, square):
        self.d.fire(square)
        return None

    def answered(self, player, square, answer, cells):
        self._last[player] = square
        self._stats[player].count(answer)
        return _Shot(square, answer, cells)

    def last(self, player):
        return self._last[player]

    def stats(self, player=0):
        return self._stats[player]

    def revealed(self):
        ships = getattr(self.d, "peer_ships", None) or []
        return Fleet(self.rules, [Ship(c if not isinstance(c, Ship) else c.cells) for c in ships])

    def verify(self):
        return self.findings


class DuelAdapter:
    def __init__(self, linker, make_duel):
        self.linker = linker
        self.make_duel = make_duel
        self.role = _HOST
        self.duel = None
        self.match = None
        self.code = ""
        self.lobbies = []
        self.active = False

    # ----- called by the flow --------------------------------------------------------------
    def host(self):
        self.role = _HOST
        self.active = True
        self.duel = None
        return self.linker.host()

    def join(self):
        self.role = _GUEST
        self.active = True
        self.duel = None
        self.lobbies = []

    def connect(self, lobby):
        self.linker.connect(lobby)

    def cancel(self):
        self.active = False
        self.duel = None
        self.match = None
        self.linker.cancel()

    def start(self, fleet):
        """My fleet is placed: commit to it. Returns the DuelMatch for the battle screens."""
        self.duel.set_fleet(fleet)
        self.match = DuelMatch(self.duel)
        return self.match

    def accept(self):
        pass  # comparing the code is the players' business: nothing goes on the wire

    # ----- the link's news, turned into screens ---------------------------------------------
    def poll(self, flow, now):
        if not self.active:
            return
        if self.duel is None:
            link = self.linker.link
            if link is None:
                if self.role == _GUEST:
                    seen = list(self.linker.scan())
                    if seen != self.lobbies:
                        self.lobbies = seen
                        flow.show_duel("duel_join", lobbies=seen)
                return
            self.duel = self.make_duel(link, self.role, flow.rules)
        for ev in self.duel.poll():
            self._event(flow, ev, now)

    def _event(self, flow, ev, now):
        kind = ev[0]
        if kind == "hello":
            flow.duel_place(ev[2], ev[1])
        elif kind == "code":
            self.code = ev[1]
            self.match.started()
            flow.show_duel("duel_code", code=ev[1])
        elif kind == "shot":
            flow.duel_answer(self.match.answered(1, ev[1], ev[2], ev[3]), False)
        elif kind == "result":
            flow.duel_answer(self.match.answered(0, ev[1], ev[2], ev[3]), True)
        elif kind == "over":
            if ev[2] == "gone":
                flow.show_duel("duel_gone")
            else:
                flow.duel_over()
        elif kind == "verdict":
            self.match.findings = [e.text(flow.settings.lang, flow.conv, flow.rules.width) for e in ev[1]]
            flow.duel_verdict()
        elif kind == "error":
            flow.show_duel("duel_gone", reason=ev[1].text(flow.settings.lang, flow.conv, flow.rules.width))
            self.active = False
        elif kind == "disconnected":
            flow.duel_link(False)
        elif kind in ("resumed", "connected"):
            flow.duel_link(True)
