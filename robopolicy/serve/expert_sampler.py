"""A Meta-World scripted expert as a chunk ``Sampler``: serve it to test a deployment pipeline end to end.

The expert reads the 39-d Meta-World observation (``state``, as ``robopolicy.sim``'s Meta-World adapter
returns it) and outputs one ``(4,)`` action; the sampler repeats it over the chunk, so a controller that
executes a few actions per chunk behaves like the expert run at a lower decision rate. This is a real policy
with a known success rate, not a trained one; ``robopolicy serve policy=expert:metaworld/reach-v3`` hosts it.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import torch

from robopolicy.errors import RobopolicyError
from robopolicy.policies.protocol import PolicySpec

EXPERT_PREFIX = "expert:"
METAWORLD_PREFIX = "metaworld/"
METAWORLD_STATE_DIM = 39
METAWORLD_ACTION_DIM = 4
# Meta-World warns on every call that its experts' gains are high (they are clipped to [-1, 1] below)
EXPERT_GAIN_WARNING = r"Constant\(s\) may be too high"
METAWORLD_CONTROL_RATE = 80.0  # 1 / env.dt of the Sawyer tasks (frame skip 5 at 400 Hz physics)


class ExpertSampler:
    """``sample(obs) -> (B, n, Tp, Da)``: the expert's action at the last observation, repeated ``Tp`` times."""

    def __init__(self, env_id: str, pred_horizon: int = 4, exec_horizon: int | None = None):
        if not env_id.startswith(METAWORLD_PREFIX):
            raise RobopolicyError(f"no scripted-expert sampler for {env_id!r}; valid: metaworld/<task>-v3")
        import metaworld.policies

        task = env_id[len(METAWORLD_PREFIX):]
        if task not in metaworld.policies.ENV_POLICY_MAP:
            valid = ", ".join(sorted(metaworld.policies.ENV_POLICY_MAP)[:8])
            raise RobopolicyError(f"no Meta-World expert for task {task!r}; valid tasks include: {valid}, ...")
        self.env_id = env_id
        self.expert = metaworld.policies.ENV_POLICY_MAP[task]()
        self.spec = PolicySpec(obs_features={"state": {"shape": (METAWORLD_STATE_DIM,), "dtype": "float32",
                                                        "kind": "state"}},
                               action_dim=METAWORLD_ACTION_DIM, obs_horizon=1, pred_horizon=pred_horizon,
                               exec_horizon=exec_horizon or pred_horizon, control_rate=METAWORLD_CONTROL_RATE,
                               extra={"expert": env_id})

    @property
    def noise_shape(self) -> None:
        return None

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        states = np.asarray(obs["state"], dtype=np.float64)[:, -1]  # (B, 39): the latest observation
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=EXPERT_GAIN_WARNING)
            actions = np.stack([np.clip(self.expert.get_action(s), -1.0, 1.0) for s in states])  # (B, Da)
        chunk = np.repeat(actions[:, None, None, :], self.spec.pred_horizon, axis=2)  # (B, 1, Tp, Da)
        return torch.from_numpy(np.repeat(chunk, n, axis=1).astype(np.float32))


def is_expert_policy(policy: str) -> bool:
    return policy.startswith(EXPERT_PREFIX)


def make_expert_sampler(policy: str, pred_horizon: int) -> ExpertSampler:
    return ExpertSampler(policy[len(EXPERT_PREFIX):], pred_horizon=pred_horizon)
