"""One device's side of a two-device game: the conversation over a reliable channel.

A UI or a BLE adapter drives it with three calls::

    duel = Duel(link, clock, rng, role=HOST, name="Маша", rules=preset("classic"), store=save_fn)
    events = duel.poll()      # as often as the main loop runs; never blocks
    duel.set_fleet(fleet)     # after the ("hello", ...) event: rules are agreed now
    duel.fire(square)         # when duel.my_turn(); raises DuelError/ShotError, changing nothing

``poll()`` returns a list of event tuples (the comment "The events" below lists them).
``store(bytes)`` is called with the state at the few points where it must be durable before the
peer sees what depends on it (see "Flash wear" below): after a reboot ``Duel.load(saved, link,
clock, rng, store)`` continues the same game.

The conversation (each message is one frame; see ``T_*``):

* every connection starts with SYNC: what each side already holds from the other, so either
  side resends exactly what the other lacks (after a disconnect or a reboot);
* HELLO: protocol version range, role, rules (the host's win), name;
* TOSS_C, CMT..., TOSS_R: commitment to a coin nonce, the fleet committed cell by cell, the nonce
  revealed. The nonces and both fleet commitments give the session id, who shoots first and
  the match code both screens show;
* SHOT / RESULT (+ PROOF): each answer carries the salt that opens the committed cell, a sunk
  answer names the ship and opens its halo; the shooter checks it on arrival;
* REVEAL / SHIPS after the game: the seed and the fleet, checked in full (seabattle.duel.verify);
* ERROR: a refused move or a cheat, with evidence.

Flash wear: on a board every ``store`` is one nvm write, one flash page erase. The state is
kept only where forgetting it would let the peer change the game, never for what the peer
simply sends again after a reconnect (the SYNC says what each side holds):

* before TOSS_C and the first CMT: my coin nonce, seed and fleet. Forgotten, I would commit
  to a new fleet or coin after the peer has the old commitments;
* before TOSS_R (my nonce revealed): the peer's coin commitment and all its cell commitments,
  so it can never swap them once the toss can be computed;
* when the toss is complete (both nonces: session id, first shooter): the peer learns from
  this poll's acknowledgement that I know the session and stops accepting session 0;
* before answering a shot of the peer's that passes the turn ("Мимо!"): forgotten, the peer
  could fire that shot again at another cell with the answer in hand, a free shot. A hit or a
  sunk answer keeps the peer shooting, so a peer firing it again elsewhere gains nothing: after
  a reboot it re-sends its shots (SHOT k) and I answer them again from my board;
* my own shots need no save: each SHOT carries a TAG, a MAC of (shot number, cell) under my
  secret seed, echoed in the RESULT. A peer answering a shot I forgot proves with the tag which
  cell I chose; it cannot make one up without my seed (revealed only after the game);
* before REVEAL (the game decided) and when the duel is done (so it is not offered again).

So a board writes about once per turn of its own plus five or six times a duel, instead of
before every message. The logs of two boards may then differ by many shots after a reboot:
the side ahead re-sends them in order (SHOT for its own, RESULT with the tag for the other's).
"""

from seabattle import rules as rules_mod
from seabattle.duel import commit
from seabattle.board import Board  # noqa: F401  (doubles.duelsim's cheats take it from here)
from seabattle.compat import const, forget, load_module

PROTO_MIN = const(1)
PROTO_MAX = const(1)
HOST = const(0)
GUEST = const(1)

SETUP = const(0)  # hello, commitments, coin toss
PLAY = const(1)
OVER = const(2)  # the game is decided; fleets being revealed
DONE = const(3)  # verdict known, or stopped by an error / a vanished player

T_SYNC = const(1)
T_HELLO = const(2)
T_TOSS_C = const(3)
T_CMT = const(4)
T_TOSS_R = const(5)
T_SHOT = const(6)
T_RESULT = const(7)
T_PROOF = const(8)
T_REVEAL = const(9)
T_SHIPS = const(10)
T_ERROR = const(11)

PER_CMT = const(2)  # commitments per CMT message
PER_PROOF = const(4)  # salts per PROOF message
PER_SHIPS = const(16)  # ships per SHIPS message
TAG = const(4)  # bytes of a shot's tag (see "Flash wear")
NAME_MAX = const(12)  # bytes of a player's name on the wire
NONE = const(255)

