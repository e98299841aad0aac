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

Training (``lerobot-train``): ``forward`` maps LeRobot's training batch onto the robopolicy policy's own ``loss``.
The batch holds the observation history ``(B, To, ...)`` (``observation_delta_indices`` = To-1 steps back .. now)
and the action chunk ``(B, Tp, Da)`` from To-1 steps back (``action_delta_indices``: robopolicy's window, as
Diffusion Policy's); frames past an episode's ends repeat its edge frame in both, so ``*_is_pad`` is not read
(robopolicy's convention: padded actions are kept). The policy is either the checkpoint ``config.checkpoint``
(fine-tuned; robopolicy trained kinds only) or built fresh from ``config.head`` / ``head_config`` over the
dataset's features, its normalizer fitted from the dataset's statistics (``limits``: min/max, as ``robopolicy
train``). ``save_pretrained`` writes a robopolicy checkpoint (``model.safetensors``, ``policy.json``,
``meta.json``) beside LeRobot's ``config.json``, so the saved ``pretrained_model`` directory is both a robopolicy
checkpoint (``robopolicy.load_policy``, ``robopolicy eval``) and a LeRobot policy directory (``--policy.path``).
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

    def __init__(self, config: RobopolicyConfig, dataset_stats: dict | None = None, dataset_meta: Any = None,
                 **kwargs: Any):  # make_policy's dataset statistics and metadata (used to build a fresh head)
        super().__init__(config)
        from robopolicy.checkpoint import read_policy_info, resolve_checkpoint
        from robopolicy.policies.lerobot import check_lerobot_version
        from robopolicy.policies.loading import load_policy

        check_lerobot_version()
        if config.head and not (config.checkpoint or config.pretrained_path):
            self.checkpoint = None
            sampler = build_head(config, dataset_stats, getattr(dataset_meta, "fps", None))
            self._kind = "policy"
        else:
            self.checkpoint = config.checkpoint_path()
            sampler = load_policy(self.checkpoint, device=str(config.device or "cpu"))
            self._kind = read_policy_info(resolve_checkpoint(self.checkpoint)).get("kind", "policy")
        self._updates = 0  # optimizer steps taken here (lerobot-train calls update() after each)
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
        """A robopolicy checkpoint (its files written atomically by robopolicy, then moved in) plus LeRobot's
        ``config.json`` naming no checkpoint: the directory is the policy (``--policy.path``, ``load_policy``)."""
        from robopolicy.checkpoint import META_FILE, MODEL_FILE, POLICY_FILE, save_checkpoint

        if self._kind != "policy" or not hasattr(self.sampler, "policy_config"):
            raise RobopolicyPluginError(f"a robopolicy checkpoint of kind {self._kind!r} is saved by robopolicy (its "
                                        "checkpoint directory); to make a LeRobot policy directory of it run: python "
                                        f"-m lerobot_policy_robopolicy {self.checkpoint} --out <dir>")
        if state_dict is None:
            state = self.sampler.state_dict()
        else:  # a gathered (FSDP) state dict of this module: the sampler's entries
            state = {k[len("sampler."):]: v for k, v in state_dict.items() if k.startswith("sampler.")}
        info = {"kind": "policy", "name": self.sampler.name, "config": self.sampler.policy_config,
                "spec": self.spec.to_dict()}
        save_directory = Path(save_directory)
        staged = save_checkpoint(save_directory.parent / f".{save_directory.name}.robopolicy", state, info,
                                 self._updates)
        for name in (MODEL_FILE, POLICY_FILE, META_FILE):  # meta.json last: it marks a complete checkpoint
            (staged / name).replace(save_directory / name)
        staged.rmdir()
        checkpoint, self.config.checkpoint = self.config.checkpoint, None
        try:
            self.config._save_pretrained(save_directory)
        finally:
            self.config.checkpoint = checkpoint

    # ------------------------------------------------------------------ LeRobot's policy interface
    def get_optim_params(self) -> dict:
        return self.parameters()

    def update(self) -> None:
        """Called by lerobot-train after every optimizer step: counts them (the saved checkpoint's step)."""
        self._updates += 1

    def forward(self, batch: dict[str, Tensor], reduction: str = "mean") -> tuple[Tensor, dict | None]:
        """The robopolicy policy's supervised loss of a LeRobot training batch (observation histories
        ``(B, To, ...)``, ``action`` ``(B, Tp, Da)``); ``reduction="none"``: one loss per chunk ``(B,)``."""
        if not hasattr(self.sampler, "loss"):
            raise RobopolicyPluginError(f"the robopolicy checkpoint {self.checkpoint} (kind {self._kind!r}) has no "
                                        "supervised loss to train with lerobot-train")
        missing = [k for k in (*self._keys, ACTION_KEY) if k not in batch]
        if missing:
            raise RobopolicyPluginError(f"the training batch lacks {missing[0]!r}, which the robopolicy policy "
                                        f"reads; it has: {', '.join(sorted(k for k in batch if '.' in k or k == ACTION_KEY))}")
        obs = self._to_robopolicy({k: batch[k] for k in self._keys}, batch.get(TASK_KEY))
        obs[self.spec.action_key] = batch[ACTION_KEY]
        if reduction == "none":
            losses = self.sampler.chunk_losses(obs)
            return losses, {"loss": float(losses.detach().mean())}
        loss, info = self.sampler.loss(obs)
        return loss, dict(info)

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


def build_head(config: RobopolicyConfig, dataset_stats: dict | None, fps: float | None) -> Any:
    """A fresh robopolicy policy ``config.head`` over the config's LeRobot features (from the dataset), its
    normalizer fitted from the dataset's statistics as ``robopolicy train`` fits it (``limits`` for the states and
    the action: their min and max)."""
    from lerobot.configs.types import FeatureType

    from robopolicy.data.features import Feature
    from robopolicy.data.formats.lerobot import store_key_for
    from robopolicy.data.formats.lerobot_export import lerobot_key_for
    from robopolicy.data.normalizer import Normalizer
    from robopolicy.policies.protocol import PolicySpec
    from robopolicy.policies.registry import build_policy, default_normalizer_modes

    cfg = config.head_policy_config()
    obs: dict[str, Feature] = {}
    for key, feature in (config.input_features or {}).items():
        store_key, _ = store_key_for(key)
        if feature.type is FeatureType.VISUAL:
            channels, height, width = feature.shape
            obs[store_key] = Feature((height, width, channels), "uint8", "image")
        elif feature.type in (FeatureType.STATE, FeatureType.ENV):
            obs[store_key] = Feature(tuple(feature.shape), "float32", "state")
    action = (config.output_features or {}).get(ACTION_KEY)
    if not obs or action is None:
        raise RobopolicyPluginError(f"--policy.head={config.head} is built over a dataset's features (lerobot-train): "
                                    f"got inputs {sorted(config.input_features or {})} and outputs "
                                    f"{sorted(config.output_features or {})}")
    spec = PolicySpec(obs_features=obs, action_dim=int(action.shape[0]), obs_horizon=cfg["obs_horizon"],
                      pred_horizon=cfg["pred_horizon"], exec_horizon=cfg["exec_horizon"],
                      control_rate=float(fps or 10.0), language=cfg["language"])
    stats = {}
    for key, mode in default_normalizer_modes(spec).items():
        lerobot_key = ACTION_KEY if key == spec.action_key else lerobot_key_for(key, spec.obs_features[key])
        found = (dataset_stats or {}).get(lerobot_key) or {}
        if "min" not in found or "max" not in found:
            raise RobopolicyPluginError(f"--policy.head={config.head} needs the dataset's min/max statistics of "
                                        f"{lerobot_key!r} (meta/stats.json) to fit its normalizer")
        shape = (spec.action_dim,) if key == spec.action_key else spec.obs_features[key].shape
        low, high = (torch.as_tensor(found[s], dtype=torch.float32).reshape(shape) for s in ("min", "max"))
        stats[key] = (mode, low.numpy(), (high - low).numpy())
    return build_policy(config.head, cfg, spec, Normalizer(stats))
