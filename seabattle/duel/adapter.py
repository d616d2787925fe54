# The duel as the screens see it: seabattle.duel.protocol.Duel events turned into flow screens.
#
# ``DuelAdapter`` is what ``Flow(duel=...)`` takes. It needs a *linker*: the object that finds the
# other device and gives a link (``write``/``read``/``connected``) — BLE on a board
# (hardware/radio/ble.py), the link simulator in tests, a local socket between two simulator windows.
# A linker has ``host()`` -> lobby name, ``scan()`` -> lobby names seen so far, ``connect(name)``,
# ``link`` (None until chosen) and ``cancel()``; and may have ``ready()`` -> False when the board's
# radio cannot be started (hardware.radio.duelhooks.LazyLinker): then ``host()`` returns None and
# ``join()`` and ``resume()`` False, start nothing, and the screens say there is no radio.
#
# ``make_duel(link, role, rules)`` builds the Duel (the board profile supplies clock, rng, name
# and the save hook).
#
# A duel saved in the nvm survives a reset: the profile passes ``saved`` (lobby code, duel bytes)
# and ``load_duel(data, link, gone_ms)``; the title menu offers it (``resumable()``), ``resume()`` hosts
# the same lobby code again (host) or looks for it (``linker.rejoin(code)``, guest), and the saved
# Duel picks up where its last save left it (the protocol's SYNC resends what either side lacks,
# and its session id refuses any other device). ``abandon()`` forgets it (``forget()``).
# ``DuelMatch`` (seabattle.duel.match, loaded when the fleet is committed) gives the battle screen
# the same methods as a LocalMatch.
#
# RAM: a board makes the adapter when a duel is chosen and drops it (and this module) when the
# title is back with no duel going on (hardware.radio.lazyduel.LazyDuel, which answers the title's
# ``active`` and ``resumable()`` meanwhile), so this module holds only what the title and the lobby
# need; the protocol's modules load with the first Duel and are dropped when no duel is going on
# (``forget_protocol``); the title's and the lobby's calls (a saved duel offered, resumed or
# abandoned; hosting, joining, making the Duel) are seabattle.duel.lobby's, held until a Duel is
# made.

from seabattle.compat import forget, load_module

# the protocol's modules, loaded by the first Duel (seabattle.duel.protocol imports the rest): dropped
# when no duel is going on, so a game against the computer after a duel does not hold them
PROTOCOL = ("seabattle.duel.protocol", "seabattle.duel.polling", "seabattle.duel.receive", "seabattle.duel.snapshot",
            "seabattle.duel.wire", "seabattle.duel.sync", "seabattle.duel.setup", "seabattle.duel.handshake",
            "seabattle.duel.shots", "seabattle.duel.results", "seabattle.duel.reveal", "seabattle.duel.restore",
            "seabattle.duel.verify", "seabattle.duel.evidence", "seabattle.duel.commit", "seabattle.duel.channel",
            "seabattle.duel.frame", "seabattle.duel.match")


def _lobby():
    # The title's and the lobby's calls (seabattle.duel.lobby's functions of the adapter), loaded
    # while no Duel is made: a duel's battle holds this class, not that module.
    return load_module("seabattle.duel.lobby")


