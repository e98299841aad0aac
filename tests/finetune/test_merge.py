"""Model merging: exact endpoints, per-module alpha, explicit normalizer, refusals before writing, the sweep."""

from __future__ import annotations

import copy
import hashlib
import json
import shutil
from pathlib import Path

import pytest
import torch
from safetensors.torch import save_file

from robopolicy import load_policy
from robopolicy.checkpoint import CheckpointError, load_model_state, save_checkpoint
from robopolicy.data.normalizer import Normalizer
from robopolicy.finetune.merge import (
    MODULE_GROUPS,
    MergeError,
    merge_checkpoints,
    merge_state_dicts,
    module_group,
)
from robopolicy.finetune.merge_cli import main
from robopolicy.policies.registry import default_normalizer_modes
from tests.policies.tiny import POLICY_NAMES, build_tiny, make_store, random_obs

torch.set_num_threads(1)


def save_policy(policy, path: Path) -> Path:
    info = {"kind": "policy", "name": policy.name, "config": policy.policy_config, "spec": policy.spec.to_dict()}
    return save_checkpoint(path, policy.state_dict(), info, step=1)


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    """(base checkpoint, fine-tuned checkpoint): same architecture, other weights and other normalizer stats."""
    root = tmp_path_factory.mktemp("merge")
    torch.manual_seed(0)
    base = build_tiny("vla_flow", make_store(root / "a.zarr", seed=0))
    finetuned = copy.deepcopy(base)
    with torch.no_grad():
        for p in finetuned.parameters():
            p.add_(0.1 * torch.randn_like(p))
    other = Normalizer.fit(make_store(root / "b.zarr", seed=5), default_normalizer_modes(base.spec))
    finetuned.normalizer.load_state_dict(other.state_dict())
    return save_policy(base, root / "base"), save_policy(finetuned, root / "ft"), root


def tensors(path: Path) -> dict[str, torch.Tensor]:
    return load_model_state(path)[0]


def test_every_parameter_of_every_policy_has_a_group(tmp_path):
    store = make_store(tmp_path / "s.zarr")
    for name in POLICY_NAMES:
        policy = build_tiny(name, store)
        groups = {module_group(k) for k in policy.state_dict()}
        assert {"trunk", "action_head", "normalizer", "vision"} <= groups
        if policy.spec.language:
            assert "language" in groups
    assert module_group("obs_encoder.image_proj.cam.weight") == "vision"
    assert module_group("obs_encoder.trunk.encoder.layers.0.linear1.weight") == "trunk"
    with pytest.raises(MergeError, match="'critic.weight' belongs to no module group"):
        module_group("critic.weight")


@pytest.mark.parametrize("normalizer", ["finetuned", "base"])
def test_endpoints_are_bit_identical(pair, tmp_path, normalizer):
    base, ft, _ = pair
    b, f = tensors(base), tensors(ft)
    for alpha, expected in ((0.0, b), (1.0, f)):
        out = tensors(merge_checkpoints(base, ft, tmp_path / f"a{alpha}", alpha, normalizer=normalizer))
        stats = f if normalizer == "finetuned" else b
        for k, v in out.items():
            want = stats[k] if k.startswith("normalizer.") else expected[k]
            assert torch.equal(v, want), k
    # and the merged checkpoint at alpha=1 with the fine-tuned stats samples exactly as the fine-tuned model
    if normalizer == "finetuned":
        merged, original = load_policy(tmp_path / "a1.0"), load_policy(ft)
        obs, noise = random_obs(original.spec, 2), torch.randn(2, 1, 8, 2)
        assert torch.equal(merged.sample(obs, noise=noise), original.sample(obs, noise=noise))


def test_midpoint_is_the_elementwise_average_and_normalizer_is_never_interpolated(pair, tmp_path):
    base, ft, _ = pair
    b, f = tensors(base), tensors(ft)
    out = tensors(merge_checkpoints(base, ft, tmp_path / "m", 0.5, normalizer="base"))
    for k, v in out.items():
        if k.startswith("normalizer."):
            assert torch.equal(v, b[k])
        else:
            assert torch.allclose(v, (b[k] + f[k]) / 2, atol=1e-7)
    assert any(not torch.equal(b[k], f[k]) for k in b if k.startswith("normalizer."))


def test_per_module_alpha_applies_only_to_its_group(pair, tmp_path):
    base, ft, _ = pair
    b, f = tensors(base), tensors(ft)
    out = tensors(merge_checkpoints(base, ft, tmp_path / "g", 0.0, {"language": 1.0, "action_head": 0.25}))
    seen = set()
    for k, v in out.items():
        group = module_group(k)
        seen.add(group)
        if group == "language":
            assert torch.equal(v, f[k]), k
        elif group == "action_head":
            assert torch.allclose(v, 0.75 * b[k] + 0.25 * f[k], atol=1e-7) and not torch.equal(v, b[k]), k
        elif group in ("vision", "trunk"):
            assert torch.equal(v, b[k]), k
    assert set(MODULE_GROUPS) <= seen
    with pytest.raises(MergeError, match="unknown module group 'head'.*vision, language, trunk, action_head"):
        merge_checkpoints(base, ft, tmp_path / "bad", 0.5, {"head": 1.0})
    with pytest.raises(MergeError, match=r"alpha for 'vision' is 1.5"):
        merge_checkpoints(base, ft, tmp_path / "bad", 0.5, {"vision": 1.5})
    assert not (tmp_path / "bad").exists()


