"""`robopolicy train init_from=<run> adapter=lora|head` on the language-conditioned ``vla_flow`` (issue #49): only the
adapters (or the U-Net head) train, the instruction's projection keeps its pretrained weights, a lora checkpoint is an
ordinary merged vla_flow that samples with an instruction, a lora run resumes exactly, and a policy or store that does
not fit the vla_flow run is refused in one line. Tiny policies, the offline ``hashing`` sentence encoder."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

import robopolicy
from robopolicy import checkpoint as ckpt
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError
from robopolicy.models.lora import LoRALayer
from robopolicy.train.adapters import ADAPTER_PREFIX
from robopolicy.train.config import compose_train_config
from robopolicy.train.trainer import Trainer

from .conftest import ACTION_DIM, STATE_DIM, train_overrides

SHORT = {"steps": 6, "val_every": 3, "ckpt_every": 3, "warmup_steps": 1}
VLA = ["policy=vla_flow", "policy.language_encoder.name=hashing", "policy.language_encoder.out_dim=16",
       "policy.trunk.d_model=32", "policy.trunk.num_layers=1", "policy.trunk.num_heads=2", "policy.trunk.ff_dim=64",
       "policy.trunk.num_readout_tokens=2"]
LANGUAGE = ("obs_encoder.language.", "obs_encoder.language_proj.")  # the instruction's projection (both parts)
BASE_TASK, NEW_TASK = "follow the curve", "trace the wide curve"


def _store(path: Path, task: str | None, scale: float = 1.0, episodes: int = 6, length: int = 24) -> Path:
    """State-only episodes on a smooth curve, one instruction (or none) for all of them."""
    features = {"state": {"shape": (STATE_DIM,), "dtype": "float32", "kind": "state"},
                "action": {"shape": (ACTION_DIM,), "dtype": "float32", "kind": "action"}}
    store = EpisodeStore.create(path, features=features, fps=10, robot="test")
    rng = np.random.default_rng(1)
    t = np.arange(length, dtype=np.float32)[:, None]
    for e in range(episodes):
        state = (np.sin(rng.uniform(0.1, 0.3, STATE_DIM) * t + rng.uniform(0, 6, STATE_DIM)) * scale)
        action = np.tanh(state[:, :ACTION_DIM] * 2) * 3 + 5
        store.append_episode({"state": state.astype(np.float32), "action": action.astype(np.float32)}, task=task,
                             success=True, seed=e)
    return path


def vla_config(store: Path, run_dir: Path, **extra):
    overrides = [a for a in train_overrides(store, run_dir, **extra) if not a.startswith("policy.image_encoder")]
    return compose_train_config([VLA[0], *overrides, *VLA[1:]])


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A tiny vla_flow trained on one task's store (8 steps, EMA on)."""
    root = tmp_path_factory.mktemp("vla_base")
    return Trainer(vla_config(_store(root / "one_task.zarr", BASE_TASK), root / "run", steps=8, val_every=8,
                              ckpt_every=8)).run()


@pytest.fixture(scope="module")
def new_task(tmp_path_factory):
    return _store(tmp_path_factory.mktemp("vla_new") / "new.zarr", NEW_TASK, scale=1.5)


def _obs(batch_size: int = 3) -> dict:
    rng = np.random.default_rng(0)
    return {"state": rng.uniform(-1, 1, (batch_size, 2, STATE_DIM)).astype(np.float32),
            "task": [NEW_TASK, BASE_TASK, NEW_TASK][:batch_size]}


def test_base_is_a_vla_flow(base):
    info = ckpt.read_policy_info(base.checkpoint)
    assert info["name"] == "vla_flow" and info["spec"]["language"] is True


