"""Diffusion head: DDPM training (epsilon or sample prediction) and a DDIM chain of K Gaussian steps.

Training (Diffusion Policy): ``t ~ U{0, .., T-1}`` (T = 100), ``x_t = sqrt(a_t) x_0 + sqrt(1 - a_t) eps`` with
``a_t`` the cumulative product of squared-cosine betas (diffusers ``DDPMScheduler.add_noise``), loss
``|| eps - eps_theta(x_t, t, cond) ||^2`` averaged over the whole chunk ``(B, Tp, Da)``. With
``diffusion.prediction_type: sample`` the U-Net predicts ``x_0`` instead (loss ``|| x_0 - x0_theta ||^2``) and
``eps_theta = (x_t - sqrt(a_t) x0_theta) / sqrt(1 - a_t)``, as diffusers' schedulers convert it; sampling is the same.

Sampling (DDIM, diffusers' ``DDIMScheduler`` timesteps and formula): step k (k = K-1 .. 0) runs timestep
``t_k`` to ``t_prev = t_k - T // K`` (``a_prev = 1`` after the last step)::

    x0_hat = clip((x - sqrt(1 - a_t) eps_theta) / sqrt(a_t), +-clip_sample_range)
    sigma  = eta * sqrt((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev))
    mean   = sqrt(a_prev) x0_hat + sqrt(1 - a_prev - sigma^2) eps_theta,     std = sigma

eta = 0 is deterministic DDIM (``sample``); eta = 1 gives DDPM-like variance (DPPO's training chain).
"""

from __future__ import annotations

import math
from typing import Any

import torch
from diffusers import DDIMScheduler, DDPMScheduler
from torch import nn

from robopolicy.data.normalizer import Normalizer
from robopolicy.errors import ConfigError
from robopolicy.policies.chunk_policy import ChunkPolicy, check_step_index, chunk_mse
from robopolicy.policies.protocol import PolicySpec

FINAL_ALPHA_CUMPROD = 1.0  # diffusers' set_alpha_to_one: after the last step the sample is noise-free
PREDICTION_TYPES = ("epsilon", "sample")  # what the U-Net predicts: the noise (Diffusion Policy) or x_0


