"""Sparse reward convention, chunk transitions from a real store, and the replay ring buffer."""

from __future__ import annotations

import numpy as np
import pytest

from robopolicy.data.store import EpisodeStore
from robopolicy.finetune.replay import ChunkReplayBuffer, buffer_from_store, chunk_transitions_from_store
from robopolicy.finetune.rewards import MissingRewardError, SparseRewardConfig, sparse_rewards

FEATURES = {"state": {"shape": (2,), "dtype": "float32", "kind": "state"},
            "action": {"shape": (1,), "dtype": "float32", "kind": "action"}}


def make_store(path, lengths=(7, 5), successes=(True, False), with_reward=False):
    features = dict(FEATURES)
    if with_reward:
        features["reward"] = {"shape": (), "dtype": "float32", "kind": "reward"}
    store = EpisodeStore.create(path, features=features, fps=10)
    offset = 0
    for length, success in zip(lengths, successes):
        t = np.arange(offset, offset + length, dtype=np.float32)
        data = {"state": np.stack([t, -t], 1), "action": t[:, None] * 10}
        if with_reward:
            data["reward"] = np.full(length, 0.5, np.float32)
        store.append_episode(data, task="reach", success=success)
        offset += length
    return store


def test_sparse_convention_rewards_last_k_steps_of_successes():
    cfg = SparseRewardConfig(last_k=3)
    reward, done = sparse_rewards(6, True, cfg)
    np.testing.assert_array_equal(reward, [0, 0, 0, 1, 1, 1])
    np.testing.assert_array_equal(done, [0, 0, 0, 0, 0, 1])
    reward, done = sparse_rewards(6, False, cfg)
    assert reward.sum() == 0 and not done.any()
    reward, _ = sparse_rewards(2, True, cfg)  # shorter than k
    np.testing.assert_array_equal(reward, [1, 1])


def test_store_without_reward_or_success_names_the_missing_field(tmp_path):
    store = make_store(tmp_path / "s.zarr", successes=(True, None))
    with pytest.raises(MissingRewardError, match=r"'reward'.*success flag.*episode 1.*set_success"):
        chunk_transitions_from_store(store, ["state"], 1, 2, 0.9, SparseRewardConfig(), progress=False)


def test_chunk_transitions_sum_rewards_and_discount_by_steps(tmp_path):
    store = make_store(tmp_path / "s.zarr")
    gamma, H, To = 0.9, 3, 2
    tr = chunk_transitions_from_store(store, ["state"], To, H, gamma, SparseRewardConfig(last_k=3), progress=False)
    assert len(tr["reward"]) == 12  # stride 1 over 7 + 5 steps
    # episode 0 (success, L=7): rewards [0,0,0,0,1,1,1]; t=3 -> steps 3,4,5 -> 2; t=5 -> steps 5,6 -> 2, n=2, done
    np.testing.assert_allclose(tr["reward"][:7], [0, 0, 1, 2, 3, 2, 1])
    np.testing.assert_allclose(tr["discount"][:7], [gamma**3] * 5 + [gamma**2, gamma])
    np.testing.assert_array_equal(tr["steps"][:7], [3] * 5 + [2, 1])          # the n behind each discount
    np.testing.assert_array_equal(tr["done"][:7], [0, 0, 0, 0, 1, 1, 1])
    # windows: obs at t=0 repeats the first frame; next obs of t=1 is the window ending at step 4
    np.testing.assert_array_equal(tr["obs"]["state"][0, :, 0], [0, 0])
    np.testing.assert_array_equal(tr["next_obs"]["state"][1, :, 0], [3, 4])
    # the action chunk starts at t and repeats the last action past the end
    np.testing.assert_array_equal(tr["action"][5, :, 0], [50, 60, 60])
    np.testing.assert_array_equal(tr["next_action"][0, :, 0], [30, 40, 50])
    # Monte-Carlo return: G(t) = R(t) + gamma^n G(t+n) unless done; t=1: 0 + 0.9^3 * G(4), G(4) = 3 (done)
    np.testing.assert_allclose(tr["mc_return"][1], gamma**3 * 3, rtol=1e-6)
    np.testing.assert_allclose(tr["mc_return"][2], 1 + gamma**3 * 2, rtol=1e-6)
    # failed episode: no reward, no terminal, truncated at the end
    assert tr["reward"][7:].sum() == 0 and tr["done"][7:].sum() == 0


def test_stored_rewards_take_precedence_over_success_flags(tmp_path):
    store = make_store(tmp_path / "s.zarr", with_reward=True, successes=(None, None))
    tr = chunk_transitions_from_store(store, ["state"], 1, 2, 0.9, SparseRewardConfig(), progress=False)
    np.testing.assert_allclose(tr["reward"][0], 1.0)  # 0.5 + 0.5


def test_dense_store_rewards_beside_success_flags_get_a_note(tmp_path, capsys):
    """A store with the env's own (dense) rewards and a success flag on every episode: the critic still learns the
    stored rewards (the default), and a start-up note names reward.use_store_rewards=false; stores whose rewards
    are the sparse convention already, or whose success is unknown, get no note."""
    from robopolicy.finetune.rewards import dense_reward_note

    dense = make_store(tmp_path / "dense.zarr", with_reward=True)
    assert "reward.use_store_rewards=false" in dense_reward_note(dense, SparseRewardConfig())
    chunk_transitions_from_store(dense, ["state"], 1, 2, 0.9, SparseRewardConfig(), progress=False)
    assert "reward.use_store_rewards=false" in capsys.readouterr().err
    unknown = make_store(tmp_path / "unknown.zarr", with_reward=True, successes=(None, None))
    assert dense_reward_note(unknown, SparseRewardConfig()) is None


def test_replay_ring_buffer_overwrites_oldest_and_samples_consistent_rows(tmp_path):
    store = make_store(tmp_path / "s.zarr")
    buffer = buffer_from_store(store, ["state"], 2, 3, 0.9, SparseRewardConfig(), progress=False)
    assert len(buffer) == 12 and buffer.tasks == ["reach"]
    batch = buffer.sample(64, np.random.default_rng(0))
    assert batch["obs"]["state"].shape == (64, 2, 2) and batch["action"].shape == (64, 3, 1)
    # every sampled row is one transition: action chunk starts at the last observed step
    np.testing.assert_array_equal(batch["action"][:, 0, 0].numpy(), batch["obs"]["state"][:, -1, 0].numpy() * 10)
    assert batch["obs"]["task"] == ["reach"] * 64
    small = ChunkReplayBuffer(4, {"state": (2,)}, {"state": "float32"}, 1, (1,))
    for i in range(6):
        small.add({"state": np.full((1, 1, 2), i)}, np.full((1, 1), i), np.array([i]), {"state": np.zeros((1, 1, 2))},
                  np.zeros(1), np.ones(1))
    assert len(small) == 4 and sorted(small.scalars["reward"].tolist()) == [2, 3, 4, 5]