REASONS = ("sunk", "gone", "cheat", "resign")
GONE_MS = const(120000)
REVEAL_MS = const(60000)

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


def finding(kind, *args, error=None):
    """A finding (seabattle.duel.evidence.Evidence), its module loaded now: a duel that goes well
    needs none, and on a board every module loaded costs heap (the phases' modules make theirs
    here too)."""
    from seabattle.duel.evidence import Evidence

    return Evidence(kind, *args, error=error)


class DuelError(ValueError):
    """A local call that is not allowed now (``evidence`` says why); nothing changed."""

    def __init__(self, message, evidence=None):
        super().__init__(message)
        self.evidence = evidence


class _Refuse(Exception):
    """Raised inside message handlers: refuse the message, keep the game."""

    def __init__(self, evidence, fatal=False):
        super().__init__(evidence.kind)
        self.evidence = evidence
        self.fatal = fatal


# The code of each phase is a module of its own, loaded (seabattle.compat.load_module) when the phase
# needs it and dropped when it is over (on a board every module loaded keeps its code in the
# heap, and compiling one from source needs room in proportion to its size):
# seabattle.duel.setup (hello, commitments, coin toss), .shots (shots and answers), .reveal (the
# fleets revealed and checked), .restore (reading a saved duel), .state (a new duel's state: held
# while it is made), .sync (a connection's start: held until both sides said what they hold).
# This module keeps the state, the channel while the link is up, the routing of messages and
# saving.
PARTS = ("seabattle.duel.setup", "seabattle.duel.shots", "seabattle.duel.reveal")  # by phase: SETUP, PLAY, OVER


def ship_cells(rules, first, last):
    """The cells of the straight ship from ``first`` to ``last`` (as sent on the wire): the
    shots', the halos' and the reveal's, so the battle holds it and not seabattle.duel.verify.

    Two squares in neither one row nor one column give just those two (a bent ship)."""
    width = rules.width
    if first > last:
        first, last = last, first
    if first // width == last // width:
        return list(range(first, last + 1))
    if first % width == last % width:
        return list(range(first, last + 1, width))
    return [first, last]


def _random_bytes(rng, n):
    out = bytearray(n)
    for i in range(n):
        out[i] = rng.randrange(256)
    return bytes(out)


def _name_bytes(name):
    out = b""
    for i in range(len(name)):
        b = name[i:i + 1].encode("utf-8")  # a slice: iterating a str interns each letter on MicroPython
        if len(out) + len(b) > NAME_MAX:
            break
        out += b
    return out


