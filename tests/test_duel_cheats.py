"""Every kind of cheating is caught, every time, with the evidence shown to the honest player."""

import pytest

from seabattle.duel import protocol as D
from doubles import cheats, duelsim
from seabattle.duel import frame, wire
from seabattle.coords import RUSSIAN

SEEDS = range(1, 31)
# the longest a cheat may hold the honest side (simulated): a move and the claim's grace, with
# the whole game before it (a stall comes ten shots in; a reveal withheld waits its 20 s)
BOUND_MS = wire.TURN_MS + wire.ANSWER_MS + 60000


def _findings(events, claims=False):
    """The honest side's evidence (or, ``claims``, what the peer said it found)."""
    out = []
    for e in events:
        if e[0] == "verdict":
            out.extend(e[1])
        elif e[0] in ("error", "refused") and (len(e) > 2 and e[2]) == claims:
            out.append(e[1])
    return out


@pytest.mark.parametrize("kind", sorted(cheats.CHEATS))
def test_cheat_is_caught_with_evidence(kind):
    fair = 0
    for seed in SEEDS:
        m = duelsim.Match(seed, cheat=kind, cheat_side=seed % 2, reveal_ms=20000, loss=0.02, dup=0.01)
        # until the honest side is done: a cheater it stopped talking to may wait out the clock
        m.run(3000000, side=None if kind == "out_of_turn" else 1 - seed % 2)
        honest = m.duels[1 - seed % 2]
        if not getattr(m.duels[seed % 2], "told", True):
            fair += 1
            continue  # a liar whose chance never came (the game ended first): a fair game
        found = _findings(m.events[1 - seed % 2], kind in cheats.CLAIMED)
        hits = [ev for ev in found if ev.kind in cheats.EXPECT[kind]]
        assert hits, (kind, seed, found)
        text = hits[0].text("ru", RUSSIAN, 10)
        assert text and "{" not in text, text
        if kind not in cheats.REFUSED:  # the honest side's win, in a bounded time
            assert honest.phase == D.DONE and honest.won is True, (kind, seed, honest.reason)
            assert m.clock() <= BOUND_MS, (kind, seed, m.clock())
        else:  # refused, not applied; the game goes on and ends verified
            assert m.agree() is None, m.agree()
    assert fair <= len(SEEDS) // 10, fair  # the cheat is played in nearly every duel


def test_evidence_names_the_cells():
    m = duelsim.Match(2, cheat="lie_miss")
    m.run()
    ev = [e[1] for e in m.events[0] if e[0] == "error"][0]
    assert ev.kind == "lie_miss"
    cell = ev.args[0]
    assert m.duels[1].fleet.owner[cell]  # a ship really stood there
    assert RUSSIAN.format(cell, 10) in ev.text("ru", RUSSIAN, 10)


def test_replayed_old_frames_are_not_applied_twice():
    m = duelsim.Match(6)
    captured = []
    send = m.sim.send

    def tap(side, data):
        if side == 1:
            captured.append(bytes(data))
        send(side, data)

    m.sim.send = tap
    for _ in range(1500):
        m.step()
        if len(captured) > 5 and m.clock() % 200 == 0:
            m.sim.inject(0, captured[len(captured) // 2])  # an old frame of the guest's, again
    assert m.run()
    assert m.agree() is None, m.agree()
    assert m.duels[0].channel_stats[3] > 0  # seen as duplicates


def test_an_old_shot_that_gets_past_the_channel_is_refused_by_the_conversation():
    # e.g. a frame recorded on an earlier connection whose seq happens to fit again
    m = duelsim.Match(6)
    while m.duels[0].shots() < 20:
        m.step()
    host = m.duels[0]
    n = 3
    before = host.save()
    host._receive(bytes((wire.T_SHOT, 0, n, host._entry(n)[2])))
    assert host.save() == before
    events = host.poll()
    assert [e[1].kind for e in events if e[0] == "refused"] == ["replay"]
    assert m.run() and m.agree() is None, m.agree()


def test_a_third_party_writing_into_the_link_is_rejected():
    m = duelsim.Match(8)
    for i in range(4000):
        if i % 7 == 0:
            m.sim.inject(i % 2, frame.encode(0x5000 + i, i & 0xFF, i & 0xFF, b"\x06\x00\x05\x21"))
        if i % 11 == 0:
            m.sim.inject(i % 2, bytes((i * 37 + k) & 0xFF for k in range(23)))
        m.step()
        if m.done():
            break
    assert m.run() and m.agree() is None, m.agree()
    refused = [e[1] for e in m.events[0] if e[0] == "refused" and e[1].kind == "foreign"]
    assert refused
