"""Critics over action chunks: a Q(s, a) ensemble and V(s), MLPs with LayerNorm, optional FiLM on language.

Shapes: observations come as the policy sees them, ``{key: (B, To, *shape)}`` raw; the critic reads the last
frame of its state keys, flattened and scaled to [-1, 1] with its own stats: ``(B, Dobs)``. Actions come in raw
units ``(B, H, Da)`` (H = ``action_horizon``: the executed actions the critic scores) and are converted into the
critic's normalization by ``normalize_actions`` -- explicitly, so a policy with other stats can be scored.
Q returns ``(E, B)`` for an ensemble of E members.

A critic checkpoint is a directory: ``critic.safetensors`` (weights + scaling stats) and ``critic.json``
(the ``CriticSpec``, gamma, training method). ``check_compatible`` refuses a policy whose action dim, executed
horizon or action units do not match, before any episode runs.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from safetensors.torch import load_file, save_file
from torch import nn

from robopolicy.atomic import replace_directory
from robopolicy.errors import RobopolicyError
from robopolicy.version import code_version

CRITIC_WEIGHTS = "critic.safetensors"
CRITIC_CONFIG = "critic.json"
CRITIC_FORMAT = "robopolicy.critic"
CONSTANT_RANGE_EPS = 1e-6  # a dimension whose range is below this is constant and maps to 0


class CriticCompatibilityError(RobopolicyError):
    """A critic is asked to score actions of a policy it was not built for."""


@dataclass
class CriticSpec:
    """What a critic reads: state keys (last frame, flattened), action chunk ``(action_horizon, action_dim)``."""

    obs_dims: dict[str, int]
    action_dim: int
    action_horizon: int = 1
    hidden_dims: list[int] = field(default_factory=lambda: [256, 256])
    num_q: int = 2
    language: bool = False
    language_encoder: str = "minilm"
    embedding_dim: int = 384
    # Two policies' action units agree when the policy's action range, expressed in the critic's
    # normalization, stays within [-1 - tol, 1 + tol] (a wider range means other units or another robot).
    action_range_tolerance: float = 0.5

    @property
    def obs_dim(self) -> int:
        return int(sum(self.obs_dims.values()))


class LimitsScaler(nn.Module):
    """Maps ``[low, high]`` to ``[-1, 1]`` per dimension; a constant dimension maps to 0 (no NaN)."""

    def __init__(self, dim: int):
        super().__init__()
        self.register_buffer("low", -torch.ones(dim))
        self.register_buffer("high", torch.ones(dim))

    def fit(self, x: np.ndarray | torch.Tensor) -> LimitsScaler:
        x = torch.as_tensor(np.asarray(x), dtype=torch.float32).reshape(-1, self.low.shape[0])
        self.low.copy_(x.min(0).values)
        self.high.copy_(x.max(0).values)
        return self

    def normalize(self, x: torch.Tensor) -> torch.Tensor:
        span = self.high - self.low
        constant = span < CONSTANT_RANGE_EPS
        y = 2 * (x - self.low) / torch.where(constant, torch.ones_like(span), span) - 1
        return torch.where(constant, torch.zeros_like(y), y)


class FiLMMLP(nn.Module):
    """Linear -> LayerNorm -> (FiLM) -> ReLU blocks, then a linear head. FiLM: ``h * (1 + g(e)) + b(e)``."""

    def __init__(self, in_dim: int, hidden_dims: Sequence[int], out_dim: int, film_dim: int = 0):
        super().__init__()
        dims = [in_dim, *hidden_dims]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.norms = nn.ModuleList(nn.LayerNorm(b) for b in dims[1:])
        self.films = nn.ModuleList(nn.Linear(film_dim, 2 * b) for b in dims[1:]) if film_dim else None
        self.head = nn.Linear(dims[-1], out_dim)

    def forward(self, x: torch.Tensor, embedding: torch.Tensor | None = None) -> torch.Tensor:
        for i, (layer, norm) in enumerate(zip(self.layers, self.norms)):
            x = norm(layer(x))
            if self.films is not None:
                if embedding is None:
                    raise RobopolicyError("this critic is language-conditioned: pass the task embeddings")
                gamma, beta = self.films[i](embedding).chunk(2, dim=-1)
                x = x * (1 + gamma) + beta
            x = torch.relu(x)
        return self.head(x)


class QEnsemble(nn.Module):
    """E independent Q heads over ``concat(features (B, D), action (B, A))`` -> ``(E, B)``."""

    def __init__(self, feature_dim: int, action_flat_dim: int, hidden_dims: Sequence[int], num_q: int,
                 film_dim: int = 0):
        super().__init__()
        self.members = nn.ModuleList(FiLMMLP(feature_dim + action_flat_dim, hidden_dims, 1, film_dim)
                                     for _ in range(num_q))

    def forward(self, features: torch.Tensor, action_flat: torch.Tensor,
                embedding: torch.Tensor | None = None) -> torch.Tensor:
        x = torch.cat([features, action_flat], dim=-1)
        return torch.stack([m(x, embedding).squeeze(-1) for m in self.members])


def instruction_embeddings(encoder: str, tasks: Sequence[str] | None, device: Any, what: str) -> torch.Tensor:
    """The instructions' frozen sentence embeddings ``(B, dim)`` (the process-wide cached encoder ``encoder``), for a
    language-conditioned ``what`` (a critic, a noise policy); an observation without them is refused in one line."""
    from robopolicy.models.language import get_sentence_encoder

    if tasks is None:
        raise RobopolicyError(f"this {what} is language-conditioned: observations need a 'task' list")
    return get_sentence_encoder(encoder).encode(list(tasks)).to(device)


def flatten_observation(obs: dict[str, Any], keys: Sequence[str]) -> torch.Tensor:
    """Last frame of each key, flattened and concatenated: ``{key: (B, To, *shape)}`` -> ``(B, Dobs)``."""
    parts = []
    for key in keys:
        if key not in obs:
            raise RobopolicyError(f"observation has no {key!r} (it has: {', '.join(sorted(obs))})")
        x = torch.as_tensor(np.asarray(obs[key]) if not torch.is_tensor(obs[key]) else obs[key])
        parts.append(x[:, -1].reshape(x.shape[0], -1).float())
    return torch.cat(parts, dim=-1)


class ChunkCritic(nn.Module):
    """Q(s, a_chunk) ensemble with a target copy, and V(s); inputs in raw units, scaled inside."""

    def __init__(self, spec: CriticSpec):
        super().__init__()
        self.spec = spec
        film = spec.embedding_dim if spec.language else 0
        self.obs_scaler = LimitsScaler(spec.obs_dim)
        self.action_scaler = LimitsScaler(spec.action_dim)
        flat_action = spec.action_horizon * spec.action_dim
        self.q = QEnsemble(spec.obs_dim, flat_action, spec.hidden_dims, spec.num_q, film)
        self.q_target = copy.deepcopy(self.q).requires_grad_(False)
        self.v = FiLMMLP(spec.obs_dim, spec.hidden_dims, 1, film)

    # ------------------------------------------------------------------ inputs
    def features(self, obs: dict[str, Any]) -> torch.Tensor:
        """Scaled last-frame state ``(B, Dobs)``."""
        return self.obs_scaler.normalize(flatten_observation(obs, list(self.spec.obs_dims)))

    def normalize_actions(self, actions_raw: torch.Tensor) -> torch.Tensor:
        """Raw actions ``(B, H, Da)`` -> the critic's normalization, flattened ``(B, H*Da)``."""
        h, da = self.spec.action_horizon, self.spec.action_dim
        if tuple(actions_raw.shape[-2:]) != (h, da):
            raise CriticCompatibilityError(f"critic scores action chunks of shape ({h}, {da}), "
                                           f"got {tuple(actions_raw.shape[-2:])}")
        return self.action_scaler.normalize(actions_raw.float()).reshape(*actions_raw.shape[:-2], h * da)

    def embed(self, tasks: Sequence[str] | None) -> torch.Tensor | None:
        """Sentence embeddings ``(B, embedding_dim)`` of the instructions, or None when not language-conditioned."""
        if not self.spec.language:
            return None
        return instruction_embeddings(self.spec.language_encoder, tasks, self.obs_scaler.low.device, "critic")

    # ------------------------------------------------------------------ values
    def q_values(self, obs: dict[str, Any], actions_raw: torch.Tensor, target: bool = False) -> torch.Tensor:
        """``(E, B)`` Q of raw action chunks ``(B, H, Da)`` in raw observations."""
        net = self.q_target if target else self.q
        return net(self.features(obs), self.normalize_actions(actions_raw), self.embed(obs.get("task")))

    def value(self, obs: dict[str, Any]) -> torch.Tensor:
        """``(B,)`` V(s)."""
        return self.v(self.features(obs), self.embed(obs.get("task"))).squeeze(-1)

    @torch.no_grad()
    def update_target(self, tau: float) -> None:
        """Polyak: every target weight ``lerp``s towards its online twin (one foreach call, the same kernel per
        tensor as a loop of ``lerp_``, so the same floats)."""
        torch._foreach_lerp_(list(self.q_target.parameters()), list(self.q.parameters()), tau)


