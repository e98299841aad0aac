"""``robopolicy finetune`` on a LeRobot policy directory (linked with ``link_checkpoint``) on Meta-World reach-v3.

What takes one: DSRL on a DDIM diffusion policy (its initial noise is exposed: ``LeRobotSampler.noise_shape``) and
V-GPS (re-ranks any Sampler's samples). What refuses it, in one line: DPPO (LeRobot's denoising chain is not
exposed), PA-RL (no robopolicy training loss), DSRL on a DDPM policy (not deterministic given its noise).
"""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from experiments.fixtures.lerobot_tiny import METAWORLD_ACTION_DIM, METAWORLD_STATE_DIM, write_tiny_diffusion
from robopolicy.policies.lerobot import LeRobotSampler, link_checkpoint
from tests.lerobot.conftest import require_lerobot

ENV = "metaworld/reach-v3"
TP = 16  # write_tiny_diffusion's horizon
EVAL_TINY = ["progress=false", "threads=1", "eval.episodes=2", "eval.envs_per_worker=2", "eval.max_episode_steps=16"]
DSRL_TINY = ["finetune.variant=sac", "finetune.total_env_steps=32", "finetune.learning_starts=16",
             "finetune.select_every=0", "finetune.num_envs=2", "finetune.utd=1", "finetune.batch_size=8",
             "finetune.hidden_dims=[16]", "finetune.max_episode_steps=16"]


def linked_policy(out, scheduler: str = "DDIM"):
    """A tiny diffusion policy reading what the Meta-World adapter gives (39-d state, corner camera), linked."""
    require_lerobot()
    pytest.importorskip("metaworld", reason="the LeRobot lane installs metaworld")
    return link_checkpoint(write_tiny_diffusion(out, state_dim=METAWORLD_STATE_DIM, action_dim=METAWORLD_ACTION_DIM,
                                                cameras={"corner": 32}, scheduler=scheduler))


@pytest.fixture(scope="module")
def ddim_policy(tmp_path_factory):
    return linked_policy(tmp_path_factory.mktemp("lerobot_ddim"))


