"""Flash wear of a duel: the state is stored only where it must be durable (seabattle/duel/protocol.py,
"Flash wear"), about once per own turn; a reboot at any moment (from the newest save, as the
two-slot store gives it) still ends in the same verified game, and the shot tag that lets a
board forget its own shots cannot be forged."""

from seabattle.duel import protocol as D
from seabattle.duel import wire as W
from doubles import duelsim

SEEDS = (1, 2, 3, 4, 5, 6)


def _turns(d, mine):
    """Turns of side ``mine`` (1: the duel's own) in its log: runs of its shots."""
    runs, last = 0, None
    for k in range(d.shots()):
        m = d._entry(k)[0]
        if m == mine and last != mine:
            runs += 1
        last = m
    return runs


def test_writes_per_duel_are_about_one_per_own_turn():
    rows = []
    for seed in SEEDS:
        m = duelsim.Match(seed, save=True)
        assert m.run() and m.agree() is None
        for side in (0, 1):
            d = m.duels[side]
            own = sum(1 for k in range(d.shots()) if d._entry(k)[0])
            turns = _turns(d, 1)
            rows.append((seed, side, m.saves[side], own, turns))
            # one write per turn of mine (the peer's miss that hands it over) + setup and end
            assert m.saves[side] <= turns + 8, rows[-1]
            assert m.saves[side] <= own + 8, rows[-1]
            assert m.saves[side] < 100, rows[-1]
    mean = sum(r[2] for r in rows) / len(rows)
    print("nvm writes per duel per board: mean %.1f (min %d, max %d); own shots mean %.1f"
          % (mean, min(r[2] for r in rows), max(r[2] for r in rows), sum(r[3] for r in rows) / len(rows)))


def _reference(seed):
    m = duelsim.Match(seed, save=True)
    assert m.run() and m.agree() is None
    return m


def test_reboot_after_any_shot_from_the_newest_save():
    """Not only at save points: between two saves the board may have fired and answered many
    shots it forgets; the side ahead sends them again and the game ends as the reference."""
    seed = 4
    ref = _reference(seed)
    total = ref.duels[0].shots()
    points = behind = 0
    for side in (0, 1):
        for k in range(1, total, 2):
            m = duelsim.Match(seed, save=True)
            while m.duels[side].shots() < k and not m.done():
                m.step()
            for _ in range(k % 7):  # and a few steps more: mid-conversation
                m.step()
            kept = D.Duel.load(m.saved[side], None, m.clock, m.rngs[side]).shots()
            if m.duels[side].shots() - kept > 1:
                behind += 1
            m.reboot(side)
            assert m.run(), (side, k)
            assert m.agree() is None, (side, k, m.agree())
            assert m.duels[0].log == ref.duels[0].log, (side, k)
            points += 1
    print("rebooted after %d shots (%d with more than one shot to catch up)" % (points, behind))
    assert behind > 10  # the multi-shot catch-up was exercised


def test_both_boards_reboot_at_once():
    seed = 3
    ref = _reference(seed)
    total = ref.duels[0].shots()
    for k in range(5, total, 9):
        m = duelsim.Match(seed, save=True)
        while m.duels[0].shots() < k and not m.done():
            m.step()
        m.reboot(0)
        m.reboot(1)
        assert m.run(), k
        assert m.agree() is None, (k, m.agree())
        assert m.duels[1].log == ref.duels[1].log, k


class _Forger(D.Duel):
    """After the other board reboots, answers the shot it forgot at another cell (one it knows
    is water), with a made-up tag: the trick the tag exists to stop."""

    forged = False

    def _answer(self, k):
        D.Duel._answer(self, k)
        if self.forged or not self.resent_after_reboot:
            return
        msg = bytearray(self._outbox[-1])
        if msg[0] != W.T_RESULT:
            return
        for sq in range(self.rules.cells):
            if not self.board.fleet.owner[sq] and not self.board.shots[sq] and sq != msg[3]:
                msg[3] = sq
                msg[4] = 0  # MISS
                s = self.salts()
                msg[5:5 + 8] = s[sq * 8:(sq + 1) * 8]
                msg = msg[:13] + bytes(4)
                self._outbox[-1] = bytes(msg)
                self.forged = True
                return

    resent_after_reboot = False


def test_a_peer_cannot_choose_the_cell_of_a_shot_i_forgot():
    seed = 5
    m = duelsim.Match(seed, save=True)
    # the guest fires (duelsim fires as soon as it is its turn); it will forget this shot
    while m.duels[1].pending < 0:
        m.step()
        assert m.clock() < 600000
    sq = m.duels[1].pending
    while m.duels[1].pending == sq:
        m.step()
        assert m.clock() < 600000
    host = m.duels[0]
    forger = _Forger.load(host.save(), m.sim.ends[0], m.clock, m.rngs[0], None)
    forger.resent_after_reboot = True
    m.duels[0] = forger
    m.reboot(1)  # the guest comes back from its newest save: the last shot is not in it
    lost = m.duels[1].shots() < host.shots()
    m.run(limit_ms=60000)
    assert lost
    if lost:
        errors = [e for e in m.events[1] if e[0] == "error"]
        assert errors and errors[0][1].kind == "desync", m.events[1]
