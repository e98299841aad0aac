"""Training throughput of diffusion_unet (default size) on CPU: samples/s at batch 64, 1 and 2 threads.

Two datasets: state only (20-D), and state + one 84x84 RGB camera. For each, a full trainer step (data
batch from the in-memory sampler, forward, backward, clipping, AdamW, scheduler, EMA) is timed, and compared
with the reference measured in the same run: forward + backward of ``policy.loss`` alone on a fixed batch.
``overhead = step time / (forward + backward time)``. Writes docs/benchmarks/train.md.

    python benchmarks/train.py [--steps 5] [--warmup 2]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import numpy as np
import torch

from robopolicy.data.store import EpisodeStore
from robopolicy.train.config import compose_train_config
from robopolicy.train.trainer import Trainer, to_device

BATCH_SIZE = 64
THREADS = (1, 2)
STATE_DIM, ACTION_DIM, IMAGE_SIZE = 20, 7, 84
EPISODES, EPISODE_LENGTH = 6, 60
OUT = Path(__file__).resolve().parent.parent / "docs" / "benchmarks" / "train.md"


def make_store(path: Path, with_image: bool) -> Path:
    features = {"state": {"shape": (STATE_DIM,), "dtype": "float32", "kind": "state"},
                "action": {"shape": (ACTION_DIM,), "dtype": "float32", "kind": "action"}}
    if with_image:
        features["cam"] = {"shape": (IMAGE_SIZE, IMAGE_SIZE, 3), "dtype": "uint8", "kind": "image"}
    store = EpisodeStore.create(path, features=features, fps=10)
    rng = np.random.default_rng(0)
    for _ in range(EPISODES):
        data = {"state": rng.standard_normal((EPISODE_LENGTH, STATE_DIM)).astype(np.float32),
                "action": rng.standard_normal((EPISODE_LENGTH, ACTION_DIM)).astype(np.float32)}
        if with_image:
            data["cam"] = rng.integers(0, 256, (EPISODE_LENGTH, IMAGE_SIZE, IMAGE_SIZE, 3), dtype=np.uint8)
        store.append_episode(data, task="benchmark")
    return path


def measure(store: Path, run_dir: Path, threads: int, steps: int, warmup: int) -> dict[str, float]:
    cfg = compose_train_config([f"dataset={store}", f"run_dir={run_dir}", f"threads={threads}",
                                f"batch_size={BATCH_SIZE}", f"steps={steps + warmup}", "val_fraction=0.2"])
    trainer = Trainer(cfg)
    batches = trainer._batches()
    for _ in range(warmup):
        epoch, index, batch = next(batches)
        trainer.train_step(batch, epoch, index)
    start = time.perf_counter()
    for _ in range(steps):
        epoch, index, batch = next(batches)
        trainer.train_step(batch, epoch, index)
    step_s = (time.perf_counter() - start) / steps
    # reference: forward + backward of the loss alone, on one fixed batch
    fixed = to_device(trainer.train_data.get_batch(np.arange(BATCH_SIZE)), trainer.device)
    start = time.perf_counter()
    for _ in range(steps):
        loss, _ = trainer.policy.loss(fixed)
        loss.backward()
    fwd_bwd_s = (time.perf_counter() - start) / steps
    params = sum(p.numel() for p in trainer.policy.parameters())
    return {"samples_per_s": BATCH_SIZE / step_s, "step_ms": 1e3 * step_s, "fwd_bwd_ms": 1e3 * fwd_bwd_s,
            "overhead": step_s / fwd_bwd_s, "params_m": params / 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=2)
    args = parser.parse_args()
    rows = []
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        for name, with_image in (("state", False), ("state + 84x84 camera", True)):
            store = make_store(Path(tmp) / f"{with_image}.zarr", with_image)
            for threads in THREADS:
                r = measure(store, Path(tmp) / f"run-{with_image}-{threads}", threads, args.steps, args.warmup)
                rows.append((name, threads, r))
                print(f"{name:22s} threads={threads}  {r['samples_per_s']:8.1f} samples/s  step {r['step_ms']:7.1f} ms"
                      f"  fwd+bwd {r['fwd_bwd_ms']:7.1f} ms  overhead x{r['overhead']:.2f}  ({r['params_m']:.2f}M params)",
                      flush=True)
    lines = ["# Training throughput (`benchmarks/train.py`)", "",
             f"diffusion_unet (default config), batch {BATCH_SIZE}, CPU, {args.steps} timed steps after "
             f"{args.warmup} warm-up steps; torch {torch.__version__}. A step is the whole trainer step (batch "
             "from the in-memory window sampler, forward, backward, clipping, AdamW, scheduler, EMA). "
             "*overhead* = step time / (forward + backward of `policy.loss` on a fixed batch), measured in the "
             "same run.", "",
             f"Machine: {os.cpu_count()} logical CPUs, load average before the run {load_before:.1f} "
             f"(a loaded machine slows the 2-thread rows most: read ratios, not absolute times).", "",
             "| observations | threads | samples/s | step (ms) | fwd+bwd (ms) | overhead | params (M) |",
             "|---|---|---|---|---|---|---|"]
    for name, threads, r in rows:
        lines.append(f"| {name} | {threads} | {r['samples_per_s']:.1f} | {r['step_ms']:.1f} | {r['fwd_bwd_ms']:.1f} "
                     f"| {r['overhead']:.2f} | {r['params_m']:.2f} |")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
