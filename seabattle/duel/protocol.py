"""One device's side of a two-device game: the conversation over a reliable channel.

A UI or a BLE adapter drives it with three calls::

    duel = Duel(link, clock, rng, role=HOST, name="Маша", rules=preset("classic"), store=save_fn)
    events = duel.poll()      # as often as the main loop runs; never blocks
    duel.set_fleet(fleet)     # after the ("hello", ...) event: rules are agreed now
    duel.fire(square)         # when duel.my_turn(); raises DuelError/ShotError, changing nothing

``poll()`` returns a list of event tuples ("The events" below). ``store(bytes)`` is called with
the state where it must be durable before the peer sees what depends on it: after a reboot
``Duel.load(saved, link, clock, rng, store)`` continues the same game. The messages (``T_*``)
and when the state is stored ("Flash wear"): seabattle.duel.wire.
"""

from seabattle import rules as rules_mod
from seabattle.duel import commit
from seabattle.compat import forget, load_module
from seabattle.duel.wire import (DONE, GONE_MS, GUEST, HOST, NONE, OVER, PER_CMT, PLAY, REASONS, REVEAL_MS, SETUP,
                                 T_CMT, T_ERROR, T_HELLO, T_PROOF, T_REVEAL, T_SHIPS, T_SHOT, T_SYNC, T_TOSS_R,
                                 DuelError, Refused, finding, name_bytes, random_bytes)

# The events poll() returns (a comment, not a string: a module's strings stay in a board's heap):
#   ("hello", peer_name, rules)        the other device answered; rules agreed: place the fleet now
#   ("code", "1234", my_turn_first)    coin tossed: show the match code; the game begins
#   ("shot", square, answer, cells)    the opponent fired at my board (cells of a sunk ship or None)
#   ("result", square, answer, cells)  the answer to my shot, verified
#   ("over", i_won, reason)            reason: "sunk", "gone" or "cheat"
#   ("verdict", findings)              after the reveal: [] = verified, else Evidence list
#   ("refused", evidence)              a move from the other side was refused (not applied)
#   ("error", evidence, from_peer)     the duel cannot go on (version, rules, desync, cheat)
#   ("connected",) / ("disconnected",) / ("resumed",)


# The code of each phase is a module of its own, loaded (seabattle.compat.load_module) when the phase
# needs it and dropped when it is over (on a board every module loaded keeps its code in the heap):
# seabattle.duel.setup, .shots, .reveal; .restore reads a saved duel, .sync starts a connection.
PARTS = ("seabattle.duel.setup", "seabattle.duel.shots", "seabattle.duel.reveal")  # by phase: SETUP, PLAY, OVER


