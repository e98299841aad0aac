"""Policy registry: ``build_policy(name, cfg, spec, normalizer)`` for every registered policy name.

| name            | observation encoder                         | head      |
|-----------------|---------------------------------------------|-----------|
| diffusion_unet  | per-key encoders, flattened history (DP)    | DDPM/DDIM |
| flow_unet       | per-key encoders, flattened history (DP)    | flow      |
| vla_flow        | image/state/instruction tokens -> transformer | flow    |
| vla_diffusion   | image/state/instruction tokens -> transformer | DDPM/DDIM |
| mlp_bc          | per-key encoders, flattened history (DP)    | MLP regression (baseline) |

The four generative heads use the 1-D conditional U-Net as the denoiser and are ``ChunkPolicy``s (all three
protocol tiers); ``mlp_bc`` is an ``MLPPolicy`` (Sampler + TrainablePolicy only). Every built policy has
``.name``, ``.policy_config`` (the resolved plain dict), ``.spec`` and ``.normalizer`` (a submodule, saved in
its ``state_dict``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from omegaconf import DictConfig
from torch import nn

from robopolicy.data.features import Feature
from robopolicy.data.normalizer import Normalizer
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.models.observation_encoder import ObservationEncoder
from robopolicy.models.token_encoder import ObservationTokenEncoder
from robopolicy.models.unet1d import ConditionalUnet1D
from robopolicy.policies.chunk_policy import ChunkPolicy
from robopolicy.policies.diffusion import DiffusionPolicy
from robopolicy.policies.flow import FlowPolicy
from robopolicy.policies.mlp import MLPPolicy
from robopolicy.policies.policy_config import POLICY_SECTIONS, resolve_policy_config
from robopolicy.policies.protocol import PolicySpec

POLICIES: tuple[str, ...] = tuple(POLICY_SECTIONS)
OBS_KINDS = ("state", "image")  # observation kinds the encoders read
DEFAULT_NORMALIZER_MODE = "limits"  # Diffusion Policy: states and actions to [-1, 1]


class PolicySpecError(RobopolicyError, ValueError):
    """A spec, normalizer or dataset does not fit the policy being built."""


def default_normalizer_modes(spec: PolicySpec) -> dict[str, str]:
    """Normalizer modes a policy needs: ``limits`` for every state observation and for the action."""
    modes = {k: DEFAULT_NORMALIZER_MODE for k, f in spec.obs_features.items() if f.kind == "state"}
    modes[spec.action_key] = DEFAULT_NORMALIZER_MODE
    return modes


def policy_spec_from_config(cfg: Mapping[str, Any] | DictConfig, features: Mapping[str, Feature],
                            obs_keys: list[str] | None = None, action_key: str = "action",
                            control_rate: float = 10.0) -> PolicySpec:
    """The ``PolicySpec`` of a policy config over a dataset's (or env's) features.

    ``obs_keys=None`` takes every state and image feature. Missing keys are a ``PolicySpecError`` that names them.
    """
    resolved = resolve_policy_config(str(cfg.get("name")), cfg) if cfg.get("name") else None
    if resolved is None:
        raise ConfigError(f"policy config needs a 'name'; valid: {', '.join(POLICIES)}")
    if obs_keys is None:
        obs_keys = [k for k, f in features.items() if f.kind in OBS_KINDS]
    missing = [k for k in [*obs_keys, action_key] if k not in features]
    if missing:
        raise PolicySpecError(f"the data lack {missing}; they have: {', '.join(features)}")
    if not obs_keys:
        raise PolicySpecError(f"no state or image observations among the features {list(features)}")
    if features[action_key].kind != "action" or len(features[action_key].shape) != 1:
        raise PolicySpecError(f"{action_key!r} must be a 1-D action feature, got {features[action_key]}")
    return PolicySpec(obs_features={k: features[k] for k in obs_keys}, action_dim=features[action_key].shape[0],
                      obs_horizon=resolved["obs_horizon"], pred_horizon=resolved["pred_horizon"],
                      exec_horizon=resolved["exec_horizon"], control_rate=control_rate,
                      language=resolved["language"], action_key=action_key)


def _check_fit(name: str, cfg: dict[str, Any], spec: PolicySpec, normalizer: Normalizer) -> None:
    for key in ("obs_horizon", "pred_horizon", "exec_horizon", "language"):
        if cfg[key] != getattr(spec, key):
            raise PolicySpecError(f"policy {name!r} config has {key}={cfg[key]} but the spec has {getattr(spec, key)}")
    bad = {k: f.kind for k, f in spec.obs_features.items() if f.kind not in OBS_KINDS}
    if bad:
        raise PolicySpecError(f"policy {name!r} reads observations of kinds {OBS_KINDS}; {bad} are not")
    needed = default_normalizer_modes(spec)
    missing = [k for k in needed if k not in normalizer]
    if missing:
        raise PolicySpecError(f"the normalizer has no statistics for {missing} (it has {normalizer.keys}); "
                              f"fit it with modes like {needed}")


def _dp_encoder(cfg: dict[str, Any], spec: PolicySpec) -> ObservationEncoder:
    return ObservationEncoder(spec.obs_features, spec.obs_horizon, spec.language, cfg["state_encoder"],
                              cfg["image_encoder"], cfg["language_encoder"])


def _token_encoder(cfg: dict[str, Any], spec: PolicySpec) -> ObservationTokenEncoder:
    trunk = dict(cfg["trunk"])
    readout = trunk.pop("num_readout_tokens")
    return ObservationTokenEncoder(spec.obs_features, spec.obs_horizon, spec.language, cfg["state_encoder"],
                                   cfg["image_encoder"], cfg["language_encoder"], trunk, readout)


def _unet_head(policy_cls: type[ChunkPolicy]) -> Callable[..., nn.Module]:
    """A head builder: the conditional U-Net denoiser under ``policy_cls``'s diffusion or flow math."""

    def build(name: str, spec: PolicySpec, normalizer: Normalizer, cfg: dict[str, Any], encoder: nn.Module) -> nn.Module:
        u = cfg["unet"]
        denoiser = ConditionalUnet1D(spec.action_dim, encoder.cond_dim, spec.pred_horizon, u["down_dims"],
                                     u["kernel_size"], u["n_groups"], u["step_embed_dim"])
        return policy_cls(name, spec, normalizer, cfg, encoder, denoiser)

    return build


