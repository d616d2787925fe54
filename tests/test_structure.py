"""The house rules (tools.structure) over the tracked tree, and the checker's own failing cases:
no import cycle, no module over 400 lines, no string dispatch and no development history."""

import os

from tools import structure as S

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _tree():
    return S.tracked(ROOT)


def test_no_import_cycle():
    assert S.cycles(ROOT, _tree()) == []


def test_no_long_module():
    assert S.long_modules(ROOT, _tree()) == []


def test_no_string_dispatch():
    assert S.string_dispatch(ROOT, _tree()) == []


def test_no_development_history_anywhere():
    assert S.history_words(ROOT, _tree()) == []


# ----- the checker finds what it is meant to find --------------------------------------------

def _write(tmp_path, files):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return sorted(files)


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path):
    files = _write(tmp_path, {"seabattle/__init__.py": "", "seabattle/a.py": "from seabattle import b\n",
                              "seabattle/b.py": "def f():\n    from seabattle import a\n    return a\n",
                              "seabattle/c.py": "from seabattle import a\n"})
    found = S.cycles(str(tmp_path), files)
    assert len(found) == 1 and "seabattle.a seabattle.b" in found[0], found


def test_a_cycle_through_a_literal_loader_path_is_found(tmp_path):
    files = _write(tmp_path, {"seabattle/__init__.py": "", "seabattle/a.py": "x = __import__('seabattle.b')\n",
                              "seabattle/b.py": "def f():\n    return load_module('seabattle.a')\n"})
    assert len(S.cycles(str(tmp_path), files)) == 1
    files = _write(tmp_path, {"seabattle/b.py": "y = 1\n"})
    assert S.cycles(str(tmp_path), ["seabattle/__init__.py", "seabattle/a.py", "seabattle/b.py"]) == []


def test_a_module_over_400_lines_is_found(tmp_path):
    files = _write(tmp_path, {"seabattle/long.py": "x = 1\n" * 401, "seabattle/short.py": "x = 1\n" * 400})
    assert [line.split(":")[0] for line in S.long_modules(str(tmp_path), files)] == ["seabattle/long.py"]


def test_string_dispatch_is_found_and_a_language_table_is_allowed(tmp_path):
    files = _write(tmp_path, {
        "seabattle/a.py": "class A:\n    def __getattr__(self, name):\n        return 1\n",
        "seabattle/b.py": "def f(x, name):\n    return getattr(x, name)\n",
        "seabattle/c.py": "def f(name):\n    return __import__('seabattle.' + name)\n",
        "seabattle/d.py": "def f(lang):\n    return __import__('seabattle.lang.' + lang + '_menu')\n",
        "seabattle/e.py": "def f(x):\n    return getattr(x, 'active', True)\n",
        "tests/t.py": "def f(x, name):\n    return getattr(x, name)\n"})
    found = S.string_dispatch(str(tmp_path), files)
    assert sorted(line.split(":")[0] for line in found) == ["seabattle/a.py", "seabattle/b.py", "seabattle/c.py"], found


def test_history_words_are_found_but_the_protocols_session_is_not(tmp_path):
    word = "sess" + "ion"  # (not written whole: this file is checked too)
    files = _write(tmp_path, {"a.md": "measured in %s 13\n" % word, "b.py": "# see iss" + "ue 3\n",
                              "c.py": "# frames with %s 0 after the %s id is settled\n" % (word, word)})
    found = S.history_words(str(tmp_path), files)
    assert [line.split(":")[0] for line in found] == ["a.md", "b.py"], found
