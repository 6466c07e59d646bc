#!/usr/bin/env python3
"""Applied actions per second through jardin rpc, from Python, with batching.

Plays random games of each game: --parallel games at once, one request per
round applying one random legal action in every live game, starting a new
game when one ends. The request is a step (--form step, the default: two
lists of numbers, answered by the next seat and legal actions of each
game) or, as before step existed, a batch of applies with "legal" (--form
batch). It
reports, per game, the wall-clock rate and the rate per processor second
(Python's and the engine's processor time added: the rate on one core when
both share it). Run it under `taskset -c 0` to pin both to one core.

    go build -o /tmp/jardin ./cmd/jardin
    JARDIN_BIN=/tmp/jardin taskset -c 0 python3 python/bench.py --seconds 5
"""

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jardin  # noqa: E402


def cpu_seconds(pid):
    """Processor time of process pid, from /proc (Linux)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bench(engine, name, players, seconds, parallel, rng, form="step"):
    game = jardin.load_game(name, players, engine=engine)
    news = [{"op": "new", "game": name, "players": players, "seed": rng.getrandbits(48)} for _ in range(parallel)]
    ids = [a["state"] for a in engine.batch(news)]
    legal = [a["actions"] for a in engine.batch([{"op": "legal", "state": i} for i in ids])]
    applied = games_done = 0
    wall0, py0, go0 = time.perf_counter(), time.process_time(), cpu_seconds(engine._proc.pid)
    while time.perf_counter() - wall0 < seconds:
        choice = rng.choice
        if form == "step":
            players_next, legal = engine.step(ids, [choice(l) for l in legal])
            applied += len(ids)
            ended = [k for k, p in enumerate(players_next) if p < 0]
        else:
            reqs = [{"op": "apply", "state": i, "action": choice(l), "legal": True} for i, l in zip(ids, legal)]
            answers = engine.batch(reqs)
            applied += len(reqs)
            ended = []
            for k, a in enumerate(answers):
                if "error" in a:
                    raise SystemExit(f"{name}: {a['error']}")
                legal[k] = a["actions"]
                if not legal[k]:
                    ended.append(k)
        if ended:
            # replace finished games: free them and start new ones, in one batch
            reqs = [{"op": "free", "state": ids[k]} for k in ended]
            reqs += [{"op": "new", "game": name, "players": players, "seed": rng.getrandbits(48)} for _ in ended]
            answers = engine.batch(reqs)[len(ended):]
            for k, a in zip(ended, answers):
                ids[k] = a["state"]
            for k, a in zip(ended, engine.batch([{"op": "legal", "state": ids[k]} for k in ended])):
                legal[k] = a["actions"]
            games_done += len(ended)
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - py0 + cpu_seconds(engine._proc.pid) - go0
    engine.batch([{"op": "free", "state": i} for i in ids])
    return {"game": name, "players": players, "form": form, "applied": applied, "games": games_done,
            "seconds": round(wall, 2), "cpuSeconds": round(cpu, 2),
            "perSecond": round(applied / wall), "perCPUSecond": round(applied / cpu)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3, help="per game")
    ap.add_argument("--parallel", type=int, default=256, help="games played at once (the batch size)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--game", action="append", help="versioned name (default: every game)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--form", choices=["step", "batch"], default="step",
                    help="step: one step request per round; batch: a batch of applies")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with jardin.Engine() as engine:
        names = args.game or jardin.registered_names(engine)
        rows = [bench(engine, n, args.players, args.seconds, args.parallel, rng, args.form) for n in names]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'game':22} {'players':>7} {'applied':>9} {'games':>6} {'s':>6} {'cpu s':>6} {'/s':>8} {'/cpu s':>8}")
    for r in rows:
        print(f"{r['game']:22} {r['players']:>7} {r['applied']:>9} {r['games']:>6} {r['seconds']:>6} "
              f"{r['cpuSeconds']:>6} {r['perSecond']:>8} {r['perCPUSecond']:>8}")


if __name__ == "__main__":
    main()