def observations(batch: int = 2, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {"state": rng.uniform(-0.5, 0.5, (batch, 2, METAWORLD_STATE_DIM)).astype(np.float32),
            "corner": rng.integers(0, 256, (batch, 2, 32, 32, 3), dtype=np.uint8)}


def test_dsrl_steers_a_lerobot_ddim_diffusion_policy_end_to_end(ddim_policy, tmp_path):
    """`robopolicy finetune method=dsrl policy=<LeRobot DDIM dir> env=metaworld/reach-v3`: base evaluation,
    training, the steered policy saved (its base by reference and hash), the final evaluation and the paired
    verdict; the saved policy loads again and samples, deterministic given its noise."""
    import robopolicy
    from robopolicy.checkpoint import checkpoint_hash
    from robopolicy.finetune.cli import main
    from robopolicy.finetune.steered import SteeredPolicy

    run = tmp_path / "dsrl"
    assert main(["method=dsrl", f"policy={ddim_policy}", f"env={ENV}", f"run_dir={run}", *EVAL_TINY, *DSRL_TINY]) == 0
    summary = json.loads((run / "summary.json").read_text())
    assert summary["env_steps"] >= 32 and summary["updates"] > 0
    base_eval, steered_eval = summary["evaluations"]
    assert (base_eval["policy"], steered_eval["policy"]) == ("base", "dsrl")
    assert base_eval["episodes"] == steered_eval["episodes"] == 2
    verdict = summary["verdict"]
    assert verdict["episodes"] == 2 and verdict["before"] == sum(base_eval["outcomes"])
    assert verdict["after"] == sum(steered_eval["outcomes"])
    assert verdict["verdict"] in ("improved", "no significant change", "worse")

    info = json.loads((run / "steered" / "policy.json").read_text())
    assert info["kind"] == "dsrl" and info["base"]["path"] == str(ddim_policy.resolve())
    assert info["base"]["checkpoint_hash"] == checkpoint_hash(ddim_policy)   # LeRobot's model.safetensors sha256
    assert info["base"]["weights_sha256"] == summary["base_sha256"] is not None  # the frozen base, checked

    steered = robopolicy.load_policy(run / "steered")
    assert isinstance(steered, SteeredPolicy) and isinstance(steered.base, LeRobotSampler)
    assert steered.mode == "mean" and steered.noise_shape == (TP, METAWORLD_ACTION_DIM)
    obs, noise = observations(), torch.randn(2, 3, TP, METAWORLD_ACTION_DIM)
    chunks = steered.sample(obs, n=3, noise=noise)
    assert chunks.shape == (2, 3, TP, METAWORLD_ACTION_DIM) and torch.isfinite(chunks).all()
    assert torch.equal(steered.sample(obs, n=3, noise=noise), chunks)
    steered.mode = "standard_normal"   # no steering: exactly the LeRobot policy from the same noise
    assert torch.equal(steered.sample(obs, n=3, noise=noise), steered.base.sample(obs, n=3, noise=noise))


def test_vgps_reranks_a_lerobot_policys_samples(ddim_policy, tmp_path):
    """`method=vgps dataset=<reach-v3 demos> policy=<LeRobot dir> env=...`: a critic trained offline, the base and
    each K evaluated; V-GPS's chunk is one of the LeRobot policy's K samples, the one the critic scores highest."""
    import robopolicy
    from experiments.learning_recipes import collect_demos
    from robopolicy.finetune.cli import main
    from robopolicy.finetune.critics import load_critic
    from robopolicy.finetune.vgps import ValueGuidedSampler

    store = collect_demos(tmp_path / "demos.zarr", episodes=2)
    run = tmp_path / "vgps"
    assert main(["method=vgps", f"dataset={store}", f"policy={ddim_policy}", f"env={ENV}", f"run_dir={run}",
                 *EVAL_TINY, "finetune.critic.steps=10", "finetune.critic.batch_size=16",
                 "finetune.critic.hidden_dims=[16]", "finetune.steering.K=[1,3]",
                 "finetune.steering.select_episodes=0"]) == 0
    summary = json.loads((run / "summary.json").read_text())
    assert [(e["policy"], e["K"]) for e in summary["evaluations"]] == [("base", None), ("vgps K=1", 1),
                                                                         ("vgps K=3", 3)]
    assert summary["verdict"]["episodes"] == 2

    base = robopolicy.load_policy(ddim_policy)
    critic, _ = load_critic(run / "critic")
    vgps = ValueGuidedSampler(base, critic, K=3)
    obs, noise = observations(), torch.randn(2, 1, 3, TP, METAWORLD_ACTION_DIM)
    candidates = base.sample(obs, n=3, noise=noise.reshape(2, 3, TP, METAWORLD_ACTION_DIM))
    best = vgps.score(obs, candidates).argmax(-1)
    assert torch.equal(vgps.sample(obs, noise=noise)[:, 0], candidates[torch.arange(2), best])


@pytest.mark.parametrize(("method", "scheduler", "extra", "message"), [
    ("dppo", "DDIM", [], "DPPO needs the DenoisingPolicy tier .*LeRobotSampler lacks encode, denoise_step, "
                         "num_denoising_steps"),
    ("parl", "DDIM", ["dataset=unused.zarr", "finetune.critic=unused"],
     "PA-RL distils with the policy's own supervised loss.*LeRobotSampler implements Sampler"),
    ("dsrl", "DDPM", DSRL_TINY, "LeRobotSampler has no noise_shape: noise-space steering"),
], ids=["dppo", "parl", "dsrl-ddpm"])
def test_fine_tuners_a_lerobot_policy_cannot_take_refuse_it_in_one_line(ddim_policy, tmp_path, capsys, method,
                                                                         scheduler, extra, message):
    """DPPO needs the denoising chain (encode/denoise_step), which the wrapper does not expose; PA-RL needs the
    policy's own training loss; DSRL needs a policy deterministic given its noise (DDPM adds fresh noise at every
    step). The console command prints one ``error:`` line, no traceback, and exits 1."""
    import re

    from robopolicy.cli import main

    policy = ddim_policy if scheduler == "DDIM" else linked_policy(tmp_path / "ddpm", scheduler)
    rc = main(["finetune", f"method={method}", f"policy={policy}", f"env={ENV}", f"run_dir={tmp_path / 'run'}",
               *EVAL_TINY, *extra])
    captured = capsys.readouterr()
    errors = [line for line in (captured.out + captured.err).splitlines() if line.startswith("error:")]
    assert rc == 1 and len(errors) == 1 and re.search(message, errors[0]), captured
    assert "Traceback" not in captured.out + captured.err
