"""Window-sampler throughput: samples/s for batches of 256 (To=2 image frames + state, Tp=16 actions).

Builds a store of 200 episodes x 200 steps (20-d state, 7-d action, two 96x96x3 cameras of smooth gradients +
noise), then times, on the same random batches:

  (a) plain numpy fancy indexing on arrays preloaded in memory (the reference),
  (b) ``WindowSampler`` in memory mode,
  (c) ``WindowSampler`` reading from Zarr on disk,
  (d) a naive per-window Zarr read (one slice per window and key, padded by hand).

and prints the ratios b/a (target >= 0.8) and c/d (target >= 5). Writes the table to docs/benchmarks/sampler.md.

    python benchmarks/sampler.py            # full size (builds a ~2 GB-raw store once, reused from --path)
    python benchmarks/sampler.py --quick    # 20 episodes x 100 steps
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch
from tqdm import tqdm

from robopolicy.data import EpisodeStore, Feature, WindowSampler
from robopolicy.data.store import IMAGE_COMPRESSOR, StoreError, time_chunk_length

REPO_ROOT = Path(__file__).resolve().parents[1]
RESULTS_PATH = REPO_ROOT / "docs" / "benchmarks" / "sampler.md"
BATCH_SIZE = 256
OBS_HORIZON, PRED_HORIZON, EXEC_HORIZON = 2, 16, 8
STATE_DIM, ACTION_DIM, IMAGE_SIZE = 20, 7, 96
CAMERAS = ("cam_front", "cam_wrist")
NOISE_FRAMES = 64  # distinct noise frames drawn from when building episodes
FULL = {"episodes": 200, "steps": 200, "memory_batches": 30, "disk_batches": 3}
QUICK = {"episodes": 20, "steps": 100, "memory_batches": 10, "disk_batches": 2}
IMAGE_NOISE = 4  # uint8 levels of sensor-like noise on the gradients (lossless compression still helps)


def features() -> dict[str, Feature]:
    spec = {"state": Feature((STATE_DIM,), "float32", "state"), "action": Feature((ACTION_DIM,), "float32", "action")}
    for cam in CAMERAS:
        spec[cam] = Feature((IMAGE_SIZE, IMAGE_SIZE, 3), "uint8", "image")
    return spec


def synthetic_episode(rng: np.random.Generator, steps: int, noise_bank: np.ndarray) -> dict[str, np.ndarray]:
    """Colour gradients drifting over time plus noise for the cameras; random walks for state and action.

    Image arithmetic is uint8 with wrap-around (a moving periodic gradient) so building the store stays quick.
    """
    data = {"state": np.cumsum(rng.normal(0, 0.1, (steps, STATE_DIM)), axis=0).astype(np.float32),
            "action": rng.normal(0, 1, (steps, ACTION_DIM)).astype(np.float32)}
    ramp = np.linspace(0, 1, IMAGE_SIZE, dtype=np.float32)
    drift = (np.arange(steps) * rng.uniform(0.5, 3.0)).astype(np.uint8)[:, None, None, None]
    for k, cam in enumerate(CAMERAS):
        phase = rng.uniform(0, 1, 3).astype(np.float32)
        still = ((ramp[:, None, None] * (0.5 + k) + ramp[None, :, None] + phase) % 1.0 * 255).astype(np.uint8)
        noise = noise_bank[rng.integers(0, len(noise_bank), steps)]
        data[cam] = still[None] + drift + noise
    return data


def build_store(path: Path, episodes: int, steps: int) -> tuple[EpisodeStore, bool]:
    """The benchmark store at ``path`` (reused when it matches) and whether it was built now."""
    try:
        store = EpisodeStore.open(path)
        same_chunks = all(store.array(k).chunks[0] == time_chunk_length(f) for k, f in features().items()
                          if k in store.features)
        same_chunks = same_chunks and all(store.array(c).compressors[0].cname.value == IMAGE_COMPRESSOR
                                          for c in CAMERAS if c in store.features)
        if store.num_episodes == episodes and set(store.features) == set(features()) and same_chunks:
            print(f"reusing {path}")
            return store, False
    except StoreError:
        pass
    store = EpisodeStore.create(path, features(), fps=10, robot="benchmark", overwrite=True)
    rng = np.random.default_rng(0)
    noise_bank = rng.integers(0, IMAGE_NOISE + 1, (NOISE_FRAMES, IMAGE_SIZE, IMAGE_SIZE, 3), dtype=np.uint8)
    for _ in tqdm(range(episodes), desc="building store"):
        store.append_episode(synthetic_episode(rng, steps, noise_bank), task="benchmark")
    return store, True


def window_tables(store: EpisodeStore) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per window: global row of the episode start, episode length, local start (Diffusion Policy convention)."""
    rows, lengths, starts = [], [], []
    for s, n in zip(store.episode_starts, store.episode_lengths):
        local = np.arange(-(OBS_HORIZON - 1), n - PRED_HORIZON + EXEC_HORIZON)
        rows.append(np.full(len(local), s))
        lengths.append(np.full(len(local), n))
        starts.append(local)
    return np.concatenate(rows), np.concatenate(lengths), np.concatenate(starts)


def reference_batch(arrays: dict[str, np.ndarray], tables: tuple, idx: np.ndarray) -> dict[str, np.ndarray]:
    """(a): the best plain numpy can do: one clipped index table, one fancy-index per key."""
    ep_row, ep_len, start = tables
    local = start[idx, None] + np.arange(PRED_HORIZON)[None, :]
    rows = np.clip(local, 0, ep_len[idx, None] - 1) + ep_row[idx, None]
    out = {key: arrays[key][rows[:, :OBS_HORIZON]] for key in ("state", *CAMERAS)}
    out["action"] = arrays["action"][rows]
    out["action_is_pad"] = local != rows - ep_row[idx, None]
    return out


