"""`robopolicy train init_from=<run> adapter=lora|head`: only the adapters (or the head) train, a lora checkpoint is
an ordinary merged policy that acts like the adapted model, a lora run resumes exactly, and adapting nothing is
refused."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

import robopolicy
from robopolicy import checkpoint as ckpt
from robopolicy.errors import ConfigError
from robopolicy.models.lora import LoRALayer, lora_state_dict
from robopolicy.train.adapters import ADAPTER_PREFIX
from robopolicy.train.resume import ResumeMismatchError
from robopolicy.train.trainer import Trainer

from .conftest import ACTION_DIM, STATE_DIM, make_store, train_config

SHORT = {"steps": 6, "val_every": 3, "ckpt_every": 3, "warmup_steps": 1}


@pytest.fixture(scope="module")
def base(state_store, tmp_path_factory):
    """A tiny trained policy to adapt (8 steps, EMA on)."""
    return Trainer(train_config(state_store, tmp_path_factory.mktemp("base") / "run", steps=8, val_every=8,
                                ckpt_every=8)).run()


@pytest.fixture(scope="module")
def new_task(tmp_path_factory):
    return make_store(tmp_path_factory.mktemp("new") / "new.zarr", scale=1.5)


def _obs(batch_size: int = 3) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    return {"state": rng.uniform(-1, 1, (batch_size, 2, STATE_DIM)).astype(np.float32)}


def test_lora_run_trains_only_adapters_and_saves_a_merged_policy_that_acts_like_the_adapted_one(base, new_task,
                                                                                                 tmp_path, capsys):
    """adapter=lora: the loaded policy is wrapped and frozen, only lora_A / lora_B train; the checkpoint's
    model.safetensors has the base's keys, each weight differs from the start only by the merged update
    (alpha / r) B A of the saved adapters, `load_policy` loads it as an ordinary policy whose actions equal the
    adapted (unmerged) model's to float tolerance; the trainable count and fraction are logged and recorded."""
    trainer = Trainer(train_config(new_task, tmp_path / "lora", init_from=str(base.run_dir), adapter="lora",
                                   **SHORT))
    assert all(("lora_" in n) == p.requires_grad for n, p in trainer.policy.named_parameters())
    assert not any(isinstance(m, LoRALayer) for n, m in trainer.policy.named_modules() if ".language" in n)
    count = trainer.parameters
    assert 0 < count["trainable"] < count["total"] and count["fraction"] < 0.2
    assert f"adapter: lora, {count['trainable']:,} of {count['total']:,} parameters train" in capsys.readouterr().err
    result = trainer.run()
    assert result.parameters == count

    start, _ = ckpt.load_model_state(base.checkpoint)
    merged, _ = ckpt.load_model_state(result.checkpoint)
    assert merged.keys() == start.keys()  # an ordinary policy's state dict
    tensors, _ = ckpt.load_trainer_state(result.checkpoint)
    adapters = {k[len(ADAPTER_PREFIX):]: v for k, v in tensors.items() if k.startswith(ADAPTER_PREFIX)}
    assert adapters.keys() == lora_state_dict(trainer.published).keys()
    alpha, rank = 8.0, 4
    changed = 0
    for key, value in start.items():
        layer = key[: -len(".weight")] if key.endswith(".weight") else None
        if layer is not None and f"{layer}.lora_A" in adapters:
            a, b = adapters[f"{layer}.lora_A"], adapters[f"{layer}.lora_B"]
            update = (alpha / rank * (b @ a)).reshape(value.shape)
            assert torch.equal(merged[key], value + update), key   # the base plus exactly the merged update
            changed += int(not torch.equal(merged[key], value))
        else:
            assert torch.equal(merged[key], value), key   # every other weight and the normalizer: the start's
    assert changed > 0

    info = ckpt.read_policy_info(result.checkpoint)
    assert info["kind"] == "policy" and info["adapter"]["method"] == "lora" and info["adapter"]["merged"] is True
    assert info["adapter"]["rank"] == rank and info["adapter"]["parameters"] == count
    run = json.loads((result.run_dir / "run.json").read_text())
    assert run["adapter"]["parameters"]["fraction"] == pytest.approx(count["fraction"])

    policy = robopolicy.load_policy(result.run_dir)
    assert not any(isinstance(m, LoRALayer) for m in policy.modules())
    noise = torch.randn(3, 2, 8, ACTION_DIM, generator=torch.Generator().manual_seed(1))
    adapted = trainer.published.eval().sample(_obs(), n=2, noise=noise)
    torch.testing.assert_close(policy.sample(_obs(), n=2, noise=noise), adapted, rtol=1e-4, atol=1e-4)


def test_lora_run_resumes_exactly_like_an_uninterrupted_run(base, new_task, tmp_path):
    """A lora run paused at step 3 and resumed (wrapped model, adapters, EMA adapters, optimizer restored) has the
    same per-step losses and the same merged checkpoint as an uninterrupted run; another rank is refused."""
    settings = {"init_from": str(base.run_dir), "adapter": "lora", **SHORT}
    full = Trainer(train_config(new_task, tmp_path / "full", **settings)).run()
    Trainer(train_config(new_task, tmp_path / "split", **settings)).run(until_step=3)
    resumed = Trainer(train_config(new_task, tmp_path / "split", resume="true", **settings)).run()
    assert sorted(resumed.losses) == [4, 5, 6]
    assert all(resumed.losses[s] == full.losses[s] for s in (4, 5, 6))
    a, _ = ckpt.load_model_state(full.checkpoint)
    b, _ = ckpt.load_model_state(resumed.checkpoint)
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    with pytest.raises(ResumeMismatchError, match=r"lora\.rank: 4 -> 8"):
        Trainer(train_config(new_task, tmp_path / "split", resume="true", **settings, **{"lora.rank": 8}))


def test_head_run_leaves_the_observation_encoder_bit_identical(base, new_task, tmp_path):
    """adapter=head: only `denoiser.*` trains; every `obs_encoder.*` weight and the normalizer of the saved
    checkpoint equal the start's bit for bit, while the head moved."""
    result = Trainer(train_config(new_task, tmp_path / "head", init_from=str(base.run_dir), adapter="head",
                                  **SHORT)).run()
    start, _ = ckpt.load_model_state(base.checkpoint)
    tuned, _ = ckpt.load_model_state(result.checkpoint)
    assert tuned.keys() == start.keys()
    frozen = [k for k in start if not k.startswith("denoiser.")]
    assert any(k.startswith("obs_encoder.") for k in frozen)
    assert all(torch.equal(tuned[k], start[k]) for k in frozen)
    assert any(not torch.equal(tuned[k], start[k]) for k in start if k.startswith("denoiser."))
    assert 0 < result.parameters["fraction"] < 1
    assert ckpt.read_policy_info(result.checkpoint)["adapter"]["modules"] == ["denoiser"]


@pytest.mark.parametrize("adapter", ["lora", "head"])
def test_an_adapter_without_init_from_is_refused_in_one_line(state_store, tmp_path, adapter):
    with pytest.raises(ConfigError) as refused:
        Trainer(train_config(state_store, tmp_path / "run", adapter=adapter))
    message = str(refused.value)
    assert "\n" not in message and f"adapter={adapter}" in message and "init_from=" in message
    assert not (tmp_path / "run").exists()
