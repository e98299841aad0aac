"""LeRobot's flow-matching VLA (SmolVLA) through robopolicy: steerable by its initial noise, fine-tuned by DSRL and
evaluated on Meta-World reach-v3, on a tiny SmolVLA built offline (``experiments/fixtures/smolvla.py``).

The flow's initial noise is ``(chunk_size, max_action_dim)``: padded past the action's ``Da`` columns, and the padded
columns steer the chunk too, so ``LeRobotSampler.noise_shape`` is the padded shape and DSRL's noise policy and
critics work in it. pi0 / pi0.5 qualify by the same rule (checked on their classes; building one needs the Hub).
"""

from __future__ import annotations

import hashlib
import json
from types import SimpleNamespace

import numpy as np
import pytest
import torch

from experiments.fixtures.lerobot_tiny import METAWORLD_ACTION_DIM, METAWORLD_STATE_DIM
from experiments.fixtures.smolvla import CHUNK_SIZE, N_ACTION_STEPS, VLM_IMAGE_SIZE, write_tiny_smolvla
from robopolicy.policies.lerobot import LeRobotPolicyError, LeRobotSampler, flow_noise_shape, link_checkpoint
from tests.lerobot.conftest import require_lerobot

ENV = "metaworld/reach-v3"
MAX_ACTION_DIM = METAWORLD_ACTION_DIM + 2   # the tiny VLA pads the 4-d action to 6
NOISE_SHAPE = (CHUNK_SIZE, MAX_ACTION_DIM)
EVAL_TINY = ["progress=false", "threads=1", "eval.episodes=2", "eval.envs_per_worker=2", "eval.max_episode_steps=16"]
DSRL_TINY = ["finetune.variant=sac", "finetune.total_env_steps=200", "finetune.learning_starts=48",
             "finetune.select_every=0", "finetune.num_envs=2", "finetune.utd=1", "finetune.batch_size=8",
             "finetune.hidden_dims=[16]", "finetune.max_episode_steps=24"]


@pytest.fixture(scope="module")
def smolvla_dir(tmp_path_factory):
    """A tiny SmolVLA reading what the Meta-World adapter gives (39-d state, corner camera, the instruction),
    linked as a robopolicy checkpoint."""
    require_lerobot()
    pytest.importorskip("metaworld", reason="the LeRobot lane installs metaworld")
    out = tmp_path_factory.mktemp("lerobot_smolvla") / "pretrained_model"
    return link_checkpoint(write_tiny_smolvla(out, state_dim=METAWORLD_STATE_DIM, action_dim=METAWORLD_ACTION_DIM,
                                              cameras={"corner": VLM_IMAGE_SIZE}, max_action_dim=MAX_ACTION_DIM))


@pytest.fixture(scope="module")
def sampler(smolvla_dir):
    return LeRobotSampler(smolvla_dir)


def observations(batch: int = 2, seed: int = 0) -> dict:
    rng = np.random.default_rng(seed)
    return {"state": rng.uniform(-0.5, 0.5, (batch, 1, METAWORLD_STATE_DIM)).astype(np.float32),
            "corner": rng.integers(0, 256, (batch, 1, VLM_IMAGE_SIZE, VLM_IMAGE_SIZE, 3), dtype=np.uint8),
            "task": ["reach the goal"] * batch}