def test_lora_on_vla_flow_trains_only_adapters_keeps_the_language_projection_and_saves_a_plain_policy(
        base, new_task, tmp_path):
    trainer = Trainer(vla_config(new_task, tmp_path / "lora", init_from=str(base.run_dir), adapter="lora", **SHORT))
    named = dict(trainer.policy.named_parameters())
    assert all(("lora_" in n) == p.requires_grad for n, p in named.items())
    wrapped = {n: m for n, m in trainer.policy.named_modules() if isinstance(m, LoRALayer)}
    # the trunk (attention out_proj and feed-forward), the state encoder and the U-Net head are adapted ...
    assert any(".trunk." in n and n.endswith("self_attn.out_proj") for n in wrapped)
    assert any(".trunk." in n and n.endswith("linear1") for n in wrapped)
    assert any(n.startswith("denoiser.") for n in wrapped)
    # ... the instruction's projection is not (the docs: language conditioning stays as pretrained)
    assert not any(n.startswith(LANGUAGE) or ".language" in n for n in wrapped)
    lora_count = sum(m.lora_A.numel() + m.lora_B.numel() for m in wrapped.values())
    assert lora_count == sum(p.numel() for n, p in named.items() if "lora_" in n)
    assert trainer.parameters["trainable"] == lora_count
    assert trainer.parameters["total"] == sum(p.numel() for p in named.values())
    frozen_before = {n: p.detach().clone() for n, p in named.items() if not p.requires_grad}
    buffers_before = {n: b.detach().clone() for n, b in trainer.policy.named_buffers()}

    result = trainer.run()
    after_params = dict(trainer.policy.named_parameters())
    assert all(torch.equal(after_params[n], v) for n, v in frozen_before.items())   # frozen: bit-unchanged
    assert all(torch.equal(b, buffers_before[n]) for n, b in trainer.policy.named_buffers())
    assert any(p.abs().sum() > 0 for n, p in after_params.items() if n.endswith("lora_B"))  # the adapters moved

    start, _ = ckpt.load_model_state(base.checkpoint)
    merged, _ = ckpt.load_model_state(result.checkpoint)
    assert merged.keys() == start.keys()
    assert all(merged[k].shape == start[k].shape and merged[k].dtype == start[k].dtype for k in start)
    tensors, _ = ckpt.load_trainer_state(result.checkpoint)
    adapters = {k[len(ADAPTER_PREFIX):]: v for k, v in tensors.items() if k.startswith(ADAPTER_PREFIX)}
    changed = 0
    for key, value in start.items():
        layer = key[: -len(".weight")] if key.endswith(".weight") else None
        if layer is not None and f"{layer}.lora_A" in adapters:
            update = (8.0 / 4 * (adapters[f"{layer}.lora_B"] @ adapters[f"{layer}.lora_A"])).reshape(value.shape)
            assert torch.equal(merged[key], value + update), key   # only through the merged update
            changed += int(not torch.equal(merged[key], value))
        else:
            assert torch.equal(merged[key], value), key
    assert changed > 0
    language = [k for k in start if k.startswith(LANGUAGE)]
    assert language and all(torch.equal(merged[k], start[k]) for k in language)

    policy = robopolicy.load_policy(result.run_dir)
    assert type(policy).__name__ == type(trainer.published).__name__
    assert not any(isinstance(m, LoRALayer) for m in policy.modules())
    noise = torch.randn(3, 2, 8, ACTION_DIM, generator=torch.Generator().manual_seed(1))
    actions = policy.sample(_obs(), n=2, noise=noise)
    assert actions.shape == (3, 2, 8, ACTION_DIM) and torch.isfinite(actions).all()
    adapted = trainer.published.eval().sample(_obs(), n=2, noise=noise)   # the wrapped (unmerged) model
    torch.testing.assert_close(actions, adapted, rtol=1e-4, atol=1e-4)
    other = policy.sample({**_obs(), "task": [BASE_TASK] * 3}, n=2, noise=noise)
    assert not torch.equal(other, actions)   # the instruction still conditions the merged policy


def test_head_on_vla_flow_trains_only_the_unet_denoiser(base, new_task, tmp_path):
    trainer = Trainer(vla_config(new_task, tmp_path / "head", init_from=str(base.run_dir), adapter="head", **SHORT))
    assert all(n.startswith("denoiser.") == p.requires_grad for n, p in trainer.policy.named_parameters())
    result = trainer.run()
    assert ckpt.read_policy_info(result.checkpoint)["adapter"]["modules"] == ["denoiser"]
    start, _ = ckpt.load_model_state(base.checkpoint)
    tuned, _ = ckpt.load_model_state(result.checkpoint)
    assert tuned.keys() == start.keys()
    frozen = [k for k in start if not k.startswith("denoiser.")]
    assert any(k.startswith("obs_encoder.trunk.") for k in frozen) and any(k.startswith(LANGUAGE) for k in frozen)
    assert all(torch.equal(tuned[k], start[k]) for k in frozen)   # trunk, encoders, language, normalizer
    assert any(not torch.equal(tuned[k], start[k]) for k in start if k.startswith("denoiser."))
    head = sum(p.numel() for n, p in trainer.policy.named_parameters() if n.startswith("denoiser."))
    assert result.parameters["trainable"] == head and 0 < result.parameters["fraction"] < 1