# ---------------------------------------------------------------------- checkpoints
def save_critic(critic: ChunkCritic, path: str | Path, info: dict[str, Any] | None = None) -> Path:
    """Write ``critic.safetensors`` + ``critic.json`` into a directory (temp name, then rename)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.mkdir(parents=True, exist_ok=True)
    state = {k: v.detach().cpu().contiguous() for k, v in critic.state_dict().items()}
    save_file(state, str(tmp / CRITIC_WEIGHTS))
    meta = {"format": CRITIC_FORMAT, "code_version": code_version(), "spec": asdict(critic.spec),
            "action_low": critic.action_scaler.low.tolist(), "action_high": critic.action_scaler.high.tolist(),
            **(info or {})}
    (tmp / CRITIC_CONFIG).write_text(json.dumps(meta, indent=2))
    return replace_directory(tmp, path)


def load_critic(path: str | Path, device: str = "cpu") -> tuple[ChunkCritic, dict[str, Any]]:
    """Load a critic directory; returns ``(critic, meta)``."""
    path = Path(path)
    if not (path / CRITIC_CONFIG).is_file():
        raise RobopolicyError(f"{path} is not a critic directory (no {CRITIC_CONFIG}); train one with "
                              "`robopolicy finetune method=vgps dataset=<store>`")
    meta = json.loads((path / CRITIC_CONFIG).read_text())
    critic = ChunkCritic(CriticSpec(**meta["spec"]))
    critic.load_state_dict(load_file(str(path / CRITIC_WEIGHTS)))
    return critic.to(device).eval(), meta


def check_compatible(critic: ChunkCritic, action_dim: int, exec_horizon: int,
                     action_low: np.ndarray | None = None, action_high: np.ndarray | None = None) -> None:
    """Refuse a policy whose action dim, executed horizon or action units the critic was not trained for.

    The critic scores the first ``action_horizon`` executed actions, so it needs ``action_horizon <= Ta``.
    ``action_low/high`` (the policy's action range in raw units, from its normalizer) must fall inside the
    critic's range up to ``action_range_tolerance`` once converted into the critic's normalization.
    """
    spec = critic.spec
    if spec.action_dim != action_dim:
        raise CriticCompatibilityError(f"critic was trained for action dim {spec.action_dim}, the policy "
                                       f"outputs action dim {action_dim}; train a critic on data of this robot")
    if spec.action_horizon > exec_horizon:
        raise CriticCompatibilityError(f"critic scores {spec.action_horizon} executed actions but the policy "
                                       f"executes only exec_horizon={exec_horizon}; use a critic with "
                                       f"action_horizon <= {exec_horizon}")
    if action_low is not None and action_high is not None:
        bounds = torch.as_tensor(np.stack([action_low, action_high]), dtype=torch.float32)
        scaled = critic.action_scaler.normalize(bounds.to(critic.action_scaler.low.device))
        limit = 1 + spec.action_range_tolerance
        if bool((scaled.abs() > limit).any()):
            raise CriticCompatibilityError(
                f"the policy's action range [{np.round(action_low, 3).tolist()}, {np.round(action_high, 3).tolist()}] "
                f"maps to [{scaled.min().item():.2f}, {scaled.max().item():.2f}] in the critic's normalization "
                f"(allowed within +-{limit}); the critic was trained on actions in other units "
                f"([{critic.action_scaler.low.tolist()}, {critic.action_scaler.high.tolist()}])")
