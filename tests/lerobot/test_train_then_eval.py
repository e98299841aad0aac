"""``lerobot-train`` then ``lerobot-eval`` on the env the data came from: scripted-expert episodes of Meta-World
``reach-v3`` collected into an episode store (``robopolicy collect``'s ``collect_episodes``), written as a LeRobot
v3 dataset by robopolicy's own exporter (``robopolicy convert to=lerobot``'s ``export_lerobot``), a fresh
robopolicy ``mlp_bc`` head trained on it by LeRobot's training loop, and its output evaluated on that task through
the plugin's env type by ``lerobot-eval`` (both ways of naming the policy) and by ``robopolicy eval``.

The policy trains for a few steps only, so nothing is said about success. ``mlp_bc`` samples deterministically
(one regression, no noise), so every evaluation of the same directory on the same seeds runs the same episodes:
the two ``lerobot-eval`` forms, and ``robopolicy eval`` (whose episode ``i`` resets with ``seed + i``, as
``lerobot-eval``'s one batch does), agree on each episode's return."""

from __future__ import annotations

import json
import math

import pytest

from tests.lerobot.conftest import lerobot_eval, lerobot_train, require_lerobot

ENV_ID = "metaworld/reach-v3"
REPO_ID = "robopolicy/reach_v3_expert"
EPISODES, EPISODE_STEPS = 4, 20  # collected: the expert with action noise, cut at 20 steps (short of success)
STEPS = 4  # lerobot-train steps
EVAL_EPISODES, EVAL_STEPS, SEED = 2, 12, 3  # 3 chunks of Ta = 4 per episode
# a ~10K-parameter mlp_bc reading the 39-d state: To=2, Tp=8, Ta=4
HEAD_CONFIG = {"pred_horizon": 8, "exec_horizon": 4, "state_encoder": {"hidden_dims": [32], "out_dim": 16},
               "mlp": {"hidden_dims": [64, 64]}}
# the plugin's env type on the same task, state only (the simulator's default camera, small, for the videos)
ENV_ARGS = ["--env.type=robopolicy", f"--env.task={ENV_ID}", "--env.image_size=16",
            f"--env.max_episode_steps={EVAL_STEPS}"]


@pytest.fixture(scope="module")
def dataset_root(tmp_path_factory):
    """The LeRobot v3 dataset exported from a store of scripted-expert episodes of ``ENV_ID``."""
    require_lerobot()
    pytest.importorskip("metaworld", reason="the LeRobot lane installs metaworld")
    from robopolicy.data.formats.lerobot_export import export_lerobot
    from robopolicy.eval.collect import collect_episodes

    root = tmp_path_factory.mktemp("train_then_eval")
    stats = collect_episodes(ENV_ID, "expert", EPISODES, root / "reach.zarr", action_noise=0.1,
                             max_steps=EPISODE_STEPS, progress=False)
    assert stats.episodes == EPISODES
    return export_lerobot(root / "reach.zarr", root / "reach_lerobot", progress=False)


@pytest.fixture(scope="module")
def trained(dataset_root):
    """``lerobot-train`` of a fresh mlp_bc for STEPS steps: its ``checkpoints/last/pretrained_model``."""
    out = dataset_root.parent / "out"
    log = lerobot_train(dataset_root, REPO_ID, "mlp_bc", HEAD_CONFIG, out, steps=STEPS, batch_size=8)
    assert "End of training" in log, log[-2000:]
    return out / "checkpoints" / "last" / "pretrained_model"


@pytest.fixture(scope="module")
def evaluated(trained, tmp_path_factory):
    """``lerobot-eval --policy.path=<trained>`` on ``ENV_ID``: its eval_info.json."""
    return lerobot_eval([f"--policy.path={trained}", *ENV_ARGS], tmp_path_factory.mktemp("eval_path"),
                        episodes=EVAL_EPISODES, seed=SEED)


def _returns(info: dict) -> list[float]:
    return [r for task in info["per_task"] for r in task["metrics"]["sum_rewards"]]


