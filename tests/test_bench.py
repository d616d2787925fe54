"""tools.bench ai: a run's figures depend on its seed, not on how many processes play its games."""

import json

from tools import bench_ai

FIGURES = ("games", "mean", "ci95", "p50", "p90", "worst")


def run(capsys, *argv):
    assert bench_ai.main(list(argv) + ["--no-mp"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    return json.loads(out[-1])


def test_jobs_do_not_change_the_figures(capsys):
    one = run(capsys, "--level", "normal", "--games", "10", "--seed", "5", "--jobs", "1")
    two = run(capsys, "--level", "normal", "--games", "10", "--seed", "5", "--jobs", "2")
    assert one["games"] == 10
    assert [one[k] for k in FIGURES] == [two[k] for k in FIGURES]
    # the times of every move were gathered from the workers too
    assert two["cpython"]["move"]["worst_ms"] > 0


def test_another_seed_other_games(capsys):
    a = run(capsys, "--level", "easy", "--games", "10", "--seed", "5")
    b = run(capsys, "--level", "easy", "--games", "10", "--seed", "6")
    assert [a[k] for k in FIGURES] != [b[k] for k in FIGURES]
