#!/usr/bin/env python3
"""An example bot for jardin's bot API (docs/bot-api.md), standard library only.

It makes itself a bot identity (once), reads its stream of newline-delimited
JSON, accepts every invitation, and on each of its turns plays a legal move
chosen at random by HTTP, until stopped (or, with --games N, until N of its
tables have ended).

    python3 examples/bots/python/bot.py --server http://localhost:8080 --name "Random Rosa"

It prints its token the first time: pass it back with --token to stay the
same bot. With --play-against N it also makes a person who invites it to a
table of every game at every player count (the other seats random bots) and
stops once all of them are over: scripts/test runs it that way.
"""

import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.request

CONFIRM = "I understand that this cannot be undone"


class APIError(Exception):
    def __init__(self, status, body):
        super().__init__(f"{status} {body.get('error', '')} ({body.get('reason', '')})")
        self.status = status
        self.body = body


class Client:
    """One identity talking to one server: JSON calls with its token."""

    def __init__(self, server, token=""):
        self.server = server.rstrip("/")
        self.token = token

    def request(self, method, path, body=None, timeout=30):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.server + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if self.token:
            req.add_header("Authorization", "Bearer " + self.token)
        try:
            return urllib.request.urlopen(req, timeout=timeout)
        except urllib.error.HTTPError as e:
            try:
                err = json.loads(e.read() or b"{}")
            except ValueError:
                err = {}
            raise APIError(e.code, err) from None

    def call(self, method, path, body=None):
        with self.request(method, path, body) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else None

    def new_identity(self, name):
        me = self.call("POST", "/api/me", {"name": name})
        self.token = me["token"]
        return me["id"]


class Bot(Client):
    def __init__(self, server, token="", seed=None, log=None):
        super().__init__(server, token)
        self.rand = random.Random(seed)
        self.ended = 0
        self.log = log or (lambda *a: None)

    def register(self, name):
        """A new identity, made a bot identity (irreversible)."""
        self.new_identity(name)
        self.call("POST", "/api/bot/account/upgrade", {"confirm": CONFIRM})

    def run(self, games=0):
        """Reads the stream and acts on each event until games tables ended (0: never)."""
        with self.request("GET", "/api/bot/stream", timeout=120) as stream:
            for line in stream:
                if not line.strip():
                    continue  # keep-alive
                ev = json.loads(line)
                self.handle(ev)
                if games and self.ended >= games:
                    return

    def handle(self, ev):
        kind, table = ev["type"], ev["table"]
        self.log(kind, table, ev.get("v", 0))
        if kind == "invitation":
            try:
                self.call("POST", f"/api/tables/{table}/accept", {})
            except APIError as e:
                if e.status == 429:  # at its limit of tables: let someone else sit
                    self.call("POST", f"/api/tables/{table}/decline", {})
                elif e.status != 409:  # 409: withdrawn or accepted already
                    raise
        elif kind == "turn":
            self.play(ev)
        elif kind == "end":
            self.ended += 1

    def play(self, ev):
        legal = ev.get("legal") or []
        if not legal:
            return
        move = {"v": ev["v"], "i": self.rand.randrange(len(legal)), "id": f"{ev['table']}-{ev['v']}"}
        while True:
            try:
                self.call("POST", f"/api/tables/{ev['table']}/move", move)
                return
            except APIError as e:
                if e.status == 429:  # its moves per second: wait and send again
                    time.sleep(0.2)
                elif e.status == 409:  # stale or refused: the stream brings the next turn
                    self.log("refused", ev["table"], e)
                    return
                else:
                    raise


def play_against(server, bot_id, players_max):
    """A person invites the bot to a table of every game at every player count up to players_max."""
    person = Client(server)
    person.new_identity("Ann")
    tables = []
    for g in person.call("GET", "/api/games"):
        for n in range(g["minPlayers"], min(g["maxPlayers"], players_max) + 1):
            seats = ["bot:" + bot_id] + ["random"] * (n - 1)
            t = person.call("POST", "/api/tables", {"game": g["id"], "seats": seats})
            tables.append((t["id"], g["id"], n))
    return person, tables


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--server", default="http://localhost:8080")
    p.add_argument("--token", default="", help="the bot identity's token (empty: make a new bot identity)")
    p.add_argument("--name", default="Random Rosa", help="a new bot identity's name")
    p.add_argument("--games", type=int, default=0, help="stop after this many tables ended (0: never)")
    p.add_argument("--play-against", type=int, default=0, metavar="N",
                   help="invite the bot to every game at every player count up to N, play them all, check they ended")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("-v", "--verbose", action="store_true")
    a = p.parse_args()
    log = (lambda *x: print("bot:", *x, file=sys.stderr)) if a.verbose else None
    bot = Bot(a.server, a.token, a.seed, log)
    if not bot.token:
        bot.register(a.name)
        if not a.play_against:  # a test's bot is not kept
            print("token:", bot.token, "(pass it with --token next time)", file=sys.stderr)
    bot_id = bot.call("GET", "/api/me")["id"]
    if a.play_against:
        person, tables = play_against(a.server, bot_id, a.play_against)
        bot.run(len(tables))
        bad = []
        for tid, game, n in tables:
            t = person.call("GET", f"/api/tables/{tid}")
            if t["status"] != "over" or not t["seats"][0].get("program"):
                bad.append((game, n, t["status"]))
        if bad:
            print("not played to the end:", bad, file=sys.stderr)
            sys.exit(1)
        print(f"{len(tables)} tables of {len({g for _, g, _ in tables})} games played to the end")
        return
    print(f'bot {bot_id}: people invite it with the seat "bot:{bot_id}"', file=sys.stderr)
    while True:
        try:
            bot.run(a.games)
            if a.games:
                return
        except (OSError, APIError) as e:  # the stream ended: open it again, it starts with what is pending
            print("stream:", e, "; reconnecting", file=sys.stderr)
            time.sleep(1)


if __name__ == "__main__":
    main()
