"""The flow head's ODE and SDE steps against the exact velocity of Gaussian data, and the step limits."""

from __future__ import annotations

import math

import pytest
import torch
from torch import nn

from tests.policies.tiny import build_tiny, denoise_chain

DATA_MEAN, DATA_STD = 0.3, 0.2


class GaussianVelocity(nn.Module):
    """Exact v(x, t) = E[a - eps | x_t = x] on the path x_t = (1 - t) eps + t a, a ~ N(DATA_MEAN, DATA_STD^2)."""

    def __init__(self, time_scale: float) -> None:
        super().__init__()
        self.time_scale = time_scale

    def posterior_means(self, x: torch.Tensor, t_scaled: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(E[a | x_t = x], E[eps | x_t = x])."""
        t = (t_scaled / self.time_scale).to(x.dtype)[:, None, None]
        var = (1 - t) ** 2 + t**2 * DATA_STD**2
        centered = x - t * DATA_MEAN
        return DATA_MEAN + t * DATA_STD**2 * centered / var, (1 - t) * centered / var

    def forward(self, x: torch.Tensor, t_scaled: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        expected_a, expected_eps = self.posterior_means(x, t_scaled)
        return expected_a - expected_eps


def test_stochastic_step_mean_tends_to_the_euler_step_and_std_is_g_sqrt_dt(tiny_store):
    policy = build_tiny("flow_unet", tiny_store, sde_sigma=0.7).eval()
    x = torch.randn(3, *policy.noise_shape)
    cond = torch.randn(3, policy.obs_encoder.cond_dim)
    dt = 1 / policy.num_denoising_steps
    with torch.no_grad():
        for k in range(policy.num_denoising_steps):
            t = policy.step_time(k)
            v = policy.velocity(x, torch.full((3,), t), cond)
            euler = x + dt * v
            ode_mean, ode_std = policy.denoise_step(x, k, cond, eta=0.0)
            assert torch.equal(ode_mean, euler) and torch.all(ode_std == 0)
            score_term = -dt * (x - t * v) / (2 * (1 - t))   # the mean moves off the Euler step by g^2 times this
            for eta in (1e-2, 1e-4):
                g = eta * 0.7
                mean, std = policy.denoise_step(x, k, cond, eta=eta)
                torch.testing.assert_close(std, torch.full_like(x, g * math.sqrt(dt)))
                torch.testing.assert_close(mean, euler + g**2 * score_term)
            mean1, _ = policy.denoise_step(x, k, cond, eta=1.0)
            assert not torch.allclose(mean1, euler)  # the score correction is really there


@pytest.mark.parametrize("eta", [0.0, 1.0])
def test_ode_and_sde_with_exact_velocity_recover_the_data_distribution(tiny_store, eta):
    torch.manual_seed(0)
    policy = build_tiny("flow_unet", tiny_store, num_inference_steps=100, sde_sigma=1.0).eval()
    policy.denoiser = GaussianVelocity(policy.time_scale)
    x = denoise_chain(policy, 4000, eta)
    assert float(x.mean()) == pytest.approx(DATA_MEAN, abs=0.01)
    assert float(x.std()) == pytest.approx(DATA_STD, rel=0.05)


def test_sde_without_score_correction_would_be_wrong(tiny_store):
    """Guard the test above: plain noise injection (Euler mean + g sqrt(dt) noise) over-disperses clearly."""
    torch.manual_seed(0)
    policy = build_tiny("flow_unet", tiny_store, num_inference_steps=100, sde_sigma=1.0).eval()
    policy.denoiser = GaussianVelocity(policy.time_scale)
    x = torch.randn(4000, *policy.noise_shape, dtype=torch.float64)
    cond = torch.zeros(4000, 1)
    with torch.no_grad():
        for k in reversed(range(policy.num_denoising_steps)):
            euler, _ = policy.denoise_step(x, k, cond, eta=0.0)
            _, std = policy.denoise_step(x, k, cond, eta=1.0)
            x = euler + std * torch.randn_like(euler)
    assert float(x.std()) > 1.5 * DATA_STD


def test_flow_training_times_follow_the_beta_schedule(tiny_store):
    """t = time_max * (1 - Beta(1.5, 1)): mean time_max * (1 - 0.6), all in [0, time_max]."""
    policy = build_tiny("flow_unet", tiny_store)
    seen = []
    policy.velocity = lambda x_t, t, cond: seen.append(t) or torch.zeros_like(x_t)  # record the sampled times
    torch.manual_seed(0)
    policy.head_loss(torch.zeros(20000, *policy.noise_shape), torch.zeros(20000, 1))
    t = seen[0]
    assert 0 <= float(t.min()) and float(t.max()) <= policy.time_max
    assert float(t.mean()) == pytest.approx(policy.time_max * 0.4, abs=0.01)


class GaussianChunk(GaussianVelocity):
    """Exact E[a | x_t = x] for the same Gaussian data: what a U-Net predicting the chunk (prediction_type=sample)
    should output."""

    def forward(self, x: torch.Tensor, t_scaled: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        return self.posterior_means(x, t_scaled)[0]


def test_chunk_prediction_implies_the_exact_velocity_and_recovers_the_data(tiny_store):
    """prediction_type=sample: v = (a_theta - x) / (1 - t) is E[a - eps | x] when a_theta is E[a | x], so the same
    samplers recover the data; and the last Euler step lands exactly on the predicted chunk."""
    torch.manual_seed(0)
    chunk = build_tiny("flow_unet", tiny_store, num_inference_steps=100, sde_sigma=1.0, prediction_type="sample").eval()
    chunk.denoiser = GaussianChunk(chunk.time_scale)
    exact = GaussianVelocity(chunk.time_scale)
    x = torch.randn(5, *chunk.noise_shape, dtype=torch.float64)
    for t in (0.0, 0.3, 0.99):
        times = torch.full((5,), t, dtype=torch.float64)
        torch.testing.assert_close(chunk.velocity(x, times, None), exact(x, times * chunk.time_scale, None))
    last, _ = chunk.denoise_step(x, 0, None, eta=0.0)
    torch.testing.assert_close(last, chunk.denoiser(x, torch.full((5,), chunk.step_time(0)) * chunk.time_scale, None))
    samples = denoise_chain(chunk, 4000, 0.0)
    assert float(samples.mean()) == pytest.approx(DATA_MEAN, abs=0.01)
    assert float(samples.std()) == pytest.approx(DATA_STD, rel=0.05)


class ZeroChunk(nn.Module):
    def forward(self, x: torch.Tensor, t_scaled: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        return torch.zeros_like(x)


def test_chunk_prediction_loss_is_on_the_chunk(tiny_store):
    policy = build_tiny("flow_unet", tiny_store, prediction_type="sample")
    policy.denoiser = ZeroChunk()   # predicts the chunk 0
    x0 = torch.full((4, *policy.noise_shape), 0.5)
    assert float(policy.head_loss(x0, torch.zeros(4, 1))) == pytest.approx(0.25)   # || 0 - a ||^2, whatever the noise


def test_an_unknown_flow_prediction_type_names_the_valid_ones(tiny_store):
    from robopolicy.errors import ConfigError

    with pytest.raises(ConfigError, match="unknown flow.prediction_type 'x0'; valid: velocity, sample"):
        build_tiny("flow_unet", tiny_store, prediction_type="x0")
    with pytest.raises(ConfigError, match="needs flow.time_max < 1"):
        build_tiny("flow_unet", tiny_store, prediction_type="sample", time_max=1.0)
