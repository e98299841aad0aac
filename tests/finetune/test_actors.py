"""DSRL with actor processes (robopolicy/finetune/actors.py): actors=0 is the committed loop bit for bit, one
lock-step actor reproduces the in-process run wherever process boundaries allow (and the rest is pinned), the
staleness bound holds, bad settings are refused in one line, and no actor process outlives a failed run."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import psutil
import pytest
import torch

import robopolicy
from robopolicy.errors import ConfigError
from robopolicy.finetune import actors as actors_module
from robopolicy.finetune.dsrl import DSRLAgent, DSRLConfig, run_dsrl
from robopolicy.finetune.replay import ChunkReplayBuffer
from robopolicy.finetune.vector_env import VectorChunkEnv
from robopolicy.protocol import DEVELOPMENT_SEEDS, TUNING_SEEDS, training_stream

ENV_ID = "metaworld/reach-v3"
REPO = Path(__file__).resolve().parents[2]
# the commit before the actors option: its run_dsrl is "today's in-process loop" that actors=0 must reproduce
COMMITTED = "62b5689"
TINY = {"num_envs": 2, "batch_size": 16, "hidden_dims": (32, 32), "max_episode_steps": 16, "eval_every": 0,
        "checkpoint_every": 0, "utd": 2, "select_every": 0}
WARMUP = 48            # env steps of warm-up noise: 6 decisions of 2 envs x Ta=4
STEPS = 160            # 20 decisions
FIELDS = ("obs", "w", "reward", "next_obs", "done", "discount")


@pytest.fixture(scope="module")
def base(base_checkpoint):
    return robopolicy.load_policy(base_checkpoint)


@pytest.fixture
def replay(monkeypatch):
    """Every transition batch added to any ChunkReplayBuffer (the learner's), in order."""
    added: list[dict] = []
    original = ChunkReplayBuffer.add

    def spy(self, obs, action, reward, next_obs, done, discount, *args, **kwargs):
        added.append({"obs": {k: np.array(v) for k, v in obs.items()}, "w": np.array(action),
                      "reward": np.array(reward), "next_obs": {k: np.array(v) for k, v in next_obs.items()},
                      "done": np.array(done), "discount": np.array(discount)})
        return original(self, obs, action, reward, next_obs, done, discount, *args, **kwargs)

    monkeypatch.setattr(ChunkReplayBuffer, "add", spy)
    return added


def same_batch(a: dict, b: dict) -> bool:
    return all(np.array_equal(a[f][k], b[f][k]) for f in ("obs", "next_obs") for k in a[f]) and all(
        np.array_equal(a[f], b[f]) for f in FIELDS if f not in ("obs", "next_obs"))


def comparable(summary: dict) -> dict:
    """A summary without its clock readings."""
    return {k: v for k, v in summary.items() if k not in ("seconds", "base_sampling_seconds")}


def committed_dsrl():
    """robopolicy/finetune/dsrl.py as of ``COMMITTED``, loaded as its own module (skips without the history)."""
    try:
        source = subprocess.run(["git", "show", f"{COMMITTED}:robopolicy/finetune/dsrl.py"], cwd=REPO, check=True,
                                capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip(f"no git history with commit {COMMITTED} here")
    spec = importlib.util.spec_from_loader("committed_dsrl", loader=None)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclass annotations resolve through sys.modules
    exec(compile(source, f"{COMMITTED}:robopolicy/finetune/dsrl.py", "exec"), module.__dict__)
    return module


def test_actors_zero_is_the_committed_loop_bit_for_bit(base, replay, tmp_path):
    committed = committed_dsrl()
    try:
        settings = {"total_env_steps": STEPS, "learning_starts": WARMUP, **TINY}
        old_policy, old = committed.run_dsrl(base, ENV_ID, committed.DSRLConfig(**settings), tmp_path / "old",
                                             progress=False)
        old_replay = list(replay)
        replay.clear()
        new_policy, new = run_dsrl(base, ENV_ID, DSRLConfig(**settings, actors=0), tmp_path / "new", progress=False)
    finally:
        sys.modules.pop("committed_dsrl", None)
    assert comparable(new) == comparable(old) and new["updates"] > 0
    assert len(replay) == len(old_replay) == new["decisions"]
    assert all(same_batch(a, b) for a, b in zip(replay, old_replay))
    old_state, new_state = old_policy.noise_policy.state_dict(), new_policy.noise_policy.state_dict()
    assert all(torch.equal(old_state[k], new_state[k]) for k in old_state)


def test_one_lockstep_actor_equals_the_in_process_run_where_processes_allow(base, replay, tmp_path, monkeypatch):
    """actors=1, max_staleness=0 against actors=0, same settings (no selection or evaluation inside the run).

    Equal, bit for bit: every warm-up transition and the first learning decision's (actor 0 builds the learner's
    agent after the same ``torch.manual_seed``, so its draws are the in-process loop's until an update draws from
    that stream), the scalers fitted at ``learning_starts``, the env reset seeds of every decision (actor 0 of 1
    resets from the whole stream), and the counts (decisions, env steps, episodes, updates = utd per learning
    decision; episodes here end by truncation after 16 steps, a multiple of Ta, so the counts do not depend on the
    actions). Not equal: the noise of later decisions, which the actor draws from its own torch stream while the
    in-process loop draws it from the one its updates also use. Lock-step: every batch acted on the learner's latest weights (staleness 0 throughout)."""
    seeds: dict[str, list] = {"in_process": [], "actor": []}
    step_chunks, receive = VectorChunkEnv.step_chunks, actors_module.ActorPool.receive

    def spy_step(self, *args, **kwargs):
        seeds["in_process"].append(list(self.seeds))
        return step_chunks(self, *args, **kwargs)

    def spy_receive(self):
        batch = receive(self)
        seeds["actor"].append(list(batch["seeds"]))
        return batch

    monkeypatch.setattr(VectorChunkEnv, "step_chunks", spy_step)
    monkeypatch.setattr(actors_module.ActorPool, "receive", spy_receive)
    settings = {"total_env_steps": STEPS, "learning_starts": WARMUP, **TINY}
    local_policy, local = run_dsrl(base, ENV_ID, DSRLConfig(**settings), tmp_path / "local", progress=False)
    local_replay = list(replay)
    replay.clear()
    actor_policy, remote = run_dsrl(base, ENV_ID, DSRLConfig(**settings, actors=1, max_staleness=0),
                                    tmp_path / "actor", progress=False)
    warmup_decisions = WARMUP // (TINY["num_envs"] * base.spec.exec_horizon)
    # the warm-up and the first learning decision (no update has drawn from the in-process stream before it)
    first = warmup_decisions + 1
    assert all(same_batch(a, b) for a, b in zip(replay[:first], local_replay[:first]))
    assert not np.array_equal(replay[first]["w"], local_replay[first]["w"])
    assert seeds["actor"] == seeds["in_process"] and seeds["actor"][0] == [training_stream(0).start,
                                                                           training_stream(0).start + 1]
    for key in ("decisions", "env_steps", "episodes", "updates"):
        assert remote[key] == local[key], key
    assert remote["updates"] == TINY["utd"] * (remote["decisions"] - warmup_decisions)
    for name in ("low", "high"):
        assert torch.equal(getattr(actor_policy.noise_policy.obs_scaler, name),
                           getattr(local_policy.noise_policy.obs_scaler, name))
    report = remote["actors"]
    assert report["staleness_counts"] == {"0": remote["decisions"]} and report["actors"] == 1
    # one publication at the start, one when the scalers were fitted, one after each learning decision's updates
    # but the last
    assert report["weight_versions"] == 1 + 1 + (remote["decisions"] - warmup_decisions - 1)


def test_one_actor_lags_at_most_max_staleness_versions(base, tmp_path):
    cfg = DSRLConfig(total_env_steps=96, learning_starts=16, actors=1, max_staleness=1, **TINY)
    _, summary = run_dsrl(base, ENV_ID, cfg, tmp_path / "run", progress=False)
    report = summary["actors"]
    assert sum(report["staleness_counts"].values()) == summary["decisions"]
    assert report["staleness_max"] <= 1 and summary["env_steps"] >= 96
    learning = summary["decisions"] - 16 // (TINY["num_envs"] * base.spec.exec_horizon)
    assert summary["updates"] == TINY["utd"] * learning      # utd updates per received decision, as in-process


def test_actor_reset_seeds_are_disjoint_slices_of_the_seed_stream(base):
    for seed in (0, 7):
        stream = training_stream(seed)
        for count in (1, 2, 3, 16):
            slices = [actors_module.actor_stream(seed, i, count) for i in range(count)]
            assert all(stream.covers(s) for s in slices)
            assert not any(a.overlaps(b) for i, a in enumerate(slices) for b in slices[i + 1:])
            assert not any(s.overlaps(TUNING_SEEDS) or s.overlaps(DEVELOPMENT_SEEDS) for s in slices)
        assert actors_module.actor_stream(seed, 0, 1) == stream
    assert not actors_module.actor_stream(0, 1, 2).overlaps(actors_module.actor_stream(1, 0, 2))
    tiny = actors_module.SeedRange(training_stream(0).start, 1)
    with pytest.raises(Exception, match="ran past their reset-seed stream"):
        VectorChunkEnv(ENV_ID, base.spec, 2, seed=0, max_episode_steps=8, stream=tiny)


def test_bad_actor_counts_and_staleness_are_refused_in_one_line():
    cores = os.cpu_count() or 1
    cases = [({"actors": cores + 1}, rf"^dsrl: actors={cores + 1} is out of range; valid: an integer in \[0, {cores}\]"),
             ({"actors": -1}, r"^dsrl: actors=-1 is out of range; valid: an integer >= 0$"),
             ({"max_staleness": -1}, r"^dsrl: max_staleness=-1 is out of range; valid: an integer >= 0$"),
             ({"actors": 1, "online_store": "x.zarr"}, r"^dsrl: online_store needs actors=0")]
    for kwargs, message in cases:
        with pytest.raises(ConfigError, match=message) as error:
            DSRLConfig(**kwargs)
        assert "\n" not in str(error.value)
    assert DSRLConfig(actors=cores, max_staleness=0).actors == cores


def _pools(monkeypatch) -> list:
    made = []
    init = actors_module.ActorPool.__init__

    def spy(self, *args, **kwargs):
        made.append(self)
        init(self, *args, **kwargs)

    monkeypatch.setattr(actors_module.ActorPool, "__init__", spy)
    return made


def assert_no_actor_survives(pools: list) -> None:
    pids = [pid for pool in pools for pid in pool.pids]
    assert pids, "the run started no actor"
    children = {c.pid for c in psutil.Process().children(recursive=True)}
    assert not children & set(pids)
    assert not any(psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE for pid in pids)


def test_a_learner_that_fails_leaves_no_actor_process_behind(base, tmp_path, monkeypatch):
    pools, calls, update = _pools(monkeypatch), [], DSRLAgent.update

    def failing(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("learner failed mid-run")
        return update(self, *args, **kwargs)

    monkeypatch.setattr(DSRLAgent, "update", failing)
    cfg = DSRLConfig(total_env_steps=400, learning_starts=16, actors=1, max_staleness=2, **TINY)
    with pytest.raises(RuntimeError, match="learner failed mid-run"):
        run_dsrl(base, ENV_ID, cfg, tmp_path / "run", progress=False)
    assert_no_actor_survives(pools)


def test_an_actor_that_fails_stops_the_run_naming_it(base, tmp_path, monkeypatch):
    from robopolicy.eval.workers import WorkerError

    pools = _pools(monkeypatch)
    cfg = DSRLConfig(total_env_steps=64, learning_starts=16, actors=1, **TINY)
    with pytest.raises(WorkerError, match=r"dsrl actor 0 failed:\n(.|\n)*no-such-task"):
        run_dsrl(base, "metaworld/no-such-task-v3", cfg, tmp_path / "run", progress=False)
    assert_no_actor_survives(pools)