class DuelAdapter:
    def __init__(self, linker, make_duel, saved=None, load_duel=None, forget=None):
        self.linker = linker
        self.make_duel = make_duel
        self.saved = saved  # (lobby code, duel bytes) of a duel kept in the nvm, or None
        self.load_duel = load_duel  # (data, link, gone_ms or None: the default) -> the saved Duel
        self.forget = forget  # drops the saved duel from the nvm
        self._loading = None  # duel bytes to load once the linker has a link
        self.resuming = False
        self.role = None  # seabattle.duel.wire's HOST or GUEST, once hosting or joining (seabattle.duel.lobby)
        self.duel = None
        self.match = None
        self.code = ""
        self.lobbies = []
        self.active = False
        self.resume_at = None  # when a saved duel's lobby began waiting for the opponent

    def load(self):
        # The adapter itself. On a board the screens' duel is hardware.radio.lazyduel.LazyDuel,
        # whose ``load()`` loads the adapter: the calls of a duel going on (``connect``, ``abandon``,
        # ``start``, ``accept``, ``cancel``, ``code``) are made on ``duel.load()``, so that object
        # holds no method of its own for each.
        return self

    # ----- the lobby: seabattle.duel.lobby's functions of the adapter ---------------------------
    def resumable(self):
        return _lobby().resumable(self)

    def radio(self):
        return _lobby().radio(self)

    def resume(self):
        return _lobby().resume(self)

    def abandon(self):
        return _lobby().abandon(self)

    def host(self):
        return _lobby().host(self)

    def join(self):
        return _lobby().join(self)

    def connect(self, lobby):
        return _lobby().connect(self, lobby)

    def forget_protocol(self):
        # Drop the protocol's modules (a board's VM only; a Duel still referenced keeps working:
        # its methods hold their module's globals, and a phase's module loads again when asked).
        for path in PROTOCOL:
            forget(path)

    def cancel(self):
        d = self.duel
        if d is not None and d.fleet is not None and self.load_duel is not None:
            from seabattle.duel.wire import DONE  # (loaded with the Duel)

            if d.phase != DONE:  # left unfinished: still in the nvm, offered again on the title
                self.saved = (self.linker_code(), bytes(d.save()))
        self.active = False
        self.resuming = False
        self.duel = None
        self.match = None
        self.linker.cancel()
        self.forget_protocol()  # no duel is going on

    def linker_code(self):
        link = self.linker.link
        code = getattr(link, "code", None)
        return code if code is not None else (self.saved[0] if self.saved else "")

    def start(self, fleet):
        # My fleet is placed: commit to it. Returns the DuelMatch for the battle screens.
        self.duel.set_fleet(fleet)
        # what placing loaded and a duel's battle never uses (a board's VM only): the fleet's
        # checks (seabattle.fleetcheck; the reveal's check loads them again) and a game against
        # the computer's match (seabattle.match, imported by seabattle.screens.battle_start)
        forget("seabattle.fleetcheck")
        forget("seabattle.match")
        from seabattle.duel.match import DuelMatch

        self.match = DuelMatch(self.duel)
        return self.match

    def accept(self):
        pass  # comparing the code is the players' business: nothing goes on the wire

    # ----- the link's news, turned into screens ---------------------------------------------
    def poll(self, flow, now):
        if not self.active:
            return
        if self.duel is None:
            if not _lobby().made(self, flow):  # (the link found, the Duel made or loaded)
                return
            forget("seabattle.duel.lobby")  # the lobby's code: a Duel is going on
        for ev in self.duel.poll():
            self._event(flow, ev, now)
        m = self.match
        if m is not None and not m.recorded and self.duel.won is not None:
            from seabattle.duel.wire import DONE  # (loaded with the Duel)

            if self.duel.phase == DONE:  # the result is final: in the statistics now (a win by
                # sinking once the winner's fleet was shown and checked, seabattle.duel.reveal;
                # a peer gone: a win for this side)
                m.recorded = True
                st = m.stats(0)
                load_module("seabattle.recordbook").add(flow.records, "duel", self.duel.won, st.shots, st.hits)
                forget("seabattle.recordbook")
                if flow.on_records is not None:
                    flow.on_records(flow.records)

    def _event(self, flow, ev, now):
        kind = ev[0]
        if kind == "hello":
            load_module("seabattle.screens.lobby").duel_place(flow, ev[2], ev[1])
        elif kind == "code":
            self.code = ev[1]
            self.match.started()
            load_module("seabattle.screens.duel").show_duel(flow, "duel_code", code=ev[1])
        elif kind == "shot" or kind == "result":
            # shown by the battle's module (loaded: its phase), not by seabattle.screens.duel,
            # which a duel's battle then held (~2.6 KB at its peak)
            mine = kind == "result"
            shot = self.match.answered(0 if mine else 1, ev[1], ev[2], ev[3])
            if flow.name == "battle":
                flow._phase("seabattle.screens.battle").shown(flow, shot, mine)
        elif kind == "over":
            if ev[2] == "gone":
                load_module("seabattle.screens.duel").show_duel(flow, "duel_gone")
            elif flow.name == "battle" and flow.wait_until < 0:
                from seabattle.screens.battle import END_DELAY  # the last answer stays, then the end

                flow.wait_until = flow.now + END_DELAY
        elif kind == "verdict":
            self.match.findings = [e.text(flow.settings.lang, flow.conv, flow.rules.width) for e in ev[1]]
            if flow.name == "end":  # shown there (on the battle's last answer the end reads them)
                load_module("seabattle.screens.duel").duel_verdict(flow)
        elif kind == "error":
            lang = flow.settings.lang
            why = ev[1].text(lang, flow.conv, flow.rules.width)
            if ev[2] and ev[1].kind != "clock":  # the peer's word, not evidence: said as its claim
                why = load_module("seabattle.duel.evidence_text").say(lang, "duel_they_say", {"text": why})
            load_module("seabattle.screens.duel").show_duel(flow, "duel_gone", reason=why)
            self.active = False
        elif kind == "disconnected":
            load_module("seabattle.screens.duel").duel_link(flow, False)
        elif kind in ("resumed", "connected"):
            if self.resuming:
                self.resuming = False
                load_module("seabattle.screens.lobby").duel_resumed(flow, self.match)
            elif flow.name == "duel_reconnect":  # (the link's news: both come when it is up again)
                # only there has it something to show: through Flow it loads seabattle.screens.duel,
                # which the battle then held (the second of them arrives in the battle)
                load_module("seabattle.screens.duel").duel_link(flow, True)