def sha256_file(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_smolvla_is_steered_by_its_padded_initial_noise(sampler):
    """noise_shape is (chunk_size, max_action_dim); the chunk is a function of the noise (the same noise: the same
    chunk, whatever the global RNG; another noise, even in the padded columns only: another chunk), equals LeRobot's
    own predict_action_chunk for that noise, and each sample row follows its own noise row. Without noise the
    policy draws its own."""
    spec = sampler.spec
    assert (spec.obs_horizon, spec.pred_horizon, spec.exec_horizon) == (1, CHUNK_SIZE, N_ACTION_STEPS)
    assert spec.language and spec.action_dim == METAWORLD_ACTION_DIM and spec.extra["lerobot_type"] == "smolvla"
    assert sampler.noise_shape == NOISE_SHAPE == (sampler.config.chunk_size, sampler.config.max_action_dim)
    obs = observations()
    noise = torch.randn(2, 3, *NOISE_SHAPE, generator=torch.Generator().manual_seed(1))
    chunks = sampler.sample(obs, n=3, noise=noise)
    assert chunks.shape == (2, 3, CHUNK_SIZE, METAWORLD_ACTION_DIM) and torch.isfinite(chunks).all()
    torch.manual_seed(123)
    assert torch.equal(sampler.sample(obs, n=3, noise=noise), chunks)
    assert not torch.allclose(sampler.sample(obs, n=3, noise=noise + 1.0), chunks)
    padded = noise.clone()
    padded[..., METAWORLD_ACTION_DIM:] = -padded[..., METAWORLD_ACTION_DIM:]
    assert not torch.allclose(sampler.sample(obs, n=3, noise=padded), chunks)

    # LeRobot's own call for the same (normalized) noise, un-normalized by the directory's postprocessor
    batch = sampler.preprocessor(sampler._frames(obs, 0, 3))
    sampler.policy.reset()
    theirs = sampler.postprocessor(sampler.policy.predict_action_chunk(batch, noise=noise.reshape(6, *NOISE_SHAPE)))
    torch.testing.assert_close(chunks, theirs.reshape(chunks.shape), rtol=1e-5, atol=1e-5)

    moved = noise.clone()
    moved[1, 2] = -moved[1, 2]
    steered = sampler.sample(obs, n=3, noise=moved)
    assert not torch.allclose(steered[1, 2], chunks[1, 2])
    torch.testing.assert_close(steered[:, :2], chunks[:, :2], rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(steered[0], chunks[0], rtol=1e-4, atol=1e-5)

    drawn = sampler.sample(obs, n=2)
    assert drawn.shape == (2, 2, CHUNK_SIZE, METAWORLD_ACTION_DIM) and torch.isfinite(drawn).all()
    assert not torch.allclose(drawn, sampler.sample(obs, n=2))
    with pytest.raises(LeRobotPolicyError, match=r"expected \(B, n, \*noise_shape\) = \(2, 3, 8, 6\)"):
        sampler.sample(obs, n=3, noise=noise[..., :METAWORLD_ACTION_DIM])



def test_noise_scale_zero_is_the_chunk_from_zero_noise_and_the_finetuners_control(smolvla_dir, sampler):
    """``set_noise_scale(0)`` (``robopolicy eval noise_scale=0``, ``robopolicy finetune``'s zero-noise control, which
    the DSRL test below runs) samples every chunk from zero noise; scale 1 lets LeRobot draw its own again; a policy without a noise_shape
    refuses it in one line."""
    obs = observations()
    zero = sampler.sample(obs, n=2, noise=torch.zeros(2, 2, *NOISE_SHAPE))
    try:
        assert torch.equal(sampler.set_noise_scale(0.0).sample(obs, n=2), zero)
    finally:
        sampler.set_noise_scale(1.0)
    torch.manual_seed(0)
    assert not torch.equal(sampler.sample(obs, n=2), zero)
    act = LeRobotSampler.__new__(LeRobotSampler)   # only noise_shape matters to the refusal
    act.policy_type, act.config, act._flow_noise_shape = "act", SimpleNamespace(), None
    with pytest.raises(LeRobotPolicyError, match="noise_scale cannot apply"):
        act.set_noise_scale(0.0)

def test_flow_noise_rule_takes_pi0_and_pi05_and_not_a_policy_that_drops_the_noise():
    """pi0 / pi0.5 pass predict_action_chunk's **kwargs to model.sample_actions(..., noise=): steerable, their noise
    (chunk_size, max_action_dim) = (50, 32) by default. A chunking policy whose predict_action_chunk neither names
    nor forwards ``noise`` (it would draw its own), or a config without max_action_dim / flow steps, is not."""
    require_lerobot()
    from lerobot.policies.act.configuration_act import ACTConfig
    from lerobot.policies.pi0.configuration_pi0 import PI0Config
    from lerobot.policies.pi0.modeling_pi0 import PI0Policy, PI0Pytorch
    from lerobot.policies.pi05.configuration_pi05 import PI05Config
    from lerobot.policies.pi05.modeling_pi05 import PI05Policy, PI05Pytorch

    for policy, model, config in ((PI0Policy, PI0Pytorch, PI0Config), (PI05Policy, PI05Pytorch, PI05Config)):
        fake = SimpleNamespace(predict_action_chunk=policy.predict_action_chunk,
                               model=SimpleNamespace(sample_actions=model.sample_actions))
        assert flow_noise_shape(fake, config(device="cpu")) == (50, 32), policy.__name__

    flow_config = SimpleNamespace(chunk_size=8, max_action_dim=6, num_steps=3)
    drops = SimpleNamespace(predict_action_chunk=lambda batch, **kwargs: None,
                            model=SimpleNamespace(sample_actions=lambda state, num_steps=None: None))
    assert flow_noise_shape(drops, flow_config) is None
    names = SimpleNamespace(predict_action_chunk=lambda batch, noise=None: None)
    assert flow_noise_shape(names, flow_config) == (8, 6)
    assert flow_noise_shape(names, SimpleNamespace(chunk_size=8, max_action_dim=6)) is None  # no flow steps
    assert flow_noise_shape(names, ACTConfig(device="cpu")) is None                         # ACT: no max_action_dim


def test_dsrl_steers_a_lerobot_smolvla_end_to_end(smolvla_dir, tmp_path):
    """`robopolicy finetune method=dsrl policy=<SmolVLA dir> env=metaworld/reach-v3`: 200 env steps of SAC on the
    (8, 6) noise, the base and steered evaluations and the verdict; the steered policy saved (its base by path and
    hash), reloaded and deterministic given its noise; SmolVLA's weights hashed and unchanged."""
    import robopolicy
    from robopolicy.checkpoint import checkpoint_hash
    from robopolicy.cli import main
    from robopolicy.finetune.steered import SteeredPolicy, state_dict_sha256

    weights = sha256_file(smolvla_dir / "model.safetensors")
    run = tmp_path / "dsrl"
    assert main(["finetune", "method=dsrl", f"policy={smolvla_dir}", f"env={ENV}", f"run_dir={run}", *EVAL_TINY,
                 *DSRL_TINY]) == 0
    summary = json.loads((run / "summary.json").read_text())
    assert summary["env_steps"] >= 200 and summary["updates"] > 0
    base_eval, steered_eval = summary["evaluations"]
    assert (base_eval["policy"], steered_eval["policy"]) == ("base", "dsrl")
    assert base_eval["episodes"] == steered_eval["episodes"] == summary["verdict"]["episodes"] == 2

    info = json.loads((run / "steered" / "policy.json").read_text())
    assert info["kind"] == "dsrl" and info["base"]["path"] == str(smolvla_dir.resolve())
    assert info["base"]["checkpoint_hash"] == checkpoint_hash(smolvla_dir)
    assert info["noise_policy"]["noise_shape"] == list(NOISE_SHAPE)
    assert info["base"]["weights_sha256"] == summary["base_sha256"] is not None

    steered = robopolicy.load_policy(run / "steered")
    assert isinstance(steered, SteeredPolicy) and isinstance(steered.base, LeRobotSampler)
    assert steered.noise_shape == NOISE_SHAPE and steered.mode == "mean"
    assert state_dict_sha256(steered.base) == summary["base_sha256"]           # the frozen base, unchanged
    assert sha256_file(smolvla_dir / "model.safetensors") == weights
    obs, noise = observations(), torch.randn(2, 2, *NOISE_SHAPE)
    chunks = steered.sample(obs, n=2, noise=noise)
    assert chunks.shape == (2, 2, CHUNK_SIZE, METAWORLD_ACTION_DIM) and torch.isfinite(chunks).all()
    assert torch.equal(steered.sample(obs, n=2, noise=noise), chunks)
    steered.mode = "standard_normal"   # no steering: exactly SmolVLA from the same noise
    assert torch.equal(steered.sample(obs, n=2, noise=noise), steered.base.sample(obs, n=2, noise=noise))


def test_robopolicy_eval_runs_a_lerobot_smolvla_on_metaworld(smolvla_dir, tmp_path):
    """`robopolicy eval policy=<SmolVLA dir> env=metaworld/reach-v3 episodes=2`: real episodes with the env's
    instruction, SmolVLA's weights' hash as provenance; each episode's flow noise comes from its seed, so a rerun
    gives the same episodes."""
    from robopolicy.cli import main

    reports = []
    for name in ("a", "b"):
        run_dir = tmp_path / name
        assert main(["eval", f"policy={smolvla_dir}", f"env={ENV}", "episodes=2", "seed=7", "videos=0",
                     "max_episode_steps=16", "progress=false", f"run_dir={run_dir}"]) == 0
        reports.append(json.loads(next(run_dir.rglob("report.json")).read_text()))
    report = reports[0]
    task = report["tasks"][0]
    assert task["env_id"] == ENV and task["episodes"] == 2 and task["errors"] == 0 and task["seeds"] == [7, 8]
    assert all(0 < e["length"] <= 16 and e["error"] is None for e in report["episodes"])
    sha256 = json.loads((smolvla_dir / "meta.json").read_text())["sha256"]
    assert report["provenance"]["policy_hash"] == f"sha256:{sha256[:16]}"
    assert report["provenance"]["policy_spec"]["extra"]["lerobot_type"] == "smolvla"
    assert [e["return"] for e in reports[1]["episodes"]] == [e["return"] for e in report["episodes"]]
