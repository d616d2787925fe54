"""tools.bundle fills lib/ from the pinned packages; tools.deploy copies to a fake CIRCUITPY."""

import os

import pytest

from tools import bundle, deploy

ROOT = bundle.ROOT


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("lib"))
    picked, used, total = bundle.bundle(path)
    return path, picked, used, total


def test_bundle_has_what_the_ble_link_needs_as_plain_py(lib):
    path, picked, used, total = lib
    for rel in ("adafruit_ble/__init__.py", "adafruit_ble/services/nordic.py",
                "adafruit_ble/characteristics/stream.py", "adafruit_ble/advertising/__init__.py"):
        assert os.path.isfile(os.path.join(path, rel)), rel
    files = [os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs]
    assert files and all(f.endswith(".py") for f in files)
    assert "adafruit-circuitpython-ble" in used and total > 0


def test_bundle_leaves_out_modules_nobody_imports(lib):
    path = lib[0]
    assert not os.path.exists(os.path.join(path, "adafruit_ble/services/standard/hid.py"))
    assert not os.path.exists(os.path.join(path, "adafruit_ble/services/sphero.py"))


def test_every_import_of_the_device_code_is_provided():
    assert bundle.missing_imports() == []


def test_bundle_refuses_a_version_other_than_the_pin(monkeypatch):
    real = bundle.pins()
    monkeypatch.setattr(bundle, "pins", lambda: dict(real, **{"adafruit-circuitpython-ble": "1.0.0"}))
    with pytest.raises(bundle.BundleError, match="pins 1.0.0"):
        bundle.library_sources()


def test_device_files_leave_the_desktop_twin_at_home():
    files = bundle.device_files()
    assert "code.py" in files and "hardware/radio/ble.py" in files and "hardware/storage.py" in files
    assert not any(f.startswith("hardware/desktop/") for f in files)
    assert "seabattle/__main__.py" not in files


def test_deploy_writes_only_what_changed_and_code_py_last(tmp_path):
    bundle.bundle(os.path.join(ROOT, "lib"))
    target = str(tmp_path)
    (tmp_path / "settings.toml").write_text('SEABATTLE_LANG = "uk"\n')
    lines = []
    written, removed, size = deploy.deploy(target, out=lines.append)
    assert "lib/adafruit_ble/__init__.py" in written and "hardware/storage.py" in written
    if os.path.exists(os.path.join(ROOT, "code.py")):
        assert written[-1] == "code.py"  # writing it restarts the board: last
    for name in os.listdir(os.path.join(ROOT, "fonts")) if os.path.isdir(os.path.join(ROOT, "fonts")) else ():
        if name.endswith(".bdf"):
            assert os.path.isfile(os.path.join(target, "fonts", name))
    assert not os.path.exists(os.path.join(target, "hardware", "desktop"))
    assert "KB free" in lines[-1] and size > 0
    written, removed, _ = deploy.deploy(target, out=lines.append)
    assert written == [] and removed == []
    with open(os.path.join(target, "hardware", "radio", "ble.py"), "a") as f:
        f.write("# changed on the board\n")
    (tmp_path / "seabattle" / "old_module.py").write_text("x = 1\n")
    written, removed, _ = deploy.deploy(target, clean=True, out=lines.append)
    assert written == ["hardware/radio/ble.py"] and removed == ["seabattle/old_module.py"]
    # the maker's settings kept; the game's pystack added once, after them
    text = (tmp_path / "settings.toml").read_text()
    assert text.startswith('SEABATTLE_LANG = "uk"\n#') and text.endswith("\nCIRCUITPY_PYSTACK_SIZE = 2048\n"), text
    assert text.count("CIRCUITPY_PYSTACK_SIZE") == 1 and "  settings.toml: CIRCUITPY_PYSTACK_SIZE = 2048" in lines


def test_deploy_never_changes_a_key_the_maker_set(tmp_path):
    bundle.bundle(os.path.join(ROOT, "lib"))
    mine = 'CIRCUITPY_PYSTACK_SIZE=4000\nSEABATTLE_LANG = "en"'  # (no newline at its end)
    (tmp_path / "settings.toml").write_text(mine)
    deploy.deploy(str(tmp_path), out=lambda s: None)
    assert (tmp_path / "settings.toml").read_text() == mine
    (tmp_path / "settings.toml").unlink()
    deploy.deploy(str(tmp_path), out=lambda s: None)  # none at all: made, with the game's key
    assert (tmp_path / "settings.toml").read_text().endswith("\nCIRCUITPY_PYSTACK_SIZE = 2048\n")


