"""Import speed of LeRobot v3 datasets, and training-time window sampling after conversion vs from video.

    python benchmarks/convert.py [--episodes 30 --length 100 --image-size 96 --cameras 2]
                                 [--lerobot-python /tmp/lerobot-scratch/venv/bin/python]

1. Builds synthetic episodes (state, action, N cameras), writes them as a LeRobot v3.0 dataset with our exporter
   using LeRobot's default video settings (AV1 via libsvtav1, crf 30, keyframe every 2 frames).
2. Times ``import_lerobot`` on it: frames/s.
3. On the same episodes, training windows (To=2 observation frames per camera, Tp=16 actions, batches of 64):
   - from the converted store with ``robopolicy.data.WindowSampler`` (in memory, vectorized ``get_batch``);
   - from the LeRobot files with PyAV, decoding each window's frames on the fly (seek + decode per camera, open
     containers cached, states/actions already in memory) - what LeRobot's loader does per item;
   - optionally with the real LeRobot (``LeRobotDataset`` + ``delta_timestamps``, its default torchcodec decoder)
     run by another interpreter that has lerobot installed (``--lerobot-python``).
Prints the ratio (target >= 10x) and writes docs/benchmarks/convert.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import av
import numpy as np
import torch

from robopolicy.data import EpisodeStore, WindowSampler
from robopolicy.data.formats.lerobot import import_lerobot
from robopolicy.data.formats.lerobot_export import export_lerobot
from robopolicy.data.formats.video import EpisodeFrameReader

OBS_HORIZON, PRED_HORIZON, EXEC_HORIZON = 2, 16, 8
BATCH_SIZE = 64
LEROBOT_CODEC, LEROBOT_CRF = "libsvtav1", 30  # LeRobot 0.4.4's encoder defaults
REPORT = Path(__file__).resolve().parents[1] / "docs/benchmarks/convert.md"

LEROBOT_MEASURE = """
import json, sys, time, torch
torch.set_num_threads(1)
from lerobot.datasets.lerobot_dataset import LeRobotDataset
root, cams, seconds, seed = sys.argv[1], json.loads(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
probe = LeRobotDataset("robopolicy/bench", root=root)
fps = probe.fps
deltas = {f"observation.images.{c}": [-1 / fps, 0.0] for c in cams}
deltas["observation.state"] = [-1 / fps, 0.0]
deltas["action"] = [t / fps for t in range(16)]
ds = LeRobotDataset("robopolicy/bench", root=root, delta_timestamps=deltas)
g = torch.Generator().manual_seed(seed)
n, start = 0, time.perf_counter()
while time.perf_counter() - start < seconds:
    ds[int(torch.randint(len(ds), (1,), generator=g))]
    n += 1
print(json.dumps({"samples_per_s": n / (time.perf_counter() - start), "samples": n}))
"""


def synthetic_store(path: Path, episodes: int, length: int, image_size: int, cameras: int) -> EpisodeStore:
    """Smoothly moving gradients (compressible like real camera footage, unlike noise)."""
    rng = np.random.default_rng(0)
    cams = [f"cam{i}" for i in range(cameras)]
    features = {"state": {"shape": (14,), "dtype": "float32", "kind": "state"},
                **{c: {"shape": (image_size, image_size, 3), "dtype": "uint8", "kind": "image"} for c in cams},
                "action": {"shape": (7,), "dtype": "float32", "kind": "action"}}
    store = EpisodeStore.create(path, features, fps=10, robot="bench_arm")
    y, x = np.mgrid[0:image_size, 0:image_size]
    for e in range(episodes):
        t = np.arange(length)[:, None, None]
        frames = {}
        for i, c in enumerate(cams):
            r = (x[None] * 2 + t * (3 + i) + 17 * e) % 256
            g = (y[None] * 2 + t * 2) % 256
            b = np.broadcast_to((x[None] + y[None] + 40 * i) % 256, r.shape)
            frames[c] = np.stack([r, g, b], axis=-1).astype(np.uint8)
        store.append_episode({"state": rng.standard_normal((length, 14)).astype(np.float32),
                              "action": rng.standard_normal((length, 7)).astype(np.float32), **frames},
                             task=f"task {e % 3}")
    return store


class OnTheFlyVideoWindows:
    """Training windows straight from LeRobot v3 files: seek + decode the To frames of every camera per window."""

    def __init__(self, root: Path, store_for_index: EpisodeStore, cams: list[str]):
        self.root, self.cams, self.fps = root, cams, store_for_index.fps
        self.starts, self.lengths = store_for_index.episode_starts, store_for_index.episode_lengths
        numeric = store_for_index.load(["state", "action"])  # parquet values, already in RAM (kind to the baseline)
        self.state, self.action = numeric["state"], numeric["action"]
        self.containers = {c: av.open(str(root / f"videos/observation.images.{c}/chunk-000/file-000.mp4"))
                           for c in cams}

    def frames(self, cam: str, timestamps: list[float]) -> np.ndarray:
        container = self.containers[cam]
        stream = container.streams.video[0]
        container.seek(int(timestamps[0] / stream.time_base), stream=stream, backward=True, any_frame=False)
        wanted, out = {round(t * self.fps) for t in timestamps}, {}
        for frame in container.decode(stream):
            index = round(float(frame.time) * self.fps)
            if index in wanted:
                out[index] = frame.to_ndarray(format="rgb24")
            if index >= max(wanted):
                break
        return np.stack([out[i] for i in sorted(wanted)])

    def window(self, episode: int, step: int) -> dict[str, np.ndarray]:
        start, length = int(self.starts[episode]), int(self.lengths[episode])
        obs_steps = np.clip(np.arange(step - OBS_HORIZON + 1, step + 1), 0, length - 1) + start
        act_steps = np.clip(np.arange(step - OBS_HORIZON + 1, step - OBS_HORIZON + 1 + PRED_HORIZON), 0,
                            length - 1) + start
        item = {"state": self.state[obs_steps], "action": self.action[act_steps]}
        for c in self.cams:
            item[c] = self.frames(c, [float(s) / self.fps for s in obs_steps])
        return item


def time_store_batches(store: EpisodeStore, cams: list[str], seconds: float, in_memory: bool) -> tuple[float, float]:
    """(samples/s, seconds to build the sampler: for in_memory, the one-off copy of the store into RAM)."""
    built = time.perf_counter()
    sampler = WindowSampler(store, obs_keys=["state", *cams], action_key="action", obs_horizon=OBS_HORIZON,
                            pred_horizon=PRED_HORIZON, exec_horizon=EXEC_HORIZON, in_memory=in_memory)
    built = time.perf_counter() - built
    rng = np.random.default_rng(0)
    sampler.get_batch(rng.integers(len(sampler), size=BATCH_SIZE))  # warm-up
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        batch = sampler.get_batch(rng.integers(len(sampler), size=BATCH_SIZE))
        n += len(batch["action"])
    return n / (time.perf_counter() - start), built


def time_decode_only(root: Path, store: EpisodeStore, cams: list[str]) -> float:
    """Camera frames/s of the importer's sequential decoding alone (no store writes)."""
    start, n = time.perf_counter(), 0
    for cam in cams:
        reader = EpisodeFrameReader(root / f"videos/observation.images.{cam}/chunk-000/file-000.mp4")
        for first, length in zip(store.episode_starts, store.episode_lengths):
            n += len(reader.read(float(first) / store.fps, int(length), store.fps))
        reader.close()
    return n / (time.perf_counter() - start)


def time_video_windows(windows: OnTheFlyVideoWindows, seconds: float) -> float:
    rng = np.random.default_rng(0)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        episode = int(rng.integers(len(windows.lengths)))
        windows.window(episode, int(rng.integers(windows.lengths[episode])))
        n += 1
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=30)
    parser.add_argument("--length", type=int, default=100)
    parser.add_argument("--image-size", type=int, default=96)
    parser.add_argument("--cameras", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0, help="measuring time per sampling method")
    parser.add_argument("--lerobot-python", default="", help="an interpreter with lerobot installed (optional)")
    parser.add_argument("--no-report", action="store_true")
    args = parser.parse_args()
    torch.set_num_threads(1)
    cams = [f"cam{i}" for i in range(args.cameras)]
    work = Path(tempfile.mkdtemp(prefix="rp_bench_convert_"))
    try:
        source = synthetic_store(work / "source.zarr", args.episodes, args.length, args.image_size, args.cameras)
        frames = source.num_steps
        t0 = time.perf_counter()
        export_lerobot(source, work / "lerobot", codec=LEROBOT_CODEC, crf=LEROBOT_CRF, progress=False)
        export_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        store = import_lerobot(work / "lerobot", work / "imported.zarr", progress=False)
        import_s = time.perf_counter() - t0
        decode_rate = time_decode_only(work / "lerobot", store, cams)
        store_rate, load_s = time_store_batches(store, cams, args.seconds, in_memory=True)
        disk_rate, _ = time_store_batches(store, cams, args.seconds, in_memory=False)
        video_rate = time_video_windows(OnTheFlyVideoWindows(work / "lerobot", store, cams), args.seconds)
        lerobot_rate = None
        if args.lerobot_python:
            out = subprocess.run([args.lerobot_python, "-c", LEROBOT_MEASURE, str(work / "lerobot"), json.dumps(cams),
                                  str(args.seconds), "0"], capture_output=True, text=True, check=True)
            lerobot_rate = json.loads(out.stdout.strip().splitlines()[-1])["samples_per_s"]
        video_mb = sum(p.stat().st_size for p in (work / "lerobot/videos").rglob("*.mp4")) / 1e6
        store_mb = store.size_on_disk() / 1e6
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rows = {
        "dataset": f"{args.episodes} episodes x {args.length} frames, {args.cameras} cameras "
                   f"{args.image_size}x{args.image_size}, fps 10 ({frames} frames)",
        "export (store -> LeRobot v3, AV1 crf 30)": f"{frames / export_s:,.0f} steps/s ({export_s:.1f} s)",
        "import (LeRobot v3 -> store)": f"{frames / import_s:,.0f} steps/s = {frames * args.cameras / import_s:,.0f} "
                                        f"camera frames/s ({import_s:.1f} s)",
        "of which video decoding alone (PyAV, sequential)": f"{decode_rate:,.0f} camera frames/s",
        "size on disk": f"videos {video_mb:.2f} MB, store {store_mb:.1f} MB (lossless zstd)",
        "windows from the store (WindowSampler, in memory, batch 64)": f"{store_rate:,.0f} samples/s "
                                                                       f"(after a one-off {load_s:.1f} s load)",
        "windows from the store (WindowSampler, from Zarr on disk, batch 64)": f"{disk_rate:,.0f} samples/s",
        "windows decoded on the fly with PyAV (seek + decode per camera)": f"{video_rate:,.0f} samples/s",
    }
    if lerobot_rate is not None:
        rows["windows from the real LeRobot 0.4.4 (LeRobotDataset + delta_timestamps)"] = \
            f"{lerobot_rate:,.0f} samples/s"
    rows["speed-up after conversion vs PyAV on the fly"] = \
        f"{store_rate / video_rate:.0f}x in memory, {disk_rate / video_rate:.0f}x from disk (target >= 10x)"
    if lerobot_rate is not None:
        rows["speed-up after conversion vs real LeRobot"] = f"{store_rate / lerobot_rate:.0f}x"
    for k, v in rows.items():
        print(f"{k:70s} {v}")
    if not args.no_report:
        write_report(rows, args)


def write_report(rows: dict[str, str], args: argparse.Namespace) -> None:
    lines = ["# Conversion benchmark: LeRobot v3 import and training-time sampling", "",
             f"`python benchmarks/convert.py{' --lerobot-python ' + args.lerobot_python if args.lerobot_python else ''}`"
             f" on {platform.node() or 'this machine'} ({platform.processor() or platform.machine()}, "
             f"torch threads 1, CPU shared with other jobs; numbers vary run to run). Windows are To=2 frames per "
             f"camera + Tp=16 actions, uniformly random over the dataset.", "",
             "| measure | result |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in rows.items()]
    lines += ["", "Why: a video window costs a seek to the previous keyframe and a decode of every frame up to the "
              "wanted ones, per camera, per sample; after conversion a window is a few array gathers from RAM "
              "(or Zarr chunks). The store is lossless, so it is larger than the AV1 videos. Import time is mostly the "
              "store's compressed Zarr writes; decoding is the smaller part (row above). The real-LeRobot row ran "
              "in a scratch venv with lerobot 0.4.4 (torchcodec decoder, no DataLoader workers).", ""]
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join(lines))
    print(f"wrote {REPORT}")


if __name__ == "__main__":
    main()