def test_the_dataset_and_the_trained_policy_match_the_env(dataset_root, trained):
    """The exported dataset holds the env's state and action; the policy lerobot-train made from it reads and
    writes exactly what the env gives and takes (robopolicy's own check, as ``robopolicy eval`` runs it)."""
    from robopolicy.envs import check_policy_matches_env, make_env
    from robopolicy.policies.loading import load_policy

    info = json.loads((dataset_root / "meta" / "info.json").read_text())
    assert (info["total_episodes"], info["total_frames"]) == (EPISODES, EPISODES * EPISODE_STEPS)
    policy = load_policy(trained)
    env = make_env(ENV_ID)
    try:
        spec = env.feature_spec
        assert info["features"]["observation.state"]["shape"] == list(spec["state"].shape) == [39]
        assert info["features"]["action"]["shape"] == list(spec["action"].shape) == [4]
        assert info["fps"] == round(env.fps)
        check_policy_matches_env(policy.spec, spec, ENV_ID)
    finally:
        env.close()
    assert {k: (f.kind, f.shape) for k, f in policy.spec.obs_features.items()} == {"state": ("state", (39,))}
    assert (policy.spec.action_dim, policy.spec.obs_horizon, policy.spec.pred_horizon, policy.spec.exec_horizon) \
        == (4, 2, 8, 4)
    assert json.loads((trained / "meta.json").read_text())["step"] == STEPS
    assert json.loads((trained / "config.json").read_text())["head"] == "mlp_bc"


def test_lerobot_eval_runs_the_lerobot_train_output_on_the_matching_env(evaluated):
    overall = evaluated["overall"]
    assert overall["n_episodes"] == EVAL_EPISODES and len(overall["video_paths"]) == EVAL_EPISODES
    returns = _returns(evaluated)
    assert len(returns) == EVAL_EPISODES and all(math.isfinite(r) for r in returns), returns
    assert math.isfinite(overall["avg_sum_reward"]) and 0.0 <= overall["pc_success"] <= 100.0


def test_lerobot_eval_by_policy_type_and_checkpoint_runs_the_same_episodes(trained, evaluated, tmp_path):
    """``--policy.type=robopolicy --policy.checkpoint=<lerobot-train's output dir>`` (robopolicy's loader, which
    resolves its ``checkpoints/last/pretrained_model``; not LeRobot's config.json) gives the same episodes as
    ``--policy.path``."""
    output_dir = trained.parents[2]
    info = lerobot_eval(["--policy.type=robopolicy", f"--policy.checkpoint={output_dir}", *ENV_ARGS], tmp_path,
                        episodes=EVAL_EPISODES, seed=SEED)
    assert info["overall"]["n_episodes"] == EVAL_EPISODES
    assert _returns(info) == pytest.approx(_returns(evaluated), rel=1e-12)


def test_robopolicy_eval_of_the_same_directory_runs_the_same_episodes(trained, evaluated, tmp_path):
    """``robopolicy eval policy=<pretrained_model> env=<the same task>``: the episodes lerobot-eval ran (same
    seeds, same adapter, same step limit; Meta-World never terminates and nothing succeeds here, so both run each
    episode to the limit), with the checkpoint's weights' hash in the report."""
    from robopolicy.cli import main

    argv = ["eval", f"policy={trained}", f"env={ENV_ID}", f"episodes={EVAL_EPISODES}", f"seed={SEED}", "videos=0",
            f"max_episode_steps={EVAL_STEPS}", "stop_on_success=false", "progress=false", f"run_dir={tmp_path}"]
    assert main(argv) == 0
    report = json.loads(next(tmp_path.rglob("report.json")).read_text())
    task = report["tasks"][0]
    assert task["env_id"] == ENV_ID and task["episodes"] == EVAL_EPISODES and task["errors"] == 0
    assert task["seeds"] == list(range(SEED, SEED + EVAL_EPISODES))
    assert [(e["length"], e["error"]) for e in report["episodes"]] == [(EVAL_STEPS, None)] * EVAL_EPISODES
    sha256 = json.loads((trained / "meta.json").read_text())["sha256"]
    assert report["provenance"]["policy_hash"] == f"sha256:{sha256[:16]}"
    assert [e["return"] for e in report["episodes"]] == pytest.approx(_returns(evaluated), rel=1e-9)
