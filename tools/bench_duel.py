"""``python -m tools.bench duel --games N --loss P --seed S [--cheat KIND]``

Plays N computer-vs-computer duels (random shooters, classic rules) over the link simulator with
piece loss P (0..1, or a percentage such as 5%), half as many duplicated pieces, 5-90 ms delays
and a few disconnects, and prints: games finished, games that desynchronised or froze, cheats
injected and detected, bytes per shot and per game, hash operations per game per side, nvm writes
(flash page erases) per game per side. The last
line is the same figures as JSON.
"""

import argparse
import hashlib
import json
import os
import sys
import time

# the duels run over the test doubles (tests/doubles: a simulated link and players)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))

from doubles import cheats, duelsim  # noqa: E402
from seabattle.duel import frame  # noqa: E402
from seabattle.duel import protocol as D  # noqa: E402
from seabattle.duel import wire as W  # noqa: E402


def _loss(text):
    text = text.strip()
    if text.endswith("%"):
        return float(text[:-1]) / 100
    value = float(text)
    return value / 100 if value >= 1 else value  # "--loss 5" and "--loss 0.05" are both 5 %


def _caught(events, kind):
    claim = kind in cheats.CLAIMED  # (shown as the peer's word, not as evidence)
    for e in events:
        found = e[1] if e[0] == "verdict" else ([e[1]] if e[0] in ("error", "refused") and (
            len(e) > 2 and e[2]) == claim else [])
        for ev in found:
            if ev.kind in cheats.EXPECT[kind]:
                return ev
    return None


