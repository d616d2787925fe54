"""1,000 seeded full duels per link setting: every game ends and both devices agree.

Loss is per 20-byte piece; each setting also duplicates pieces, delays them 5-90 ms and breaks
the connection now and then (more often with more loss). Random shooters: the conversation is
under test, not the aim. Figures printed with -s (see tools.bench duel for the same as a command).
"""

import pytest

from doubles import duelsim

GAMES = 1000
# the games of a setting are played in quarters, separate tests, so a parallel run (`-n auto`, as
# CI does) shares the slowest setting's games among its workers; the seeds are the same 1..1000
QUARTERS = 4


@pytest.mark.parametrize("quarter", range(QUARTERS))
@pytest.mark.parametrize("loss", [0.0, 0.01, 0.05, 0.20])
def test_thousand_games_end_in_agreement(loss, quarter, soak):
    failures = []
    disconnects = 0
    size = GAMES // QUARTERS
    # without --soak, the first tenth of each quarter's seeds (the same games, fewer of them)
    for seed in range(1 + quarter * size, 1 + quarter * size + (size if soak else size // 10)):
        m = duelsim.Match(seed, loss=loss, dup=loss / 2, delay=(5, 90), drop=loss / 100, tick=20)
        finished = m.run()
        problem = m.agree() if finished else "froze"
        if problem:
            failures.append((seed, problem))
        disconnects += m.sim.stats[5]
    played = size if soak else size // 10
    print("loss %.0f%%, seeds %d-%d: %d games, %d failed, %d disconnects"
          % (loss * 100, 1 + quarter * size, quarter * size + played, played, len(failures), disconnects))
    assert not failures, failures[:5]
    if loss:
        assert disconnects > 0  # 21-29 in each whole quarter at 1 % loss
