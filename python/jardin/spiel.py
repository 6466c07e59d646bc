"""An OpenSpiel-like API over jardin rpc: Game, State, load_game."""

import random
from dataclasses import dataclass

from .rpc import EngineError, default_engine

# OpenSpiel's player id of a terminal state.
TERMINAL = -4


@dataclass(frozen=True)
class GameType:
    """A game's facts, as OpenSpiel's GameType (docs/research.md)."""

    short_name: str
    id: str
    min_num_players: int
    max_num_players: int
    hidden_information: bool
    chance: bool
    general_sum: bool


def registered_names(engine=None):
    """The versioned names of every game ("english_gardens_v1", ...)."""
    return [g["name"] for g in (engine or default_engine()).games()]


def load_game(name, players=None, options=None, seed=0, engine=None):
    """The game of versioned name (or id) for players seats (default: the
    fewest the game allows beyond solo when it has solo, i.e. 2). options
    are the game's options by name; seed seeds the first new state, and
    each next one uses the following seed."""
    engine = engine or default_engine()
    for g in engine.games():
        if name in (g["name"], g["id"]):
            lo, hi = g["players"]
            if players is None:
                players = max(lo, min(2, hi))
            if not lo <= players <= hi:
                raise ValueError(f"{g['name']}: {players} players ({lo} to {hi})")
            return Game(engine, g, players, dict(options or {}), seed)
    raise ValueError(f"unknown game {name!r} (known: {', '.join(registered_names(engine))})")


class Game:
    """One game at one player count."""

    def __init__(self, engine, facts, players, options, seed):
        self.engine = engine
        self.facts = facts
        self._players = players
        self.options = {k: str(v) for k, v in options.items()}
        self._next_seed = seed

    def get_type(self):
        f = self.facts
        return GameType(f["name"], f["id"], f["players"][0], f["players"][1],
                        f["hiddenInformation"], f["chance"], f["generalSum"])

    def num_players(self):
        return self._players

    def num_distinct_actions(self):
        return self.facts["numActions"]

    def max_game_length(self):
        """maxDecisions at this player count (docs/research.md)."""
        return self.facts.get("maxDecisionsByPlayers", {}).get(str(self._players), self.facts["maxDecisions"])

    def observation_tensor_size(self):
        return self.facts["observationLength"]

    def observation_tensor_shape(self):
        return [self.facts["observationLength"]]

    def new_initial_state(self, seed=None):
        """A new game. Without seed, the game's next seed."""
        if seed is None:
            seed = self._next_seed
            self._next_seed += 1
        req = {"op": "new", "game": self.facts["name"], "players": self._players, "seed": int(seed)}
        if self.options:
            req["options"] = self.options
        return State(self, self.engine.request(req)["state"])

    def new_initial_states(self, seeds):
        """Many new games in one batch."""
        reqs = [{"op": "new", "game": self.facts["name"], "players": self._players, "seed": int(s),
                 **({"options": self.options} if self.options else {})} for s in seeds]
        return [State(self, _ok(a)["state"]) for a in self.engine.batch(reqs)]

    def __str__(self):
        return f"{self.facts['name']}(players={self._players})"


def _ok(answer):
    if "error" in answer:
        raise EngineError.from_answer(answer)
    return answer


def apply_actions(states, actions):
    """Apply actions[i] to states[i] (States of one engine, each named
    once) in one request: the fast way to play many games at once. All or
    nothing: an illegal action raises EngineError and changes no state."""
    if not states:
        return
    players, legal = states[0].game.engine.step([s.id for s in states], [int(a) for a in actions])
    for s, p, l in zip(states, players, legal):
        s._legal = {"player": p, "actions": l}


class State:
    """One position, held by the engine until freed (``free``, or when the
    State is garbage-collected)."""

    def __init__(self, game, state_id, legal=None):
        self.game = game
        self.id = state_id
        self._legal = legal  # cached {"player", "actions"}
        self._freed = False

    # ---- the current decision ----

    def _legal_answer(self):
        if self._legal is None:
            self._legal = self.game.engine.request({"op": "legal", "state": self.id})
        return self._legal

    def current_player(self):
        """The seat deciding now, or TERMINAL."""
        p = self._legal_answer()["player"]
        return TERMINAL if p < 0 else p

    def is_terminal(self):
        return self._legal_answer()["player"] < 0

    def is_chance_node(self):
        """Never: chance is drawn from the seed (docs/research.md)."""
        return False

    def is_simultaneous_node(self):
        return False

    def legal_actions(self, player=None):
        """The legal actions, sorted; none for a player not deciding now."""
        a = self._legal_answer()
        if player is not None and player != a["player"]:
            return []
        return list(a["actions"])

    def legal_actions_mask(self, player=None):
        mask = [0] * self.game.num_distinct_actions()
        for x in self.legal_actions(player):
            mask[x] = 1
        return mask

    def apply_action(self, action):
        """Play action for the current player. An illegal action raises
        EngineError and changes nothing."""
        self._legal = self.game.engine.request(
            {"op": "apply", "state": self.id, "action": int(action), "legal": True})

    def action_to_string(self, player, action):
        """The action in the game's notation."""
        return self.game.engine.request({"op": "notation", "state": self.id, "action": int(action)})["move"]

    # ---- what a seat sees ----

    def observation_tensor(self, player=None):
        """The seat's observation: a flat list of observation_tensor_size()
        numbers, encoded from what the seat sees only."""
        if player is None:
            player = self.current_player()
        return self.game.engine.request({"op": "observation", "state": self.id, "player": int(player)})["observation"]

    def view(self, player):
        """The seat's view (-1: a spectator's), as the page draws it."""
        return self.game.engine.request({"op": "view", "state": self.id, "player": int(player)})["view"]

    def resample_from_infostate(self, player, seed=None):
        """A new State in which all player cannot see is re-drawn,
        consistently with what player sees (Determinize)."""
        if seed is None:
            seed = random.getrandbits(63)
        a = self.game.engine.request({"op": "determinize", "state": self.id, "player": int(player), "seed": int(seed)})
        return State(self.game, a["state"])

    def clone(self):
        return State(self.game, self.game.engine.request({"op": "clone", "state": self.id})["state"], self._legal)

    # ---- the score pad ----

    def result(self):
        """{"over", "result" (the score pad with ranks), "returns"}."""
        return self.game.engine.request({"op": "result", "state": self.id})

    def returns(self):
        """Each seat's score-pad total (general-sum); provisional before
        the end."""
        return [float(x) for x in self.result()["returns"]]

    def rewards(self):
        return self.returns() if self.is_terminal() else [0.0] * self.game.num_players()

    # ---- memory ----

    def free(self):
        """Let the engine forget this state."""
        if not self._freed:
            self._freed = True
            self.game.engine.request({"op": "free", "state": self.id})

    def __del__(self):
        if not getattr(self, "_freed", True):
            self._freed = True
            self.game.engine.forget(self.id)

    def __str__(self):
        return f"State {self.id} of {self.game}"