class DiffusionPolicy(ChunkPolicy):
    def __init__(self, name: str, spec: PolicySpec, normalizer: Normalizer, policy_config: dict[str, Any],
                 obs_encoder: nn.Module, denoiser: nn.Module) -> None:
        d = policy_config["diffusion"]
        k = d["num_inference_steps"]
        if not 1 <= k <= d["num_train_timesteps"]:
            raise ConfigError(f"diffusion.num_inference_steps must be in [1, {d['num_train_timesteps']}], got {k}")
        prediction_type = d["prediction_type"]   # resolved (a stored config without it: stored_policy_config)
        if prediction_type not in PREDICTION_TYPES:
            raise ConfigError(f"unknown diffusion.prediction_type {prediction_type!r}; valid: {', '.join(PREDICTION_TYPES)}")
        super().__init__(name, spec, normalizer, policy_config, obs_encoder, denoiser, k, d["eta"])
        self.prediction_type = prediction_type
        self.train_scheduler = DDPMScheduler(num_train_timesteps=d["num_train_timesteps"],
                                             beta_schedule=d["beta_schedule"], clip_sample=d["clip_sample"],
                                             clip_sample_range=d["clip_sample_range"], prediction_type=prediction_type)
        self.sample_scheduler = DDIMScheduler.from_config(self.train_scheduler.config, set_alpha_to_one=True,
                                                          steps_offset=0)
        self.clip_sample = d["clip_sample"]
        self.clip_sample_range = d["clip_sample_range"]
        self._set_denoising_steps(k)

    def _set_denoising_steps(self, k: int) -> None:
        """The DDIM schedule of ``k`` steps over the training schedule: the step timesteps and their alphas."""
        train_steps = self.train_scheduler.config.num_train_timesteps
        if k > train_steps:
            raise ConfigError(f"diffusion inference steps must be in [1, {train_steps}], got {k}")
        self.sample_scheduler.set_timesteps(k)
        step_timesteps = self.sample_scheduler.timesteps.flip(0).long()           # (K,): t of step k
        stride = train_steps // k
        alphas = self.train_scheduler.alphas_cumprod.float()
        prev = step_timesteps - stride
        alpha_prev = torch.where(prev >= 0, alphas[prev.clamp_min(0)], torch.tensor(FINAL_ALPHA_CUMPROD))
        device = self.device
        self.register_buffer("step_timesteps", step_timesteps.to(device), persistent=False)
        self.register_buffer("alpha_t", alphas[step_timesteps].to(device), persistent=False)
        self.register_buffer("alpha_prev", alpha_prev.to(device), persistent=False)

    @property
    def denoising_schedule(self) -> dict[str, Any]:
        return {"kind": "ddim", "num_train_timesteps": self.train_scheduler.config.num_train_timesteps,
                "beta_schedule": self.train_scheduler.config.beta_schedule,
                "timesteps": self.step_timesteps.tolist(), "eta": self.eta,
                "clip_sample": self.clip_sample, "clip_sample_range": self.clip_sample_range}

    def predict_noise(self, x_t: torch.Tensor, timesteps: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        """``eps_theta(x_t, t, cond)``: ``(N, Tp, Da)``, ``(N,)``, ``(N, C)`` -> ``(N, Tp, Da)``."""
        if self.prediction_type == "epsilon":   # the U-Net's output itself: no x_0 to derive
            return self.denoiser(x_t, timesteps.float(), cond)
        return self._predict(x_t, timesteps, cond)[0]

    def _predict(self, x_t: torch.Tensor, timesteps: torch.Tensor, cond: torch.Tensor,
                 a_t: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        """``(eps_theta, x0_theta)`` (unclipped) from the U-Net's output, whichever of the two it predicts."""
        out = self.denoiser(x_t, timesteps.float(), cond)
        if a_t is None:
            a_t = self.train_scheduler.alphas_cumprod.to(x_t.device, torch.float32)[timesteps.long()].view(-1, 1, 1)
        if self.prediction_type == "epsilon":
            return out, (x_t - (1 - a_t).sqrt() * out) / a_t.sqrt()
        return (x_t - a_t.sqrt() * out) / (1 - a_t).sqrt(), out

    def denoise_step(self, x_k: torch.Tensor, k: int | torch.Tensor, cond: torch.Tensor,
                     eta: float | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        """DDIM step ``k`` (K-1 .. 0): ``x_k`` ``(N, Tp, Da)`` -> (mean, std) of ``x_{k-1}``, both ``(N, Tp, Da)``.
        ``k`` may also be an ``(N,)`` tensor, one step per row (DPPO's update evaluates all positions at once)."""
        eta = self.eta if eta is None else eta
        k = check_step_index(k, self.num_denoising_steps)
        if isinstance(k, int):
            a_t, a_prev = self.alpha_t[k], self.alpha_prev[k]
            t = self.step_timesteps[k].expand(x_k.shape[0])
        else:
            k = k.to(self.alpha_t.device)
            a_t, a_prev = self.alpha_t[k].view(-1, 1, 1), self.alpha_prev[k].view(-1, 1, 1)
            t = self.step_timesteps[k]
        eps, x0 = self._predict(x_k, t, cond, a_t)
        if self.clip_sample:
            x0 = x0.clamp(-self.clip_sample_range, self.clip_sample_range)
        sigma = eta * ((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev)).sqrt()
        mean = a_prev.sqrt() * x0 + (1 - a_prev - sigma**2).clamp_min(0).sqrt() * eps
        return mean, torch.ones_like(mean) * sigma

    @staticmethod
    def _flow_scale(a: float) -> tuple[float, float]:
        """``(t, s)``: ``x = sqrt(a) x0 + sqrt(1 - a) eps`` is ``s`` times the flow state ``t x0 + (1 - t) eps``."""
        s = math.sqrt(a) + math.sqrt(1 - a)
        return math.sqrt(a) / s, s

    def guidance_time(self, k: int) -> float:
        """The flow time with the same signal-to-noise ratio as step ``k``'s timestep."""
        return self._flow_scale(float(self.alpha_t[k]))[0]

    def denoised_estimate(self, x_k: torch.Tensor, k: int, cond: torch.Tensor) -> tuple[torch.Tensor, tuple]:
        """DDIM's (clipped) ``x0_hat`` and ``(eps, x0_hat)``. The clip passes gradients straight through: early
        in the chain most of ``x0_hat`` is clipped, and a zero gradient there would switch the guidance off."""
        a_t = self.alpha_t[k]
        eps, x0 = self._predict(x_k, self.step_timesteps[k].expand(x_k.shape[0]), cond, a_t)
        if not self.clip_sample:
            return x0, (eps, x0)
        clipped = x0.clamp(-self.clip_sample_range, self.clip_sample_range)
        return x0 + (clipped - x0).detach(), (eps, clipped)

    def step_with_correction(self, x_k: torch.Tensor, k: int, prediction: tuple,
                             correction: torch.Tensor) -> torch.Tensor:
        """Deterministic DDIM is Euler on the linear flow in rescaled coordinates (``y = x / s``, flow times
        ``t -> t_prev``): the velocity correction ``c`` (a gradient in ``x``, so ``s c`` in ``y``) moves ``y`` by
        ``(t_prev - t) s c``, i.e. ``x_prev`` by ``s_prev (t_prev - t) s c``."""
        eps, x0 = prediction
        a_prev = self.alpha_prev[k]
        mean = a_prev.sqrt() * x0 + (1 - a_prev).clamp_min(0).sqrt() * eps
        t, s = self._flow_scale(float(self.alpha_t[k]))
        t_prev, s_prev = self._flow_scale(float(a_prev))
        return mean + (s_prev * (t_prev - t) * s) * correction

    def head_loss(self, x0: torch.Tensor, cond: torch.Tensor, reduction: str = "mean") -> torch.Tensor:
        noise = torch.randn_like(x0)
        t = torch.randint(0, self.train_scheduler.config.num_train_timesteps, (x0.shape[0],), device=x0.device)
        x_t = self.train_scheduler.add_noise(x0, noise, t)
        out = self.denoiser(x_t, t.float(), cond)
        return chunk_mse(out, noise if self.prediction_type == "epsilon" else x0, reduction)
