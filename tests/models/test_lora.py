"""LoRA adapters (robopolicy/models/lora.py): the base exactly at the start, only the adapters train, save/load and
merge are exact, bad settings are one line."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from robopolicy.data.sampler import WindowSampler
from robopolicy.errors import ConfigError
from robopolicy.models.lora import (
    LoRAConfig,
    LoRALayer,
    apply_lora,
    load_lora_state_dict,
    lora_state_dict,
    merge_lora,
    trainable_fraction,
)
from tests.policies.tiny import build_tiny, make_store


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return make_store(tmp_path_factory.mktemp("lora") / "tiny.zarr")


def batch_of(policy, store):
    spec = policy.spec
    ds = WindowSampler(store, obs_keys=list(spec.obs_features), obs_horizon=spec.obs_horizon,
                       pred_horizon=spec.pred_horizon, exec_horizon=spec.exec_horizon, include_task=spec.language)
    return ds.get_batch(np.arange(8))


def chunk(policy, store, seed=0):
    """A deterministic chunk: the same initial noise for every call."""
    batch = batch_of(policy, store)
    obs = {k: batch[k] for k in policy.spec.obs_features}
    noise = torch.randn(8, 1, *policy.noise_shape, generator=torch.Generator().manual_seed(seed))
    with torch.no_grad():
        return torch.as_tensor(policy.sample(obs, n=1, noise=noise))


def train_adapters(policy, store, steps=3):
    optimizer = torch.optim.Adam([p for p in policy.parameters() if p.requires_grad], lr=1e-2)
    batch = batch_of(policy, store)
    for _ in range(steps):
        loss, _ = policy.loss(batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet"])
def test_adapted_policy_is_the_base_until_it_trains_and_only_adapters_train(name, store):
    torch.manual_seed(0)
    policy = build_tiny(name, store).eval()
    before = chunk(policy, store)
    base_state = {k: v.clone() for k, v in policy.state_dict().items()}
    wrapped = apply_lora(policy, LoRAConfig(rank=2, alpha=4.0))
    assert wrapped and all(isinstance(policy.get_submodule(n), LoRALayer) for n in wrapped)
    assert torch.equal(chunk(policy, store), before)        # B = 0: exactly the base
    trainable = {n for n, p in policy.named_parameters() if p.requires_grad}
    assert trainable and all(n.endswith(("lora_A", "lora_B")) for n in trainable)
    assert trainable_fraction(policy) < 0.25
    policy.train()
    train_adapters(policy, store)
    policy.eval()
    assert not torch.equal(chunk(policy, store), before)
    frozen_now = {k.replace(".base.", "."): v for k, v in policy.state_dict().items() if "lora_" not in k}
    assert all(torch.equal(frozen_now[k], v) for k, v in base_state.items())   # the base weights never moved


def test_save_load_and_merge_give_the_same_policy(store):
    torch.manual_seed(1)
    policy = build_tiny("diffusion_unet", store)
    base_state = {k: v.clone() for k, v in policy.state_dict().items()}
    apply_lora(policy, LoRAConfig(rank=4, alpha=8.0))
    policy.train()
    train_adapters(policy, store)
    policy.eval()
    adapted = chunk(policy, store)
    adapter = lora_state_dict(policy)
    assert adapter and all(k.endswith(("lora_A", "lora_B")) for k in adapter)

    fresh = build_tiny("diffusion_unet", store)
    fresh.load_state_dict(base_state)
    apply_lora(fresh, LoRAConfig(rank=4, alpha=8.0))
    load_lora_state_dict(fresh, adapter)
    fresh.eval()
    assert torch.equal(chunk(fresh, store), adapted)             # save/load: bit-identical

    merge_lora(fresh)
    assert set(fresh.state_dict()) == set(base_state)            # a plain policy again, the base's keys
    torch.testing.assert_close(chunk(fresh, store), adapted, rtol=0, atol=1e-5)   # merged: float rounding only


def test_the_update_is_alpha_over_r_times_b_a():
    layer = LoRALayer(torch.nn.Linear(5, 3), rank=2, alpha=6.0)
    with torch.no_grad():
        layer.lora_B.copy_(torch.arange(6.0).reshape(3, 2))
    x = torch.randn(4, 5)
    expected = layer.base(x) + 3.0 * x @ (layer.lora_B @ layer.lora_A).t()
    torch.testing.assert_close(layer(x), expected)
    conv = LoRALayer(torch.nn.Conv1d(3, 4, 3, padding=1), rank=2, alpha=2.0)
    with torch.no_grad():
        conv.lora_B.normal_()
    y = torch.randn(2, 3, 7)
    merged = torch.nn.functional.conv1d(y, conv.base.weight + conv.delta(), conv.base.bias, padding=1)
    torch.testing.assert_close(conv(y), merged, rtol=1e-5, atol=1e-5)


def test_bad_settings_and_adapters_are_refused_in_one_line(store):
    policy = build_tiny("diffusion_unet", store)
    with pytest.raises(ConfigError, match=r"lora: rank=0 is out of range; valid: an integer >= 1"):
        apply_lora(policy, LoRAConfig(rank=0))
    with pytest.raises(ConfigError, match=r"no nn.Linear or nn.Conv1d module matches targets=\['nowhere'\]"):
        apply_lora(build_tiny("diffusion_unet", store), LoRAConfig(targets=("nowhere",)))
    wrapped = build_tiny("diffusion_unet", store)
    apply_lora(wrapped, LoRAConfig(rank=2))
    with pytest.raises(ConfigError, match="the adapter does not fit this model"):
        load_lora_state_dict(wrapped, {"x.lora_A": torch.zeros(1)})
