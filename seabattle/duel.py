"""One device's side of a two-device game: the conversation over a reliable channel.

A UI or a BLE adapter drives it with three calls::

    duel = Duel(link, clock, rng, role=HOST, name="Маша", rules=preset("classic"), store=save_fn)
    events = duel.poll()      # as often as the main loop runs; never blocks
    duel.set_fleet(fleet)     # after the ("hello", ...) event: rules are agreed now
    duel.fire(square)         # when duel.my_turn(); raises DuelError/ShotError, changing nothing

``poll()`` returns a list of event tuples (see ``EVENTS``). ``store(bytes)`` is called with the
state at the few points where it must be durable before the peer sees what depends on it (see
"Flash wear" below): after a reboot ``Duel.load(saved, link, clock, rng, store)`` continues the
same game.

The conversation (each message is one frame; see ``T_*``):

* every connection starts with SYNC: what each side already holds from the other, so either
  side resends exactly what the other lacks (after a disconnect or a reboot);
* HELLO: protocol version range, role, rules (the host's win), name;
* TOSS_C, CMT..., TOSS_R: commitment to a coin nonce, the fleet committed cell by cell, the nonce
  revealed. The nonces and both fleet commitments give the session id, who shoots first and
  the match code both screens show;
* SHOT / RESULT (+ PROOF): each answer carries the salt that opens the committed cell, a sunk
  answer names the ship and opens its halo; the shooter checks it on arrival;
* REVEAL / SHIPS after the game: the seed and the fleet, checked in full (seabattle.verify);
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

from seabattle import commit, rules as rules_mod
from seabattle.board import HIT, MISS, SUNK, Board, ShotError, View, check_square
from seabattle.channel import Channel
from seabattle.compat import const
from seabattle.evidence import Evidence, decode as decode_evidence
from seabattle.fleet import Fleet, Ship
from seabattle.verify import check_reveal, ship_cells

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

EVENTS = """
("hello", peer_name, rules)        the other device answered; rules agreed: place the fleet now
("code", "1234", my_turn_first)    coin tossed: show the match code; the game begins
("shot", square, answer, cells)    the opponent fired at my board (cells of a sunk ship or None)
("result", square, answer, cells)  the answer to my shot, verified
("over", i_won, reason)            reason: "sunk", "gone" or "cheat"
("verdict", findings)              after the reveal: [] = verified, else Evidence list
("refused", evidence)              a move from the other side was refused (not applied)
("error", evidence, from_peer)     the duel cannot go on (version, rules, desync, cheat)
("connected",) / ("disconnected",) / ("resumed",)
"""


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


def _random_bytes(rng, n):
    out = bytearray(n)
    for i in range(n):
        out[i] = rng.randrange(256)
    return bytes(out)


def _name_bytes(name):
    out = b""
    for ch in name:
        b = ch.encode("utf-8")
        if len(out) + len(b) > NAME_MAX:
            break
        out += b
    return out


class Duel:
    def __init__(self, link, clock, rng, role, name, rules, store=None, gone_ms=GONE_MS, reveal_ms=REVEAL_MS,
                 restoring=False):
        if role not in (HOST, GUEST):
            raise DuelError("role must be HOST or GUEST")
        if rules.cells > 256:
            raise DuelError("duels need a board of at most 256 cells", Evidence("rules"))
        self.link = link
        self.clock = clock
        self.rng = rng
        self.role = role
        self.name = _name_bytes(name)
        self.rules = rules
        self.store = store
        self.gone_ms = gone_ms
        self.reveal_ms = reveal_ms
        self.channel = Channel(link, clock)
        self.phase = SETUP
        self.peer_name = ""
        self.hello_in = False
        self.nonce = None if restoring else _random_bytes(rng, commit.NONCE)  # load() sets it
        self.peer_toss_c = None
        self.peer_nonce = None
        self.seed = None
        self.fleet = None
        self.board = None
        self.my_root = None
        self._salts = None
        self._cmt = None
        self.view = None
        self.peer_cmt = None
        self.peer_cmt_n = 0  # CMT messages received
        self.sid = 0
        self.first = -1  # role that shoots first
        self.code = None
        self.log = bytearray()  # 4 bytes a shot: (mine << 7 | answer, square, first, last)
        self.tags = bytearray()  # TAG bytes a shot: the peer's tag of its shots (zeros for mine)
        self.pending = -1  # my shot waiting for its answer
        self.turn_mine = False
        self.opened_peer = None  # cells of the opponent's board I know the value of
        self.opened_mine = None  # cells of my board the opponent knows
        self._wait = None  # a sunk answer waiting for its halo proofs
        self.peer_seed = None
        self.peer_ships = []
        self.peer_nships = -1
        self.won = None  # True / False once decided
        self.reason = None
        self.verdict = None
        self.peer_knows_sid = False
        self._toss_msg = 0
        self._up = False
        self._synced = False
        self._peer = None  # what the peer holds from me: [hello, toss_c, cmt, toss_r, log, reveal parts]
        self._outbox = []
        self._down_since = clock()
        self._over_at = 0
        self._foreign_seen = 0
        self._dirty = True  # changed since the last store()
        self._must = False  # store() in this poll, before anything is acknowledged or sent
        self.events = []
        self.stats = {"replays": 0, "refused": 0, "bad": 0, "resyncs": 0}

    # -- what the UI asks -----------------------------------------------------------------
    def my_turn(self):
        return self.phase == PLAY and self.turn_mine and self.pending < 0 and self._wait is None

    def chunks(self):
        return (self.rules.cells + PER_CMT - 1) // PER_CMT

    def set_fleet(self, fleet):
        """Commit to ``fleet`` (legal under the agreed rules). Raises FleetError/DuelError."""
        if not self.hello_in:
            raise DuelError("wait for the other device: the rules are not agreed yet")
        if self.fleet is not None:
            raise DuelError("the fleet is already committed")
        if fleet.rules != self.rules:
            raise DuelError("the fleet follows other rules than the duel's")
        fleet.validate()
        self.seed = _random_bytes(self.rng, commit.SEED)
        self.fleet = fleet
        self.board = Board(fleet)
        self._cmt = commit.fleet(self.salts(), fleet.owner)
        self.my_root = commit.sha256(self._cmt)
        self.opened_mine = bytearray(self.rules.cells)
        self._dirty = True

    def fire(self, square):
        """Shoot at ``square``. Raises DuelError (not my turn...) or ShotError (twice, off board)."""
        if self.phase != PLAY:
            raise DuelError("no game is being played", Evidence("desync", len(self.log) // 4))
        if not self.my_turn():
            raise DuelError("it is not your turn", Evidence("out_of_turn", square if isinstance(square, int) else -1))
        self.view.check(square)
        self.pending = square
        self._dirty = True

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
            self._connect()
        elif self._up and not up:
            self._down_since = now
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
            foreign = self.channel.stats[4]
            if foreign > self._foreign_seen:
                self._foreign_seen = foreign
                self._event(("refused", Evidence("foreign", foreign)))
        self._timers(now)
        if self._must:
            self._keep()
        if up and self._synced:
            self._pump()
        if up:
            self.channel.flush()
        out = self.events
        self.events = []
        return out

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

    def _connect(self):
        self.channel.reset()
        self._synced = False
        self._peer = None
        self._outbox = []
        self._wait = None
        self._toss_msg = 0
        self._set_session()
        self.channel.send(self._sync())
        self._event(("connected",))

    def _set_session(self):
        self.channel.accept = self.sid
        self.channel.session = self.sid if self.peer_knows_sid else 0
        self.channel.strict = self.peer_knows_sid and self.sid != 0

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
                self._event(("error", Evidence("gone"), False))
                if self.phase == PLAY:
                    self._decide(True, "gone")
                self._done()
        elif self.phase == OVER and self.verdict is None and now - self._over_at > self.reveal_ms:
            self.verdict = [Evidence("no_reveal")]
            self._done()
            self._event(("verdict", self.verdict))

    # -- sending: whatever the peer lacks ---------------------------------------------------
    def _sync(self):
        flags = (1 if self.hello_in else 0) | (2 if self.peer_toss_c else 0) | (4 if self.peer_nonce else 0)
        n = self.shots()
        rv = (1 if self.peer_seed is not None else 0) + (len(self.peer_ships) + PER_SHIPS - 1) // PER_SHIPS
        return bytes((T_SYNC, flags, self.peer_cmt_n, n >> 8, n & 0xFF, rv, self.sid >> 8, self.sid & 0xFF))

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
        if not p[0]:
            p[0] = 1
            self._outbox.append(self._hello())
            return
        if self.fleet is None or not self.hello_in:
            return
        if not p[1]:
            p[1] = 1
            self._keep()  # nonce, seed and fleet: durable before the peer holds commitments
            self._outbox.append(bytes((T_TOSS_C,)) + commit.toss(self.nonce))
            return
        if p[2] < self.chunks():
            k = p[2]
            p[2] = k + 1
            cmt = self.my_commitments()
            a = k * PER_CMT * commit.CMT
            self._outbox.append(bytes((T_CMT, k)) + cmt[a:a + PER_CMT * commit.CMT])
            return
        if self.peer_cmt_n < self.chunks() or self.peer_toss_c is None:
            return
        if not p[3]:
            p[3] = 1
            self._keep()  # the peer's commitments: durable before my nonce opens the toss
            self._outbox.append(bytes((T_TOSS_R,)) + self.nonce)
            return
        if self.phase == SETUP:
            return
        n = self.shots()
        if p[4] < n:  # the peer lacks shot k (after a reboot: maybe many): mine again, or my answer
            k = p[4]
            p[4] = k + 1
            mine, answer, sq, first, last = self._entry(k)
            if mine:
                self._outbox.append(bytes((T_SHOT, k >> 8, k & 0xFF, sq)) + self.tag(k, sq))
            else:
                self._answer(k)
            return
        if self.pending >= 0 and p[4] == n:
            p[4] = n + 1  # it will hold my shot
            self._outbox.append(bytes((T_SHOT, n >> 8, n & 0xFF, self.pending)) + self.tag(n, self.pending))
            return
        parts = 1 + (len(self.fleet.ships) + PER_SHIPS - 1) // PER_SHIPS
        if self.phase >= OVER and self.reason == "sunk" and p[5] < parts:
            p[5] = parts
            self._keep()  # the game decided, before my seed opens every salt
            ships = self.fleet.ships
            self._outbox.append(bytes((T_REVEAL,)) + self.seed + bytes((len(ships),)))
            for start in range(0, len(ships), PER_SHIPS):
                part = bytearray((T_SHIPS, start))
                for ship in ships[start:start + PER_SHIPS]:
                    part.append(ship.cells[0])
                    part.append(ship.cells[-1])
                self._outbox.append(bytes(part))

    def my_commitments(self):
        if self._cmt is None:
            self._cmt = commit.fleet(self.salts(), self.fleet.owner)
        return self._cmt

    def _hello(self):
        r = rules_mod.encode(self.rules)
        return bytes((T_HELLO, PROTO_MIN, PROTO_MAX, self.role, len(r))) + r + bytes((len(self.name),)) + self.name

    def _entry(self, k):
        e = self.log[4 * k:4 * k + 4]
        return e[0] >> 7, e[0] & 0x7F, e[1], e[2], e[3]

    def _answer(self, k):
        """RESULT (and PROOFs) for shot ``k``, which the peer fired at me."""
        mine, answer, sq, first, last = self._entry(k)
        if not self.rules.shoots_again(answer):
            self._keep()  # the turn passes: the peer must never fire this shot again elsewhere
        s = self.salts()
        msg = bytearray((T_RESULT, k >> 8, k & 0xFF, sq, answer))
        msg.extend(s[sq * commit.SALT:(sq + 1) * commit.SALT])
        if answer == SUNK:
            msg.append(first)
            msg.append(last)
        msg.extend(self.tags[k * TAG:(k + 1) * TAG])  # the peer's own tag: proves which cell it chose
        self._outbox.append(bytes(msg))
        if answer != SUNK:
            return
        need = self._halo_needed(ship_cells(self.rules, first, last), self._opened_before(k, 0))
        for i in range(0, len(need), PER_PROOF):
            part = bytearray((T_PROOF, k >> 8, k & 0xFF, i))
            for c in need[i:i + PER_PROOF]:
                part.extend(s[c * commit.SALT:(c + 1) * commit.SALT])
            self._outbox.append(bytes(part))

    def _opened_before(self, k, mine):
        """Cells of the board shot at by side ``mine`` whose value was opened by shots before k."""
        opened = bytearray(self.rules.cells)
        for i in range(k):
            m, answer, sq, first, last = self._entry(i)
            if m != mine:
                continue
            opened[sq] = 1
            if answer == SUNK:
                for c in self.rules.halo(ship_cells(self.rules, first, last)):
                    opened[c] = 1
        return opened

    def _halo_needed(self, cells, opened):
        return [c for c in self.rules.halo(cells) if not opened[c]]

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
            return self._on_sync(m)
        if t == T_ERROR:
            ev = decode_evidence(m[2:])
            if ev is None:
                ev = Evidence("desync", -1)
            if m[1]:
                self._event(("error", ev, True))
                self._done()
            else:
                self._event(("refused", ev))
            return
        if not self._synced:
            raise _Refuse(Evidence("desync", -1))
        if self.phase == DONE:
            return
        if t == T_HELLO:
            return self._on_hello(m)
        if t == T_TOSS_C:
            if self.peer_toss_c is None:
                if len(m) != 1 + commit.CMT:
                    raise ValueError("toss commitment")
                self.peer_toss_c = bytes(m[1:])
                self._dirty = True
            return
        if t == T_CMT:
            return self._on_cmt(m)
        if t == T_TOSS_R:
            return self._on_toss(m)
        if t == T_SHOT:
            return self._on_shot(m)
        if t == T_RESULT:
            return self._on_result(m)
        if t == T_PROOF:
            return self._on_proof(m)
        if t == T_REVEAL or t == T_SHIPS:
            return self._on_reveal(m)
        raise ValueError("unknown message")

    def _on_sync(self, m):
        if self._synced:
            raise _Refuse(Evidence("replay", -1))
        flags, cmt_n, n, rv, sid = m[1], m[2], (m[3] << 8) | m[4], m[5], (m[6] << 8) | m[7]
        if sid and self.sid and sid != self.sid:
            raise _Refuse(Evidence("no_game"), True)
        if self.peer_nonce is not None and not flags & 1:
            # the toss is done, so the peer stored my hello (and my commitments) before its
            # nonce went out: a device without it never played this duel (a lobby code met twice)
            raise _Refuse(Evidence("no_game"))
        # the shots either side lacks after a reboot are sent again in order (see _plan)
        # the peer holds: my hello, my toss commitment, cmt_n of my CMTs, my toss nonce, n shots
        self._peer = [flags & 1, flags & 2, cmt_n, flags & 4, n, rv]
        if flags & 4 and self.sid and not self.peer_knows_sid:
            self._learned_sid()
        self._synced = True
        self.stats["resyncs"] += 1
        self._event(("resumed",))

    def _on_hello(self, m):
        if self.hello_in:
            return
        low, high, role, rl = m[1], m[2], m[3], m[4]
        raw = m[5:5 + rl]
        nl = m[5 + rl]
        name = m[6 + rl:6 + rl + nl]
        if max(low, PROTO_MIN) > min(high, PROTO_MAX):
            raise _Refuse(Evidence("version", low, high), True)
        if role == self.role or role not in (HOST, GUEST):
            raise _Refuse(Evidence("roles"), True)
        if self.role == GUEST:
            try:
                r, _ = rules_mod.decode(raw)
            except ValueError:
                raise _Refuse(Evidence("rules"), True)
            if r.cells > 256:
                raise _Refuse(Evidence("rules"), True)
            if r != self.rules:
                self.rules = r
        try:
            self.peer_name = bytes(name).decode("utf-8")
        except (UnicodeError, ValueError):
            self.peer_name = "?"
        self.hello_in = True
        self.peer_cmt = bytearray(self.chunks() * PER_CMT * commit.CMT)
        self.view = View(self.rules)
        self.opened_peer = bytearray(self.rules.cells)
        self._dirty = True
        self._event(("hello", self.peer_name, self.rules))

    def _on_cmt(self, m):
        if not self.hello_in:
            raise _Refuse(Evidence("desync", -1), True)
        k = m[1]
        if k < self.peer_cmt_n:
            self.stats["replays"] += 1
            return
        size = PER_CMT * commit.CMT
        if k != self.peer_cmt_n or k >= self.chunks() or len(m) != 2 + size:
            raise _Refuse(Evidence("desync", -1), True)
        self.peer_cmt[k * size:(k + 1) * size] = m[2:]
        self.peer_cmt_n = k + 1
        self._dirty = True

    def _on_toss(self, m):
        if self.peer_nonce is not None:
            return
        nonce = bytes(m[1:])
        if self.peer_toss_c is None or self.peer_cmt_n < self.chunks() or len(nonce) != commit.NONCE:
            raise _Refuse(Evidence("desync", -1), True)
        if commit.toss(nonce) != self.peer_toss_c:
            raise _Refuse(Evidence("coin"), True)
        if self.fleet is None:
            raise _Refuse(Evidence("desync", -1), True)
        self.peer_nonce = nonce
        self._start()
        self._event(("code", self.code, self.turn_mine))

    def _start(self):
        """Both nonces known: session id, first shooter and match code; the game begins."""
        host_n, guest_n = (self.nonce, self.peer_nonce) if self.role == HOST else (self.peer_nonce, self.nonce)
        peer_root = commit.sha256(self.peer_cmt)
        host_r, guest_r = (self.my_root, peer_root) if self.role == HOST else (peer_root, self.my_root)
        d = commit.sha256(b"duel" + host_n + guest_n + host_r + guest_r)
        self.sid = ((d[0] << 8) | d[1]) or 1
        self.first = d[2] & 1
        self.code = "%04d" % (((d[3] << 24) | (d[4] << 16) | (d[5] << 8) | d[6]) % 10000)
        self.turn_mine = self.first == self.role
        self._cmt = None  # the peer holds them all now; recomputed if ever needed again
        self.phase = PLAY
        self._set_session()
        self._dirty = True
        self._must = True  # this poll acknowledges the peer's nonce: it will use the session

    def _on_shot(self, m):
        n, sq = (m[1] << 8) | m[2], m[3]
        mine = self.shots()
        if self.phase == SETUP:
            raise _Refuse(Evidence("desync", n), True)
        if n < mine:
            self.stats["replays"] += 1
            raise _Refuse(Evidence("replay", n))
        if n > mine:
            raise _Refuse(Evidence("desync", n), True)
        if self.phase != PLAY or self.turn_mine:
            raise _Refuse(Evidence("out_of_turn", sq))
        if not 0 <= sq < self.rules.cells:
            raise _Refuse(Evidence("shot_off"))
        if self.board.shots[sq]:
            raise _Refuse(Evidence("shot_twice", sq))
        if len(m) != 4 + TAG and len(m) != 4:  # no tag: a peer's loss if it ever needs it
            raise ValueError("shot")
        tag = bytes(m[4:])
        answer, index = self.board.fire(sq)
        cells = self.fleet.ships[index].cells if answer == SUNK else None
        self._apply(False, sq, answer, cells, tag=tag)

    def _on_result(self, m):
        n, sq, answer = (m[1] << 8) | m[2], m[3], m[4]
        mine = self.shots()
        if n < mine or self._wait is not None and self._wait[0] == n:
            self.stats["replays"] += 1
            return
        if self.phase != PLAY or n != mine or not self.turn_mine:
            raise _Refuse(Evidence("desync", n), True)
        salt = bytes(m[5:5 + commit.SALT])
        if len(salt) != commit.SALT or answer not in (MISS, HIT, SUNK):
            raise ValueError("result")
        if self.pending != sq:
            # a shot of mine I forgot in a reboot (my own shots are not saved): the peer's answer
            # must carry my tag of (n, sq), which it cannot make up
            base = 5 + commit.SALT + (2 if answer == SUNK else 0)
            if len(m) != base + TAG or bytes(m[base:]) != self.tag(n, sq) or not self.view.can_fire(sq):
                raise _Refuse(Evidence("desync", n), True)
            self.pending = sq
        value = 0 if answer == MISS else 1
        if not commit.opens(self.peer_cmt, sq, salt, value):
            if commit.opens(self.peer_cmt, sq, salt, 1 - value):
                raise _Refuse(Evidence("lie_miss" if value == 0 else "lie_hit", sq), True)
            raise _Refuse(Evidence("bad_proof", sq), True)
        if answer != SUNK:
            try:
                self.view.check(sq)
            except ShotError:
                raise _Refuse(Evidence("desync", n), True)
            self._apply(True, sq, answer, None)
            self._check_closed(sq)
            return
        first, last = m[5 + commit.SALT], m[6 + commit.SALT]
        cells = ship_cells(self.rules, first, last)
        bad = Evidence("bad_sunk", sq, first, last)
        if first >= self.rules.cells or last >= self.rules.cells or not self._straight(cells) or sq not in cells:
            raise _Refuse(bad, True)
        if len(cells) not in self.view.afloat:
            raise _Refuse(bad, True)
        for c in cells:
            if c != sq and self.view.cells[c] != HIT:
                raise _Refuse(bad, True)
        halo = self.rules.halo(cells)
        for c in halo:
            if self.view.cells[c] in (HIT, SUNK):
                raise _Refuse(Evidence("halo_ship", first, last, c), True)
        need = self._halo_needed(cells, self.opened_peer)
        if need:
            self._wait = [n, sq, cells, need, 0]
            return
        self._apply(True, sq, SUNK, cells)

    def _straight(self, cells):
        w = self.rules.width
        return cells[0] // w == cells[-1] // w or cells[0] % w == cells[-1] % w

    def _on_proof(self, m):
        n, k = (m[1] << 8) | m[2], m[3]
        w = self._wait
        if w is None or w[0] != n:
            if n < self.shots():
                self.stats["replays"] += 1
                return
            raise _Refuse(Evidence("desync", n), True)
        if k != w[4]:
            if k < w[4]:
                return
            raise _Refuse(Evidence("desync", n), True)
        need = w[3]
        body = m[4:]
        count = len(body) // commit.SALT
        if count == 0 or count > len(need) - k or len(body) != count * commit.SALT:
            raise ValueError("proof")
        cells = w[2]
        for i in range(count):
            c = need[k + i]
            salt = bytes(body[i * commit.SALT:(i + 1) * commit.SALT])
            if not commit.opens(self.peer_cmt, c, salt, 0):
                if commit.opens(self.peer_cmt, c, salt, 1):
                    raise _Refuse(Evidence("halo_ship", cells[0], cells[-1], c), True)
                raise _Refuse(Evidence("bad_proof", c), True)
        w[4] = k + count
        if w[4] == len(need):
            self._wait = None
            self._apply(True, w[1], SUNK, cells)

    def _check_closed(self, sq):
        """A run of hits walled in by known water is a sunk ship: answering "hit" there lied."""
        r = self.rules
        if r.touch == rules_mod.TOUCH_FREE:
            return  # ships may lie end to end: a walled run need not be one ship
        w = r.width
        x0, y0 = sq % w, sq // w
        for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            x, y = x0 + dx, y0 + dy
            if 0 <= x < w and 0 <= y < r.height and self.view.cells[y * w + x] == HIT:
                run = self._run(y * w + x)
                if run is not None:
                    raise _Refuse(Evidence("lie_not_sunk", y * w + x, run[0], run[-1]), True)

    def _run(self, sq):
        """The straight run of hits through ``sq`` if water or the edge walls it in, else None."""
        w = self.rules.width
        h, h_closed = self._extent(sq, 1, True)
        v, v_closed = self._extent(sq, w, False)
        if len(h) > 1 and len(v) > 1:
            return None  # not a straight ship: the reveal will tell
        if len(h) > 1:
            return sorted(h) if h_closed else None
        if len(v) > 1:
            return sorted(v) if v_closed else None
        return [sq] if h_closed and v_closed else None

    def _extent(self, sq, step, horizontal):
        r = self.rules
        w = r.width
        cells = self.view.cells
        run = [sq]
        closed = True
        for d in (step, -step):
            c = sq
            while True:
                n = c + d
                if n < 0 or n >= r.cells or (horizontal and n // w != c // w):
                    break
                if cells[n] == HIT:
                    run.append(n)
                    c = n
                    continue
                if not self._water(n):
                    closed = False
                break
        return run, closed

    def _water(self, sq):
        return self.view.cells[sq] in (MISS, 4)  # 4 == board.HALO

    def _on_reveal(self, m):
        # in PLAY too: a side whose fleet is all sunk in its own eyes reveals at once; if the
        # fleet had fewer ships than the rules, the check below says so
        if self.phase == SETUP or self.verdict is not None:
            return
        if m[0] == T_REVEAL:
            if self.peer_seed is None:
                if len(m) != 2 + commit.SEED:
                    raise ValueError("reveal")
                self.peer_seed = bytes(m[1:1 + commit.SEED])
                self.peer_nships = m[1 + commit.SEED]
        else:
            start = m[1]
            if self.peer_seed is None or start != len(self.peer_ships):
                return
            body = m[2:]
            for i in range(0, len(body) - 1, 2):
                self.peer_ships.append((body[i], body[i + 1]))
        self._dirty = True
        if self.peer_seed is not None and len(self.peer_ships) >= self.peer_nships:
            self._verify()

    def _verify(self):
        answers = []
        for k in range(self.shots()):
            mine, answer, sq, first, last = self._entry(k)
            if mine:
                answers.append((sq, answer, first, last))
        self.verdict = check_reveal(self.rules, self.peer_cmt, self.peer_seed, self.peer_ships[:self.peer_nships],
                                    answers)
        if self.phase == PLAY:  # revealed before losing: a cheat found, or a resignation
            self._decide(True, "cheat" if self.verdict else "resign")
        self._done()
        self._event(("verdict", self.verdict))
        if self.verdict:
            self._send_error(self.verdict[0], True)

    # -- applying a shot --------------------------------------------------------------------
    def _apply(self, mine, sq, answer, cells, live=True, tag=None):
        first = cells[0] if cells else NONE
        last = cells[-1] if cells else NONE
        if mine:
            self.view.record(sq, answer, cells)  # first: it may refuse, changing nothing
        self.log.extend(bytes(((0x80 if mine else 0) | answer, sq, first, last)))
        self.tags.extend(tag if tag and len(tag) == TAG else bytes(TAG))
        self.pending = -1  # a shot of the peer's: one of mine fired meanwhile (after a reboot) is void
        if mine:
            opened = self.opened_peer
        else:
            opened = self.opened_mine
        opened[sq] = 1
        if answer == SUNK:
            for c in self.rules.halo(cells):
                opened[c] = 1
        if not self.rules.shoots_again(answer):
            self.turn_mine = not self.turn_mine
        if not live:
            return
        self._dirty = True
        self._event(("result" if mine else "shot", sq, answer, cells))
        if self.view.defeated():
            self._decide(True, "sunk")
        elif self.board.defeated():
            self._decide(False, "sunk")

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

    @staticmethod
    def peek(data):
        """(role, phase, peer name, fleet placed) of a saved duel without loading it (for the
        title menu). Raises DuelError for bytes that are not a duel save."""
        from seabattle.crc import crc32

        if len(data) < 12 or bytes(data[:4]) != b"SBD\x02":
            raise DuelError("not a saved duel")
        c = crc32(memoryview(data)[:-4])
        if bytes(data[-4:]) != bytes((c >> 24, (c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF)):
            raise DuelError("the saved duel is damaged (CRC)")
        try:
            i = 8 + data[7]
            peer = bytes(data[i + 1:i + 1 + data[i]]).decode("utf-8")
        except (IndexError, ValueError):
            raise DuelError("the saved duel cannot be read")
        return data[4], data[5], peer, bool(data[6] & 4)

    @classmethod
    def load(cls, data, link, clock, rng, store=None, gone_ms=GONE_MS, reveal_ms=REVEAL_MS):
        """The Duel saved in ``data``. Raises DuelError for bytes that are not a duel save."""
        from seabattle.crc import crc32

        if len(data) < 12 or bytes(data[:4]) != b"SBD\x02":
            raise DuelError("not a saved duel")
        body = memoryview(data)[:-4]
        c = crc32(body)
        if bytes(data[-4:]) != bytes((c >> 24, (c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF)):
            raise DuelError("the saved duel is damaged (CRC)")
        try:
            return cls._load(data, link, clock, rng, store, gone_ms, reveal_ms)
        except (IndexError, ValueError) as err:
            raise DuelError("the saved duel cannot be read: %s" % (err,))

    @classmethod
    def _load(cls, data, link, clock, rng, store, gone_ms, reveal_ms):
        i = 4
        role, phase, flags, nl = data[i], data[i + 1], data[i + 2], data[i + 3]
        i += 4
        name = bytes(data[i:i + nl]).decode("utf-8")
        i += nl
        pl = data[i]
        peer_name = bytes(data[i + 1:i + 1 + pl]).decode("utf-8")
        i += 1 + pl
        r, i = rules_mod.decode(data, i)
        d = cls(link, clock, rng, role, name, r, store, gone_ms, reveal_ms, True)
        d.peer_name = peer_name
        d.nonce = bytes(data[i:i + commit.NONCE])
        i += commit.NONCE
        if flags & 8:
            d.peer_toss_c = bytes(data[i:i + commit.CMT])
            i += commit.CMT
        if flags & 16:
            d.peer_nonce = bytes(data[i:i + commit.NONCE])
            i += commit.NONCE
        if flags & 1:
            d.hello_in = True
            d.peer_cmt = bytearray(d.chunks() * PER_CMT * commit.CMT)
            d.view = View(r)
            d.opened_peer = bytearray(r.cells)
        if flags & 4:
            d.seed = bytes(data[i:i + commit.SEED])
            d.my_root = bytes(data[i + commit.SEED:i + commit.SEED + 32])
            i += commit.SEED + 32
            count = data[i]
            i += 1
            ships = []
            for _ in range(count):
                ships.append(Ship(ship_cells(r, data[i], data[i + 1])))
                i += 2
            d.fleet = Fleet(r, ships)
            d.board = Board(d.fleet)
            d.opened_mine = bytearray(r.cells)
        d.peer_cmt_n = data[i]
        i += 1
        size = d.peer_cmt_n * PER_CMT * commit.CMT
        if size:
            d.peer_cmt[:size] = data[i:i + size]
            i += size
        n = (data[i] << 8) | data[i + 1]
        i += 2
        log = bytes(data[i:i + 4 * n])
        i += 4 * n
        tags = bytes(data[i:i + TAG * n])
        i += TAG * n
        pending = -1 if data[i] == NONE else data[i]
        won, reason = data[i + 1], data[i + 2]
        i += 3
        if flags & 32:
            d.peer_seed = bytes(data[i:i + commit.SEED])
            d.peer_nships = data[i + commit.SEED]
            count = data[i + commit.SEED + 1]
            i += commit.SEED + 2
            for _ in range(count):
                d.peer_ships.append((data[i], data[i + 1]))
                i += 2
        d.peer_knows_sid = bool(flags & 2)
        if d.peer_nonce is not None:
            d._start()
        for k in range(n):
            e = log[4 * k:4 * k + 4]
            mine, answer, sq = e[0] >> 7, e[0] & 0x7F, e[1]
            cells = ship_cells(r, e[2], e[3]) if answer == SUNK else None
            if not mine:
                d.board.fire(sq)
            d._apply(bool(mine), sq, answer, cells, False, tags[TAG * k:TAG * k + TAG])
        d.pending = pending
        d.phase = phase
        if won != NONE:
            d.won = bool(won)
            d.reason = REASONS[reason]
        d._over_at = clock()
        d._dirty = False  # what was loaded is what is stored
        if d.phase in (OVER, DONE) and d.peer_seed is not None and len(d.peer_ships) >= d.peer_nships:
            d._verify()  # stores DONE at the first poll if it was saved OVER
            d.events = []
        return d
