"""Flow-matching head: linear path, Beta-distributed training times, Euler ODE sampling, and an SDE sampler.

Convention: time ``t`` in [0, 1], ``t = 0`` is noise and ``t = 1`` the (normalized) action chunk ``a``::

    x_t = (1 - t) eps + t a,      target velocity  u = a - eps,      loss || v_theta(x_t, t, cond) - u ||^2

Training times follow pi0 (openpi): ``t = time_max * (1 - u)``, ``u ~ Beta(a, b)`` with (a, b) = (1.5, 1), so
the noise level ``1 - t`` is in [1 - time_max, 1] and noisy times get more weight.

Deterministic sampler (``sample``, eta = 0): K Euler steps of ``dt = 1/K``; step k (k = K-1 .. 0) is at
``t_k = (K-1-k)/K`` and maps ``x -> x + dt v_theta(x, t_k)``. Deterministic given the initial noise.

Stochastic sampler (the DenoisingPolicy tier, eta > 0): the SDE with the same marginals as the ODE,
``dx = [v + (g^2/2) grad log p_t(x)] dt + g dW``. On the linear path ``E[eps | x_t] = x_t - t v`` and
``grad log p_t(x) = -E[eps | x_t] / (1 - t)``, so with ``g = eta * sde_sigma`` one Euler-Maruyama step is

    mean = x + dt * (v - g^2 (x - t v) / (2 (1 - t))),      std = g sqrt(dt)

(``1 - t >= dt > 0`` on every step). As g -> 0 the mean is the Euler ODE step and the std vanishes.

``flow.prediction_type: sample``: the U-Net predicts the action chunk itself (``a_theta``, loss
``|| a_theta(x_t, t) - a ||^2``, the flow counterpart of the diffusion head's x_0 prediction) and every sampler uses
the velocity it implies, ``v = (a_theta - x_t) / (1 - t)`` (``1 - t >= dt`` on every sampling step); the last Euler
step then lands exactly on ``a_theta``.
"""

from __future__ import annotations

import math
from typing import Any

import torch
from torch import nn

from robopolicy.data.normalizer import Normalizer
from robopolicy.errors import ConfigError
from robopolicy.policies.chunk_policy import ChunkPolicy, check_step_index, chunk_mse
from robopolicy.policies.protocol import PolicySpec

FLOW_PREDICTION_TYPES = ("velocity", "sample")


class FlowPolicy(ChunkPolicy):
    def __init__(self, name: str, spec: PolicySpec, normalizer: Normalizer, policy_config: dict[str, Any],
                 obs_encoder: nn.Module, denoiser: nn.Module) -> None:
        f = policy_config["flow"]
        if f["num_inference_steps"] < 1:
            raise ConfigError(f"flow.num_inference_steps must be >= 1, got {f['num_inference_steps']}")
        if not 0.0 < f["time_max"] <= 1.0:
            raise ConfigError(f"flow.time_max must be in (0, 1], got {f['time_max']}")
        if f["prediction_type"] not in FLOW_PREDICTION_TYPES:
            raise ConfigError(f"unknown flow.prediction_type {f['prediction_type']!r}; valid: "
                              f"{', '.join(FLOW_PREDICTION_TYPES)}")
        if f["prediction_type"] == "sample" and f["time_max"] >= 1.0:
            raise ConfigError("flow.prediction_type=sample needs flow.time_max < 1 (its velocity divides by 1 - t)")
        super().__init__(name, spec, normalizer, policy_config, obs_encoder, denoiser, f["num_inference_steps"], f["eta"])
        self.time_beta = (f["time_beta_a"], f["time_beta_b"])
        self.time_max = f["time_max"]
        self.sde_sigma = f["sde_sigma"]
        self.time_scale = f["time_scale"]
        self.prediction_type = f["prediction_type"]

    @property
    def denoising_schedule(self) -> dict[str, Any]:
        k = self.num_denoising_steps
        return {"kind": "flow_euler_sde", "times": [(k - 1 - i) / k for i in range(k)], "dt": 1.0 / k,
                "sde_sigma": self.sde_sigma, "eta": self.eta}

    def step_time(self, k: int | torch.Tensor) -> float | torch.Tensor:
        """Flow time ``t_k`` at the start of step k (k = K-1 is pure noise, t = 0); per row for an ``(N,)`` tensor."""
        return (self.num_denoising_steps - 1 - k) / self.num_denoising_steps

    def velocity(self, x_t: torch.Tensor, t: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        """``v_theta``: ``(N, Tp, Da)``, times ``(N,)`` in [0, 1), ``(N, C)`` -> ``(N, Tp, Da)``."""
        out = self.denoiser(x_t, t * self.time_scale, cond)
        if self.prediction_type == "velocity":
            return out
        return (out - x_t) / (1 - t).view(-1, 1, 1)   # the U-Net predicted the chunk a: v = (a - x_t) / (1 - t)

    def denoise_step(self, x_k: torch.Tensor, k: int | torch.Tensor, cond: torch.Tensor,
                     eta: float | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        """Step ``k`` (K-1 .. 0): ``x_k`` ``(N, Tp, Da)`` -> (mean, std), both ``(N, Tp, Da)`` (see module doc).
        ``k`` may also be an ``(N,)`` tensor, one step per row (DPPO's update evaluates all positions at once)."""
        eta = self.eta if eta is None else eta
        k = check_step_index(k, self.num_denoising_steps)
        dt = 1.0 / self.num_denoising_steps
        if isinstance(k, int):
            t = self.step_time(k)
            v = self.velocity(x_k, torch.full((x_k.shape[0],), t, device=x_k.device), cond)
        else:
            times = self.step_time(k).to(x_k.device, torch.float32)
            v = self.velocity(x_k, times, cond)
            t = times.view(-1, 1, 1)
        g = eta * self.sde_sigma
        if g == 0:
            return x_k + dt * v, torch.zeros_like(x_k)
        drift = v - g**2 * (x_k - t * v) / (2 * (1 - t))
        return x_k + dt * drift, torch.full_like(x_k, g * math.sqrt(dt))

    def guidance_time(self, k: int) -> float:
        return self.step_time(k)

    def denoised_estimate(self, x_k: torch.Tensor, k: int, cond: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """``x_hat = x + (1 - t) v`` (one Euler step to t = 1) and the velocity ``v``."""
        t = self.step_time(k)
        v = self.velocity(x_k, torch.full((x_k.shape[0],), t, device=x_k.device), cond)
        return x_k + (1 - t) * v, v

    def step_with_correction(self, x_k: torch.Tensor, k: int, prediction: torch.Tensor,
                             correction: torch.Tensor) -> torch.Tensor:
        return x_k + (1.0 / self.num_denoising_steps) * (prediction + correction)

    def head_loss(self, x0: torch.Tensor, cond: torch.Tensor, reduction: str = "mean") -> torch.Tensor:
        """``x0`` is the normalized action chunk ``(B, Tp, Da)`` (the data end, t = 1)."""
        b = x0.shape[0]
        beta = torch.distributions.Beta(torch.tensor(self.time_beta[0]), torch.tensor(self.time_beta[1]))
        t = (self.time_max * (1 - beta.sample((b,)))).to(x0.device)             # (B,) in [0, time_max]
        noise = torch.randn_like(x0)
        x_t = (1 - t)[:, None, None] * noise + t[:, None, None] * x0
        if self.prediction_type == "sample":
            return chunk_mse(self.denoiser(x_t, t * self.time_scale, cond), x0, reduction)
        return chunk_mse(self.velocity(x_t, t, cond), x0 - noise, reduction)
