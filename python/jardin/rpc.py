"""The connection to ``jardin rpc``: one request line, one answer line."""

import json
import os
import shutil
import subprocess
import threading


class EngineError(Exception):
    """An error the engine answered ({"error": ..., "code": ...}); it changed
    nothing. ``code`` is the stable code to test ("rpc.illegal", the list in
    docs/research.md; "" when the process itself failed); the message is a
    sentence for people, in the engine's language, and may change."""

    def __init__(self, message, code=""):
        super().__init__(message)
        self.code = code

    @classmethod
    def from_answer(cls, answer):
        return cls(answer["error"], answer.get("code", ""))


def find_binary(binary=None):
    """The jardin binary: binary, else $JARDIN_BIN, else jardin on PATH."""
    path = binary or os.environ.get("JARDIN_BIN") or shutil.which("jardin")
    if not path:
        raise FileNotFoundError(
            "no jardin binary: pass binary=, set JARDIN_BIN, or put jardin on PATH "
            "(go build -o jardin ./cmd/jardin)")
    return path


class Engine:
    """One ``jardin rpc`` process. Requests are answered in order; an Engine
    is used by one thread at a time (a lock makes that so)."""

    def __init__(self, binary=None, max_states=None, lang=None):
        """lang: the language of the errors' sentences ("en", "fr", "de"),
        else the environment's (LC_ALL, LC_MESSAGES, LANG)."""
        args = [find_binary(binary), "rpc"]
        if max_states is not None:
            args += ["--max-states", str(int(max_states))]
        if lang is not None:
            args += ["--lang", str(lang)]
        self._proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1 << 16)
        self._lock = threading.Lock()
        self._games = None
        # ids of states garbage-collected: freed before the next request
        # (a finalizer must not talk to the process itself: it may run
        # while a request holds the lock)
        self._unreferenced = []

    def request(self, req):
        """Send one request and return its answer; raise EngineError on an
        error answer."""
        answer = self.request_raw(req)
        if "error" in answer:
            raise EngineError.from_answer(answer)
        return answer

    def request_raw(self, req):
        """Send one request and return its answer as is (errors included)."""
        with self._lock:
            if self._proc.poll() is not None:
                raise EngineError("the jardin rpc process has ended")
            line = json.dumps(req, separators=(",", ":")).encode() + b"\n"
            frees = 0
            if self._unreferenced:
                ids, self._unreferenced = self._unreferenced, []
                frees = 1
                line = json.dumps({"op": "batch", "requests": [{"op": "free", "state": i} for i in ids]},
                                  separators=(",", ":")).encode() + b"\n" + line
            self._proc.stdin.write(line)
            self._proc.stdin.flush()
            for _ in range(frees):
                self._proc.stdout.readline()
            out = self._proc.stdout.readline()
        if not out:
            raise EngineError("the jardin rpc process has ended")
        return json.loads(out)

    def batch(self, requests):
        """Send many requests as one batch; return their answers in order,
        errors included as {"error": ...} (each request stands alone)."""
        return self.request({"op": "batch", "requests": requests})["answers"]

    def step(self, states, actions, legal=True):
        """Apply actions[i] in state states[i], every one in one request
        (op step): all or nothing, an illegal action raises EngineError and
        changes no state. Returns (players, legal actions): the seat to
        decide next in each state (-1 at the end) and, with legal, each
        state's legal actions (else None)."""
        a = self.request({"op": "step", "states": states, "actions": actions, "legal": bool(legal)})
        return a["players"], a.get("actions")

    def games(self):
        """Each game's facts (cached): a list of dicts."""
        if self._games is None:
            self._games = self.request({"op": "games"})["games"]
        return self._games

    def forget(self, state_id):
        """Free state_id with the next request (for finalizers)."""
        self._unreferenced.append(state_id)

    def close(self):
        """End the process."""
        if self._proc.poll() is None:
            try:
                self._proc.stdin.close()
            except OSError:
                pass
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._proc.stdout.close()

    @property
    def closed(self):
        return self._proc.poll() is not None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


_default = None


def default_engine():
    """A shared Engine, started on first use."""
    global _default
    if _default is None or _default.closed:
        _default = Engine()
    return _default
