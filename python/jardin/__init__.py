"""jardin: the five garden games of the jardin engine for game-AI research.

Standard library only. The engine runs as a child process, ``jardin rpc``,
spoken to in newline-delimited JSON (docs/research.md). The API follows
OpenSpiel's: ``load_game`` gives a ``Game``, ``Game.new_initial_state`` a
``State`` with ``legal_actions``, ``apply_action``, ``observation_tensor``,
``resample_from_infostate``, ``returns``. ``jardin.pettingzoo_env`` has a
PettingZoo-style environment.
"""

from .rpc import Engine, EngineError, default_engine
from .spiel import TERMINAL, Game, GameType, State, apply_actions, load_game, registered_names

__all__ = [
    "Engine",
    "EngineError",
    "Game",
    "GameType",
    "State",
    "TERMINAL",
    "apply_actions",
    "default_engine",
    "load_game",
    "registered_names",
]
