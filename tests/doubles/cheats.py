"""Duels that break the rules, each in one way (a modified board, as a hostile peer would make
one): Duel subclasses that override one honest behaviour, for doubles.duelsim.Match's ``cheat``,
the tests and ``python -m tools.bench duel --cheat KIND``. ``EXPECT`` is what the honest side must
find for each; a module of its own, loaded only by a match with a cheat (on MicroPython the
portable suite runs the honest duels in a small heap).
"""

from seabattle.duel import commit
from seabattle.duel import protocol as D
from seabattle.duel import wire as W
from seabattle.board import HIT, MISS, SUNK, Board
from seabattle.fleet import Fleet, Ship


class _Liar(D.Duel):
    """Rewrites its answers: ``lie(answer_msg)`` returns the message to send instead."""

    done_lying = False
    once = True  # lie at the first chance only
    told = False  # a lie went out (a game may end before its chance comes)

    def _answer(self, k):
        before = len(self._outbox)
        D.Duel._answer(self, k)
        msg = self._outbox[before]
        new = None if self.done_lying else self.lie(k, msg)
        if new is not None:
            self.told = True
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
            return [msg[:4] + bytes((SUNK,)) + msg[5:5 + commit.SALT] + bytes((sq, sq))] + _ring_proofs(self, k, [sq])


class SunkEarly(_Liar):
    """Answers «Убил!» on the second hit of a longer ship, naming the two hit decks as the whole
    ship, with the proofs of that short ship's ring (none under rules without rings of water)."""

    def lie(self, k, msg):
        if msg[4] != HIT:
            return None
        sq = msg[3]
        for ship in self.fleet.ships:
            hit = [c for c in ship.cells if self.board.shots[c]]
            if sq in ship.cells and len(hit) == 2 < len(ship.cells) and abs(ship.cells.index(hit[0])
                                                                            - ship.cells.index(hit[1])) == 1:
                return [msg[:4] + bytes((SUNK,)) + msg[5:5 + commit.SALT] + bytes((hit[0], hit[1]))] + \
                    _ring_proofs(self, k, hit)
        return None


def _ring_proofs(d, k, cells):
    """PROOF messages opening the ring of ``cells`` as an honest sunk answer to shot ``k`` would."""
    from seabattle.duel import shots  # (a phase's module: loaded while it is needed)

    need = shots.halo_needed(d, cells, shots.opened_before(d, k, 0))
    s = d.salts()
    out = []
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


def _flip(outbox, kind):
    """Flip a bit of the first byte after the type in each ``kind`` message waiting in ``outbox``."""
    for i in range(len(outbox)):
        if outbox[i][0] == kind:
            m = bytearray(outbox[i])
            m[1] ^= 1
            outbox[i] = bytes(m)


class WrongSeed(D.Duel):
    def _plan(self):
        D.Duel._plan(self)
        _flip(self._outbox, W.T_REVEAL)


class NoReveal(D.Duel):
    def _plan(self):
        D.Duel._plan(self)
        self._outbox = [m for m in self._outbox if m[0] not in (W.T_REVEAL, W.T_SHIPS)]


class Coin(D.Duel):
    def _plan(self):
        D.Duel._plan(self)
        _flip(self._outbox, W.T_TOSS_R)


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


class _NoClock(D.Duel):
    """A modified board keeps no turn clock of its own: it never gives its move up."""

    def __init__(self, *args, **kw):
        D.Duel.__init__(self, *args, **kw)
        self.turn_ms = 10 ** 9


class Stall(_NoClock):
    """Stays connected (its channel still acknowledges) but stops firing after ten shots."""

    def fire(self, square):
        if self.shots() < 10:
            D.Duel.fire(self, square)


class Mute(Stall):
    """Stays connected but stops answering the shots fired at it (and firing) after ten shots."""

    def _answer(self, k):
        if k < 10:
            D.Duel._answer(self, k)


class NoProof(_NoClock):
    """Says «Убил!» but never sends the proofs of the sunk ship's ring."""

    def _plan(self):
        D.Duel._plan(self)
        self._outbox = [m for m in self._outbox if m[0] != W.T_PROOF]


