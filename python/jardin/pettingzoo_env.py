"""A PettingZoo-style AEC environment over jardin rpc.

When PettingZoo is installed, ``JardinEnv`` is a ``pettingzoo.AECEnv`` and
its spaces are gymnasium spaces; without it, the same class keeps the AEC
protocol (agents, agent_selection, step, last, rewards, terminations,
truncations, infos, observe) with no dependency, so the kit stays standard
library only.
"""

import random

from .spiel import load_game

try:  # optional
    from pettingzoo import AECEnv as _Base
    from gymnasium import spaces as _spaces
    HAVE_PETTINGZOO = True
except ImportError:  # pragma: no cover - depends on the machine
    _Base, _spaces = object, None
    HAVE_PETTINGZOO = False


class JardinEnv(_Base):
    """Agents are "player_0" ... Observations are dicts {"observation":
    the seat's observation tensor, "action_mask": legal actions as 0/1}.
    Rewards come once, at the end: each seat's final score."""

    metadata = {"name": "jardin_v1", "render_modes": []}

    def __init__(self, name, players=2, options=None, seed=0, engine=None):
        if HAVE_PETTINGZOO:
            super().__init__()
        self.game = load_game(name, players, options, seed, engine)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seed = seed
        self.state = None

    def observation_space(self, agent):
        n, size = self.game.num_distinct_actions(), self.game.observation_tensor_size()
        if _spaces is None:
            return {"observation": (size,), "action_mask": (n,)}
        return _spaces.Dict({
            "observation": _spaces.Box(low=-1e6, high=1e6, shape=(size,), dtype="float32"),
            "action_mask": _spaces.Box(low=0, high=1, shape=(n,), dtype="int8"),
        })

    def action_space(self, agent):
        n = self.game.num_distinct_actions()
        return n if _spaces is None else _spaces.Discrete(n)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seed = seed
        if self.state is not None:
            self.state.free()
        self.state = self.game.new_initial_state(self._seed)
        self._seed += 1
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state.current_player()]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        return {"observation": self.state.observation_tensor(seat),
                "action_mask": self.state.legal_actions_mask(seat)}

    def last(self, observe=True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a],
                self.terminations[a], self.truncations[a], self.infos[a])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            # PettingZoo's dead step: the agent leaves
            self.agents.remove(agent)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self.state.apply_action(action)
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            final = self.state.returns()
            for a in self.agents:
                self.rewards[a] = final[self.possible_agents.index(a)]
                self.terminations[a] = True
                self._cumulative_rewards[a] += self.rewards[a]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def random_action(self, rng=random):
        """A uniformly random legal action of the selected agent."""
        return rng.choice(self.state.legal_actions())

    def close(self):
        if self.state is not None:
            self.state.free()
            self.state = None
