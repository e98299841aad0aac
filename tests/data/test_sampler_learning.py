"""Learning check: a small policy trained on chunk-aware batches from disk ends within noise of fully random
batches (and a plainly bad order, store order, does not: the check can tell).

The policy is an MLP from the To observations (state + mean image colour) to the Tp-step action chunk, trained
with Adam and a cosine learning rate for ~3.5 epochs, then scored by its MSE over every window of the store.
Actions are smooth functions of a random-walk state, so neighbouring windows are strongly correlated, which is
what makes an order that draws from few chunks at a time hurt. Measured on this machine (6 seeds, mean +- std of
the final loss): random 0.304 +- 0.006; chunk-aware with half the chunks in play (the asserted setting) 0.309 +-
0.005 (Welch t = 1.6); a quarter in play 0.319 +- 0.005 (t = 4.5, outside noise: the shuffle buffer must not be
too small a part of the store); store order 0.404 +- 0.010 (t = 20). About 10 s on 2 loaded CPU cores.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

from robopolicy.data import EpisodeStore, Feature, WindowSampler

IMAGE, FRAMES_PER_CHUNK = 8, 8
FEATURES = {"state": Feature((3,), "float32", "state"), "cam": Feature((IMAGE, IMAGE, 3), "uint8", "image"),
            "action": Feature((2,), "float32", "action")}
KW = dict(obs_keys=["state", "cam"], obs_horizon=2, pred_horizon=8, exec_horizon=4)
SEEDS, STEPS, BATCH, LR = 6, 150, 32, 3e-3
MAX_T_CHUNK_AWARE = 3.0  # |Welch t| of chunk-aware vs random: within noise
MIN_T_STORE_ORDER = 6.0  # store order vs random: the check has the power to see a bad order


def learning_store(path) -> EpisodeStore:
    rng = np.random.default_rng(0)
    store = EpisodeStore.create(path, FEATURES, fps=10, image_chunk_bytes=FRAMES_PER_CHUNK * IMAGE * IMAGE * 3)
    for _ in range(24):
        state = (np.cumsum(rng.normal(0, 0.15, (60, 3)), axis=0) + rng.normal(0, 1, 3)).astype(np.float32)
        action = np.stack([np.sin(3 * state[:, 0]), np.cos(2 * state[:, 1]) + 0.5 * state[:, 2]], -1)
        cam = np.clip(128 + 40 * state[:, None, None, :], 0, 255).astype(np.uint8) * np.ones((1, IMAGE, IMAGE, 1),
                                                                                              np.uint8)
        store.append_episode({"state": state, "cam": cam, "action": action.astype(np.float32)})
    return store


def inputs(batch) -> torch.Tensor:
    state = torch.from_numpy(batch["state"]).flatten(1)
    colour = torch.from_numpy(batch["cam"]).float().mean((2, 3)) / 255
    return torch.cat([state, colour.flatten(1)], 1)


def final_loss(sampler: WindowSampler, order, seed: int, everything) -> float:
    """Train from seed ``seed`` on ``STEPS`` batches of ``order(epoch)``; MSE over ``everything`` at the end."""
    batches, epoch = [], 0
    while len(batches) < STEPS:
        batches += order(epoch)
        epoch += 1
    torch.manual_seed(seed)
    model = torch.nn.Sequential(torch.nn.Linear(12, 64), torch.nn.ReLU(), torch.nn.Linear(64, 64), torch.nn.ReLU(),
                                torch.nn.Linear(64, 16))
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, STEPS)
    for batch in sampler.iter_batches(batches[:STEPS]):
        loss = ((model(inputs(batch)) - torch.from_numpy(batch["action"]).flatten(1)) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        schedule.step()
    x, y = everything
    with torch.no_grad():
        return float(((model(x) - y) ** 2).mean())


def welch_t(a: list[float], b: list[float]) -> float:
    return (np.mean(a) - np.mean(b)) / np.sqrt(np.var(a, ddof=1) / len(a) + np.var(b, ddof=1) / len(b))


def test_chunk_aware_sampling_learns_as_well_as_random_sampling(tmp_path):
    torch.set_num_threads(1)
    store = learning_store(tmp_path / "learn.zarr")
    memory = WindowSampler(store, **KW)
    chunks = -(-store.num_steps // FRAMES_PER_CHUNK)
    # From disk, half of the image chunks in play at a time (the default keeps half the cache's slots in play)
    disk = WindowSampler(store, in_memory=False, shuffle_chunks=chunks // 2, **KW)
    assert disk.chunk_aware and disk.run_chunks == 1 and disk.shuffle_chunks == 90
    whole = memory.get_batch(np.arange(len(memory)))
    everything = (inputs(whole), torch.from_numpy(whole["action"]).flatten(1))
    store_order = [np.arange(len(memory))[i: i + BATCH] for i in range(0, len(memory), BATCH)]

    random = [final_loss(memory, lambda e, s=s: memory.epoch_batches(BATCH, s, e), s, everything) for s in range(SEEDS)]
    aware = [final_loss(disk, lambda e, s=s: disk.epoch_batches(BATCH, s, e), s, everything) for s in range(SEEDS)]
    ordered = [final_loss(memory, lambda e: store_order, s, everything) for s in range(SEEDS)]
    summary = {name: f"{np.mean(v):.4f} +- {np.std(v):.4f}" for name, v in
               (("random", random), ("chunk-aware", aware), ("store order", ordered))}
    assert abs(welch_t(aware, random)) < MAX_T_CHUNK_AWARE, summary
    assert welch_t(ordered, random) > MIN_T_STORE_ORDER, summary


@pytest.mark.parametrize("seed", [0])
def test_chunk_aware_batches_mix_many_chunks(tmp_path, seed):
    """Each batch of the chunk-aware order draws from many chunks (not one chunk's consecutive windows)."""
    store = learning_store(tmp_path / "mix.zarr")
    disk = WindowSampler(store, in_memory=False, shuffle_chunks=45, **KW)
    counts = [len(np.unique(disk._win_group[b])) for b in disk.epoch_batches(BATCH, seed, 0)[2:-2]]
    assert np.median(counts) >= 20  # of 32 windows; 45 chunks in play
