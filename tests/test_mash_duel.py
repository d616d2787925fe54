"""Two children mashing the buttons of two boards in a Bluetooth duel (the real adafruit_ble on
the _bleio stand-in, each board with its flash nvm: doubles.handhelds): random
presses on either board, random waits, now and then a reset of one board. Nothing raises, the
two boards never disagree on a shot, and neither accuses the other: between honest boards the
only findings allowed are those of a player who went away (``gone``, ``no_reveal``)."""

from doubles.handhelds import Board, run, start

from hardware.desktop import bleio
from seabattle import ui
from seabattle.duel import protocol as D
from doubles.linksim import XorShift

from flashsim import FlashNvm  # (tests/hw: on the path by pytest.ini)

ACTIONS = (ui.UP, ui.DOWN, ui.LEFT, ui.RIGHT, ui.FIRE, ui.FIRE, ui.FIRE, ui.FIRE, ui.BACK, ui.MENU,
           ui.SWITCH, ui.NEXT)
# in battle a child mostly aims and fires, and opens the pause menu now and then
IN_BATTLE = (ui.UP, ui.DOWN, ui.LEFT, ui.RIGHT, ui.FIRE, ui.FIRE, ui.FIRE, ui.FIRE, ui.FIRE, ui.FIRE,
             ui.NEXT, ui.BACK)
ALLOWED = {"gone", "no_reveal"}

# the screens of a game against the computer (seabattle.screens.flow's docstring)
SCREENS = ("title", "level", "stats", "about", "place", "place_menu", "making", "battle", "pause", "end")


def _prefix(a, b):
    """One duel's shot record is a prefix of the other's (one may be ahead by shots in flight)."""
    n = min(a.shots(), b.shots())
    for k in range(n):
        if a._entry(k)[1:] != b._entry(k)[1:] or a._entry(k)[0] == b._entry(k)[0]:
            print("shot", k, a._entry(k), b._entry(k))
            return False
    return True


def _mash(seed, steps, findings):
    rng = XorShift(seed)
    if seed % 2:
        air, boards = start(seed=seed)  # from the battle
    else:  # from the titles: a duel only if the mashing finds one
        air = bleio.Air()
        boards = [Board(air, 0, FlashNvm(8192, 4096), seed), Board(air, 1, FlashNvm(8192, 4096), seed + 1)]
    seen = set()
    most = 0  # shots of the duel at its furthest
    for _ in range(steps):
        k = rng.randrange(len(ACTIONS) + 4)
        side = rng.randrange(2)
        if k < len(ACTIONS) and boards[side].flow.name == "battle":
            boards[side].act(ui.MENU if rng.randrange(60) == 0 else IN_BATTLE[k])
        elif k < len(ACTIONS) and boards[side].flow.name == "pause" and rng.randrange(4):
            boards[side].act(ui.BACK)  # mostly back to the battle
        elif k < len(ACTIONS):
            boards[side].act(ACTIONS[k])
        elif k == len(ACTIONS) and rng.randrange(150) == 0:
            boards[side] = boards[side].reset()  # a power cut: rebuilt from its nvm
        else:
            run(air, boards, lambda: False, limit=1 + rng.randrange(60))
        for b in boards:
            name = b.flow.name
            assert name in SCREENS or name.startswith("duel"), name
            seen.add(name)
        m = [b.flow.match for b in boards]
        if all(x is not None and hasattr(x, "d") for x in m) and m[0].d.sid == m[1].d.sid:
            assert _prefix(m[0].d, m[1].d), "the boards disagree on a shot"
            most = max(most, m[0].d.shots())
    bad = [f for f in findings if f[1] not in ALLOWED]
    assert not bad, bad
    return seen, most


def test_two_boards_mashed_at_random_never_crash_disagree_or_accuse(monkeypatch):
    findings = []
    event = D.Duel._event

    def record(self, ev):
        if ev[0] in ("error", "refused"):
            findings.append((ev[0], ev[1].kind))
        elif ev[0] == "verdict":
            findings.extend(("verdict", e.kind) for e in ev[1])
        event(self, ev)

    monkeypatch.setattr(D.Duel, "_event", record)
    seen = set()
    shots = []
    for seed in range(1, 9):
        s, most = _mash(seed, 4000, findings)
        seen |= s
        shots.append(most)
    print("screens seen:", sorted(seen), "findings:", findings, "duel shots:", shots)
    assert {"battle", "pause", "duel", "duel_reconnect"} <= seen
    assert sum(shots) >= 100  # the mashing fired in duels, not only on menus