class Duel:
    def __init__(self, link, clock, rng, role, name, rules, store=None, gone_ms=GONE_MS, reveal_ms=REVEAL_MS,
                 restoring=False):
        """The duel's state: its fields are set (and described) in seabattle.duel.state.init."""
        try:
            load_module("seabattle.duel.state").init(self, link, clock, rng, role, name, rules, store, gone_ms, reveal_ms, restoring)
        finally:
            forget("seabattle.duel.state")  # made once: the set-up's screens need not hold it

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
        message loads its module again: correct, only slower), and every one of them while the
        link is down: then only the timers run, and the link finding its peer again needs the
        room (the resumed conversation loads the phase's module again). Nor the channel while
        the link is down (Duel.channel is None then): seabattle.duel.sync makes a new one, and
        loads its modules again, when the link is up."""
        now = self.phase if self._up else -1
        for i in range(3):
            if i != now:
                forget(PARTS[i])
        if now != OVER:
            forget("seabattle.duel.verify")  # the reveal's check (duel_end)
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

    def tag(self, n, sq):
        """The tag of my shot ``n`` at ``sq``: only my seed makes it (see "Flash wear")."""
        return commit.sha256(b"shot" + self.seed + bytes((n >> 8, n & 0xFF, sq)))[:TAG]

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
        if p[4] < n:  # the peer lacks shot k (after a reboot: maybe many): mine again, or my answer
            k = p[4]
            p[4] = k + 1
            e = self.log[4 * k:4 * k + 4]
            if e[0] >> 7:
                self._outbox.append(bytes((T_SHOT, k >> 8, k & 0xFF, e[1])) + self.tag(k, e[1]))
            else:
                self._answer(k)
            return
        if self.pending >= 0 and p[4] == n:
            p[4] = n + 1  # it will hold my shot
            self._outbox.append(bytes((T_SHOT, n >> 8, n & 0xFF, self.pending)) + self.tag(n, self.pending))
            return
        if self.phase >= OVER and self.reason == "sunk":
            load_module("seabattle.duel.reveal").plan(self)  # my fleet revealed, if the peer lacks it

    def _entry(self, k):
        e = self.log[4 * k:4 * k + 4]
        return e[0] >> 7, e[0] & 0x7F, e[1], e[2], e[3]

    def _answer(self, k):
        """RESULT (and PROOFs) for shot ``k``, which the peer fired at me."""
        load_module("seabattle.duel.shots").answer(self, k)

    def _opened_before(self, k, mine):
        return load_module("seabattle.duel.shots").opened_before(self, k, mine)

    def _halo_needed(self, cells, opened):
        return load_module("seabattle.duel.shots").halo_needed(self, cells, opened)

    def _send_error(self, evidence, fatal):
        self._outbox.insert(0, bytes((T_ERROR, 1 if fatal else 0)) + evidence.encode())

    # -- receiving --------------------------------------------------------------------------
    def _receive(self, m):
        try:
            self._dispatch(m)
        except _Refuse as r:
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
            self._flush_errors()

    def _flush_errors(self):
        while self._outbox and self.channel.room() > 0:
            self.channel.send(self._outbox.pop(0))

    def _dispatch(self, m):
        t = m[0]
        if t == T_SYNC:
            if self._synced:
                raise _Refuse(finding("replay", -1))
            return load_module("seabattle.duel.sync").on_sync(self, m)
        if t == T_ERROR:
            from seabattle.duel.evidence import decode

            ev = decode(m[2:])
            if ev is None:
                ev = finding("desync", -1)
            if m[1]:
                self._event(("error", ev, True))
                self._done()
            else:
                self._event(("refused", ev))
            return
        if not self._synced:
            raise _Refuse(finding("desync", -1))
        if self.phase == DONE:
            return
        if T_HELLO <= t <= T_TOSS_R:  # the set-up's messages
            if self.phase != SETUP:  # all agreed already: only a repeat (seabattle.duel.setup)
                if t == T_CMT and m[1] >= self.peer_cmt_n:
                    raise _Refuse(finding("desync", -1), True)
                if t == T_CMT:
                    self.stats["replays"] += 1
                return
            s = load_module("seabattle.duel.setup")
            if t == T_HELLO:
                return s.on_hello(self, m)
            if t == T_TOSS_C:
                return s.on_toss_c(self, m)
            if t == T_CMT:
                return s.on_cmt(self, m)
            return s.on_toss(self, m)
        if t == T_SHOT:
            return load_module("seabattle.duel.shots").on_shot(self, m)
        if t == T_RESULT:
            return load_module("seabattle.duel.shots").on_result(self, m)
        if t == T_PROOF:
            return load_module("seabattle.duel.shots").on_proof(self, m)
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
        """The state as bytes (see ``load``): enough to continue the same game after a reboot.

        Built in one preallocated buffer: on a board the save happens about once a turn, and a
        growing bytearray would fragment a small heap."""
        flags = 0
        for bit, on in ((1, self.hello_in), (2, self.peer_knows_sid), (4, self.fleet is not None),
                        (8, self.peer_toss_c is not None), (16, self.peer_nonce is not None),
                        (32, self.peer_seed is not None)):
            if on:
                flags |= bit
        pn = _name_bytes(self.peer_name)
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
        out[i] = c >> 24
        out[i + 1] = (c >> 16) & 0xFF
        out[i + 2] = (c >> 8) & 0xFF
        out[i + 3] = c & 0xFF
        return out

    @classmethod
    def load(cls, data, link, clock, rng, store=None, gone_ms=GONE_MS, reveal_ms=REVEAL_MS):
        """The Duel saved in ``data``. Raises DuelError for bytes that are not a duel save."""
        try:
            return load_module("seabattle.duel.restore").load(cls, data, link, clock, rng, store, gone_ms, reveal_ms)
        finally:
            forget("seabattle.duel.restore")
