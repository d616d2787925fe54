"""Disconnect at every frame boundary of a reference game, reboot at every save point of it:
the game resumes and ends exactly as the reference did (same shots, same winner, verified)."""

from doubles import duelsim

SEED = 4


def _reference():
    m = duelsim.Match(SEED, save=True)
    writes = [0]
    send = m.sim.send

    def counting(side, data):
        writes[0] += 1
        send(side, data)

    m.sim.send = counting
    assert m.run() and m.agree() is None
    return m, writes[0], list(m.saves)


def _same(m, ref):
    assert m.agree() is None, m.agree()
    assert m.duels[0].log == ref.duels[0].log
    assert m.duels[0].won == ref.duels[0].won


def test_disconnect_at_every_frame_boundary():
    ref, writes, _ = _reference()
    assert writes > 300
    for cut in range(1, writes + 1):
        m = duelsim.Match(SEED)
        count = [0]
        send = m.sim.send

        def cutting(side, data, m=m, count=count, send=send):
            send(side, data)
            count[0] += 1
            if count[0] == cut:
                m.sim.disconnect()

        m.sim.send = cutting
        assert m.run(), cut
        _same(m, ref)
    print("disconnected after each of %d frames" % writes)


def test_reboot_at_every_save_point_of_either_device():
    ref, _, saves = _reference()
    points = 0
    for side in (0, 1):
        for k in range(1, saves[side] + 1):
            m = duelsim.Match(SEED, save=True)
            while m.saves[side] < k:
                m.step()
            m.reboot(side)
            placed = m.duels[side].fleet is not None
            assert m.run(), (side, k)
            if placed:
                _same(m, ref)
            else:  # rebooted before the fleet was saved: placed again (new seed), a new game
                assert m.agree() is None, m.agree()
            points += 1
    print("rebooted at %d save points" % points)


def test_reboot_from_a_stale_save_and_after_the_game():
    ref, _, saves = _reference()
    # the device lost power between its state change and the next save: restore the one before
    for side in (0, 1):
        for k in (3, saves[side] // 2, saves[side] - 2):
            m = duelsim.Match(SEED, save=True)
            older = None
            while m.saves[side] < k:
                before = m.saves[side]
                kept = m.saved[side]
                m.step()
                if m.saves[side] != before:
                    older = kept
            if older is None:
                continue
            m.reboot(side, older)
            assert m.run(), (side, k)
            assert m.agree() is None, (side, k, m.agree())


_WHAT_A_PHASE_IMPORTS = r"""
import sys
sys.path.append("tests")  # the test doubles
from doubles import duelsim
from seabattle.duel.match import DuelMatch

def loaded():
    return set(k for k in sys.modules if k.startswith("seabattle."))

m = duelsim.Match(3)
made = loaded()
matches = [DuelMatch(d) for d in m.duels]
played = set()
while m.duels[0].phase <= duelsim.D.PLAY and m.duels[1].phase <= duelsim.D.PLAY:
    played |= loaded()  # after each step both sides were still shooting
    m.step()
print(" ".join(sorted(made)))
print(" ".join(sorted(played)))
"""


def test_each_phase_imports_only_its_own_code():
    """What a duel imports while both sides shoot, in a fresh interpreter (on a board every
    module imported stays in the heap while anything of it is referenced): a new duel is made
    without the set-up's code; no game against the computer's Game
    (seabattle.game) for the score; no reveal's check (seabattle.duel.verify) before the reveal; no
    finding's code (seabattle.duel.evidence) while all goes well."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _WHAT_A_PHASE_IMPORTS], capture_output=True, text=True,
                         check=True, cwd=__file__.rsplit("/tests/", 1)[0]).stdout.splitlines()
    made, played = set(out[0].split()), set(out[1].split())
    assert "seabattle.duel.protocol" in made and "seabattle.duel.setup" not in made
    assert "seabattle.duel.handshake" not in made
    assert "seabattle.duel.shots" in played and "seabattle.duel.match" in played
    assert "seabattle.game" not in played and "seabattle.duel.verify" not in played
    # a finding's code (seabattle.duel.evidence) only when something went wrong: nothing did here
    assert "seabattle.duel.evidence" not in made | played


def test_every_protocol_module_is_dropped_when_no_duel_is_going_on():
    """seabattle.duel.adapter.PROTOCOL lists what a board drops once no duel is going on: every
    module of seabattle/duel/ but the adapter and its lobby (the screens' side) must be there."""
    import os

    from seabattle.duel.adapter import PROTOCOL

    here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "seabattle", "duel")
    mods = ["seabattle.duel." + f[:-3] for f in os.listdir(here) if f.endswith(".py") and f != "__init__.py"]
    mods = [m for m in mods if m not in ("seabattle.duel.adapter", "seabattle.duel.lobby", "seabattle.duel.evidence_text")]
    assert {"seabattle.duel.protocol", "seabattle.duel.wire", "seabattle.duel.shots"} <= set(mods)
    assert set(mods) <= set(PROTOCOL), sorted(set(mods) - set(PROTOCOL))
