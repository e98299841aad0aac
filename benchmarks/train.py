"""Training throughput of diffusion_unet (default size) on CPU: samples/s at batch 64, 1 and 2 threads.

Two datasets: state only (20-D), and state + one 84x84 RGB camera. For each, a full trainer step (data
batch from the in-memory sampler, forward, backward, clipping, AdamW, scheduler, EMA) is timed, and compared
with the reference measured in the same run: forward + backward of ``policy.loss`` alone on a fixed batch.
``overhead = step time / (forward + backward time)``. Writes docs/benchmarks/train.json (the measurements, the
settings, where and when they were taken) and renders docs/benchmarks/train.md from it (``--render`` re-renders
the page from the JSON only).

    python benchmarks/train.py [--steps 5] [--warmup 2]
    python benchmarks/train.py --render
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/train.py): this folder is on sys.path
    import common

BATCH_SIZE = 64
THREADS = (1, 2)
STATE_DIM, ACTION_DIM, IMAGE_SIZE = 20, 7, 84
EPISODES, EPISODE_LENGTH = 6, 60
DATASETS = (("state", False), ("state + 84x84 camera", True))
OUT = common.PAGES / "train.md"


def make_store(path: Path, with_image: bool) -> Path:
    import numpy as np

    from robopolicy.data.store import EpisodeStore

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
    import numpy as np

    from robopolicy.train.config import compose_train_config
    from robopolicy.train.trainer import Trainer, to_device

    cfg = compose_train_config([f"dataset={store}", f"run_dir={run_dir}", f"threads={threads}",
                                f"batch_size={BATCH_SIZE}", f"steps={steps + warmup}", "val_fraction=0.2"])
    trainer = Trainer(cfg)
    batches = trainer._batches()
    common.train_steps(trainer, batches, warmup)
    start = time.perf_counter()
    common.train_steps(trainer, batches, steps)
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


def render(record: dict) -> str:
    """The page, from the JSON record only."""
    s = record["settings"]
    rows = record["rows"]
    lines = ["# Training throughput (`benchmarks/train.py`)", "",
             f"diffusion_unet (default config), batch {s['batch_size']}, CPU, {s['steps']} timed steps after "
             f"{s['warmup']} warm-up steps, on {s['episodes']} synthetic episodes of {s['episode_length']} steps. "
             "A step is the whole trainer step (batch from the in-memory window sampler, forward, backward, "
             "clipping, AdamW, scheduler, EMA). *overhead* = step time / (forward + backward of `policy.loss` on a "
             "fixed batch), measured in the same run.", "",
             common.measured_line(record, "train.json") + " A loaded machine "
             "slows the 2-thread rows most: read ratios, not absolute times.", ""]
    low, high = min(rows, key=lambda r: r["overhead"]), max(rows, key=lambda r: r["overhead"])
    lines += [f"Headline: trainer step / bare forward + backward = {low['overhead']:.2f} to {high['overhead']:.2f} "
              f"(highest: {high['observations']}, {high['threads']} thread{'s' if high['threads'] > 1 else ''}; "
              "1.00 = the trainer adds nothing to the model's own cost).", "",
              "| observations | threads | samples/s | step (ms) | fwd+bwd (ms) | overhead | params (M) |",
              "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['observations']} | {r['threads']} | {r['samples_per_s']:.1f} | {r['step_ms']:.1f} | "
                     f"{r['fwd_bwd_ms']:.1f} | {r['overhead']:.2f} | {r['params_m']:.2f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=2)
    args = common.page_args(parser, OUT, render)
    provenance = common.start("python benchmarks/train.py")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, with_image in DATASETS:
            store = make_store(Path(tmp) / f"{with_image}.zarr", with_image)
            for threads in THREADS:
                r = measure(store, Path(tmp) / f"run-{with_image}-{threads}", threads, args.steps, args.warmup)
                rows.append({"observations": name, "threads": threads, **r})
                print(f"{name:22s} threads={threads}  {r['samples_per_s']:8.1f} samples/s  step {r['step_ms']:7.1f} ms"
                      f"  fwd+bwd {r['fwd_bwd_ms']:7.1f} ms  overhead x{r['overhead']:.2f}  ({r['params_m']:.2f}M params)",
                      flush=True)
    common.write_record(args.out, render, provenance,
                        settings={"steps": args.steps, "warmup": args.warmup, "batch_size": BATCH_SIZE,
                                  "threads": list(THREADS), "episodes": EPISODES, "episode_length": EPISODE_LENGTH},
                        rows=rows)


if __name__ == "__main__":
    main()
