"""``RobopolicyPolicy``: a robopolicy checkpoint behind LeRobot's ``PreTrainedPolicy`` interface.

The checkpoint is loaded by robopolicy's own ``load_policy`` (hash, weight-shape, finiteness and normalizer checks
included), so every checkpoint kind ``robopolicy eval`` runs (trained, DSRL-steered, DPPO, ...) runs here too.

Observations arrive as LeRobot batches after the (identity) preprocessor: ``observation.state`` ``(B, D)`` float,
``observation.images.<cam>`` ``(B, 3, H, W)`` float in [0, 1] (LeRobot's ``preprocess_observation`` divides the
env's uint8 by 255; here they become uint8 ``(B, H, W, 3)`` again, exactly), ``task`` a list of B strings for a
language policy. Action chunking follows LeRobot's diffusion policy: ``select_action`` keeps the last To
observations (the first one repeated after ``reset``), and when its action queue is empty samples a chunk and
queues its executed slice, ``n_action_steps`` (= the checkpoint's exec horizon Ta) actions starting at index
To - 1 (robopolicy's convention). Actions come out in raw units: the normalizer is inside the robopolicy policy,
so LeRobot's postprocessor is the identity. ``noise`` (``(B, Tp, Da)``), where given, is the policy's initial
noise (policies with a ``noise_shape``: diffusion with DDIM, flow), as for LeRobot's own diffusion policy.

Training through ``lerobot-train`` is not supported: ``forward`` says to train with ``robopolicy train``.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import torch
from lerobot.policies.pretrained import PreTrainedPolicy
from torch import Tensor

from lerobot_policy_robopolicy.configuration_robopolicy import (
    ACTION_KEY,
    POLICY_TYPE,
    RobopolicyConfig,
    RobopolicyPluginError,
    lerobot_features,
)

PIXEL_SCALE = 255.0
TASK_KEY = "task"


class RobopolicyPolicy(PreTrainedPolicy):
    """LeRobot policy type ``robopolicy``: ``select_action`` / ``predict_action_chunk`` / ``reset`` run the
    robopolicy checkpoint ``config.checkpoint_path()``."""

    config_class = RobopolicyConfig
    name = POLICY_TYPE

    def __init__(self, config: RobopolicyConfig, **kwargs: Any):  # kwargs: make_policy's dataset_stats/meta
        super().__init__(config)
        from robopolicy.policies.lerobot import check_lerobot_version
        from robopolicy.policies.loading import load_policy

        check_lerobot_version()
        self.checkpoint = config.checkpoint_path()
        sampler = load_policy(self.checkpoint, device=str(config.device or "cpu"))
        self.spec = sampler.spec
        config.apply_spec(self.spec)
        _, outputs, self._keys = lerobot_features(self.spec)  # {LeRobot key: robopolicy key}
        action = config.output_features.get(ACTION_KEY) if config.output_features else None
        if action is not None and tuple(action.shape) != tuple(outputs[ACTION_KEY].shape):
            raise RobopolicyPluginError(
                f"the env's action has shape {tuple(action.shape)}; the robopolicy checkpoint {self.checkpoint} "
                f"acts with shape {tuple(outputs[ACTION_KEY].shape)}")
        self.sampler = sampler  # an nn.Module (most kinds) becomes a submodule: .to(device) and .eval() reach it
        self._executed = self.spec.executed
        self.reset()

    # ------------------------------------------------------------------ loading
    @classmethod
    def from_pretrained(cls, pretrained_name_or_path: str | Path, *, config: RobopolicyConfig | None = None,
                        **kwargs: Any) -> RobopolicyPolicy:
        """A directory written by ``python -m lerobot_policy_robopolicy`` (``--policy.path``). Its weights are the
        robopolicy checkpoint's, loaded by robopolicy; there is no LeRobot ``model.safetensors`` to read."""
        if not Path(pretrained_name_or_path).is_dir():
            raise RobopolicyPluginError(f"{pretrained_name_or_path}: not a local directory; robopolicy checkpoints "
                                        "are loaded from disk (the Hugging Face Hub is not supported)")
        if config is None:
            config = RobopolicyConfig.from_pretrained(pretrained_name_or_path)
        if config.pretrained_path is None:
            config.pretrained_path = Path(pretrained_name_or_path)
        policy = cls(config)
        policy.to(config.device)
        policy.eval()
        return policy

    def _save_pretrained(self, save_directory: Path, state_dict: dict[str, Tensor] | None = None) -> None:
        raise RobopolicyPluginError("a robopolicy policy is saved by robopolicy (its checkpoint directory); to make "
                                    "a LeRobot policy directory of it run: python -m lerobot_policy_robopolicy "
                                    f"{self.checkpoint} --out <dir>")

    # ------------------------------------------------------------------ LeRobot's policy interface
    def get_optim_params(self) -> dict:
        return self.parameters()

    def forward(self, batch: dict[str, Tensor]) -> tuple[Tensor, dict | None]:
        raise RobopolicyPluginError("policy type 'robopolicy' runs robopolicy checkpoints but does not train "
                                    "through lerobot-train; train with `robopolicy train` (robopolicy convert "
                                    "from=lerobot reads LeRobot datasets)")

    def reset(self) -> None:
        """Clear the observation history and the queued actions (call at every env reset)."""
        self._obs_queues: dict[str, deque[Tensor]] = {k: deque(maxlen=self.spec.obs_horizon) for k in self._keys}
        self._action_queue: deque[Tensor] = deque(maxlen=int(self.config.n_action_steps))

    @torch.no_grad()
    def select_action(self, batch: dict[str, Tensor], noise: Tensor | None = None) -> Tensor:
        """One action ``(B, Da)`` in raw units; a new chunk is sampled when the queued ones are used up."""
        self._observe(batch)
        if not self._action_queue:
            history = {k: torch.stack(list(q), dim=1) for k, q in self._obs_queues.items()}
            chunk = self._sample(history, batch.get(TASK_KEY), noise)
            self._action_queue.extend(chunk.transpose(0, 1))
        return self._action_queue.popleft()

    @torch.no_grad()
    def predict_action_chunk(self, batch: dict[str, Tensor], noise: Tensor | None = None) -> Tensor:
        """The executed actions ``(B, n_action_steps, Da)`` for an observation.

        ``batch`` holds either one step per key (``(B, *shape)``: it joins the observation history, as in
        ``select_action``) or the whole history (``(B, To, *shape)``: used as given)."""
        first = next(iter(self._keys))
        with_history = batch[first].ndim == len(self.config.input_features[first].shape) + 2
        if with_history:
            history = {k: batch[k] for k in self._keys}
        else:
            self._observe(batch)
            history = {k: torch.stack(list(q), dim=1) for k, q in self._obs_queues.items()}
        return self._sample(history, batch.get(TASK_KEY), noise)

    # ------------------------------------------------------------------ conversion
    def _observe(self, batch: dict[str, Tensor]) -> None:
        missing = [k for k in self._keys if k not in batch]
        if missing:
            raise RobopolicyPluginError(f"the observation lacks {missing[0]!r}, which the robopolicy checkpoint "
                                        f"reads (as {self._keys[missing[0]]!r}); it has: "
                                        f"{', '.join(sorted(k for k in batch if k.startswith('observation.')))}")
        for key, queue in self._obs_queues.items():
            value = batch[key]
            want = tuple(self.config.input_features[key].shape)
            if tuple(value.shape[1:]) != want:
                raise RobopolicyPluginError(f"observation {key!r} has shape {tuple(value.shape)}; the robopolicy "
                                            f"checkpoint reads (B, {', '.join(map(str, want))})")
            while len(queue) < queue.maxlen - 1:  # after a reset: the first observation fills the history
                queue.append(value)
            queue.append(value)

    def _to_robopolicy(self, history: dict[str, Tensor], task: Any) -> dict[str, Any]:
        obs: dict[str, Any] = {}
        for lerobot_key, key in self._keys.items():
            value = history[lerobot_key]
            if self.spec.obs_features[key].kind == "image":  # (B, To, 3, H, W) in [0, 1] -> (B, To, H, W, 3) uint8
                value = (value.float() * PIXEL_SCALE).round().clamp(0, PIXEL_SCALE).to(torch.uint8)
                value = value.permute(0, 1, 3, 4, 2).contiguous()  # our layout: the kernels (and bits) ours use
            obs[key] = value
        if self.spec.language:
            if task is None:
                raise RobopolicyPluginError("the robopolicy checkpoint takes a language instruction: the batch needs "
                                            "'task' (a list of strings; lerobot-eval reads the env's task_description)")
            obs[TASK_KEY] = [task] if isinstance(task, str) else list(task)
        return obs

    def _sample(self, history: dict[str, Tensor], task: Any, noise: Tensor | None) -> Tensor:
        obs = self._to_robopolicy(history, task)
        if noise is not None:
            if getattr(self.sampler, "noise_shape", None) is None:
                raise RobopolicyPluginError("this robopolicy checkpoint is not a function of an initial noise "
                                            "(noise_shape is None); call it without noise")
            noise = torch.as_tensor(noise).unsqueeze(1)  # (B, Tp, Da) -> (B, n=1, Tp, Da)
        chunks = self.sampler.sample(obs, n=1, noise=noise)  # (B, 1, Tp, Da), raw units
        executed = chunks[:, 0, self._executed]
        return executed[:, : int(self.config.n_action_steps)]
