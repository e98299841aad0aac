"""``mlp_bc``: plain behaviour cloning with an MLP head, the baseline and sanity floor of the generative heads.

The observation encoder is the one of ``diffusion_unet``/``flow_unet`` (``ObservationEncoder``: per-key state and
image encoders over the To-step history, optional instruction); an MLP maps its condition ``(B, C)`` straight to
the whole chunk ``(B, Tp, Da)`` in normalized action space. Training regresses the normalized ``WindowSampler``
chunk over all Tp actions (MSE or L1, ``mlp.loss``) with the same conventions as ``ChunkPolicy.loss`` (padded
actions repeat the edge action and are kept; the normalizer lives inside the policy). If this head solves a task
that a diffusion or flow head fails, that head has a bug or a bad recipe.

Protocol tiers: ``Sampler`` and ``TrainablePolicy``, not ``DenoisingPolicy`` (there is no chain to fine-tune or
guide), and deliberately not a ``ChunkPolicy``: DPPO and real-time chunking refuse it with their usual one-line
errors. ``sample`` is deterministic (eval mode: center crop, no dropout) and draws no random numbers; ``noise`` is
accepted (shape-checked) and ignored, so the ``n`` samples of an observation are equal. ``noise_shape`` is None:
the action does not depend on any noise, so noise-space steering (DSRL) has nothing to steer and refuses it, and
the eval harness's runs still depend only on the episode seeds (no RNG is consumed), so replays are exact.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from robopolicy.data.normalizer import Normalizer
from robopolicy.policies.chunk_policy import ChunkPolicy, PolicyInputError, normalized_action_chunk
from robopolicy.policies.protocol import PolicySpec

ACTIVATIONS: dict[str, type[nn.Module]] = {"gelu": nn.GELU, "relu": nn.ReLU}
LOSSES = {"mse": F.mse_loss, "l1": F.l1_loss}


class MLPHead(nn.Module):
    """``(N, cond_dim)`` -> ``(N, Tp, Da)``: Linear -> activation -> dropout per hidden layer, then a Linear."""

    def __init__(self, cond_dim: int, pred_horizon: int, action_dim: int, hidden_dims: list[int],
                 activation: str = "gelu", dropout: float = 0.0) -> None:
        super().__init__()
        self.pred_horizon, self.action_dim = pred_horizon, action_dim
        layers: list[nn.Module] = []
        width = cond_dim
        for hidden in hidden_dims:
            layers += [nn.Linear(width, hidden), ACTIVATIONS[activation]()]
            if dropout > 0:
                layers.append(nn.Dropout(dropout))
            width = hidden
        layers.append(nn.Linear(width, pred_horizon * action_dim))
        self.net = nn.Sequential(*layers)

    def forward(self, cond: torch.Tensor) -> torch.Tensor:
        return self.net(cond).reshape(cond.shape[0], self.pred_horizon, self.action_dim)


class MLPPolicy(nn.Module):
    """Observation encoder + ``MLPHead``; the Sampler and Trainable tiers (see the module docstring)."""

    def __init__(self, name: str, spec: PolicySpec, normalizer: Normalizer, policy_config: dict[str, Any],
                 obs_encoder: nn.Module) -> None:
        super().__init__()
        m = policy_config["mlp"]
        self.name = name
        self.spec = spec
        self.policy_config = policy_config
        self.normalizer = normalizer
        self.obs_encoder = obs_encoder
        self.action_head = MLPHead(obs_encoder.cond_dim, spec.pred_horizon, spec.action_dim, m["hidden_dims"],
                                   m["activation"], m["dropout"])
        self.loss_fn = LOSSES[m["loss"]]

    @property
    def device(self) -> torch.device:
        return next(self.action_head.parameters()).device

    # The observation checks and state normalization of every head (shared, without being a ChunkPolicy).
    prepare_obs = ChunkPolicy.prepare_obs

    def encode(self, obs: dict[str, Any]) -> torch.Tensor:
        """Raw observation -> ``cond`` ``(B, cond_dim)`` (respects train/eval mode: random vs center crop)."""
        return self.obs_encoder(self.prepare_obs(obs))

    def predict(self, obs: dict[str, Any]) -> torch.Tensor:
        """Raw observation -> normalized chunk ``(B, Tp, Da)`` (differentiable; respects train/eval mode)."""
        return self.action_head(self.encode(obs))

    # ------------------------------------------------------------------ Sampler tier
    @property
    def noise_shape(self) -> None:
        return None

    @torch.no_grad()
    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        """Raw observation ``{key: (B, To, ...)}`` -> raw-unit chunks ``(B, n, Tp, Da)``, ``n`` equal copies.

        Always inference (eval mode: center crop, no dropout) whatever the module's mode; ``noise``, when given,
        must be ``(B, n, Tp, Da)`` and does not change the result."""
        was_training = self.training
        self.eval()
        try:
            x = self.predict(obs)                                                # (B, Tp, Da) normalized
        finally:
            self.train(was_training)
        shape = (x.shape[0], n, self.spec.pred_horizon, self.spec.action_dim)
        if noise is not None and tuple(noise.shape) != shape:
            raise PolicyInputError(f"noise has shape {tuple(noise.shape)}; expected (B, n, Tp, Da) = {shape} "
                                   f"(policy {self.name!r} ignores it)")
        actions = self.normalizer.unnormalize(self.spec.action_key, x)
        return actions[:, None].expand(shape).contiguous()

    # ------------------------------------------------------------------ Trainable tier
    def loss(self, batch: dict[str, Any]) -> tuple[torch.Tensor, dict[str, float]]:
        """``WindowSampler`` batch -> (scalar loss, info): regression of the normalized ``(B, Tp, Da)`` chunk."""
        loss = self.loss_fn(self.predict(batch), normalized_action_chunk(self, batch))
        return loss, {"loss": float(loss.detach())}
