"""Two computer players duel over the link simulator: for the tests, the benchmark and a demo.

``Match(seed, ...)`` builds a host and a guest ``Duel`` on one ``LinkSim``; ``run()`` plays until
both are done. Random shooters (fast: what is being tested is the conversation, not the aim).
Its ``cheat`` is one of doubles.cheats.CHEATS: Duel subclasses that break the rules in one way each.
"""

from seabattle.duel import commit
from seabattle.duel import protocol as D
from doubles import linksim
from seabattle.board import UNKNOWN
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
                 tick=10, cheat=None, cheat_side=1, save=False, gone_ms=D.GONE_MS, reveal_ms=D.REVEAL_MS,
                 think=None, turn_ms=None):
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
        # think(side, shot number) -> ms a player takes over its move, from when its turn clock
        # started (None: it fires at once); turn_ms: both boards' turn clock
        self.think = think
        self.hashes = [[0, 0], [0, 0]]  # per side: hash calls, compression blocks
        self.play_bytes = None
        self.over_bytes = None
        self._old_bytes = 0
        self.duels = [None, None]
        for side in (0, 1):
            cls = D.Duel
            if cheat and side == cheat_side:
                from doubles.cheats import CHEATS  # (only a cheat's match loads them)

                cls = CHEATS[cheat]
            store = self._store(side) if save else None
            self.duels[side] = cls(self.sim.ends[side], self.clock, self.rngs[side], side,
                                   ("Хозяин", "Гость")[side], rules, store, gone_ms, reveal_ms)
            if turn_ms is not None:
                self.duels[side].turn_ms = turn_ms

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
            if d.my_turn() and self.think is not None and (
                    d._clock_mark < 0 or self.clock() - d._clock_at < self.think(side, d.shots())):
                pass  # still thinking
            elif d.my_turn():
                # the shot depends only on the seed and the shot number, so a game replays
                # the same however the link and the reboots shuffle the timing
                d.fire(random_shot(d.view, linksim.XorShift(self.seed * 1009 + d.shots() * 2 + side)))

    def done(self):
        return self.duels[0].phase == D.DONE and self.duels[1].phase == D.DONE

    def run(self, limit_ms=3600000, side=None):
        """Step until both sides are done, or only ``side`` if given (or ``limit_ms`` of simulated
        time); returns whether they are."""
        end = self.clock() + limit_ms
        while self.clock() < end and not (self.done() if side is None else self.duels[side].phase == D.DONE):
            self.step()
        return self.done() if side is None else self.duels[side].phase == D.DONE

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