def test_lora_on_vla_flow_resumes_exactly_like_an_uninterrupted_run(base, new_task, tmp_path):
    settings = {"init_from": str(base.run_dir), "adapter": "lora", **SHORT}
    full = Trainer(vla_config(new_task, tmp_path / "full", **settings)).run()
    Trainer(vla_config(new_task, tmp_path / "split", **settings)).run(until_step=3)
    resumed = Trainer(vla_config(new_task, tmp_path / "split", resume="true", **settings)).run()
    assert sorted(resumed.losses) == [4, 5, 6]
    assert all(resumed.losses[s] == full.losses[s] for s in (4, 5, 6))
    a, _ = ckpt.load_model_state(full.checkpoint)
    b, _ = ckpt.load_model_state(resumed.checkpoint)
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    ta, _ = ckpt.load_trainer_state(full.checkpoint)
    tb, _ = ckpt.load_trainer_state(resumed.checkpoint)
    adapters = [k for k in ta if k.startswith(ADAPTER_PREFIX)]
    assert adapters and all(torch.equal(ta[k], tb[k]) for k in adapters)


def _refused(cfg, run_dir: Path) -> str:
    with pytest.raises(RobopolicyError) as refused:
        Trainer(cfg)
    assert not run_dir.exists()
    message = str(refused.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("adapter", ["lora", "head"])
def test_init_from_vla_flow_with_another_policy_is_refused_in_one_line(base, new_task, tmp_path, adapter):
    run = tmp_path / "run"
    overrides = train_overrides(new_task, run, init_from=str(base.run_dir), adapter=adapter, **SHORT)
    message = _refused(compose_train_config(["policy=flow_unet", *overrides]), run)
    assert "'vla_flow'" in message and "policy=flow_unet" in message and "pass policy=vla_flow" in message


@pytest.mark.parametrize("adapter", ["lora", "head"])
def test_init_from_vla_flow_on_a_store_without_tasks_is_refused_in_one_line(base, tmp_path, adapter):
    store = _store(tmp_path / "no_tasks.zarr", None)
    run = tmp_path / "run"
    message = _refused(vla_config(store, run, init_from=str(base.run_dir), adapter=adapter, **SHORT), run)
    assert "language-conditioned" in message and "no task instructions" in message and str(store) in message


def test_a_language_policy_records_its_instructions_and_an_adapted_one_adds_the_new_task(base, new_task, tmp_path):
    """``spec.extra["instructions"]``: the stored instructions a run trained on (what the fine-tuners check an env's
    against); adapting with init_from adds the new data's to the parent's; merging the two keeps both sets."""
    from robopolicy.finetune.merge import merge_checkpoints
    from robopolicy.policies.protocol import INSTRUCTIONS_KEY

    first = ckpt.read_policy_info(ckpt.resolve_checkpoint(base.run_dir))["spec"]["extra"][INSTRUCTIONS_KEY]
    assert first == [BASE_TASK]
    adapted = Trainer(vla_config(new_task, tmp_path / "lora", init_from=str(base.run_dir), adapter="lora", **SHORT))
    assert adapted.spec.extra[INSTRUCTIONS_KEY] == sorted([BASE_TASK, NEW_TASK])
    adapted.run()
    saved = ckpt.read_policy_info(ckpt.resolve_checkpoint(tmp_path / "lora"))["spec"]["extra"][INSTRUCTIONS_KEY]
    assert saved == sorted([BASE_TASK, NEW_TASK])
    # the parent and its adapted child merge: the merge knows both sets
    merged = merge_checkpoints(base.run_dir, tmp_path / "lora", tmp_path / "merged", alpha=0.5)
    assert ckpt.read_policy_info(merged)["spec"]["extra"][INSTRUCTIONS_KEY] == sorted([BASE_TASK, NEW_TASK])
