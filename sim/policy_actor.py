"""Run a chunking policy (a ``Sampler``) one env step at a time: observation history in, one action out.

Diffusion-Policy-style control: keep the last ``To`` observations (the first one repeated at the start of an
episode, as the training windows pad), and when the queue of planned actions is empty, sample a chunk
``(Tp, Da)`` and queue its executed part ``chunk[executed_slice(To, Ta)]`` (``Ta`` actions starting at index
``To - 1``). So the policy is queried once every ``Ta`` steps.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

import numpy as np

from robopolicy.data.features import Feature, describe_mismatch
from robopolicy.errors import RobopolicyError


class PolicyEnvMismatchError(RobopolicyError):
    """A policy reads observation keys or writes action dims the env does not have."""


def check_policy_matches_env(spec: Any, env_features: Mapping[str, Feature], env_id: str) -> None:
    """Raise ``PolicyEnvMismatchError`` naming keys and shapes on both sides, before any episode runs."""
    problems = describe_mismatch(spec.obs_features, env_features, "policy", f"env {env_id}")
    env_action = env_features["action"].shape
    if env_action != (spec.action_dim,):
        problems.append(f"the policy writes actions of shape ({spec.action_dim},) but env {env_id} takes {env_action}")
    if problems:
        raise PolicyEnvMismatchError("policy and env disagree: " + "; ".join(problems))


class PolicyActor:
    """``obs -> action`` for one env, from a ``Sampler`` with horizons ``To``, ``Tp``, ``Ta`` (its ``spec``).

    ``reset()`` at the start of every episode. ``instruction`` is passed as ``"task"`` when the policy is
    language-conditioned.
    """

    def __init__(self, policy: Any, instruction: str = ""):
        from robopolicy.policies.protocol import executed_slice

        self.policy = policy
        self.spec = policy.spec
        self.instruction = instruction
        self.obs_keys = list(self.spec.obs_features)
        self.executed = executed_slice(self.spec.obs_horizon, self.spec.exec_horizon)
        self.history: deque[dict[str, np.ndarray]] = deque(maxlen=self.spec.obs_horizon)
        self.queue: deque[np.ndarray] = deque()
        self.chunks_sampled = 0

    def reset(self) -> None:
        self.history.clear()
        self.queue.clear()

    def observation_batch(self) -> dict[str, Any]:
        """The policy input ``{key: (1, To, *shape)}`` (plus ``"task": [instruction]`` for language policies)."""
        batch: dict[str, Any] = {k: np.stack([o[k] for o in self.history])[None] for k in self.obs_keys}
        if self.spec.language:
            batch["task"] = [self.instruction]
        return batch

    def __call__(self, obs: Mapping[str, np.ndarray]) -> np.ndarray:
        frame = {k: np.asarray(obs[k]) for k in self.obs_keys}
        if not self.history:
            self.history.extend([frame] * self.spec.obs_horizon)  # pad like the training windows
        else:
            self.history.append(frame)
        if not self.queue:
            chunk = self.policy.sample(self.observation_batch(), n=1)  # (B=1, n=1, Tp, Da)
            chunk = chunk.detach().cpu().numpy() if hasattr(chunk, "detach") else np.asarray(chunk)
            self.queue.extend(chunk[0, 0, self.executed])
            self.chunks_sampled += 1
        return np.asarray(self.queue.popleft(), dtype=np.float64)