def test_deploy_keeps_the_libraries_circup_installed_as_mpy(tmp_path):
    """A drive where circup put libraries as .mpy: the deploy writes no .py beside them (the .py
    would win, and the board would compile the library), removes none, even with --clean."""
    bundle.bundle(os.path.join(ROOT, "lib"))
    installed = ("lib/adafruit_ble/__init__.mpy", "lib/adafruit_ble/services/nordic.mpy", "lib/neopixel.mpy")
    for rel in installed:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"M\x06circup's")
    lines = []
    written, removed, _ = deploy.deploy(str(tmp_path), clean=True, out=lines.append)
    for rel in installed:
        assert (tmp_path / rel).read_bytes() == b"M\x06circup's", rel
        assert rel[:-4] + ".py" not in written and not (tmp_path / (rel[:-4] + ".py")).exists(), rel
    assert not any(rel in removed for rel in installed)
    assert "lib/adafruit_ble/advertising/__init__.py" in written  # what circup did not install
    assert any("kept 3 libraries already installed as .mpy" in line for line in lines), lines


def test_deploy_dry_run_writes_nothing(tmp_path):
    bundle.bundle(os.path.join(ROOT, "lib"))
    lines = []
    written, _, _ = deploy.deploy(str(tmp_path), dry_run=True, out=lines.append)
    assert written and os.listdir(str(tmp_path)) == []
    assert "  settings.toml: CIRCUITPY_PYSTACK_SIZE = 2048" in lines  # (said, not written)


def test_circup_requirements_name_every_bundled_library():
    _, used = bundle.closure()
    with open(os.path.join(ROOT, "tools", "circup-requirements.txt")) as f:
        listed = {line.split("#")[0].strip() for line in f} - {""}
    assert listed == {bundle.PACKAGES[p][0] for p in used}


def test_deploy_can_write_the_modules_precompiled_and_the_game_runs_from_them(tmp_path):
    """--mpy-cross: .mpy for our modules and the libraries (here MicroPython's mpy-cross, so the
    unix port can run them), packages' __init__ too (CircuitPython imports __init__.mpy), code.py as
    source, a stale .py twin removed."""
    from tools import mpvm, ramreport

    bundle.bundle(os.path.join(ROOT, "lib"))
    mpy_cross = mpvm.mpy_cross()
    target = str(tmp_path)
    (tmp_path / "seabattle" / "screens").mkdir(parents=True)
    (tmp_path / "seabattle" / "screens" / "flow.py").write_text("x = 1\n")  # an older deploy's source
    written, removed, _ = deploy.deploy(target, mpy_cross=mpy_cross, out=lambda s: None)
    assert "seabattle/screens/flow.mpy" in written and "hardware/display/render.mpy" in written
    assert "lib/adafruit_ble/services/nordic.mpy" in written
    assert "seabattle/__init__.mpy" in written and "lib/adafruit_ble/__init__.mpy" in written
    assert written[-1] == "code.py" and not any(rel.endswith("__init__.py") for rel in written)
    assert removed == ["seabattle/screens/flow.py"] and not (tmp_path / "seabattle" / "screens" / "flow.py").exists()
    # each .mpy's source name is the path a board loads it by (its __file__): one interned name
    assert mpy_source_name(tmp_path / "seabattle" / "screens" / "flow.mpy") == "seabattle/screens/flow.mpy"
    assert mpy_source_name(tmp_path / "lib" / "adafruit_ble" / "__init__.mpy") == "/lib/adafruit_ble/__init__.mpy"
    r = ramreport.measure(160, 128, ble=True, code=target)  # a game, then duels over the radio's code
    assert r["ok"], r["out"][-2000:]
    assert r["duelpeak"] > r["peak"] > 0


def mpy_source_name(path):
    """The source file name an .mpy carries: the first of its qstrs (the .mpy format since
    version 6: a 4-byte header, the counts of qstrs and objects, then each qstr as its length
    shifted left by one, its bytes and a 0)."""
    data = path.read_bytes()
    assert data[:1] == b"M" and data[1] == 6, data[:4]

    def varuint(pos):
        value = 0
        while True:
            byte = data[pos]
            pos += 1
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                return value, pos

    _n_qstr, pos = varuint(4)
    _n_obj, pos = varuint(pos)
    length, pos = varuint(pos)
    return data[pos:pos + (length >> 1)].decode()
