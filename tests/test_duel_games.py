"""1,000 seeded full duels per link setting: every game ends and both devices agree.

Loss is per 20-byte piece; each setting also duplicates pieces, delays them 5-90 ms and breaks
the connection now and then (more often with more loss). Random shooters: the conversation is
under test, not the aim. Figures printed with -s (see tools.bench duel for the same as a command).
"""

import pytest

from seabattle import duelsim

GAMES = 1000


@pytest.mark.parametrize("loss", [0.0, 0.01, 0.05, 0.20])
def test_thousand_games_end_in_agreement(loss):
    failures = []
    disconnects = 0
    for seed in range(1, GAMES + 1):
        m = duelsim.Match(seed, loss=loss, dup=loss / 2, delay=(5, 90), drop=loss / 100, tick=20)
        finished = m.run()
        problem = m.agree() if finished else "froze"
        if problem:
            failures.append((seed, problem))
        disconnects += m.sim.stats[5]
    print("loss %.0f%%: %d games, %d failed, %d disconnects" % (loss * 100, GAMES, len(failures), disconnects))
    assert not failures, failures[:5]
    if loss:
        assert disconnects > 0