class Duel:
    def __init__(self, link, clock, rng, role, name, rules, store=None, gone_ms=GONE_MS, reveal_ms=REVEAL_MS,
                 restoring=False):
        """A new duel (``restoring``: its state follows from a save, seabattle.duel.restore)."""
        if role not in (HOST, GUEST):
            raise DuelError("role must be HOST or GUEST")
        if rules.cells > 256:
            raise DuelError("duels need a board of at most 256 cells", finding("rules"))
        forget("seabattle.game")  # a game against the computer's, if one was played: a duel never uses it
        self.link = link
        self.clock = clock
        self.rng = rng
        self.role = role
        self.name = name_bytes(name)
        self.rules = rules  # the host's; the guest takes them from the hello
        self.store = store  # store(bytes): keep the state durable (see "Flash wear")
        self.gone_ms = gone_ms  # silence after which the opponent is gone
        self.reveal_ms = reveal_ms  # wait for the opponent's reveal after the game
        self.phase = SETUP
        self.events = []  # what the next poll() returns
        self.stats = {"replays": 0, "refused": 0, "bad": 0, "resyncs": 0}
        # the reliable channel (seabattle.duel.channel, made by seabattle.duel.sync.connect) only while
        # the link is up (~5 KB); its counters (Channel.stats) are this list, kept across connections
        self.channel = None
        self.channel_stats = [0] * 7
        self._up = False  # the link, at the last poll
        self._down_since = clock()
        self._synced = False  # the peer's SYNC read on this connection
        self._peer = None  # what the peer holds from me: [hello, toss_c, cmt, toss_r, log, reveal parts]
        self._outbox = []  # messages for the channel as soon as it has room
        self._toss_msg = 0  # the channel's number of my TOSS_R: its acknowledgement tells the peer knows the session
        self._foreign_seen = 0  # foreign frames already reported
        self._dirty = True  # changed since the last store()
        self._must = False  # store() in this poll, before anything is acknowledged or sent
        # the set-up (seabattle.duel.setup): the hello, both coin nonces, my fleet and its commitments
        self.hello_in = False
        self.peer_name = ""
        self.nonce = None if restoring else random_bytes(rng, commit.NONCE)
        self.peer_toss_c = self.peer_nonce = None
        self.seed = self.fleet = self.board = self.my_root = None  # my secret seed, fleet, its root
        self._salts = self._cmt = None  # from the seed: kept while needed, else recomputed
        self.peer_cmt = None  # the peer's cell commitments (peer_cmt_n CMT messages of them)
        self.peer_cmt_n = 0
        self.sid = 0  # the session id, once both nonces are known
        self.peer_knows_sid = False
        self.first = -1  # the role that shoots first
        self.code = None  # the match code both screens show
        # the battle (seabattle.duel.shots)
        self.view = None  # my chart of the opponent's board
        self.log = bytearray()  # 4 bytes a shot: (mine << 7 | answer, square, first, last)
        self.tags = bytearray()  # TAG bytes a shot: the peer's tag of its shots (zeros for mine)
        self.pending = -1  # my shot waiting for its answer
        self.turn_mine = False
        self.opened_peer = self.opened_mine = None  # cells of the peer's board I know, of mine it knows
        self._wait = None  # a sunk answer waiting for its halo proofs
        # the end (seabattle.duel.reveal)
        self.won = self.reason = self.verdict = None  # True / False, a REASONS; findings after the reveal
        self._over_at = 0
        self.peer_seed = None
        self.peer_ships = []
        self.peer_nships = -1

    # -- what the UI asks -----------------------------------------------------------------
    def my_turn(self):
        return self.phase == PLAY and self.turn_mine and self.pending < 0 and self._wait is None

    def chunks(self):
        return (self.rules.cells + PER_CMT - 1) // PER_CMT

    def set_fleet(self, fleet):
        """Commit to ``fleet`` (legal under the agreed rules). Raises FleetError/DuelError."""
        load_module("seabattle.duel.setup").set_fleet(self, fleet)

    def fire(self, square):
        """Shoot at ``square``. Raises DuelError (not my turn...) or ShotError (twice, off board)."""
        load_module("seabattle.duel.shots").fire(self, square)

    def salts(self):
        if self._salts is None:
            self._salts = commit.salts(self.seed, self.rules.cells)
        return self._salts

    def shots(self):
        return len(self.log) // 4

    # -- the main loop ---------------------------------------------------------------------
    def poll(self):
        """Read, answer, resend, time out; returns the new events (a list, maybe empty)."""
        now = self.clock()
        up = self.link.connected
        if up and not self._up:
            load_module("seabattle.duel.sync").connect(self)
        elif self._up and not up:
            self._down_since = now
            self.channel = None  # a new one when the link is up again (see _tidy)
            self._event(("disconnected",))
        self._up = up
        if up:
            msgs = []
            self.channel.poll(msgs)
            for m in msgs:
                self._receive(m)
            if self.sid and not self.peer_knows_sid and (
                    self.channel.heard_session or 0 < self._toss_msg <= self.channel.acked):
                self._learned_sid()
            foreign = self.channel_stats[4]
            if foreign > self._foreign_seen:
                self._foreign_seen = foreign
                self._event(("refused", finding("foreign", foreign)))
        self._timers(now)
        if self._must:
            self._keep()
        if up and self._synced:
            self._pump()
        if up:
            self.channel.flush()
        self._tidy()
        out = self.events
        self.events = []
        return out

    def _tidy(self):
        """Drop the phase modules this phase no longer needs (a stray repeat of an old phase's
        message loads its module again: correct, only slower), and all of them and the channel's
        while the link is down: then only the timers run, and finding the peer needs the room."""
        now = self.phase if self._up else -1
        for i in range(3):
            if i != now:
                forget(PARTS[i])
        if now != OVER:
            forget("seabattle.duel.verify")  # the reveal's check
        if self._synced or not self._up:
            forget("seabattle.duel.sync")  # a connection's start: until both sides said what they hold
        if not self._up:
            forget("seabattle.duel.channel")
            forget("seabattle.duel.frame")

    def _event(self, ev):
        self.events.append(ev)

    def _keep(self):
        """Make the state durable now if it changed (one nvm write on a board)."""
        self._must = False
        if self._dirty:
            self._dirty = False
            if self.store is not None:
                self.store(self.save())

    def _done(self):
        self.phase = DONE
        self._dirty = True
        self._must = True

    def _set_session(self):
        ch = self.channel
        if ch is None:
            return  # the link is down (or a save is loading): set when a channel is made
        ch.accept = self.sid
        ch.session = self.sid if self.peer_knows_sid else 0
        ch.strict = self.peer_knows_sid and self.sid != 0

    def _learned_sid(self):
        self.peer_knows_sid = True
        self._set_session()
        self._dirty = True

    def _timers(self, now):
        if self.phase in (SETUP, PLAY):
            silent = None
            if not self._up:
                silent = now - self._down_since
            elif self.channel.waiting_since() is not None:
                silent = now - self.channel.last_heard
            if silent is not None and silent > self.gone_ms and (self.phase == PLAY or self.hello_in):
                self._event(("error", finding("gone"), False))
                if self.phase == PLAY:
                    self._decide(True, "gone")
                self._done()
        elif self.phase == OVER and self.verdict is None and now - self._over_at > self.reveal_ms:
            self.verdict = [finding("no_reveal")]
            self._done()
            self._event(("verdict", self.verdict))

    # -- sending: whatever the peer lacks ---------------------------------------------------
    def _pump(self):
        ch = self.channel
        while ch.room() > 0:
            if not self._outbox:
                self._plan()
            if not self._outbox:
                return
            msg = self._outbox.pop(0)
            n = ch.send(msg)
            if msg[0] == T_TOSS_R:
                self._toss_msg = n

    def _plan(self):
        """Queue the next message(s) the peer lacks in ``_outbox``; nothing if it lacks nothing."""
        p = self._peer
        if self.phase == DONE and self.reason != "sunk":
            return  # stopped: nothing more to say
        if (self.phase == SETUP or not (p[0] and p[1] and p[3] and p[2] >= self.chunks())) \
                and load_module("seabattle.duel.setup").plan(self):
            return  # the set-up: mine is not all with the peer yet (seabattle.duel.setup)
        n = self.shots()
        if p[4] < n or self.pending >= 0 and p[4] == n:  # a shot the peer lacks (seabattle.duel.shots)
            return load_module("seabattle.duel.shots").plan(self)
        if self.phase >= OVER and self.reason == "sunk":
            load_module("seabattle.duel.reveal").plan(self)  # my fleet revealed, if the peer lacks it

    def _entry(self, k):
        e = self.log[4 * k:4 * k + 4]
        return e[0] >> 7, e[0] & 0x7F, e[1], e[2], e[3]

    def _answer(self, k):
        """RESULT (and PROOFs) for shot ``k``, which the peer fired at me."""
        load_module("seabattle.duel.shots").answer(self, k)

    def _send_error(self, evidence, fatal):
        self._outbox.insert(0, bytes((T_ERROR, 1 if fatal else 0)) + evidence.encode())

    # -- receiving --------------------------------------------------------------------------
    def _receive(self, m):
        try:
            self._dispatch(m)
        except Refused as r:
            self.stats["refused"] += 1
            if r.fatal:
                self._fail(r.evidence)
            else:
                self._event(("refused", r.evidence))
                if self._synced:
                    self._send_error(r.evidence, False)
        except (IndexError, ValueError, TypeError):  # a malformed message: not applied
            self.stats["bad"] += 1

    def _fail(self, evidence):
        """Stop the duel: a cheat caught, or versions/rules that cannot play together."""
        if self.phase == DONE:
            return
        self._event(("error", evidence, False))
        if evidence.cheat() and self.phase == PLAY:
            self._decide(True, "cheat")
        if evidence.cheat():
            self.verdict = [evidence]
            self._event(("verdict", self.verdict))
        self._done()
        self._outbox = []
        if self._up:
            self._send_error(evidence, True)
            while self._outbox and self.channel.room() > 0:
                self.channel.send(self._outbox.pop(0))

    def _dispatch(self, m):
        t = m[0]
        if t == T_SYNC:
            if self._synced:
                raise Refused(finding("replay", -1))
            return load_module("seabattle.duel.sync").on_sync(self, m)
        if t == T_ERROR:
            from seabattle.duel.evidence import decode

            ev = decode(m[2:]) or finding("desync", -1)
            if m[1]:
                self._event(("error", ev, True))
                self._done()
            else:
                self._event(("refused", ev))
            return
        if not self._synced:
            raise Refused(finding("desync", -1))
        if self.phase == DONE:
            return
        if T_HELLO <= t <= T_TOSS_R:  # the set-up's messages
            if self.phase != SETUP:  # all agreed already: only a repeat (seabattle.duel.setup)
                if t == T_CMT and m[1] >= self.peer_cmt_n:
                    raise Refused(finding("desync", -1), True)
                if t == T_CMT:
                    self.stats["replays"] += 1
                return
            return load_module("seabattle.duel.setup").on_message(self, m)
        if T_SHOT <= t <= T_PROOF:
            return load_module("seabattle.duel.shots").on_message(self, m)
        if t == T_REVEAL or t == T_SHIPS:
            if self.phase == SETUP or self.verdict is not None:
                return
            return load_module("seabattle.duel.reveal").on_reveal(self, m)
        raise ValueError("unknown message")

    def _decide(self, won, reason):
        self.won = won
        self.reason = reason
        if self.phase == PLAY:
            self.phase = OVER
        self._over_at = self.clock()
        self._dirty = True
        self._event(("over", won, reason))

    # -- saving -------------------------------------------------------------------------------
    def save(self):
        """The state as bytes (see ``load``): enough to continue the same game after a reboot. In one
        preallocated buffer: a save comes about once a turn, and a growing one fragments a small heap."""
        flags = 0
        for bit, on in ((1, self.hello_in), (2, self.peer_knows_sid), (4, self.fleet is not None),
                        (8, self.peer_toss_c is not None), (16, self.peer_nonce is not None),
                        (32, self.peer_seed is not None)):
            if on:
                flags |= bit
        pn = name_bytes(self.peer_name)
        parts = [b"SBD\x02", bytes((self.role, self.phase, flags, len(self.name))), self.name,
                 bytes((len(pn),)), pn, rules_mod.encode(self.rules), self.nonce]
        if self.peer_toss_c is not None:
            parts.append(self.peer_toss_c)
        if self.peer_nonce is not None:
            parts.append(self.peer_nonce)
        if self.fleet is not None:
            ships = bytearray(1 + 2 * len(self.fleet.ships))
            ships[0] = len(self.fleet.ships)
            for i, ship in enumerate(self.fleet.ships):
                ships[1 + 2 * i] = ship.cells[0]
                ships[2 + 2 * i] = ship.cells[-1]
            parts.extend((self.seed, self.my_root, ships))
        parts.append(bytes((self.peer_cmt_n,)))
        if self.peer_cmt_n:
            parts.append(memoryview(self.peer_cmt)[:self.peer_cmt_n * PER_CMT * commit.CMT])
        n = self.shots()
        won = NONE if self.won is None else int(self.won)
        reason = REASONS.index(self.reason) if self.reason else NONE
        parts.extend((bytes((n >> 8, n & 0xFF)), self.log, self.tags,
                      bytes((self.pending if self.pending >= 0 else NONE, won, reason))))
        if self.peer_seed is not None:
            rv = bytearray(2 + 2 * len(self.peer_ships))
            rv[0] = self.peer_nships
            rv[1] = len(self.peer_ships)
            for i, (a, b) in enumerate(self.peer_ships):
                rv[2 + 2 * i] = a
                rv[3 + 2 * i] = b
            parts.extend((self.peer_seed, rv))
        size = 4
        for p in parts:
            size += len(p)
        out = bytearray(size)
        i = 0
        for p in parts:
            out[i:i + len(p)] = p
            i += len(p)
        from seabattle.crc import crc32

        c = crc32(memoryview(out)[:i])
        for k in range(4):
            out[i + k] = (c >> (24 - 8 * k)) & 0xFF
        return out

    @classmethod
    def load(cls, data, link, clock, rng, store=None, gone_ms=GONE_MS, reveal_ms=REVEAL_MS):
        """The Duel saved in ``data``. Raises DuelError for bytes that are not a duel save."""
        try:
            return load_module("seabattle.duel.restore").load(cls, data, link, clock, rng, store, gone_ms, reveal_ms)
        finally:
            forget("seabattle.duel.restore")
