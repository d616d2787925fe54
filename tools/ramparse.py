"""The figures in what tools/ramreport_mp.py prints (``tools.ramreport.measure``'s result)."""

import re


def parse(code, stdout, stderr, vm):
    """{"stages": [(bytes, name)], "startup", "peak", "duelpeak" ..., "names": every interned name
    at the end, "ok", "out": what the run printed, the names left out} of a run that exited with
    ``code`` on ``vm``; see tools.ramreport.measure."""
    names = re.findall(r"^Q\((.*)\)$", stdout, re.M)  # every interned name at the end, one a line
    stdout = re.sub(r"^Q\(.*\)\n", "", stdout, flags=re.M)
    out = stdout + stderr
    res = {"names": names, "nvm": None, "peer": None, "stages": [], "startup": 0, "peak": 0, "shots": 0, "saves": 0, "duelpeak": 0, "linksim": 0, "aftergame": 0,
           "duelscreens": [],
           "duelscreensmost": [], "firstscreens": [], "duelsub": (0,), "duelpeaks": (0,), "gamepeaks": (0,), "screens": [], "qstrs": None,
           "qstrlist": [], "ok": False, "out": out}
    most = total = 0
    screen = None
    res["largest"] = (0, "")  # the largest live block seen (bytes, the screen then)
    block = 16 if vm == "wasm" else 32  # a GC block: four words
    for line in stdout.splitlines():
        if line.startswith("blk "):
            screen = line[4:]
        m = re.search(r"max blk sz: (\d+)", line)
        if m and screen is not None and int(m.group(1)) * block > res["largest"][0]:
            res["largest"] = (int(m.group(1)) * block, screen)
        m = re.match(r"stage (\d+) (.*)", line)
        if m:
            res["stages"].append((int(m.group(1)), m.group(2)))
        m = re.match(r"(nvm|peer) ([0-9a-f]+)$", line)  # (fresh="prep": the state at the reset)
        if m:
            res[m.group(1)] = m.group(2)
        m = re.match(r"(startup|peak|shots|saves|duelpeak|linksim) (\d+)", line)
        if m:
            res[m.group(1)] = int(m.group(2))
        m = re.match(r"after the duels, a game's peak (\d+)", line)  # (ramreport_mp: with ble)
        if m:
            res["aftergame"] = int(m.group(1))
        if line.startswith(("screens ", "duelscreens ", "duelscreensmost ")):
            res[line.split()[0]] = [(k, int(v)) for k, v in (w.split(":") for w in line.split()[1:])]
        if line.startswith("first duel screens "):  # (the first duel's alone: a board's)
            res["firstscreens"] = [(k, int(v)) for k, v in (w.split(":") for w in line.split()[3:])]
        if line.startswith("game peaks "):  # (labels with a space: the VM interns no new name)
            res["gamepeaks"] = tuple(int(v) for v in line.split()[2:])
        if line.startswith("duel peaks "):
            res["duelpeaks"] = tuple(int(v) for v in line.split()[2:])
        if line.startswith("duelsub "):
            res["duelsub"] = tuple(int(v) for v in line.split()[1:])
        m = re.match(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", line)
        if m:
            res["qstrs"] = tuple(int(g) for g in m.groups())  # pools, names, text bytes, all bytes
            res["qstrlist"].append(res["qstrs"])  # (after the game, after the first duel, at the end)
        m = re.match(r"most (\d+) (\d+)", line)
        if m:
            most, total = int(m.group(1)), int(m.group(2))
    res["ok"] = code == 0 and stdout.rstrip().endswith("ok")
    if vm == "wasm" and res["ok"] and most > total - 64 * 1024:
        res["ok"] = False
        res["out"] += ("\nthe wasm VM came within 64 KB of its heap (%d of %d): it may have collected by itself"
                       % (most, total))
    return res
