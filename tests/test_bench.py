"""tools.bench ai: a run's figures depend on its seed, not on how many processes play its games."""

import json

from tools import bench_ai, fleet_styles

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


def walked_draw(rules, spots, rng):
    """The reference harness as first written: each ship's cells and neighbours walked on a
    board of bytes (the bit masks of RejectionFleets must draw the very same fleets)."""
    w = rules.width
    h = rules.height
    offsets = rules.forbidden_offsets()
    while True:
        blocked = bytearray(rules.cells)
        ships = []
        for size in rules.fleet:
            cells = spots[size][rng.randrange(len(spots[size]))]
            if any(blocked[c] for c in cells):
                break
            for c in cells:
                blocked[c] = 1
                for dx, dy in offsets:
                    if 0 <= c % w + dx < w and 0 <= c // w + dy < h:
                        blocked[(c // w + dy) * w + c % w + dx] = 1
            ships.append(cells)
        else:
            return sorted(ships)


def test_rejection_fleets_are_the_walks_fleets_and_legal():
    from seabattle import fleetcheck
    from seabattle import rules as R

    for name in ("classic", "corners", "mb"):
        rules = R.preset(name)
        for ring in (False, True):
            source = fleet_styles.RejectionFleets(rules, ring_only=ring)
            a = fleet_styles.XorShift(11)
            b = fleet_styles.XorShift(11)
            for _ in range(1 if ring else 30):
                fleet = source.draw(a)
                fleetcheck.validate(fleet)
                assert sorted([list(s.cells) for s in fleet.ships]) == walked_draw(rules, source.spots, b)
