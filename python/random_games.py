#!/usr/bin/env python3
"""Random games of every game and player count to the end through the
Python kit, checking at every decision that the legal actions the kit holds
(answered by each step) are exactly the engine's legal moves: the same
number, and the same moves in the game's notation, listed by the engine
straight from its LegalMoves. Games are played --parallel at a time, with
batches. docs/research.md reports the 1,000-game run:

    go build -o /tmp/jardin ./cmd/jardin
    JARDIN_BIN=/tmp/jardin python3 python/random_games.py --games 1000
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jardin  # noqa: E402


def check(engine, name, players, games, parallel, rng, max_len):
    """Play games random games; return (games, decisions) or raise."""
    done = decisions = 0
    started = 0
    live = []  # [state id, legal actions, steps]

    def start(k):
        nonlocal started
        reqs = [{"op": "new", "game": name, "players": players, "seed": rng.getrandbits(48)} for _ in range(k)]
        started += k
        for a in engine.batch(reqs):
            live.append([a["state"], None, 0])

    start(min(parallel, games))
    while live:
        # the engine's own legal moves, in notation, and the move of each action
        answers = engine.batch([{"op": "legal", "state": g[0], "moves": True} for g in live])
        for g, a in zip(live, answers):
            if "error" in a:
                raise AssertionError(f"{name} {players}p: {a['error']}")
            names = a["actionMoves"]  # each action's move, through the action index
            if g[1] is not None and g[1] != a["actions"]:
                raise AssertionError(f"{name} {players}p step {g[2]}: the kit holds {g[1]}, the engine {a['actions']}")
            if sorted(names) != sorted(a["moves"]) or len(set(a["actions"])) != len(a["moves"]):
                raise AssertionError(f"{name} {players}p step {g[2]}: actions {names} are not the moves {a['moves']}")
            g[1] = a["actions"]
        ended = [g for g in live if not g[1]]
        live[:] = [g for g in live if g[1]]
        if ended:
            engine.batch([{"op": "free", "state": g[0]} for g in ended])
            done += len(ended)
            if started < games:
                start(min(len(ended), games - started))
        ready = [g for g in live if g[1]]  # fresh games get their legal list first
        if not ready:
            continue
        for g in ready:
            g[2] += 1
            if g[2] > max_len:
                raise AssertionError(f"{name} {players}p: longer than maxDecisions {max_len}")
        # one step applies an action in every game: its legal lists are
        # the ones checked against a fresh legal above
        _, legal = engine.step([g[0] for g in ready], [rng.choice(g[1]) for g in ready])
        for g, actions in zip(ready, legal):
            g[1] = actions
            decisions += 1
    return done, decisions


def main():
    ap = argparse.ArgumentParser(description="random games through the kit, legal actions checked")
    ap.add_argument("--games", type=int, default=10, help="per game and player count")
    ap.add_argument("--parallel", type=int, default=64)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", help="versioned name (default: every game)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    t0 = time.time()
    total = 0
    with jardin.Engine() as engine:
        for f in engine.games():
            if args.game and f["name"] not in args.game:
                continue
            lo, hi = f["players"]
            for n in range(lo, hi + 1):
                g, d = check(engine, f["name"], n, args.games, args.parallel, rng, f["maxDecisionsByPlayers"][str(n)])
                total += d
                print(f"{f['name']:22} {n}p: {g} games, {d} decisions, legal actions = engine's legal moves", flush=True)
    print(f"all: {total} decisions in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