class FalseAccuser(D.Duel):
    """Twenty shots into the battle, ends the duel with a fatal ERROR accusing the other side of
    a lie it never told (a miss said where a ship stood)."""

    def _plan(self):
        D.Duel._plan(self)
        if self.phase == D.PLAY and self.shots() >= 20:
            self._send_error(W.finding("lie_miss", self._entry(self.shots() - 1)[2]), True)
            self._done()


class ShotAhead(D.Duel):
    """Ten shots into the battle, fires SHOT n+1 (a shot number the game has not reached) to
    break the course of the game."""

    def _plan(self):
        D.Duel._plan(self)
        n = self.shots()
        if self.phase == D.PLAY and n >= 10 and self.my_turn():
            self._outbox.append(bytes((W.T_SHOT, (n + 1) >> 8, (n + 1) & 0xFF, self.rules.cells - 1)))


class OtherSquare(D.Duel):
    """Answers the shot fired at it as if it had been fired at another cell it has not been shot."""

    def _answer(self, k):
        before = len(self._outbox)
        D.Duel._answer(self, k)
        if k < 6:
            return
        msg = bytearray(self._outbox[before])
        for sq in range(self.rules.cells):
            if not self.board.shots[sq] and sq != msg[3]:
                msg[3] = sq
                break
        del self._outbox[before:]
        self._outbox.append(bytes(msg))


class TossWithheld(D.Duel):
    """Sends its fleet's commitments and its toss commitment but never its half of the toss (as a
    board that read the other's half, saw it lost the toss and would rather start again)."""

    def _plan(self):
        D.Duel._plan(self)
        self._outbox = [m for m in self._outbox if m[0] != W.T_TOSS_R]


class Flood(D.Duel):
    """Once the battle is on, sends a stream of the first shot again and again (each refused as
    a repeat), ten each time it may send."""

    def _plan(self):
        D.Duel._plan(self)
        if self.phase == D.PLAY and self.shots() >= 2:
            for _ in range(10):
                self._outbox.append(bytes((W.T_SHOT, 0, 0, 0)))


class FalseClock(D.Duel):
    """Claims the other side ran out of time (a fatal ERROR "clock") the moment the turn passes
    to it, ten shots into the battle."""

    def _plan(self):
        D.Duel._plan(self)
        if self.phase == D.PLAY and self.shots() >= 10 and not self.turn_mine and not self._outbox:
            self._send_error(W.finding("clock", self.shots()), True)
            self._done()


class Garbage(D.Duel):
    """Once the battle is on, sends malformed messages (a RESULT cut short), five each time it
    may send."""

    def _plan(self):
        D.Duel._plan(self)
        if self.phase == D.PLAY and self.shots() >= 2:
            for _ in range(5):
                self._outbox.append(bytes((W.T_RESULT, 0)))


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
    "stall": Stall,
    "mute": Mute,
    "no_proof": NoProof,
    "false_accuser": FalseAccuser,
    "shot_ahead": ShotAhead,
    "other_square": OtherSquare,
    "toss_withheld": TossWithheld,
    "flood": Flood,
    "sunk_early": SunkEarly,
    "false_clock": FalseClock,
    "garbage": Garbage,
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
    "stall": ("clock",),
    "mute": ("clock",),
    "no_proof": ("clock",),
    "false_accuser": ("lie_miss",),
    "shot_ahead": ("desync",),
    "other_square": ("desync",),
    "toss_withheld": ("coin", "desync"),  # withheld past the clock, or a shot before it
    "flood": ("flood",),
    "sunk_early": ("bad_sunk", "halo_ship", "bad_proof", "lie_not_sunk", "reveal_mismatch", "lie_sunk"),
    "false_clock": ("clock",),
    "garbage": ("flood",),
}
# attacks whose finding is the cheater's own word, shown to the honest side as its claim (an
# error from the peer), never as the honest side's evidence
CLAIMED = ("false_accuser", "false_clock")
# attacks refused without ending the game: the move is not applied and the game is played on
REFUSED = ("out_of_turn",)
