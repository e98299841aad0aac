"""A LeRobot policy directory through ``robopolicy eval`` on a real Meta-World env, via ``link_checkpoint``."""

from __future__ import annotations

import json

import pytest

from experiments.fixtures.lerobot_tiny import METAWORLD_ACTION_DIM, METAWORLD_STATE_DIM, write_tiny_diffusion
from robopolicy.checkpoint import CheckpointError
from robopolicy.policies.lerobot import LEROBOT_KIND, LeRobotSampler, link_checkpoint
from robopolicy.policies.loading import load_policy
from tests.lerobot.conftest import require_lerobot

ENV = "metaworld/reach-v3"


@pytest.fixture(scope="module")
def metaworld_policy_dir(tmp_path_factory):
    """A tiny diffusion policy that reads what the Meta-World adapter gives: the 39-d state and the corner camera."""
    require_lerobot()
    pytest.importorskip("metaworld", reason="the LeRobot lane installs metaworld")
    return write_tiny_diffusion(tmp_path_factory.mktemp("lerobot_metaworld"), state_dim=METAWORLD_STATE_DIM,
                                action_dim=METAWORLD_ACTION_DIM, cameras={"corner": 32})


def test_linked_lerobot_directory_loads_as_a_checkpoint(metaworld_policy_dir, tmp_path):
    link_checkpoint(metaworld_policy_dir)
    info = json.loads((metaworld_policy_dir / "policy.json").read_text())
    assert info["kind"] == LEROBOT_KIND and info["lerobot_path"] == "." and info["lerobot_type"] == "diffusion"
    sampler = load_policy(metaworld_policy_dir)
    assert isinstance(sampler, LeRobotSampler)
    assert set(sampler.spec.obs_features) == {"state", "corner"}
    assert sampler.noise_shape == (16, METAWORLD_ACTION_DIM)

    elsewhere = link_checkpoint(metaworld_policy_dir, tmp_path / "link", control_rate=20.0)
    assert load_policy(elsewhere).spec.control_rate == 20.0

    # weights changed after linking: refused, saying how to link again
    stale = link_checkpoint(metaworld_policy_dir, tmp_path / "stale")
    meta = json.loads((stale / "meta.json").read_text())
    (stale / "meta.json").write_text(json.dumps({**meta, "sha256": "0" * 64}))
    with pytest.raises(CheckpointError, match="changed since it was linked.*link_checkpoint"):
        load_policy(stale)


def test_robopolicy_eval_runs_a_lerobot_policy_on_metaworld(metaworld_policy_dir, tmp_path):
    """`robopolicy eval policy=<LeRobot dir> env=metaworld/reach-v3 episodes=2`: two real episodes, the report's
    interval and the LeRobot weights' hash as provenance; the same seeds give the same episodes."""
    from robopolicy.cli import main

    link_checkpoint(metaworld_policy_dir)
    reports = []
    for run in ("a", "b"):
        run_dir = tmp_path / run
        argv = ["eval", f"policy={metaworld_policy_dir}", f"env={ENV}", "episodes=2", "seed=7", "videos=0",
                "max_episode_steps=24", "progress=false", f"run_dir={run_dir}"]
        assert main(argv) == 0
        reports.append(json.loads(next(run_dir.rglob("report.json")).read_text()))
    report = reports[0]
    task = report["tasks"][0]
    assert task["env_id"] == ENV and task["episodes"] == 2 and task["errors"] == 0 and task["seeds"] == [7, 8]
    assert len(task["ci95"]) == 2 and 0.0 <= task["ci95"][0] <= task["ci95"][1] <= 1.0
    assert all(0 < e["length"] <= 24 and e["error"] is None for e in report["episodes"])
    sha256 = json.loads((metaworld_policy_dir / "meta.json").read_text())["sha256"]
    assert report["provenance"]["policy_hash"] == f"sha256:{sha256[:16]}"
    assert report["provenance"]["policy_spec"]["extra"]["lerobot_type"] == "diffusion"
    # the episodes' noise comes from the episode seeds (DDIM: the chunk is a function of it), so a rerun agrees
    assert [e["return"] for e in reports[1]["episodes"]] == [e["return"] for e in report["episodes"]]