def test_mismatches_are_refused_naming_the_first_before_writing(pair, tmp_path):
    base, ft, root = pair
    b, f = tensors(base), tensors(ft)
    bad = dict(f)
    bad["denoiser.final.1.weight"] = torch.zeros(3, 3, 1)
    with pytest.raises(MergeError, match=r"'denoiser.final.1.weight' has shape .* in base but \(3, 3, 1\)"):
        merge_state_dicts(b, bad, 0.5)
    dropped = sorted(k for k in f if k.startswith("denoiser.mid."))[0]
    missing = {k: v for k, v in f.items() if k != dropped}
    with pytest.raises(MergeError, match=f"first mismatch '{dropped}' \\(base only\\)"):
        merge_state_dicts(b, missing, 0.5)
    other = build_tiny("vla_flow", make_store(root / "c.zarr", seed=1), num_inference_steps=3)
    other_ckpt = save_policy(other, root / "other_arch")
    with pytest.raises(MergeError, match="different architectures: config.flow.num_inference_steps: 5 in base vs 3"):
        merge_checkpoints(base, other_ckpt, tmp_path / "never", 0.5)
    assert not (tmp_path / "never").exists() and not list(tmp_path.glob("never*"))
    diffusion = build_tiny("vla_diffusion", make_store(root / "d.zarr", seed=1))
    with pytest.raises(MergeError, match="different architectures: name: 'vla_flow' in base vs 'vla_diffusion'"):
        merge_checkpoints(base, save_policy(diffusion, root / "diff"), tmp_path / "never", 0.5)
    newer = root / "newer_format"
    shutil.copytree(ft, newer, dirs_exist_ok=True)
    meta = json.loads((newer / "meta.json").read_text())
    (newer / "meta.json").write_text(json.dumps({**meta, "version": meta["version"] + 1}))
    with pytest.raises(CheckpointError, match="format version 2 is incompatible"):
        merge_checkpoints(base, newer, tmp_path / "never", 0.5)
    assert not list(tmp_path.glob("never*"))
    (tmp_path / "exists").mkdir()
    with pytest.raises(MergeError, match="exists; pass overwrite=true"):
        merge_checkpoints(base, ft, tmp_path / "exists", 0.5)


def test_cli_merge_and_sweep(tmp_path):
    from tests.finetune.test_dppo import tiny_env_policy

    base = tiny_env_policy("diffusion_unet", seed=0)
    ft = copy.deepcopy(base)
    with torch.no_grad():
        for p in ft.denoiser.parameters():
            p.add_(0.1 * torch.randn_like(p))
    b, f = save_policy(base, tmp_path / "b"), save_policy(ft, tmp_path / "f")
    assert main([f"base={b}", f"finetuned={f}", "alpha=0.3", f"out={tmp_path / 'm'}",
                 "alpha_by_module={action_head: 1.0}", "normalizer=base"]) == 0
    merged = tensors(tmp_path / "m")
    assert all(torch.equal(v, tensors(f)[k]) for k, v in merged.items() if k.startswith("denoiser."))
    assert main([f"base={b}", f"finetuned={f}", f"out={tmp_path / 'sweep'}", "sweep=true", "alphas=[0.0,1.0]",
                 "envs=[metaworld/reach-v3]", "episodes=2", "max_episode_steps=8", "progress=false"]) == 0
    table = json.loads((tmp_path / "sweep" / "sweep.json").read_text())
    assert [r["alpha"] for r in table["rows"]] == [0.0, 1.0]
    assert table["rows"][0]["envs"]["metaworld/reach-v3"]["episodes"] == 2
    assert "| 0 |" in (tmp_path / "sweep" / "sweep.md").read_text()


@pytest.mark.fault("eval")
def test_merge_refuses_a_non_finite_checkpoint_naming_the_tensor(pair, tmp_path):
    """`robopolicy merge` with a fine-tuned checkpoint holding a NaN weight (a diverged run): a NaN checkpoint was
    written without a word; now the merge is refused naming the checkpoint and the first non-finite tensor, and
    nothing is written (checkpoint save refuses such weights too, naming the tensor)."""
    base, ft, root = pair
    state = tensors(ft)
    name = sorted(k for k in state if k.startswith("denoiser.") and state[k].is_floating_point())[0]
    state[name] = state[name].clone()
    state[name].view(-1)[0] = float("nan")
    info = json.loads((ft / "policy.json").read_text())
    with pytest.raises(CheckpointError, match=rf"refusing to save weights that are not finite: '{name}' holds 1 NaN"):
        save_checkpoint(root / "nan", state, info, step=1)  # checkpoint save refuses it too
    assert not (root / "nan").exists() and not list(root.glob("nan*"))
    broken = root / "broken"
    shutil.copytree(ft, broken)
    save_file({k: v.contiguous() for k, v in state.items()}, str(broken / "model.safetensors"))
    meta = json.loads((broken / "meta.json").read_text())
    meta["sha256"] = hashlib.sha256((broken / "model.safetensors").read_bytes()).hexdigest()
    (broken / "meta.json").write_text(json.dumps(meta))
    with pytest.raises(MergeError, match=rf"finetuned=.*broken: '{name}' holds 1 NaN or inf value\(s\).*nothing was "
                                         r"written"):
        merge_checkpoints(base, broken, tmp_path / "never", 0.5)
    with pytest.raises(MergeError, match="holds 1 NaN or inf"):  # the CLI prints it as one line
        main([f"base={base}", f"finetuned={broken}", f"out={tmp_path / 'never'}"])
    assert not list(tmp_path.glob("never*"))
