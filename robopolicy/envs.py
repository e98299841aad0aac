"""The library's one seam to the simulators: everything the library needs from ``robopolicy.sim`` (top-level
``sim/``, which sits above the library) is imported here and nowhere else (``tests/test_layering.py`` pins it).

- making envs and naming them: ``make_env``, ``registered_envs``, ``check_env_id``, ``expand_env_ids`` (a task
  set such as ``metaworld/mt10`` -> its task ids), ``task_set_ids``, ``TASK_SETS``, ``MT10_ID``;
- what an env is and how it fails: ``SimEnv``, ``NoExpertError``, ``UnknownEnvError``, ``SimulatorMissingError``,
  ``CameraError`` (a camera the simulator does not have);
- each simulator's settings: ``simulator_defaults`` (``sim/settings.py``);
- running a policy in an env: ``PolicyActor`` and its fit check ``check_policy_matches_env``.

Importing this module imports ``robopolicy.sim`` (numpy, gymnasium, yaml), never a simulator: ``make_env``
imports the one it needs. Library modules that reached ``robopolicy.sim`` lazily (inside a function) import
this module the same way.
"""

from __future__ import annotations

from robopolicy.sim import (
    MT10_ID,
    TASK_SETS,
    NoExpertError,
    SimEnv,
    SimulatorMissingError,
    UnknownEnvError,
    check_env_id,
    expand_env_ids,
    make_env,
    registered_envs,
    task_set_ids,
)
from robopolicy.sim.policy_actor import PolicyActor, check_policy_matches_env
from robopolicy.sim.rendering import CameraError
from robopolicy.sim.settings import simulator_defaults

__all__ = ["MT10_ID", "TASK_SETS", "CameraError", "NoExpertError", "PolicyActor", "SimEnv", "SimulatorMissingError",
           "UnknownEnvError", "check_env_id", "check_policy_matches_env", "expand_env_ids", "make_env",
           "registered_envs", "simulator_defaults", "task_set_ids"]