def _record(m, wire, saves):
    """Feed every write to the link and every save of match ``m`` into the two hashes: a change
    that keeps them keeps the protocol byte for byte (the frames on the wire, the nvm saves)."""
    for side in (0, 1):
        end = m.sim.ends[side]
        d = m.duels[side]

        def write(data, _w=end.write, _side=side):
            wire.update(bytes((_side, len(data) >> 8, len(data) & 0xFF)) + bytes(data))
            _w(data)

        def store(data, _s=d.store, _side=side):
            saves.update(bytes((_side, len(data) >> 8, len(data) & 0xFF)) + bytes(data))
            _s(data)

        end.write = write
        d.store = store


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench duel", description=__doc__.split("\n\n")[1])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--loss", type=_loss, default=0.0, help="piece loss: 0.05 or 5%%")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cheat", choices=sorted(cheats.CHEATS), help="one device cheats this way")
    args = ap.parse_args(argv)

    start = time.time()
    finished = desync = froze = detected = 0
    won = lost = no_winner = verdict_ms = 0  # the honest side's recorded outcome of each cheat
    shots = play_bytes = game_bytes = sim_ms = disconnects = 0
    hashes = [0, 0]
    blocks = [0, 0]
    writes = [0, 0]
    own = [0, 0]
    example = None
    wire = hashlib.sha256()  # every byte either device writes to the link, in order
    saves = hashlib.sha256()  # every state either device stores (its nvm writes), in order
    for i in range(args.games):
        seed = args.seed + i
        m = duelsim.Match(seed, loss=args.loss, dup=args.loss / 2, delay=(5, 90), drop=args.loss / 100,
                          tick=20, cheat=args.cheat, cheat_side=seed % 2, reveal_ms=20000, save=True)
        _record(m, wire, saves)
        honest = 1 - seed % 2
        # a cheat's duel: until the honest side is done (a cheater it stopped talking to may
        # never be); a fair one until both are
        done = m.run(side=honest if args.cheat else None)
        disconnects += m.sim.stats[5]
        sim_ms += m.clock()
        if not done:
            froze += 1
            continue
        if args.cheat:
            ev = _caught(m.events[honest], args.cheat)
            if ev is not None:
                detected += 1
                example = example or ev.text()
            result = m.duels[honest].won
            won += result is True
            lost += result is False
            no_winner += result is None
            verdict_ms += m.clock()
            continue
        if m.agree() is not None:
            desync += 1
            continue
        finished += 1
        n = m.duels[0].shots()
        shots += n
        game_bytes += m.bytes()
        play_bytes += m.over_bytes - m.play_bytes
        for side in (0, 1):
            writes[side] += m.saves[side]
            own[side] += sum(1 for k in range(n) if m.duels[side]._entry(k)[0])
            hashes[side] += m.hashes[side][0]
            blocks[side] += m.hashes[side][1]
    games = max(finished, 1)
    figures = {
        "games": args.games,
        "loss": args.loss,
        "seed": args.seed,
        "finished": finished,
        "desync": desync,
        "froze": froze,
        "cheat": args.cheat,
        "cheats_injected": args.games if args.cheat else 0,
        "cheats_detected": detected,
        "honest_won": won,
        "honest_lost": lost,
        "no_winner": no_winner,
        "verdict_s_mean": round(verdict_ms / 1000 / max(args.games - froze, 1), 1),
        "disconnects": disconnects,
        "shots_per_game": round(shots / games, 1),
        "bytes_per_shot": round(play_bytes / max(shots, 1), 1),
        "bytes_per_game": round(game_bytes / games),
        "hash_calls_per_game_host": round(hashes[0] / games, 1),
        "hash_calls_per_game_guest": round(hashes[1] / games, 1),
        "hash_blocks_per_game_host": round(blocks[0] / games, 1),
        "hash_blocks_per_game_guest": round(blocks[1] / games, 1),
        "nvm_writes_per_game_host": round(writes[0] / games, 1),
        "nvm_writes_per_game_guest": round(writes[1] / games, 1),
        "own_shots_per_game_host": round(own[0] / games, 1),
        "own_shots_per_game_guest": round(own[1] / games, 1),
        "simulated_s_per_game": round(sim_ms / 1000 / max(args.games, 1), 1),
        "wall_s": round(time.time() - start, 1),
        "frames_sha256": wire.hexdigest()[:16],
        "saves_sha256": saves.hexdigest()[:16],
        "wire_shot": frame.wire_length(4 + W.TAG),  # with the shot's tag (see seabattle/duel/wire.py)
        "wire_result": frame.wire_length(13 + W.TAG),
        "wire_result_sunk": frame.wire_length(15 + W.TAG),
    }
    print("duel: %d games, loss %.1f%% (+%.1f%% duplicates, 5-90 ms delays, %d disconnects), seed %d" % (
        args.games, args.loss * 100, args.loss * 50, disconnects, args.seed))
    if args.cheat:
        print("cheat %s injected in %d games, detected in %d%s" % (
            args.cheat, args.games, detected, (": e.g. \"%s\"" % example) if example else ""))
        print("the honest side's result: won %d, lost %d, no winner %d; stalled (no result in an hour): %d" % (
            won, lost, no_winner, froze))
        print("mean time to the result: %.1f s (simulated)" % figures["verdict_s_mean"])
    else:
        print("finished and agreed: %d; desynchronised: %d; froze: %d" % (finished, desync, froze))
        print("bytes on the link per shot (both directions, proofs, acks, resends): %.1f" % figures["bytes_per_shot"])
        print("bytes on the link per game (hello, commitments, shots, reveal): %d" % figures["bytes_per_game"])
        print("frames: shot %d bytes (one 20-byte write), result %d / sunk %d bytes (two writes)" % (
            figures["wire_shot"], figures["wire_result"], figures["wire_result_sunk"]))
        print("hash operations per game: host %.1f calls (%.1f blocks), guest %.1f calls (%.1f blocks)" % (
            figures["hash_calls_per_game_host"], figures["hash_blocks_per_game_host"],
            figures["hash_calls_per_game_guest"], figures["hash_blocks_per_game_guest"]))
        print("nvm writes (flash page erases) per game: host %.1f, guest %.1f (own shots %.1f, %.1f)" % (
            figures["nvm_writes_per_game_host"], figures["nvm_writes_per_game_guest"],
            figures["own_shots_per_game_host"], figures["own_shots_per_game_guest"]))
    print("sha256 of the frames written %s, of the saves stored %s" % (figures["frames_sha256"], figures["saves_sha256"]))
    print("simulated time per game %.1f s; wall time %.1f s" % (figures["simulated_s_per_game"], figures["wall_s"]))
    print(json.dumps(figures, sort_keys=True))
    ok = froze == 0 and desync == 0 and (not args.cheat or detected == args.games and no_winner == 0 and (
        won == args.games or args.cheat in cheats.REFUSED))
    return 0 if ok else 1
