"""The shared body of every action-chunk policy: raw obs in, normalizer inside, one encoding per chunk.

``ChunkPolicy`` = observation encoder (obs -> ``cond``) + denoiser network + a head's math (diffusion or flow,
in the subclasses: ``denoise_step``, ``head_loss``). It implements all three protocol tiers:

- ``sample(obs, n, noise)``: encode once ``(B, C)``, repeat the condition ``n`` times (never re-encode), run
  the deterministic chain (eta = 0) from ``noise`` ``(B, n, Tp, Da)``, unnormalize -> ``(B, n, Tp, Da)``.
- ``loss(batch)``: normalize the ``WindowSampler`` batch, encode, the head's loss over all Tp actions
  (as Diffusion Policy: padded actions repeat the edge action and are kept).
- ``encode(obs)`` and ``denoise_step(x_k, k, cond) -> (mean, std)`` for k = K-1 .. 0 (DPPO's chain).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from robopolicy.data.normalizer import Normalizer
from robopolicy.errors import RobopolicyError
from robopolicy.policies.protocol import PolicySpec

TASK_KEY = "task"


REDUCTIONS = ("mean", "none")


def chunk_mse(prediction: torch.Tensor, target: torch.Tensor, reduction: str = "mean") -> torch.Tensor:
    """A head's squared error over ``(B, Tp, Da)``: the batch mean (``"mean"``, training's loss) or each chunk's
    mean ``(B,)`` (``"none"``: per-chunk losses, e.g. PA-RL's preference objective)."""
    if reduction == "mean":
        return F.mse_loss(prediction, target)
    if reduction == "none":
        return F.mse_loss(prediction, target, reduction="none").flatten(1).mean(1)
    raise ValueError(f"unknown loss reduction {reduction!r}; valid: {', '.join(REDUCTIONS)}")


class PolicyInputError(RobopolicyError, ValueError):
    """An observation or batch given to a policy lacks keys or has the wrong shape."""


def normalized_action_chunk(policy: Any, batch: dict[str, Any]) -> torch.Tensor:
    """The batch's action chunk ``(B, Tp, Da)``, shape-checked and normalized by the policy's normalizer (every
    head's loss starts here)."""
    spec = policy.spec
    key = spec.action_key
    if key not in batch:
        raise PolicyInputError(f"batch lacks the action {key!r}; it has {sorted(batch)}")
    actions = torch.as_tensor(np.asarray(batch[key]) if not isinstance(batch[key], torch.Tensor) else batch[key])
    want = (spec.pred_horizon, spec.action_dim)
    if actions.ndim != 3 or tuple(actions.shape[1:]) != want:
        raise PolicyInputError(f"batch {key!r} has shape {tuple(actions.shape)}; expected (B, Tp, Da) = "
                               f"(B, {want[0]}, {want[1]})")
    return policy.normalizer.normalize(key, actions.float().to(policy.device))


PRECISIONS = ("fp32", "bf16")  # inference precision of ``sample`` (training precision: the trainer's mixed_precision)


def check_noise_scale(scale: Any) -> float:
    """A valid initial-noise scale (a finite number >= 0) as a float, else ``PolicyInputError``."""
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not math.isfinite(scale) or scale < 0:
        raise PolicyInputError(f"noise scale must be a finite number >= 0, got {scale!r}")
    return float(scale)


def check_step_index(k: int | torch.Tensor, num_steps: int) -> int | torch.Tensor:
    """A denoising step ``k`` as an int, or per-row steps as an ``(N,)`` long tensor; an ``IndexError`` names a step
    outside ``[0, K)``."""
    if isinstance(k, torch.Tensor) and k.dim() > 0:
        k = k.long()
        if k.numel():
            low, high = int(k.min()), int(k.max())
            if low < 0 or high >= num_steps:
                raise IndexError(f"denoising step {low if low < 0 else high} outside [0, {num_steps})")
        return k
    k = int(k)
    if not 0 <= k < num_steps:
        raise IndexError(f"denoising step {k} outside [0, {num_steps})")
    return k


class ChunkPolicy(nn.Module):
    """Base of the diffusion and flow policies (subclasses define the head math)."""

    def __init__(self, name: str, spec: PolicySpec, normalizer: Normalizer, policy_config: dict[str, Any],
                 obs_encoder: nn.Module, denoiser: nn.Module, num_denoising_steps: int, eta: float) -> None:
        super().__init__()
        self.name = name
        self.spec = spec
        self.policy_config = policy_config
        self.normalizer = normalizer
        self.obs_encoder = obs_encoder
        self.denoiser = denoiser
        self.num_denoising_steps = num_denoising_steps
        self.eta = eta  # default eta of denoise_step; DPPO sets 1.0 while training
        self.inference_precision = "fp32"
        self.noise_scale = 1.0  # standard deviation of the initial noise when sample() draws it

    def set_inference_precision(self, precision: str) -> ChunkPolicy:
        """``sample`` in ``fp32`` (the default, bit-reproducible) or ``bf16`` (autocast of the encoders and the
        denoising chain; weights stay fp32, actions come back fp32; the U-Net's weight-bound layers keep a bf16 copy of
        their weights, made on first use). bf16 speeds up CPUs with bf16 support and GPUs
        (docs/benchmarks/real_size.md); actions differ from fp32 by bf16 rounding."""
        if precision not in PRECISIONS:
            raise PolicyInputError(f"precision={precision!r} is not an inference precision; valid: {', '.join(PRECISIONS)}")
        self.inference_precision = precision
        return self

    def set_inference_steps(self, steps: int) -> ChunkPolicy:
        """Sample with ``steps`` denoising steps instead of the trained config's (flow: Euler steps; diffusion: DDIM
        steps over the same training schedule). Fewer steps cut a chunk's latency about in proportion; whether
        success holds is measured per task (docs/results.md#behaviour-cloning-suite). An inference setting: the
        policy config, and so a checkpoint saved from this policy, keeps the trained value."""
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise PolicyInputError(f"inference steps must be an integer >= 1, got {steps!r}")
        self._set_denoising_steps(steps)
        self.num_denoising_steps = steps
        return self

    def set_noise_scale(self, scale: float) -> ChunkPolicy:
        """Draw ``sample``'s initial noise from N(0, scale^2 I) instead of N(0, I) (explicit ``noise`` is used as
        given). ``0`` starts every chain at zero: one deterministic chunk per observation, the mode-seeking choice
        that DSRL's untrained steering (w = 0) also makes. It raised the RL suite's weak clones on most tasks and lowered
        them on reach; on the BC suite's default heads it helped flow on peg-insert and hurt diffusion on reach and
        peg-insert (docs/results.md): measure it per policy. An inference setting, not saved in checkpoints."""
        self.noise_scale = check_noise_scale(scale)
        return self

    def _set_denoising_steps(self, steps: int) -> None:
        """Subclasses: rebuild whatever depends on the number of denoising steps (checked >= 1)."""

    # ------------------------------------------------------------------ observations
    @property
    def device(self) -> torch.device:
        return next(self.denoiser.parameters()).device

    def prepare_obs(self, obs: dict[str, Any]) -> dict[str, Any]:
        """Raw ``{key: (B, To, *shape)}`` (numpy or torch) -> torch on the policy's device, states normalized."""
        needed = list(self.spec.obs_features) + ([TASK_KEY] if self.spec.language else [])
        missing = [k for k in needed if k not in obs]
        if missing:
            raise PolicyInputError(f"observation lacks {missing}; policy {self.name!r} reads {needed}, "
                                   f"got keys {sorted(obs)}")
        out: dict[str, Any] = {}
        batch = None
        for key, feature in self.spec.obs_features.items():
            value = torch.as_tensor(np.asarray(obs[key]) if not isinstance(obs[key], torch.Tensor) else obs[key])
            want = (self.spec.obs_horizon, *feature.shape)
            if value.ndim != len(want) + 1 or tuple(value.shape[1:]) != want:
                raise PolicyInputError(f"observation {key!r} has shape {tuple(value.shape)}; expected (B, To, *shape) "
                                       f"= (B, {', '.join(map(str, want))})")
            batch = value.shape[0] if batch is None else batch
            if value.shape[0] != batch:
                raise PolicyInputError(f"observation {key!r} has batch size {value.shape[0]}, others have {batch}")
            value = value.to(self.device)
            if feature.kind == "image":
                out[key] = value.to(torch.uint8)
            else:
                out[key] = self.normalizer.normalize(key, value.float())
        if self.spec.language:
            tasks = obs[TASK_KEY]
            tasks = [tasks] * batch if isinstance(tasks, str) else list(tasks)
            if len(tasks) != batch:
                raise PolicyInputError(f"'task' has {len(tasks)} instructions for a batch of {batch}")
            out[TASK_KEY] = tasks
        return out

    def encode(self, obs: dict[str, Any]) -> torch.Tensor:
        """Raw observation -> ``cond`` ``(B, cond_dim)`` (respects train/eval mode: random vs center crop)."""
        return self.obs_encoder(self.prepare_obs(obs))

    # ------------------------------------------------------------------ Sampler tier
    @property
    def noise_shape(self) -> tuple[int, int]:
        return (self.spec.pred_horizon, self.spec.action_dim)

    @torch.no_grad()
    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        """Raw observation ``{key: (B, To, ...)}`` -> raw-unit chunks ``(B, n, Tp, Da)``.

        Inference: the encoders run in eval mode (center crop) whatever the module's mode, the observation is
        encoded once and its condition repeated ``n`` times, and the chain is deterministic (DDIM eta = 0 or the
        flow ODE), so equal ``noise`` gives bit-identical actions. Without ``noise``, fresh N(0, I) noise is drawn
        (times ``noise_scale``, see ``set_noise_scale``).
        """
        was_training = self.training
        self.eval()
        bf16 = getattr(self, "inference_precision", "fp32") == "bf16"
        with torch.autocast(device_type=self.device.type, dtype=torch.bfloat16, enabled=bf16):
            try:
                cond = self.encode(obs)                                         # (B, C)
            finally:
                self.train(was_training)
            b = cond.shape[0]
            shape = (b, n, *self.noise_shape)
            if noise is None:
                noise = torch.randn(shape, device=cond.device)
                if self.noise_scale != 1.0:
                    noise = noise * self.noise_scale
            noise = torch.as_tensor(noise, dtype=torch.float32, device=cond.device)
            if tuple(noise.shape) != shape:
                raise PolicyInputError(f"noise has shape {tuple(noise.shape)}; expected (B, n, Tp, Da) = {shape}")
            x = self.denoise_chain(noise.reshape(b * n, *self.noise_shape), cond.repeat_interleave(n, dim=0))
        return self.normalizer.unnormalize(self.spec.action_key, x.float()).reshape(shape)

    def denoise_chain(self, x: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        """Deterministic chain: ``x_K`` ``(N, Tp, Da)`` -> normalized ``x_0`` by the means of every step (eta 0)."""
        for k in reversed(range(self.num_denoising_steps)):
            x, _ = self.denoise_step(x, k, cond, eta=0.0)
        return x

    # ------------------------------------------------------------------ guided steps (real-time chunking)
    def guidance_time(self, k: int) -> float:
        """Step ``k``'s position on the flow path (0 = noise, 1 = data), for the guidance weight."""
        raise NotImplementedError

    def denoised_estimate(self, x_k: torch.Tensor, k: int, cond: torch.Tensor) -> tuple[torch.Tensor, Any]:
        """(the chain's estimate of the clean chunk from ``x_k``, the network's prediction) -- differentiable."""
        raise NotImplementedError

    def step_with_correction(self, x_k: torch.Tensor, k: int, prediction: Any, correction: torch.Tensor) -> torch.Tensor:
        """The deterministic step from ``x_k`` with ``correction`` added to the flow velocity (or its equivalent);
        a zero correction gives exactly ``denoise_step(x_k, k, cond, eta=0)``'s mean."""
        raise NotImplementedError

    def guided_step(self, x_k: torch.Tensor, k: int, cond: torch.Tensor, target: torch.Tensor,
                    weights: torch.Tensor, max_guidance: float, jacobian: str = "identity") -> torch.Tensor:
        """One deterministic step pulled towards ``target`` ``(N, Tp, Da)`` where ``weights`` ``(N, Tp)`` > 0.

        Pseudo-inverse guidance as in RTC (Black et al. 2025): with ``x_hat`` the estimate of the clean chunk,
        ``g = J^T ((target - x_hat) * w)`` (``J = d x_hat / d x_k``, a vector-Jacobian product through the
        network, as in the paper; ``jacobian="identity"`` takes ``J = I``: no backward pass) and the velocity
        becomes ``v + min(beta, (t^2 + (1-t)^2) / (t (1-t))) g``. On trained heads ``J`` is small at high noise
        (the network predicts the data mean there), so the exact product barely moves the sample: measured on
        the tiny test heads, the committed actions are matched within 0.02-0.05 with the identity and only
        within 0.24-0.6 with the exact product (beta = 5; 1.2-1.6 unguided)."""
        t = self.guidance_time(k)
        weight = max_guidance if t <= 0 else min(max_guidance, (t * t + (1 - t) ** 2) / (t * (1 - t)))
        if jacobian == "vjp":
            with torch.enable_grad():
                x = x_k.detach().requires_grad_(True)
                estimate, prediction = self.denoised_estimate(x, k, cond)
                error = (target - estimate.detach()) * weights[..., None]
                (g,) = torch.autograd.grad(estimate, x, grad_outputs=error)
            prediction = tuple(p.detach() for p in prediction) if isinstance(prediction, tuple) else prediction.detach()
        else:
            estimate, prediction = self.denoised_estimate(x_k, k, cond)
            g = (target - estimate) * weights[..., None]
        return self.step_with_correction(x_k.detach(), k, prediction, weight * g)

    # ------------------------------------------------------------------ Trainable tier
    def loss(self, batch: dict[str, Any]) -> tuple[torch.Tensor, dict[str, float]]:
        """``WindowSampler`` batch -> (scalar loss, info). Actions ``(B, Tp, Da)`` are normalized here."""
        x0 = normalized_action_chunk(self, batch)
        cond = self.encode(batch)
        loss = self.head_loss(x0, cond)
        return loss, {"loss": float(loss.detach())}

    def chunk_losses(self, batch: dict[str, Any]) -> torch.Tensor:
        """``loss``'s terms, one per chunk ``(B,)``: the same noise, times and encoding as ``loss`` draws from the
        same RNG state, so ``chunk_losses(batch).mean()`` equals ``loss(batch)[0]`` up to rounding."""
        return self.head_loss(normalized_action_chunk(self, batch), self.encode(batch), reduction="none")

    # ------------------------------------------------------------------ head math (subclasses)
    def denoise_step(self, x_k: torch.Tensor, k: int, cond: torch.Tensor,
                     eta: float | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        raise NotImplementedError

    def head_loss(self, x0: torch.Tensor, cond: torch.Tensor, reduction: str = "mean") -> torch.Tensor:
        """The head's supervised loss of normalized chunks ``x0`` given ``cond``: a scalar, or ``(B,)`` with
        ``reduction="none"`` (``chunk_mse``)."""
        raise NotImplementedError

    @property
    def denoising_schedule(self) -> dict[str, Any]:
        raise NotImplementedError
