"""robopolicy collect: real Meta-World rollouts into a real Zarr store."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

from robopolicy.data.features import Feature
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.eval.collect import CollectError, collect_episodes, main
from robopolicy.policies.protocol import PolicySpec
from robopolicy.sim import UnknownEnvError
from robopolicy.sim.policy_actor import PolicyEnvMismatchError

ENV = "metaworld/reach-v3"


def test_expert_collection_writes_episodes_with_success_seed_source_and_images(tmp_path):
    path = tmp_path / "reach.zarr"
    stats = collect_episodes(ENV, "expert", 2, path, cameras=("corner",), image_size=24, seed=10, progress=False)
    store = EpisodeStore.open(path)
    assert store.num_episodes == 2 and stats.episodes == 2
    assert store.column("seed").tolist() == [10, 11]
    assert store.column("success").tolist() == [1, 1] and stats.success_rate == 1.0
    assert store.features["corner"] == Feature((24, 24, 3), "uint8", "image")
    assert store.tasks == ["reach the goal position"] and store.fps == 80.0
    for i in range(2):
        meta, ep = store.episode_meta(i), store.episode(i)
        assert meta["source"] == "demo" and meta["policy_id"] == "expert"
        assert ep["done"][-1] and not ep["done"][:-1].any()  # ends at its first success
        assert ep["corner"].dtype == np.uint8 and ep["corner"].std() > 0
        assert ep["state"].shape == (meta["length"], 39) and ep["action"].shape == (meta["length"], 4)
    blosc = store.array("corner").compressors[0]   # rendered frames: lz4hc without bitshuffle (sampler.md, part 4)
    assert (blosc.cname.value, blosc.shuffle.value) == ("lz4hc", "noshuffle")


def test_noisy_and_failed_episodes_are_kept_marked_and_reproducible(tmp_path):
    kwargs = dict(action_noise=0.5, seed=0, max_steps=15, progress=False)  # too few steps to succeed
    collect_episodes(ENV, "expert", 2, tmp_path / "a.zarr", **kwargs)
    collect_episodes(ENV, "expert", 2, tmp_path / "b.zarr", **kwargs)
    clean = EpisodeStore.open(collect_episodes(ENV, "expert", 1, tmp_path / "c.zarr", seed=0, max_steps=15,
                                               progress=False).store_path)
    a, b = EpisodeStore.open(tmp_path / "a.zarr"), EpisodeStore.open(tmp_path / "b.zarr")
    assert a.num_episodes == 2 and a.column("success").tolist() == [0, 0]
    assert a.episode_meta(0)["policy_id"] == "expert@noise=0.5" and a.episode_lengths.tolist() == [15, 15]
    for i in range(2):
        for key in ("state", "action", "reward"):
            np.testing.assert_array_equal(a.episode(i)[key], b.episode(i)[key])
    actions = a.episode(0)["action"]
    assert np.all(actions >= -1) and np.all(actions <= 1)
    assert np.abs(actions - clean.episode(0)["action"]).max() > 0.1  # the noise really is in the actions
    np.testing.assert_array_equal(a.episode(0)["state"][0], clean.episode(0)["state"][0])  # same seed, same start


class ZeroChunkPolicy:
    """A real Sampler that keeps the arm still: zero actions, any spec."""

    policy_id = "zero-chunk"

    def __init__(self, spec):
        self.spec = spec
        self.calls = 0

    @property
    def noise_shape(self):
        return None

    def sample(self, obs, n=1, noise=None):
        self.calls += 1
        return torch.zeros(obs["state"].shape[0], n, self.spec.pred_horizon, self.spec.action_dim)


def test_policy_rollouts_are_stored_as_rollouts_and_mismatches_fail_early(tmp_path):
    spec = PolicySpec(obs_features={"state": Feature((39,), "float32", "state")}, action_dim=4,
                      obs_horizon=2, pred_horizon=8, exec_horizon=4)
    policy = ZeroChunkPolicy(spec)
    stats = collect_episodes(ENV, policy, 1, tmp_path / "p.zarr", max_steps=12, progress=False)
    store = EpisodeStore.open(tmp_path / "p.zarr")
    assert store.episode_meta(0)["source"] == "rollout" and store.episode_meta(0)["policy_id"] == "zero-chunk"
    assert policy.calls == 3 and stats.successes == 0
    assert not np.any(store.episode(0)["action"])
    bad = ZeroChunkPolicy(PolicySpec(obs_features={"state": Feature((60,), "float32", "state")}, action_dim=7))
    with pytest.raises(PolicyEnvMismatchError, match=r"'state' is \(60,\) in the policy but \(39,\) in the env"):
        collect_episodes(ENV, bad, 1, tmp_path / "q.zarr", progress=False)
    assert not (tmp_path / "q.zarr").exists()


def test_policy_rollouts_depend_on_their_episode_seed_alone(tmp_path):
    """A policy's sampling noise comes from each episode's seed (as evaluation draws it), not from torch's global
    state: the episode of seed 11 is the same whether it is a run's first or second episode, and whatever ran
    before. (Before, a rerun of the same command gave other episodes.)"""
    from tests.finetune.test_dppo import tiny_env_policy

    policy = tiny_env_policy("diffusion_unet")
    stores = {}
    for name, first_seed, torch_state in (("a", 10, 1), ("b", 11, 2)):
        torch.manual_seed(torch_state)  # a different global RNG state before each run
        collect_episodes(ENV, policy, 2, tmp_path / f"{name}.zarr", seed=first_seed, max_steps=12, progress=False)
        stores[name] = EpisodeStore.open(tmp_path / f"{name}.zarr")
    a, b = stores["a"], stores["b"]
    assert [a.episode_meta(i)["seed"] for i in range(2)] == [10, 11] and b.episode_meta(0)["seed"] == 11
    assert np.array_equal(a.episode(1)["action"], b.episode(0)["action"])
    assert not np.array_equal(b.episode(0)["action"], b.episode(1)["action"])


def test_cli_appends_to_an_existing_store_and_reports_bad_input(tmp_path, capsys):
    out = tmp_path / "cli.zarr"
    assert main([f"env={ENV}", "episodes=1", f"out={out}", "progress=false"]) == 0
    assert main([f"env={ENV}", "episodes=1", "seed=5", f"out={out}", "progress=false"]) == 0
    store = EpisodeStore.open(out)
    assert store.column("seed").tolist() == [0, 5]
    assert "collected into" in capsys.readouterr().out
    with pytest.raises(ConfigError, match="out="):
        main([f"env={ENV}"])
    with pytest.raises(UnknownEnvError, match="registered ids"):
        main(["env=metaworld/nope-v3", f"out={tmp_path / 'x.zarr'}"])
    with pytest.raises(CollectError, match="no scripted expert"):
        main(["env=gym/Hopper-v5", f"out={tmp_path / 'y.zarr'}", "progress=false"])
    with pytest.raises(CollectError, match="features"):
        main(["env=metaworld/reach-v3", "cameras=[corner]", "image_size=16", f"out={out}", "progress=false"])


def _tree_bytes(path):
    return {str(f.relative_to(path)): f.read_bytes() for f in sorted(path.rglob("*")) if f.is_file()}


@pytest.mark.fault("collect")
def test_overwrite_refuses_a_folder_that_is_not_a_store(tmp_path):
    """`collect overwrite=true` with out= a folder that is not an episode store: it was deleted; now refused (names
    the folder and what it lacks), the folder untouched."""
    folder = tmp_path / "experiments"
    (folder / "run1").mkdir(parents=True)
    (folder / "run1" / "results.csv").write_text("seed,success\n0,1\n")
    before = _tree_bytes(folder)
    with pytest.raises(RobopolicyError, match=r"experiments.*not an episode store.*zarr.json.*nothing was deleted"):
        main([f"env={ENV}", "episodes=1", f"out={folder}", "overwrite=true", "progress=false"])
    assert _tree_bytes(folder) == before


class FailingExpertPolicy(ZeroChunkPolicy):
    """Zero actions for ``fail_after`` sample calls, then an error (a policy crashing mid-collection)."""

    def __init__(self, spec, fail_after):
        super().__init__(spec)
        self.fail_after = fail_after

    def sample(self, obs, n=1, noise=None):
        if self.calls >= self.fail_after:
            raise RuntimeError("injected failure mid-collection")
        return super().sample(obs, n, noise)


@pytest.mark.fault("collect")
def test_crash_mid_overwrite_keeps_the_old_store(tmp_path):
    """`collect overwrite=true` over a store, failing after the first new episode: the old store was already deleted
    and a one-episode fragment left in its place; now the old store is untouched, byte for byte."""
    out = tmp_path / "demos.zarr"
    collect_episodes(ENV, "expert", 2, out, seed=3, progress=False)
    before = _tree_bytes(out)
    spec = PolicySpec(obs_features={"state": Feature((39,), "float32", "state")}, action_dim=4,
                      obs_horizon=2, pred_horizon=8, exec_horizon=4)
    with pytest.raises(RuntimeError, match="injected failure"):
        collect_episodes(ENV, FailingExpertPolicy(spec, fail_after=4), 3, out, max_steps=12, overwrite=True,
                         progress=False)
    assert _tree_bytes(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demos.zarr"]  # no temporary folder left behind
    collect_episodes(ENV, "expert", 1, out, seed=7, overwrite=True, progress=False)  # a finished overwrite replaces
    assert EpisodeStore.open(out).column("seed").tolist() == [7]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demos.zarr"]


# The child collects 4 episodes (seeds 0..3) and SIGKILLs itself when episode seed 2 starts.
KILLED_COLLECTOR = """
import os, signal, sys
sys.path.insert(0, {root!r})
from robopolicy.eval import collect
rollout = collect.rollout_episode
def rollout_or_die(env, act, seed, *args, **kwargs):
    if seed == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return rollout(env, act, seed, *args, **kwargs)
