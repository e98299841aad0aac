"""The Ray backend for real (a local Ray, 2 workers): same results as the local harness for the same seeds,
whole episodes in the store, and a worker killed mid-run costs no episode and leaves the store valid."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import numpy as np
import pytest

import robopolicy
from robopolicy.data.store import EpisodeStore
from robopolicy.data.validate import validate
from robopolicy.eval.rollout import run_episodes
from robopolicy.scale.ray_rollout import RolloutPool, evaluate_ray, policy_weights, versioned_policy_id

from .conftest import ENV_ID, SHORT_EPISODE

EPISODES, SEED = 5, 7


def outcomes(results):
    return [(r.index, r.seed, round(r.ret, 6), r.length, r.success, r.error) for r in results]


def local_outcomes(checkpoint: Path):
    policy = robopolicy.load_policy(checkpoint)
    return outcomes(run_episodes(policy, ENV_ID, EPISODES, base_seed=SEED, envs_per_worker=1,
                                 max_episode_steps=SHORT_EPISODE, progress=False))


def test_ray_backend_equals_local_harness_and_stores_whole_episodes(local_ray, checkpoint, tmp_path):
    store_path = tmp_path / "rollouts.zarr"
    results = evaluate_ray(checkpoint, ENV_ID, EPISODES, workers=2, seed=SEED, max_episode_steps=SHORT_EPISODE,
                           store=store_path, progress=False)
    expected = local_outcomes(checkpoint)
    assert outcomes(results) == expected
    assert [r.seed for r in results] == list(range(SEED, SEED + EPISODES))
    assert len({r.ret for r in results}) > 1  # the seeds matter
    store = EpisodeStore.open(store_path)
    assert validate(store) == []
    assert store.num_episodes == EPISODES
    assert list(store.column("seed")) == [r.seed for r in results]
    assert list(store.episode_lengths) == [r.length for r in results]
    for i, r in enumerate(results):
        episode = store.episode(i)
        assert np.isclose(episode["reward"].sum(), r.ret, atol=1e-4)
        assert episode["done"][-1] and not episode["done"][:-1].any()
        assert store.episode_meta(i)["policy_id"].endswith("@v0")


def test_eval_command_with_backend_ray_reports_the_local_harness_episodes(local_ray, checkpoint, tmp_path):
    """``robopolicy eval backend=ray``: the command hands the Ray backend to the eval library (which does not
    import scale/), and the report holds the same episodes as the local harness."""
    import json

    from robopolicy.eval.cli import main as eval_main

    run_dir = tmp_path / "eval"
    assert eval_main([f"policy={checkpoint}", f"env={ENV_ID}", f"episodes={EPISODES}", f"seed={SEED}", "workers=2",
                      "backend=ray", f"max_episode_steps={SHORT_EPISODE}", "videos=0", "progress=false",
                      f"run_dir={run_dir}"]) == 0
    episodes = json.loads((run_dir / "report.json").read_text())["episodes"]
    got = [(e["index"], e["seed"], round(e["return"], 6), e["length"], e["success"], e["error"]) for e in episodes]
    assert got == local_outcomes(checkpoint)


@pytest.mark.slow
def test_killed_worker_episode_reruns_elsewhere_and_the_store_stays_valid(local_ray, checkpoint, tmp_path):
    pool = RolloutPool(checkpoint, ENV_ID, 2, max_episode_steps=SHORT_EPISODE, record_steps=True)
    store = EpisodeStore.create(tmp_path / "faults.zarr", features=pool.env_features, fps=pool.env_fps)
    killed: list[int] = []

    def kill_the_other_worker(record) -> None:  # the other worker is in the middle of an episode
        if not killed:
            victim = 1 - record.worker
            os.kill(pool.pids[victim], signal.SIGKILL)
            killed.append(victim)

    try:
        run = pool.run(list(range(SEED, SEED + EPISODES)), store=store, on_record=kill_the_other_worker,
                       progress=False)
        assert run.dead_workers == killed and len(pool.workers) == 1
        assert run.retried >= 1 and run.lost == []
        # Every episode ran once to the end; the re-run gives the same result as the local harness.
        assert outcomes(run.results) == local_outcomes(checkpoint)
        assert validate(store) == [] and store.num_episodes == EPISODES
        assert list(store.column("seed")) == list(range(SEED, SEED + EPISODES))
        assert run.stored == list(range(EPISODES))

        # New weights reach the surviving worker through the object store, versioned in the store.
        policy = robopolicy.load_policy(checkpoint)
        pool.set_weights(policy_weights(policy), version=3)
        again = pool.run([SEED], store=store, progress=False)
        assert outcomes(again.results)[0][1:] == local_outcomes(checkpoint)[0][1:]
        assert store.episode_meta(EPISODES)["policy_id"] == versioned_policy_id(pool.policy_hash, 3)

        # The last worker dies too: the episode is recorded as lost, never half-written.
        os.kill(pool.pids[1 - killed[0]], signal.SIGKILL)
        lost = pool.run([SEED], store=store, max_attempts=1, progress=False)
        assert lost.lost == [0] and lost.results[0].error.startswith("lost:")
        assert validate(store) == [] and store.num_episodes == EPISODES + 1
    finally:
        pool.close()
