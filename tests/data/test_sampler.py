"""The window sampler: Diffusion Policy windows, edge padding, masks, episode boundaries, the split."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from robopolicy.data import EpisodeStore, SamplerError, WindowSampler, split_episodes
from robopolicy.data.sampler import window_count
from robopolicy.policies.protocol import executed_slice

from .conftest import build_store, make_episode


def _expected_window(store: EpisodeStore, episode: int, start: int, To: int, Tp: int) -> dict[str, np.ndarray]:
    """The window by its definition: clip each step into the episode, one step at a time."""
    data = store.episode(episode)
    L = len(data["action"])
    steps = [min(max(start + k, 0), L - 1) for k in range(Tp)]
    pad = np.array([not 0 <= start + k < L for k in range(Tp)])
    return {"state": data["state"][steps[:To]], "cam": data["cam"][steps[:To]], "action": data["action"][steps],
            "obs_is_pad": pad[:To], "action_is_pad": pad}


@pytest.mark.parametrize("To,Tp,Ta", [(2, 16, 8), (1, 4, 1), (3, 8, 6), (2, 2, 1)])
def test_windows_match_definition_and_never_cross_episodes(store, To, Tp, Ta):
    ds = WindowSampler(store, obs_keys=["state", "cam"], obs_horizon=To, pred_horizon=Tp, exec_horizon=Ta)
    lengths = store.episode_lengths
    assert len(ds) == sum(max(0, int(n) - Tp + Ta + To - 1) for n in lengths)
    windows = ds.windows
    for e, n in enumerate(lengths):
        starts = windows[windows[:, 0] == e, 1]
        expected = np.arange(-(To - 1), int(n) - Tp + (Ta - 1) + 1)
        assert starts.tolist() == expected.tolist()
    for i in range(len(ds)):
        item = ds[i]
        e, s = windows[i]
        assert item["episode_index"] == e
        want = _expected_window(store, int(e), int(s), To, Tp)
        for key, value in want.items():
            assert np.array_equal(item[key], value), (i, key)
        # Every frame comes from episode e (state[:, 0] and action[:, 0] encode 1000 * episode + t).
        assert np.all(item["state"][:, 0] // 1000 == e) and np.all(item["action"][:, 0] // 1000 == e)
        assert np.all(item["cam"][:, 0, 0, 0] == e)


def test_padding_repeats_edge_frames_at_both_ends(store):
    To, Tp, Ta = 3, 8, 4
    ds = WindowSampler(store, obs_keys=["state"], obs_horizon=To, pred_horizon=Tp, exec_horizon=Ta)
    windows = ds.windows
    e, L = 3, int(store.episode_lengths[3])
    first = int(np.flatnonzero((windows[:, 0] == e) & (windows[:, 1] == -(To - 1)))[0])
    last = int(np.flatnonzero((windows[:, 0] == e) & (windows[:, 1] == L - Tp + Ta - 1))[0])
    item = ds[first]
    assert item["obs_is_pad"].tolist() == [True, True, False]
    assert item["action_is_pad"].tolist() == [True, True] + [False] * 6
    t0 = 1000 * e
    assert item["state"][:, 0].tolist() == [t0, t0, t0]  # first frame repeated
    assert item["action"][:, 0].tolist() == [t0, t0, t0, t0 + 1, t0 + 2, t0 + 3, t0 + 4, t0 + 5]
    item = ds[last]
    assert not item["obs_is_pad"].any()
    assert item["action_is_pad"].tolist() == [False] * 5 + [True] * 3  # Ta - 1 = 3 steps past the end
    assert item["action"][-4:, 0].tolist() == [t0 + L - 1] * 4  # last frame repeated


def test_executed_slice_starts_at_the_last_observation(store):
    To, Tp, Ta = 2, 16, 8
    ds = WindowSampler(store, obs_keys=["state"], obs_horizon=To, pred_horizon=Tp, exec_horizon=Ta)
    executed = executed_slice(To, Ta)
    assert (executed.start, executed.stop) == (To - 1, To - 1 + Ta)  # FIRST_EXECUTED_ACTION_INDEX = To - 1
    for i in range(len(ds)):
        item = ds[i]
        if item["obs_is_pad"][-1]:
            continue
        now = item["state"][-1, 0]  # the step of the last observation
        first_executed = item["action"][executed][0, 0]
        assert first_executed == now  # the action recorded at the current step
        assert len(item["action"][executed]) == Ta


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_get_batch_equals_stacked_items_and_disk_equals_memory(store, data):
    To = data.draw(st.integers(1, 3))
    Tp = data.draw(st.integers(To, 10))
    Ta = data.draw(st.integers(1, Tp - To + 1))
    kw = dict(obs_keys=["state", "cam"], obs_horizon=To, pred_horizon=Tp, exec_horizon=Ta, include_task=True)
    try:
        memory = WindowSampler(store, in_memory=True, **kw)
    except SamplerError:
        return  # no episode long enough for these horizons
    disk = WindowSampler(store, in_memory=False, **kw)
    indices = np.array(data.draw(st.lists(st.integers(0, len(memory) - 1), min_size=1, max_size=20)))
    batch, disk_batch = memory.get_batch(indices), disk.get_batch(indices)
    items = [memory[int(i)] for i in indices]
    for key in ("state", "cam", "action", "obs_is_pad", "action_is_pad", "episode_index"):
        stacked = np.stack([np.asarray(item[key]) for item in items])
        assert np.array_equal(batch[key], stacked), key
        assert batch[key].dtype == disk_batch[key].dtype and np.array_equal(batch[key], disk_batch[key]), key
    assert batch["task"] == [item["task"] for item in items] == disk_batch["task"]
    assert batch["task"] == [("a", "b")[e % 2] for e in batch["episode_index"]]
    assert batch["cam"].shape == (len(indices), To, 8, 8, 3) and batch["action"].shape == (len(indices), Tp, 2)


def test_episode_subset_in_any_order(store):
    chosen = [3, 0, 4]
    ds = WindowSampler(store, obs_keys=["state"], episodes=chosen, pred_horizon=6, exec_horizon=2)
    assert set(ds.windows[:, 0].tolist()) == set(chosen)
    full = WindowSampler(store, obs_keys=["state"], pred_horizon=6, exec_horizon=2, in_memory=False)
    full_index = {tuple(w): i for i, w in enumerate(full.windows.tolist())}
    for i, w in enumerate(ds.windows.tolist()):
        a, b = ds[i], full[full_index[tuple(w)]]
        assert np.array_equal(a["state"], b["state"]) and np.array_equal(a["action"], b["action"])


def test_works_with_a_torch_dataloader(store):
    import torch

    ds = WindowSampler(store, obs_keys=["state", "cam"], pred_horizon=8, exec_horizon=4)
    loader = torch.utils.data.DataLoader(ds, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(0))
    batch = next(iter(loader))
    assert batch["cam"].shape == (4, 2, 8, 8, 3) and batch["cam"].dtype == torch.uint8
    assert batch["action_is_pad"].dtype == torch.bool


def test_window_count_formula():
    assert window_count(16, 2, 16, 8) == 16 - 16 + 8 + 2 - 1
    assert window_count(3, 2, 16, 8) == 0
    assert window_count(1, 1, 1, 1) == 1


@pytest.mark.parametrize("kwargs,match", [
    (dict(obs_keys=["nope"]), "no feature"),
    (dict(obs_keys=["state"], action_key="bogus"), "no feature"),
    (dict(obs_keys=["state"], obs_horizon=0), "obs_horizon"),
    (dict(obs_keys=["state"], pred_horizon=4, exec_horizon=4), "exec_horizon"),
    (dict(obs_keys=["state"], episodes=[7]), "out of range"),
    (dict(obs_keys=["state"], episodes=[]), "no episodes"),
    (dict(obs_keys=["state"], episodes=[2], pred_horizon=16, exec_horizon=1), "no windows"),
])
def test_bad_sampler_arguments_are_named(store, kwargs, match):
    with pytest.raises(SamplerError, match=match):
        WindowSampler(store, **kwargs)


def test_include_task_needs_a_task(tmp_path):
    from .conftest import small_features

    s = EpisodeStore.create(tmp_path / "t.zarr", small_features(), fps=5)
    s.append_episode(make_episode(0, 20))
    with pytest.raises(SamplerError, match="episode 0 .* no task"):
        WindowSampler(s, obs_keys=["state"], include_task=True)


@settings(max_examples=50, deadline=None)
@given(n=st.integers(2, 500), frac=st.floats(0.01, 0.99), seed=st.integers(0, 2**31))
def test_split_is_seeded_disjoint_and_nonempty(n, frac, seed):
    train, val = split_episodes(n, val_fraction=frac, seed=seed)
    assert len(train) >= 1 and len(val) >= 1
    assert len(np.intersect1d(train, val)) == 0
    assert sorted(np.concatenate([train, val]).tolist()) == list(range(n))
    again = split_episodes(n, val_fraction=frac, seed=seed)
    assert np.array_equal(again[0], train) and np.array_equal(again[1], val)


def test_split_differs_across_seeds_and_refuses_impossible():
    splits = {tuple(split_episodes(50, 0.2, seed)[1].tolist()) for seed in range(5)}
    assert len(splits) > 1
    with pytest.raises(SamplerError, match="at least 2 episodes"):
        split_episodes(1, 0.5, 0)
    with pytest.raises(SamplerError, match="val_fraction"):
        split_episodes(10, 0.0, 0)


def test_sampler_sees_refreshed_store(tmp_path):
    s = build_store(tmp_path / "r.zarr", [20, 20])
    s.append_episode(make_episode(2, 20), task="a")
    ds = WindowSampler(EpisodeStore.open(s.path), obs_keys=["state"], pred_horizon=4, exec_horizon=1)
    assert set(ds.windows[:, 0].tolist()) == {0, 1, 2}
