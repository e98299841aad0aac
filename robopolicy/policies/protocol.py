"""The policy protocol: three tiers, so every fine-tuner works with every head where the math allows.

1. ``Sampler`` (black box: any policy, a remote one, a LeRobot policy, a steered policy):
   ``spec``, ``noise_shape`` and ``sample(obs, n=1, noise=None) -> (B, n, Tp, Da)`` raw-unit action chunks.
   Used by eval, deploy, V-GPS, DSRL, PA-RL selection.
2. ``TrainablePolicy`` (an ``nn.Module``): ``loss(batch) -> (loss, info)``, the head's native supervised loss.
   Used by BC, PA-RL, merging.
3. ``DenoisingPolicy``: ``encode(obs) -> cond``, ``denoise_step(x_k, k, cond) -> (mean, std)`` and the
   number of steps. Used by DPPO. Diffusion heads have it natively; flow heads through a stochastic sampler.

Observations passed to ``sample``/``encode`` are raw (unnormalized) and batched with history:
``{key: (B, To, *shape)}`` for every key in ``spec.obs_features`` (images uint8 HWC), plus ``"task": list[str]``
of length B when ``spec.language`` is true. The normalizer lives inside the policy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import torch

from robopolicy.data.features import Feature, parse_features
from robopolicy.errors import RobopolicyError
from robopolicy.horizons import executed_slice  # noqa: F401  (re-exported: the protocol's horizon convention)

# ``spec.extra[INSTRUCTIONS_KEY]``: a language policy's training instructions (sorted, as stored; an adapted policy
# adds its new data's to its parent's), written by ``robopolicy train``; the fine-tuners refuse an env whose
# instruction is not among them. Absent in checkpoints trained before it was recorded (then nothing is checked).
INSTRUCTIONS_KEY = "instructions"


@dataclass
class PolicySpec:
    """What a policy reads and writes, and its temporal window (declared once; datasets and envs follow)."""

    obs_features: dict[str, Feature]
    action_dim: int
    obs_horizon: int = 2
    pred_horizon: int = 16
    exec_horizon: int = 8
    control_rate: float = 10.0
    language: bool = False
    action_key: str = "action"
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.obs_features = parse_features(self.obs_features)
        if not 1 <= self.exec_horizon <= self.pred_horizon - self.obs_horizon + 1:
            raise ValueError(f"exec_horizon must be in [1, pred_horizon - obs_horizon + 1] = "
                             f"[1, {self.pred_horizon - self.obs_horizon + 1}], got {self.exec_horizon}")

    @property
    def executed(self) -> slice:
        return executed_slice(self.obs_horizon, self.exec_horizon)

    def to_dict(self) -> dict[str, Any]:
        return {"obs_features": {k: f.to_dict() for k, f in self.obs_features.items()},
                "action_dim": self.action_dim, "obs_horizon": self.obs_horizon, "pred_horizon": self.pred_horizon,
                "exec_horizon": self.exec_horizon, "control_rate": self.control_rate, "language": self.language,
                "action_key": self.action_key, "extra": dict(self.extra)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PolicySpec:
        return cls(**{**d, "obs_features": parse_features(d["obs_features"])})


@runtime_checkable
class Sampler(Protocol):
    """Tier 1: anything that maps observations to action chunks."""

    spec: PolicySpec

    @property
    def noise_shape(self) -> tuple[int, int] | None:
        """``(Tp, Da)`` when ``sample`` is deterministic given ``noise`` (DDIM eta=0, flow ODE), else None."""
        ...

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        """Raw-unit action chunks ``(B, n, Tp, Da)``; ``noise`` is ``(B, n, Tp, Da)`` when given."""
        ...


@runtime_checkable
class TrainablePolicy(Protocol):
    """Tier 2: a policy with its native supervised loss on a batch from ``WindowSampler``."""

    def loss(self, batch: dict[str, Any]) -> tuple[torch.Tensor, dict[str, float]]: ...

    def parameters(self, recurse: bool = True) -> Any: ...


@runtime_checkable
class DenoisingPolicy(Protocol):
    """Tier 3: the denoising chain as a sequence of Gaussian steps (what DPPO needs).

    ``x_K`` is Gaussian noise of shape ``(B, Tp, Da)`` in normalized action space; step ``k`` runs from
    ``num_denoising_steps - 1`` down to 0 and maps ``x_k`` to ``x_{k-1}`` ~ N(mean, std^2). ``x_0`` un-normalized
    is the action chunk.
    """

    num_denoising_steps: int

    def encode(self, obs: dict[str, Any]) -> torch.Tensor: ...

    def denoise_step(self, x_k: torch.Tensor, k: int, cond: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]: ...


def tiers_of(policy: Any) -> list[str]:
    """Names of the protocol tiers an object implements (for error messages)."""
    tiers = []
    if isinstance(policy, Sampler):
        tiers.append("Sampler")
    if isinstance(policy, TrainablePolicy):
        tiers.append("TrainablePolicy")
    if isinstance(policy, DenoisingPolicy):
        tiers.append("DenoisingPolicy")
    return tiers


def episode_noise(policy: Sampler, generator: torch.Generator) -> torch.Tensor:
    """One chunk's initial noise ``(1, *noise_shape)`` for a policy with a ``noise_shape``, drawn from an episode's
    generator and scaled by the policy's ``noise_scale`` (``set_noise_scale``): the draw evaluation makes for that
    episode, shared with ``sim.policy_actor.PolicyActor`` so a collected episode and an evaluated one of the same
    seed get the same noise."""
    noise = torch.randn((1, *policy.noise_shape), generator=generator)
    scale = getattr(policy, "noise_scale", 1.0)
    return noise * scale if scale != 1.0 else noise


class SpecMismatchError(RobopolicyError):
    """The policy's observation keys/shapes or action dim disagree with the environment's (the one fit
    check of a policy against an env: evaluation, collection, the fine-tuners' envs and ``PolicyActor``)."""


def check_policy_matches_env(spec: PolicySpec, env_spec: dict[str, Feature], env_id: str) -> None:
    """Raise ``SpecMismatchError`` unless every policy observation key exists in the env with the same shape
    and the action dims agree. The message lists both sides in full."""
    problems = []
    for key, want in spec.obs_features.items():
        have = env_spec.get(key)
        if have is None:
            problems.append(f"observation {key!r} {want.shape} is missing from the env")
        elif have.shape != want.shape:
            problems.append(f"observation {key!r} is {want.shape} in the policy but {have.shape} in the env")
    env_action = env_spec.get(spec.action_key)
    if env_action is None:
        problems.append(f"the env has no {spec.action_key!r} feature")
    elif env_action.shape != (spec.action_dim,):
        problems.append(f"action dim is {spec.action_dim} in the policy but {env_action.shape} in the env")
    if problems:
        policy_side = {k: f.shape for k, f in spec.obs_features.items()}
        env_side = {k: f.shape for k, f in env_spec.items() if f.kind in ("state", "image")}
        env_action_shape = env_action.shape if env_action is not None else None
        raise SpecMismatchError(
            f"policy and env {env_id!r} disagree: {'; '.join(problems)}. "
            f"policy reads {policy_side} and writes action ({spec.action_dim},); "
            f"env gives {env_side} and takes action {env_action_shape}")
