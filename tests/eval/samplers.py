"""Real Samplers for the eval tests: a scripted expert, a random policy and an index-encoding policy.

They implement the ``Sampler`` protocol exactly as trained policies do (raw observations with history in,
``(B, n, Tp, Da)`` raw-unit chunks out), so the harness cannot tell them from a checkpoint.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch

from robopolicy.data.features import Feature
from robopolicy.policies.protocol import PolicySpec

METAWORLD_STATE_DIM = 39
METAWORLD_ACTION_DIM = 4


def metaworld_state_spec(obs_horizon: int = 2, pred_horizon: int = 4, exec_horizon: int = 1,
                         state_dim: int = METAWORLD_STATE_DIM, action_dim: int = METAWORLD_ACTION_DIM,
                         **extra_features: Feature) -> PolicySpec:
    return PolicySpec(obs_features={"state": Feature((state_dim,), "float32", "state"), **extra_features},
                      action_dim=action_dim, obs_horizon=obs_horizon, pred_horizon=pred_horizon,
                      exec_horizon=exec_horizon)


class MetaWorldExpertSampler:
    """Meta-World's scripted policy for ``task`` on the last observed state, repeated over the chunk."""

    def __init__(self, task: str, spec: PolicySpec | None = None):
        import metaworld.policies

        from robopolicy.sim.metaworld_env import expert_class_name

        self.spec = spec or metaworld_state_spec()
        self._expert = getattr(metaworld.policies, expert_class_name(task))()

    @property
    def noise_shape(self) -> tuple[int, int] | None:
        return (self.spec.pred_horizon, self.spec.action_dim)  # deterministic: noise is ignored

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        states = np.asarray(obs["state"])[:, -1].astype(np.float64)  # (B, Ds), the current step
        actions = np.stack([np.clip(self._expert.get_action(s), -1.0, 1.0) for s in states])  # (B, Da)
        chunk = np.broadcast_to(actions[:, None, None, :],
                                (len(states), n, self.spec.pred_horizon, self.spec.action_dim))
        return torch.as_tensor(chunk.copy(), dtype=torch.float32)


class RandomSampler:
    """Uniform-ish random actions ``tanh(noise)`` in (-1, 1): deterministic given the noise."""

    def __init__(self, spec: PolicySpec | None = None):
        self.spec = spec or metaworld_state_spec()

    @property
    def noise_shape(self) -> tuple[int, int] | None:
        return (self.spec.pred_horizon, self.spec.action_dim)

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        batch = len(next(iter(v for k, v in obs.items() if k != "task")))
        if noise is None:
            noise = torch.randn(batch, n, self.spec.pred_horizon, self.spec.action_dim)
        return torch.tanh(noise) * 2.0  # beyond the bounds sometimes: envs clip (actions are raw units)


class IndexSampler:
    """Every action of a chunk is its own index in the chunk: ``chunk[b, n, t, :] = t``."""

    def __init__(self, spec: PolicySpec):
        self.spec = spec

    @property
    def noise_shape(self) -> tuple[int, int] | None:
        return None

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        batch = len(obs["state"])
        index = torch.arange(self.spec.pred_horizon, dtype=torch.float32)
        return index[None, None, :, None].expand(batch, n, -1, self.spec.action_dim).clone()
