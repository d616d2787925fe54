"""Two computer players duel over the link simulator: for the tests, the benchmark and a demo.

``Match(seed, ...)`` builds a host and a guest ``Duel`` on one ``LinkSim``; ``run()`` plays until
both are done. Random shooters (fast: what is being tested is the conversation, not the aim).
``CHEATS`` are Duel subclasses that break the rules in one way each, to prove they are caught.
"""

from seabattle.duel import commit
from seabattle.duel import protocol as D
from seabattle.duel import wire as W
from doubles import linksim
from seabattle.board import HIT, MISS, SUNK, UNKNOWN, Board
from seabattle.fleet import Fleet, Ship
from seabattle.placement import random_fleet
from seabattle.rules import CLASSIC


def random_shot(view, rng):
    """A random cell never fired at and not known to be water."""
    cells = view.cells
    n = rng.randrange(len(cells))
    for i in range(len(cells)):
        sq = (n + i) % len(cells)
        if cells[sq] == UNKNOWN:
            return sq
    for sq in range(len(cells)):
        if view.can_fire(sq):
            return sq
    return -1


class Match:
    def __init__(self, seed, rules=CLASSIC, loss=0.0, dup=0.0, delay=(5, 40), corrupt=0.0, drop=0.0,
                 tick=10, cheat=None, cheat_side=1, save=False, gone_ms=D.GONE_MS, reveal_ms=D.REVEAL_MS):
        self.clock = linksim.Clock()
        self.sim = linksim.LinkSim(self.clock, seed=seed, loss=loss, dup=dup, delay=delay, corrupt=corrupt,
                                   drop=drop)
        self.tick = tick
        self.seed = seed
        self.rngs = (linksim.XorShift(seed * 7 + 1), linksim.XorShift(seed * 7 + 2))  # nonces, seeds
        self.placers = (linksim.XorShift(seed * 7 + 3), linksim.XorShift(seed * 7 + 4))
        self.saved = [None, None]
        self.saves = [0, 0]
        self.gone_ms = gone_ms
        self.reveal_ms = reveal_ms
        self.events = ([], [])
        self.hashes = [[0, 0], [0, 0]]  # per side: hash calls, compression blocks
        self.play_bytes = None
        self.over_bytes = None
        self._old_bytes = 0
        self.duels = [None, None]
        for side in (0, 1):
            cls = CHEATS[cheat] if cheat and side == cheat_side else D.Duel
            store = self._store(side) if save else None
            self.duels[side] = cls(self.sim.ends[side], self.clock, self.rngs[side], side,
                                   ("Хозяин", "Гость")[side], rules, store, gone_ms, reveal_ms)

    def _store(self, side):
        def store(data):
            self.saved[side] = data
            self.saves[side] += 1
        return store

    def step(self):
        count = commit.COUNT
        for side in (0, 1):
            d = self.duels[side]
            calls, blocks = count[0], count[1]
            self._side_step(side, d)
            self.hashes[side][0] += count[0] - calls
            self.hashes[side][1] += count[1] - blocks
        if self.play_bytes is None and self.duels[0].phase >= D.PLAY and self.duels[1].phase >= D.PLAY:
            self.play_bytes = self.bytes()
        if self.over_bytes is None and self.duels[0].won is not None and self.duels[1].won is not None:
            self.over_bytes = self.bytes()
        self.clock.tick(self.tick)

    def bytes(self):
        """Bytes both devices have written to the link so far."""
        return self.duels[0].channel_stats[1] + self.duels[1].channel_stats[1] + self._old_bytes

    def _side_step(self, side, d):
        if True:
            for ev in d.poll():
                if ev[0] not in ("shot", "result", "connected", "disconnected", "resumed"):
                    self.events[side].append(ev)  # the rest only: a small heap keeps them
            if d.hello_in and d.fleet is None and d.phase == D.SETUP:  # after ("hello", ...)
                d.set_fleet(random_fleet(d.rules, self.placers[side], 0))
            if d.my_turn():
                # the shot depends only on the seed and the shot number, so a game replays
                # the same however the link and the reboots shuffle the timing
                d.fire(random_shot(d.view, linksim.XorShift(self.seed * 1009 + d.shots() * 2 + side)))

    def done(self):
        return self.duels[0].phase == D.DONE and self.duels[1].phase == D.DONE

    def run(self, limit_ms=3600000, side=None):
        """Step until both sides are done, or only ``side`` if given (or ``limit_ms`` of simulated
        time); returns done()."""
        end = self.clock() + limit_ms
        while self.clock() < end and not (self.done() if side is None else self.duels[side].phase == D.DONE):
            self.step()
        return self.done()

    def reboot(self, side, saved=None):
        """Device ``side`` restarts from its last save (or ``saved``); the connection drops."""
        data = saved if saved is not None else self.saved[side]
        old = self.duels[side]
        self._old_bytes += old.channel_stats[1]
        self.sim.disconnect()
        self.duels[side] = type(old).load(data, self.sim.ends[side], self.clock, self.rngs[side],
                                          old.store, self.gone_ms, self.reveal_ms)

    def agree(self):
        """None if both logs tell the same game and a clean verdict, else what differs."""
        a, b = self.duels
        if a.shots() != b.shots():
            return "shots %d != %d" % (a.shots(), b.shots())
        for k in range(a.shots()):
            ea = a._entry(k)
            eb = b._entry(k)
            if ea[0] == eb[0] or ea[1:] != eb[1:]:
                return "shot %d: %r != %r" % (k, ea, eb)
        if a.won is None or b.won is None or a.won == b.won:
            return "winner: %r %r" % (a.won, b.won)
        if a.verdict != [] or b.verdict != []:
            return "verdict: %r %r" % (a.verdict, b.verdict)
        for d, other in ((a, b), (b, a)):
            fired = 0
            for k in range(other.shots()):
                if other._entry(k)[0]:
                    fired += 1
            if sum(d.board.shots) != fired:
                return "a shot applied twice"
        return None


