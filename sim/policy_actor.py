"""Run a chunking policy (a ``Sampler``) one env step at a time: observation history in, one action out.

Diffusion-Policy-style control: keep the last ``To`` observations (the first one repeated at the start of an
episode, as the training windows pad), and when the queue of planned actions is empty, sample a chunk
``(Tp, Da)`` and queue its executed part ``chunk[executed_slice(To, Ta)]`` (``Ta`` actions starting at index
``To - 1``). So the policy is queried once every ``Ta`` steps.

``reset(seed)`` makes an episode repeatable: a policy with an initial noise (``noise_shape``) then draws each
chunk's noise from a generator seeded by ``seed``, the draws evaluation makes for the episode of that seed
(``robopolicy.eval.rollout``), and any other policy samples after ``torch.manual_seed(seed)``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

import numpy as np

from robopolicy.policies.protocol import SpecMismatchError, check_policy_matches_env  # noqa: F401  (re-exported)

# the one fit check of a policy against an env lives in the library; its error under the name this module gave it
PolicyEnvMismatchError = SpecMismatchError


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
        self.generator: Any = None

    def reset(self, seed: int | None = None) -> None:
        """A new episode; with ``seed`` its chunks' randomness comes from that seed (see the module doc)."""
        self.history.clear()
        self.queue.clear()
        self.generator = None
        if seed is None:
            return
        import torch

        if getattr(self.policy, "noise_shape", None) is None:
            torch.manual_seed(seed)
        else:
            self.generator = torch.Generator().manual_seed(seed)

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
            chunk = self.policy.sample(self.observation_batch(), n=1, noise=self.noise())  # (B=1, n=1, Tp, Da)
            chunk = chunk.detach().cpu().numpy() if hasattr(chunk, "detach") else np.asarray(chunk)
            self.queue.extend(chunk[0, 0, self.executed])
            self.chunks_sampled += 1
        return np.asarray(self.queue.popleft(), dtype=np.float64)

    def noise(self) -> Any:
        """The next chunk's initial noise ``(1, 1, *noise_shape)`` from the episode's generator, scaled like
        evaluation's (``noise_scale``); None (the policy draws its own) without a seeded reset."""
        if self.generator is None:
            return None
        from robopolicy.policies.protocol import episode_noise

        return episode_noise(self.policy, self.generator)[None]
