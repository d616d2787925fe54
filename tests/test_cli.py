"""``python -m seabattle validate``: ok for legal fleets, the error (exit 1) for each kind of
mistake, under each preset."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CLASSIC = """\
####..###.
..........
###..##.##
..........
##.......#
.......#..
#.........
...#......
..........
..........
"""
MB = """\
AAAAA.....
BBBB......
CCC.......
DDD.......
EE........
..........
..........
..........
..........
..........
"""


def validate(tmp_path, text, *options):
    path = tmp_path / "fleet.txt"
    path.write_text(text, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "seabattle", "validate", str(path)] + list(options),
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout.strip()


@pytest.mark.parametrize("name", ["classic", "corners", "alternate"])
def test_a_legal_classic_fleet_is_ok_under_each_classic_preset(tmp_path, name):
    assert validate(tmp_path, CLASSIC, "--rules", name) == (0, "ok")


def test_milton_bradley_fleet(tmp_path):
    assert validate(tmp_path, MB, "--rules", "mb") == (0, "ok")
    code, out = validate(tmp_path, MB, "--rules", "classic")
    assert code == 1 and "no ship of size 5" in out
    code, out = validate(tmp_path, MB.replace("CCC", "CCB"), "--rules", "mb")
    assert code == 1 and "not straight" in out
    code, out = validate(tmp_path, CLASSIC, "--rules", "mb")
    assert code == 1 and "no ship of size 1" in out


@pytest.mark.parametrize("name", ["classic", "corners", "alternate"])
@pytest.mark.parametrize("change, words", [
    (("...#......", ".........."), "Missing a ship of size 1"),
    (("..........\n..........\n", "......#...\n..........\n"), "One ship of size 1 too many"),
    (("###..##.##", "###..#..##"), "Missing a ship of size 2"),
    (("####..###.\n..........", "####..###.\n.......#.."), "not straight"),
    # '#' cells sharing a side are one ship, so side-touching ships are drawn with letters
    (("##.......#\n.......#..", "##.......A\n.......#.B"), "by a side"),
])
def test_each_kind_of_error(tmp_path, name, change, words):
    text = CLASSIC.replace(change[0], change[1], 1)
    assert text != CLASSIC
    code, out = validate(tmp_path, text, "--rules", name)
    assert code == 1 and words in out, out


def test_corner_touch_is_an_error_only_without_the_house_rule(tmp_path):
    text = CLASSIC.replace("#.........\n...#......", "#.........\n.#........")
    code, out = validate(tmp_path, text, "--rules", "classic")
    assert code == 1 and "at a corner" in out and "A7" in out and "B8" in out
    code, out = validate(tmp_path, text, "--rules", "corners")
    assert (code, out) == (0, "ok")


def test_bad_files_and_options(tmp_path):
    code, out = validate(tmp_path, "#\n", "--rules", "classic")
    assert code == 1 and "rows" in out
    code, out = validate(tmp_path, CLASSIC.replace("####", "##?#"), "--rules", "classic")
    assert code == 1 and "'?'" in out
    proc = subprocess.run([sys.executable, "-m", "seabattle", "validate", "/nonexistent/fleet"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 1 and "cannot read" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "seabattle", "validate", "x", "--rules", "chess"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode != 0 and "unknown rules" in (proc.stdout + proc.stderr)


def test_demo_and_random_run(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "seabattle", "demo", "--seed", "5"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "wins after" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "seabattle", "random", "--style", "perelman", "--rules", "mb"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert validate(tmp_path, proc.stdout, "--rules", "mb") == (0, "ok")