# -- cheats: each overrides one honest behaviour ---------------------------------------------

class _Liar(D.Duel):
    """Rewrites its answers: ``lie(answer_msg)`` returns the message to send instead."""

    done_lying = False
    once = True  # lie at the first chance only

    def _answer(self, k):
        before = len(self._outbox)
        D.Duel._answer(self, k)
        msg = self._outbox[before]
        new = None if self.done_lying else self.lie(k, msg)
        if new is not None:
            self.done_lying = self.once
            del self._outbox[before:]
            for m in new:
                self._outbox.append(m)


class LieMiss(_Liar):
    def lie(self, k, msg):
        if msg[4] != MISS:
            return [msg[:4] + bytes((MISS,)) + msg[5:5 + commit.SALT]]


class LieHit(_Liar):
    def lie(self, k, msg):
        if msg[4] == MISS:
            return [msg[:4] + bytes((HIT,)) + msg[5:]]


class HideSunk(_Liar):
    """Answers "hit" whenever a ship sinks."""

    once = False

    def lie(self, k, msg):
        if msg[4] == SUNK:
            return [msg[:4] + bytes((HIT,)) + msg[5:5 + commit.SALT]]


class FakeSunk(_Liar):
    """Answers "sunk" for the first hit on a ship of two or more decks."""

    def lie(self, k, msg):
        if msg[4] == HIT:
            sq = msg[3]
            out = [msg[:4] + bytes((SUNK,)) + msg[5:5 + commit.SALT] + bytes((sq, sq))]
            from seabattle.duel import shots  # (a phase's module: loaded while it is needed)

            need = shots.halo_needed(self, [sq], shots.opened_before(self, k, 0))
            s = self.salts()
            for i in range(0, len(need), W.PER_PROOF):
                part = bytearray((W.T_PROOF, k >> 8, k & 0xFF, i))
                for c in need[i:i + W.PER_PROOF]:
                    part.extend(s[c * commit.SALT:(c + 1) * commit.SALT])
                out.append(bytes(part))
            return out


class BadSalt(_Liar):
    def lie(self, k, msg):
        bad = bytearray(msg)
        bad[6] ^= 0x55
        return [bytes(bad)]


