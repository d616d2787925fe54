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

from seabattle.duel import commit, polling, receive, snapshot
from seabattle.compat import forget, load_module
from seabattle.duel.wire import (CLOCK_SLACK, DONE, GONE_MS, GUEST, HOST, PER_CMT, PLAY, REVEAL_MS, SETUP, T_ERROR,
                                 TURN_MS, DuelError, finding, name_bytes, random_bytes)

# The events poll() returns (a comment, not a string: a module's strings stay in a board's heap):
#   ("hello", peer_name, rules)        the other device answered; rules agreed: place the fleet now
#   ("code", "1234", my_turn_first)    coin tossed: show the match code; the game begins
#   ("shot", square, answer, cells)    the opponent fired at my board (cells of a sunk ship or None)
#   ("result", square, answer, cells)  the answer to my shot, verified
#   ("over", i_won, reason)            reason: "sunk", "gone", "cheat", "resign" or "clock"
#   ("verdict", findings)              after the reveal: [] = verified, else Evidence list
#   ("refused", evidence)              a move from the other side was refused (not applied)
#   ("error", evidence, from_peer)     the duel cannot go on (version, rules, desync, cheat)
#   ("connected",) / ("disconnected",) / ("resumed",)


# The code of each phase is a module of its own, loaded (seabattle.compat.load_module) when the phase
# needs it and dropped when it is over (on a board every module loaded keeps its code in the heap):
# seabattle.duel.setup, .shots, .reveal; .restore reads a saved duel, .sync starts a connection.
# The main loop's work (seabattle.duel.polling), the messages received (.receive) and the state as
# bytes (.snapshot) are modules the Duel always holds: a board compiling from .py compiles them one
# at a time (compiling holds a module's whole parse tree: ``python -m tools.ramreport --compile``).


class Duel:
    poll = polling.poll
    _plan = polling.plan
    _receive = receive.receive
    _decide = receive.decide
    _stop = receive.stop
    save = snapshot.save

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
        self.turn_ms = TURN_MS  # a move's time on the turn clock (seabattle.duel.shots.clock)
        self._clock_mark = -1  # where the game stood when the clock last started (-1: it starts anew)
        self._clock_at = 0  # when it started
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
        self._nonce_out = False  # the peer has shown it holds my coin nonce (acknowledged, or said in its SYNC)
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

    def clock_left(self):
        # milliseconds left of my move on the turn clock while it is my turn, else -1
        if not self.my_turn() or self._clock_mark < 0:
            return -1
        return max(0, self._clock_at + self.turn_ms - CLOCK_SLACK - self.clock())

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

    def _event(self, ev):
        self.events.append(ev)

    def _toss_owed(self):
        # the peer holds my half of the coin toss and I do not hold its: it knows who shoots
        # first and I do not, so from here its leaving is a forfeit, not a game abandoned
        return self.phase == SETUP and self._nonce_out and self.peer_nonce is None

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

    def _entry(self, k):
        e = self.log[4 * k:4 * k + 4]
        return e[0] >> 7, e[0] & 0x7F, e[1], e[2], e[3]

    def _answer(self, k):
        """RESULT (and PROOFs) for shot ``k``, which the peer fired at me."""
        load_module("seabattle.duel.shots").answer(self, k)

    def _send_error(self, evidence, fatal):
        self._outbox.insert(0, bytes((T_ERROR, 1 if fatal else 0)) + evidence.encode())

    @classmethod
    def load(cls, data, link, clock, rng, store=None, gone_ms=GONE_MS, reveal_ms=REVEAL_MS):
        """The Duel saved in ``data``. Raises DuelError for bytes that are not a duel save."""
        try:
            return load_module("seabattle.duel.restore").load(cls, data, link, clock, rng, store, gone_ms, reveal_ms)
        finally:
            forget("seabattle.duel.restore")