EncoderBuilder = Callable[[dict[str, Any], PolicySpec], nn.Module]
# name -> (observation encoder builder, policy builder (name, spec, normalizer, cfg, encoder) -> policy)
_BUILDERS: dict[str, tuple[EncoderBuilder, Callable[..., nn.Module]]] = {
    "diffusion_unet": (_dp_encoder, _unet_head(DiffusionPolicy)),
    "flow_unet": (_dp_encoder, _unet_head(FlowPolicy)),
    "vla_flow": (_token_encoder, _unet_head(FlowPolicy)),
    "vla_diffusion": (_token_encoder, _unet_head(DiffusionPolicy)),
    "mlp_bc": (_dp_encoder, MLPPolicy),
}


def build_policy(name: str, cfg: Mapping[str, Any] | DictConfig | None, spec: PolicySpec,
                 normalizer: Normalizer) -> ChunkPolicy | MLPPolicy:
    """Build policy ``name`` from its config (defaults fill what ``cfg`` leaves out) over ``spec``."""
    if name not in _BUILDERS:
        raise ConfigError(f"unknown policy {name!r}; valid policies: {', '.join(POLICIES)}")
    resolved = resolve_policy_config(name, cfg)
    _check_fit(name, resolved, spec, normalizer)
    make_encoder, make_head = _BUILDERS[name]
    return make_head(name, spec, normalizer, resolved, make_encoder(resolved, spec))
