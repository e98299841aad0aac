"""The DDIM chain against diffusers and against the exact answer for Gaussian data."""

from __future__ import annotations

import pytest
import torch
from diffusers import DDIMScheduler
from torch import nn

from tests.policies.tiny import build_tiny, denoise_chain

DATA_MEAN, DATA_STD = 0.3, 0.2  # 1-D Gaussian "actions" in normalized units (well inside the clip range)


class GaussianEpsilon(nn.Module):
    """The exact eps-prediction E[eps | x_t] for data x0 ~ N(DATA_MEAN, DATA_STD^2) per coordinate."""

    def __init__(self, alphas_cumprod: torch.Tensor) -> None:
        super().__init__()
        self.register_buffer("alphas", alphas_cumprod.double())

    def forward(self, x: torch.Tensor, t: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        a = self.alphas[t.long()].to(x.dtype)[:, None, None]
        var = a * DATA_STD**2 + 1 - a
        return (1 - a).sqrt() * (x - a.sqrt() * DATA_MEAN) / var


@pytest.mark.parametrize("prediction_type", ["epsilon", "sample"])
@pytest.mark.parametrize("eta", [0.0, 1.0])
def test_denoise_step_matches_diffusers_ddim_step(tiny_store, eta, prediction_type):
    torch.manual_seed(0)
    policy = build_tiny("diffusion_unet", tiny_store, prediction_type=prediction_type).eval()
    assert policy.train_scheduler.config.prediction_type == prediction_type
    obs_cond = torch.randn(3, policy.obs_encoder.cond_dim)
    reference = DDIMScheduler.from_config(policy.train_scheduler.config, set_alpha_to_one=True, steps_offset=0)
    reference.set_timesteps(policy.num_denoising_steps)
    x = torch.randn(3, *policy.noise_shape) * 3  # large values so clipping of x0 is exercised
    with torch.no_grad():
        for i, t in enumerate(reference.timesteps):
            k = policy.num_denoising_steps - 1 - i
            assert int(policy.step_timesteps[k]) == int(t)
            mean, std = policy.denoise_step(x, k, obs_cond, eta=eta)
            output = policy.denoiser(x, t.expand(3).float(), obs_cond)   # what diffusers converts itself
            z = torch.randn_like(x)
            expected = reference.step(output, int(t), x, eta=eta, variance_noise=z).prev_sample
            torch.testing.assert_close(mean + std * z, expected, rtol=1e-5, atol=1e-5)
            assert torch.all(std == 0) == (eta == 0 or k == 0)
            x = mean + std * z


def test_eta1_std_is_the_ddim_sigma_formula(tiny_store):
    policy = build_tiny("diffusion_unet", tiny_store, eta=1.0).eval()
    reference = DDIMScheduler.from_config(policy.train_scheduler.config, set_alpha_to_one=True, steps_offset=0)
    reference.set_timesteps(policy.num_denoising_steps)
    x = torch.randn(2, *policy.noise_shape)
    cond = torch.randn(2, policy.obs_encoder.cond_dim)
    k = policy.num_denoising_steps - 1
    t = int(policy.step_timesteps[k])
    prev = t - reference.config.num_train_timesteps // policy.num_denoising_steps
    _, std = policy.denoise_step(x, k, cond)  # eta from the config
    assert torch.allclose(std, torch.tensor(float(reference._get_variance(t, prev)) ** 0.5), rtol=1e-5)
    _, std_last = policy.denoise_step(x, 0, cond)
    assert torch.all(std_last == 0)  # the last step lands on a_prev = 1: no noise left to add


@pytest.mark.parametrize("eta", [0.0, 1.0])
def test_chain_with_exact_denoiser_recovers_the_data_distribution(tiny_store, eta):
    torch.manual_seed(0)
    policy = build_tiny("diffusion_unet", tiny_store, num_inference_steps=100).eval()
    policy.denoiser = GaussianEpsilon(policy.train_scheduler.alphas_cumprod)
    x = denoise_chain(policy, 4000, eta)
    assert float(x.mean()) == pytest.approx(DATA_MEAN, abs=0.01)
    # 100 discrete steps under-disperse a little (~4% at eta 0, ~7% at eta 1: the posterior-variance choice)
    assert float(x.std()) == pytest.approx(DATA_STD, rel=0.1)


class GaussianSample(GaussianEpsilon):
    """The exact x0-prediction E[x0 | x_t] for the same Gaussian data (from the exact epsilon)."""

    def forward(self, x: torch.Tensor, t: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        a = self.alphas[t.long()].to(x.dtype)[:, None, None]
        return (x - (1 - a).sqrt() * super().forward(x, t, cond)) / a.sqrt()


def test_sample_prediction_with_exact_denoiser_recovers_the_data_distribution(tiny_store):
    torch.manual_seed(0)
    policy = build_tiny("diffusion_unet", tiny_store, num_inference_steps=100, prediction_type="sample").eval()
    policy.denoiser = GaussianSample(policy.train_scheduler.alphas_cumprod)
    x = denoise_chain(policy, 4000, 0.0)
    assert float(x.mean()) == pytest.approx(DATA_MEAN, abs=0.01)
    assert float(x.std()) == pytest.approx(DATA_STD, rel=0.1)
    # eps_theta is the exact noise prediction whichever quantity the network outputs
    t = torch.tensor([10, 50, 90])
    x_t = torch.randn(3, *policy.noise_shape, dtype=torch.float64)
    exact = GaussianEpsilon(policy.train_scheduler.alphas_cumprod)(x_t, t, None)
    torch.testing.assert_close(policy.predict_noise(x_t, t, None), exact)


@pytest.mark.fault("config")
def test_sample_prediction_trains_on_x0_and_unknown_types_are_refused(tiny_store):
    """`policy.diffusion.prediction_type=x0` (not one of epsilon, sample): refused when the policy is built, naming
    the valid values; with `sample` the loss regresses x_0 (a denoiser returning the clean chunk has zero loss)."""
    from robopolicy.errors import ConfigError

    policy = build_tiny("diffusion_unet", tiny_store, prediction_type="sample")
    x0 = torch.randn(4, *policy.noise_shape)

    class Oracle(nn.Module):
        def forward(self, x, t, cond):
            return x0

    policy.denoiser = Oracle()
    assert float(policy.head_loss(x0, torch.zeros(4, 1))) == 0.0
    with pytest.raises(ConfigError, match="unknown diffusion.prediction_type 'x0'; valid: epsilon, sample"):
        build_tiny("diffusion_unet", tiny_store, prediction_type="x0")


def test_diffusion_unet_predicts_x0_by_default_and_a_checkpoint_from_before_the_key_still_predicts_noise(
        tiny_store, tmp_path):
    """One default for the Python API and the CLI (x_0 for diffusion_unet, epsilon for vla_diffusion); a stored
    config without ``prediction_type`` is read as epsilon, what every checkpoint before the key was trained with."""
    from robopolicy.checkpoint import save_checkpoint
    from robopolicy.policies.loading import load_policy
    from robopolicy.policies.policy_config import resolve_policy_config

    assert resolve_policy_config("diffusion_unet", {})["diffusion"]["prediction_type"] == "sample"
    assert resolve_policy_config("vla_diffusion", {})["diffusion"]["prediction_type"] == "epsilon"
    policy = build_tiny("diffusion_unet", tiny_store)                   # tiny.py pins epsilon
    old = dict(policy.policy_config)
    old["diffusion"] = {k: v for k, v in old["diffusion"].items() if k != "prediction_type"}
    info = {"kind": "policy", "name": policy.name, "config": old, "spec": policy.spec.to_dict()}
    loaded = load_policy(save_checkpoint(tmp_path / "old", policy.state_dict(), info, step=1))
    assert loaded.prediction_type == "epsilon" and loaded.policy_config["diffusion"]["prediction_type"] == "epsilon"


def test_a_stored_config_is_read_with_the_values_of_the_keys_it_predates():
    from robopolicy.policies.policy_config import resolve_policy_config, stored_policy_config

    for stored in ({"diffusion": {"num_inference_steps": 4}}, {}):            # the section, or nothing at all
        cfg = resolve_policy_config("diffusion_unet", stored_policy_config("diffusion_unet", stored))
        assert cfg["diffusion"]["prediction_type"] == "epsilon"
    spelled_out = {"diffusion": {"prediction_type": "sample"}}
    assert stored_policy_config("diffusion_unet", spelled_out) == spelled_out
    assert "diffusion" not in stored_policy_config("flow_unet", {"flow": {"num_inference_steps": 4}})
