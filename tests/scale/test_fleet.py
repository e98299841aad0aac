"""Fleet mode for real (local Ray, 2 actors, 1 learner): every episode is stored with the weights version that
produced it, staleness is logged, and a learner killed mid-run restarts from its checkpoint while actors go on."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from robopolicy.checkpoint import checkpoint_hash
from robopolicy.data.store import EpisodeStore
from robopolicy.data.validate import validate
from robopolicy.scale.fleet import Fleet, FleetConfig
from robopolicy.scale.ray_rollout import versioned_policy_id

from .conftest import ENV_ID, SHORT_EPISODE

ACTORS, EPISODES_PER_ACTOR = 2, 4
KILL_AT_VERSION = 2
POLL_S, POLL_LIMIT_S = 0.5, 300


def read_metrics(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.slow
def test_fleet_records_versions_and_staleness_and_survives_a_learner_restart(local_ray, checkpoint, tmp_path):
    cfg = FleetConfig(policy_path=str(checkpoint), env_id=ENV_ID, store_path=str(tmp_path / "fleet.zarr"),
                      run_dir=str(tmp_path / "fleet"), update_every=1, updates_per_round=2, batch_size=8,
                      lr=1e-3, ckpt_every=1, max_episode_steps=SHORT_EPISODE, cpus_per_actor=1,
                      cpus_for_learner=1)
    fleet = Fleet(cfg, ACTORS)
    try:
        runs = fleet.start(EPISODES_PER_ACTOR)
        deadline = time.monotonic() + POLL_LIMIT_S
        while fleet.status()["version"] < KILL_AT_VERSION:
            assert time.monotonic() < deadline, "the learner never reached the kill version"
            time.sleep(POLL_S)
        os.kill(fleet.learner_pid, signal.SIGKILL)  # Ray restarts it; it resumes from its checkpoint
        summaries = fleet.wait(runs)
        status = fleet.status()
    finally:
        fleet.close()

    assert [s["episodes"] for s in summaries] == [EPISODES_PER_ACTOR] * ACTORS
    assert status["restored_from"] is not None and status["pid"] != fleet.learner_pid
    metrics = read_metrics(tmp_path / "fleet" / "metrics.jsonl")
    starts = [m for m in metrics if m["event"] == "learner_start"]
    assert len(starts) == 2 and starts[0]["version"] == 0
    restart_version = starts[1]["version"]
    assert restart_version >= 1  # continued from a checkpoint, not from scratch
    after_restart = metrics[metrics.index(starts[1]) + 1:]
    updates_after = [m["version"] for m in after_restart if m["event"] == "update"]
    assert updates_after and updates_after[0] == restart_version + 1
    assert updates_after == list(range(restart_version + 1, restart_version + 1 + len(updates_after)))
    assert status["version"] == updates_after[-1]

    episodes = [m for m in metrics if m["event"] == "episode"]
    assert len(episodes) >= ACTORS * EPISODES_PER_ACTOR  # a submit retried across the restart may repeat
    for m in episodes:
        assert m["staleness"] == m["learner_version"] - m["policy_version"] >= 0
    assert max(m["staleness"] for m in episodes) >= 1  # actors run on weights older than the learner's
    assert {m["actor"] for m in episodes} == set(range(ACTORS))

    store = EpisodeStore.open(cfg.store_path)
    assert validate(store) == [] and store.num_episodes == len([m for m in episodes if m["stored"]])
    base = checkpoint_hash(checkpoint)
    stored = sorted((m["store_index"], m["policy_version"]) for m in episodes if m["stored"])
    # An episode submitted just before the kill may have been committed but re-appended by the retry.
    for index, version in stored:
        if index < store.num_episodes:
            assert store.episode_meta(index)["policy_id"] == versioned_policy_id(base, version)
    assert len({store.episode_meta(i)["policy_id"] for i in range(store.num_episodes)}) > 1