def naive_batch(store: EpisodeStore, tables: tuple, idx: np.ndarray) -> dict[str, np.ndarray]:
    """(d): one Zarr slice per window and key, then edge padding by hand."""
    ep_row, ep_len, start = tables
    items = []
    for i in idx:
        s, n, row = int(start[i]), int(ep_len[i]), int(ep_row[i])
        item = {}
        for key, horizon in (("state", OBS_HORIZON), *((c, OBS_HORIZON) for c in CAMERAS), ("action", PRED_HORIZON)):
            lo, hi = max(s, 0), min(s + horizon, n)
            values = store.array(key)[row + lo: row + hi]
            before, after = lo - s, s + horizon - hi
            item[key] = np.concatenate([values[:1]] * before + [values] + [values[-1:]] * after)
        items.append(item)
    return {key: np.stack([it[key] for it in items]) for key in items[0]}


def interleaved_samples_per_second(loaders: dict[str, Callable[[np.ndarray], object]],
                                   batches: list[np.ndarray]) -> dict[str, float]:
    """Samples/s of each loader from the median batch time, loaders taking turns on each batch (fair on a
    shared, noisy machine)."""
    times: dict[str, list[float]] = {name: [] for name in loaders}
    for load in loaders.values():
        load(batches[0])  # warm-up
    for idx in tqdm(batches, desc=f"timing {', '.join(loaders)}", leave=False):
        for name, load in loaders.items():
            t0 = time.perf_counter()
            load(idx)
            times[name].append(time.perf_counter() - t0)
    return {name: BATCH_SIZE / float(np.median(t)) for name, t in times.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 episodes x 100 steps, fewer batches")
    parser.add_argument("--path", type=Path, default=None, help="where to build (or reuse) the store")
    parser.add_argument("--no-write", action="store_true", help="do not write docs/benchmarks/sampler.md")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    size = QUICK if args.quick else FULL
    path = args.path or Path(tempfile.gettempdir()) / f"robopolicy-bench-{'quick' if args.quick else 'full'}.zarr"
    t0 = time.perf_counter()
    store, built = build_store(path, size["episodes"], size["steps"])
    build_s = time.perf_counter() - t0
    tables = window_tables(store)
    rng = np.random.default_rng(0)
    n_windows = len(tables[0])
    batches = [rng.integers(0, n_windows, BATCH_SIZE) for _ in range(size["memory_batches"])]
    results: dict[str, float] = {}

    kw = dict(obs_keys=["state", *CAMERAS], action_key="action", obs_horizon=OBS_HORIZON, pred_horizon=PRED_HORIZON,
              exec_horizon=EXEC_HORIZON)
    memory = WindowSampler(store, in_memory=True, **kw)
    assert len(memory) == n_windows
    arrays = memory.memory_arrays  # the same preloaded arrays for the reference (all episodes, store order)
    check = memory.get_batch(batches[0])
    assert all(np.array_equal(check[k], v) for k, v in reference_batch(arrays, tables, batches[0]).items())
    results.update(interleaved_samples_per_second(
        {"a": lambda idx: reference_batch(arrays, tables, idx), "b": memory.get_batch}, batches))
    memory = arrays = None  # free the in-memory copy before the disk runs
    gc.collect()
    disk = WindowSampler(store, in_memory=False, **kw)
    assert all(np.array_equal(check[k], v) for k, v in disk.get_batch(batches[0]).items())
    assert all(np.array_equal(check[k], v) for k, v in naive_batch(store, tables, batches[0]).items())
    results.update(interleaved_samples_per_second(
        {"c": disk.get_batch, "d": lambda idx: naive_batch(store, tables, idx)}, batches[: size["disk_batches"]]))

    rows = [("a", "numpy fancy indexing, preloaded arrays (reference)"), ("b", "WindowSampler, in memory"),
            ("c", "WindowSampler, from disk (Zarr)"), ("d", "naive per-window Zarr read")]
    size_gb = store.size_on_disk() / 1e9
    lines = [
        "# Window sampler throughput",
        "",
        f"Store: {store.num_episodes} episodes x {size['steps']} steps, {STATE_DIM}-d state, {ACTION_DIM}-d action, "
        f"{len(CAMERAS)} cameras {IMAGE_SIZE}x{IMAGE_SIZE}x3 ({size_gb:.2f} GB on disk, "
        f"{f'built in {build_s:.0f} s' if built else 'reused from an earlier run'}). "
        f"Batches of {BATCH_SIZE} random windows, To={OBS_HORIZON} (image frames + state), Tp={PRED_HORIZON} actions.",
        f"Machine: {platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}, "
        f"torch threads 1, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end"
        f"{' (quick run)' if args.quick else ''}. Loaders take turns on the same batches; median batch time. "
        f"Generated by `python benchmarks/sampler.py"
        f"{' --quick' if args.quick else ''}`.",
        "",
        "| | loader | samples/s |",
        "|---|---|---:|",
        *[f"| ({k}) | {name} | {results[k]:,.0f} |" for k, name in rows],
        "",
        f"- in memory vs reference, b/a = **{results['b'] / results['a']:.2f}** (target >= 0.8)",
        f"- disk vs naive Zarr, c/d = **{results['c'] / results['d']:.1f}** (target >= 5)",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if not args.no_write:
        RESULTS_PATH.parent.mkdir(parents=True, exist_ok=True)
        RESULTS_PATH.write_text(text)
        print(f"wrote {RESULTS_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