class _BadFleet(D.Duel):
    def set_fleet(self, fleet):
        ships = self.spoil([list(s.cells) for s in fleet.ships])
        bad = Fleet(self.rules, [Ship(c) for c in ships])
        self.seed = W.random_bytes(self.rng, commit.SEED)
        self.fleet = bad
        self.board = Board(bad)
        self._cmt = commit.fleet(self.salts(), bad.owner)
        self.my_root = commit.sha256(self._cmt)
        self.opened_mine = bytearray(self.rules.cells)
        self._dirty = True


class MissingShip(_BadFleet):
    def spoil(self, ships):
        return ships[:-1]


class Touching(_BadFleet):
    """Moves the last one-decker corner to corner with another ship."""

    def spoil(self, ships):
        w = self.rules.width
        kept = ships[:-1]
        for ship in kept:
            for sq in ship:
                for n in (sq - w - 1, sq - w + 1, sq + w - 1, sq + w + 1):
                    if 0 <= n < self.rules.cells and abs(n % w - sq % w) == 1 and self._clear(n, ship, kept):
                        return kept + [[n]]
        return ships

    def _clear(self, n, ship, kept):
        w = self.rules.width
        for c in kept:
            for t in c:
                dx = abs(t % w - n % w)
                dy = abs(t // w - n // w)
                if dx <= 1 and dy <= 1 and (c is not ship or dx == 0 or dy == 0):
                    return False
        return True


class Bent(_BadFleet):
    """The four-decker gets a kink: three in a line and the fourth beside the end."""

    def spoil(self, ships):
        four = sorted(ships[0])
        w = self.rules.width
        step = four[1] - four[0]
        last = four[2]
        side = w if step == 1 else 1
        kink = last + side if (last + side) < self.rules.cells and (step == 1 or (last % w) < w - 1) else last - side
        return [four[:3] + [kink]] + ships[1:]


class WrongSeed(D.Duel):
    def _plan(self):
        D.Duel._plan(self)
        for i in range(len(self._outbox)):
            if self._outbox[i][0] == W.T_REVEAL:
                m = bytearray(self._outbox[i])
                m[1] ^= 1
                self._outbox[i] = bytes(m)


class NoReveal(D.Duel):
    def _plan(self):
        D.Duel._plan(self)
        self._outbox = [m for m in self._outbox if m[0] not in (W.T_REVEAL, W.T_SHIPS)]


class Coin(D.Duel):
    def _plan(self):
        D.Duel._plan(self)
        for i in range(len(self._outbox)):
            if self._outbox[i][0] == W.T_TOSS_R:
                m = bytearray(self._outbox[i])
                m[1] ^= 1
                self._outbox[i] = bytes(m)


class OutOfTurn(D.Duel):
    """Fires once while the other side is shooting (the message goes out anyway)."""

    tried = False

    def _plan(self):
        D.Duel._plan(self)
        if not self.tried and self.phase == D.PLAY and not self.turn_mine and self.pending < 0 \
                and self._peer[4] == self.shots() and not self._outbox:
            self.tried = True
            n = self.shots()
            for sq in range(self.rules.cells):
                if self.view.can_fire(sq):
                    self._outbox.append(bytes((W.T_SHOT, n >> 8, n & 0xFF, sq)))
                    return


CHEATS = {
    "lie_miss": LieMiss,
    "lie_hit": LieHit,
    "hide_sunk": HideSunk,
    "fake_sunk": FakeSunk,
    "bad_salt": BadSalt,
    "missing_ship": MissingShip,
    "touching": Touching,
    "bent": Bent,
    "wrong_seed": WrongSeed,
    "no_reveal": NoReveal,
    "coin": Coin,
    "out_of_turn": OutOfTurn,
}
# what the honest side must find for each cheat
EXPECT = {
    "lie_miss": ("lie_miss",),
    "lie_hit": ("lie_hit",),
    "hide_sunk": ("lie_not_sunk",),
    "fake_sunk": ("halo_ship", "bad_sunk"),
    "bad_salt": ("bad_proof",),
    "missing_ship": ("fleet", "no_reveal"),
    "touching": ("fleet", "halo_ship"),
    "bent": ("bad_sunk", "fleet", "reveal_mismatch", "lie_not_sunk", "halo_ship"),
    "wrong_seed": ("reveal_mismatch",),
    "no_reveal": ("no_reveal",),
    "coin": ("coin",),
    "out_of_turn": ("out_of_turn",),
}