collect.rollout_episode = rollout_or_die
collect.collect_episodes({env!r}, "expert", 4, {out!r}, seed=0, progress=False)
"""


@pytest.mark.fault("collect")
def test_rerun_after_a_crash_does_not_repeat_committed_seeds(tmp_path, capsys):
    """`collect episodes=4` killed (SIGKILL) after two episodes, then run again: seeds 0 and 1 were collected a
    second time; now the rerun skips the committed seeds, says so, and collects only 2 and 3."""
    out = tmp_path / "demos.zarr"
    root = str(Path(__file__).resolve().parents[2])
    child = subprocess.run([sys.executable, "-c", KILLED_COLLECTOR.format(root=root, env=ENV, out=str(out))],
                           capture_output=True, text=True)
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert EpisodeStore.open(out).column("seed").tolist() == [0, 1]
    assert main([f"env={ENV}", "episodes=4", "seed=0", f"out={out}", "progress=false"]) == 0
    store = EpisodeStore.open(out)
    assert store.column("seed").tolist() == [0, 1, 2, 3]
    assert "skipped seeds 0-1" in capsys.readouterr().out
    # Another source (here: noisy actions) is other data, so the same seeds are collected for it.
    collect_episodes(ENV, "expert", 1, out, seed=0, action_noise=0.1, max_steps=5, progress=False)
    assert EpisodeStore.open(out).column("seed").tolist() == [0, 1, 2, 3, 0]


@pytest.mark.fault("collect")
@pytest.mark.parametrize("blocked", ["a file in the way", pytest.param("a read-only folder", marks=pytest.mark.skipif(
    hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes into read-only folders"))])
def test_an_unwritable_out_is_refused_before_any_env_is_built(tmp_path, monkeypatch, blocked):
    """`collect out=` under a path that cannot be written (a file where a folder should be, a read-only folder):
    the env was built and the first episode rolled out before a raw OS traceback; now one line naming `out=`,
    the path and the OS reason, before any policy is loaded or env built, nothing written."""
    from robopolicy.errors import OutputNotWritableError
    from robopolicy.eval import collect

    if blocked == "a file in the way":
        (tmp_path / "notes.txt").write_text("not a folder")
        out, reason = tmp_path / "notes.txt" / "demos.zarr", "notes.txt is a file, not a folder"
    else:
        (tmp_path / "ro").mkdir()
        os.chmod(tmp_path / "ro", 0o555)
        out, reason = tmp_path / "ro" / "demos.zarr", "Permission denied (EACCES)"
    monkeypatch.setattr(collect, "make_env", lambda *a, **k: pytest.fail("an env was built"))
    monkeypatch.setattr(collect, "resolve_source", lambda *a, **k: pytest.fail("a source was loaded"))
    before = sorted(tmp_path.rglob("*"))
    with pytest.raises(OutputNotWritableError) as refused:
        main([f"env={ENV}", "episodes=1", f"out={out}", "progress=false"])
    assert str(refused.value).startswith(f"collect: out={out}: ") and reason in str(refused.value)
    assert "\n" not in str(refused.value) and sorted(tmp_path.rglob("*")) == before


def test_proprio_recipes_record_it_and_evaluation_builds_the_env_a_proprio_policy_reads(tmp_path):
    from robopolicy.eval.rollout import env_kwargs_for

    path = tmp_path / "reach.zarr"
    main([f"env={ENV}", "episodes=1", f"out={path}", "cameras=[corner]", "image_size=16", "proprio=true",
          "progress=false"])
    store = EpisodeStore.open(path)
    assert store.features["proprio"] == Feature((7,), "float32", "state") and "state" in store.features
    ep = store.episode(0)
    np.testing.assert_array_equal(ep["proprio"], np.concatenate([ep["state"][:, :4], ep["state"][:, 36:]], axis=1))
    spec = PolicySpec(obs_features={"proprio": store.features["proprio"], "corner": store.features["corner"]},
                      action_dim=4, obs_horizon=1, pred_horizon=4, exec_horizon=2)
    assert env_kwargs_for(spec) == {"cameras": ("corner",), "state": False, "proprio": True, "image_size": 16}
