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
Prints the ratio (target >= 10x), writes docs/benchmarks/convert.json (the measurements, the settings, where and
when) and renders docs/benchmarks/convert.md from it; ``--render`` re-renders the page from the JSON only.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/convert.py): this folder is on sys.path
    import common

OBS_HORIZON, PRED_HORIZON, EXEC_HORIZON = 2, 16, 8
BATCH_SIZE = 64
LEROBOT_CODEC, LEROBOT_CRF = "libsvtav1", 30  # LeRobot 0.4.4's encoder defaults
REPORT = common.PAGES / "convert.md"
SPEEDUP_TARGET = 10.0

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
import lerobot
print(json.dumps({"samples_per_s": n / (time.perf_counter() - start), "samples": n, "lerobot": lerobot.__version__}))
"""


def synthetic_store(path: Path, episodes: int, length: int, image_size: int, cameras: int):
    """Smoothly moving gradients (compressible like real camera footage, unlike noise)."""
    from robopolicy.data import EpisodeStore

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

    def __init__(self, root: Path, store_for_index, cams: list[str]):
        import av

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


def time_store_batches(store, cams: list[str], seconds: float, in_memory: bool) -> tuple[float, float]:
    """(samples/s, seconds to build the sampler: for in_memory, the one-off copy of the store into RAM)."""
    from robopolicy.data import WindowSampler

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


def time_decode_only(root: Path, store, cams: list[str]) -> float:
    """Camera frames/s of the importer's sequential decoding alone (no store writes)."""
    from robopolicy.data.formats.video import EpisodeFrameReader

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


def table_rows(record: dict) -> dict[str, str]:
    """The page's table, measure -> result, from the JSON record."""
    s, m = record["settings"], record["measurements"]
    frames, target = m["frames"], s["speedup_target"]
    rows = {
        "dataset": f"{s['episodes']} episodes x {s['length']} frames, {s['cameras']} cameras "
                   f"{s['image_size']}x{s['image_size']}, fps 10 ({frames} frames)",
        f"export (store -> LeRobot v3, {s['codec']} crf {s['crf']})":
            f"{frames / m['export_s']:,.0f} steps/s ({m['export_s']:.1f} s)",
        "import (LeRobot v3 -> store)": f"{frames / m['import_s']:,.0f} steps/s = "
                                        f"{frames * s['cameras'] / m['import_s']:,.0f} camera frames/s "
                                        f"({m['import_s']:.1f} s)",
        "of which video decoding alone (PyAV, sequential)": f"{m['decode_frames_per_s']:,.0f} camera frames/s",
        "size on disk": f"videos {m['video_mb']:.2f} MB, store {m['store_mb']:.1f} MB (lossless; images "
                        f"{s['store_image_codec']})",
        f"windows from the store (WindowSampler, in memory, batch {s['batch_size']})":
            f"{m['store_samples_per_s']:,.0f} samples/s (after a one-off {m['store_load_s']:.1f} s load)",
        f"windows from the store (WindowSampler, from Zarr on disk, batch {s['batch_size']})":
            f"{m['disk_samples_per_s']:,.0f} samples/s",
        "windows decoded on the fly with PyAV (seek + decode per camera) (reference)":
            f"{m['video_samples_per_s']:,.0f} samples/s",
    }
    if m["lerobot_samples_per_s"] is not None:
        rows[f"windows from the real LeRobot {m['lerobot_version']} (LeRobotDataset + delta_timestamps)"] = \
            f"{m['lerobot_samples_per_s']:,.0f} samples/s"
    memory, disk = (m[f"{k}_samples_per_s"] / m["video_samples_per_s"] for k in ("store", "disk"))
    rows["speed-up after conversion vs PyAV on the fly"] = (
        f"**{memory:.0f}x** in memory ({'met' if memory >= target else 'missed'}), {disk:.0f}x from disk "
        f"({'met' if disk >= target else 'missed'}) (target >= {target:.0f}x)")
    if m["lerobot_samples_per_s"] is not None:
        rows["speed-up after conversion vs real LeRobot"] = f"{m['store_samples_per_s'] / m['lerobot_samples_per_s']:.0f}x"
    return rows


def render(record: dict) -> str:
    """The page, from the JSON record only."""
    s, m = record["settings"], record["measurements"]
    decode_s = m["frames"] * s["cameras"] / m["decode_frames_per_s"]
    lines = ["# Conversion benchmark: LeRobot v3 import and training-time sampling", "",
             f"Windows are To={s['obs_horizon']} frames per camera + Tp={s['pred_horizon']} actions, uniformly random "
             f"over the dataset, each sampling method timed for {s['seconds']:g} s; torch threads 1.", "",
             common.measured_line(record, "convert.json"), "",
             "| measure | result |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in table_rows(record).items()]
    lines += ["", "Why: a video window costs a seek to the previous keyframe and a decode of every frame up to the "
              "wanted ones, per camera, per sample; after conversion a window is a few array gathers from RAM "
              "(or Zarr chunks). The store is lossless, so it is larger than the AV1 videos. Of the import time, video "
              f"decoding alone accounts for {decode_s / m['import_s']:.0%} (row above); the rest is mostly the store's "
              "compressed Zarr writes."
              + (f" The real-LeRobot row ran in another interpreter with lerobot {m['lerobot_version']} (torchcodec "
                 "decoder, no DataLoader workers)." if m["lerobot_samples_per_s"] is not None else
                 " The real LeRobot was not measured in this run (it needs `--lerobot-python`, an interpreter with "
                 "lerobot installed).")]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=30)
    parser.add_argument("--length", type=int, default=100)
    parser.add_argument("--image-size", type=int, default=96)
    parser.add_argument("--cameras", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0, help="measuring time per sampling method")
    parser.add_argument("--lerobot-python", default="", help="an interpreter with lerobot installed (optional)")
    parser.add_argument("--no-report", action="store_true", help="write neither the JSON nor the page")
    args = common.page_args(parser, REPORT, render)
    from robopolicy.data.formats.lerobot import import_lerobot
    from robopolicy.data.formats.lerobot_export import export_lerobot
    from robopolicy.data.store import IMAGE_COMPRESSOR, IMAGE_SHUFFLE

    provenance = common.start("python benchmarks/convert.py", threads=1)
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
        lerobot = None
        if args.lerobot_python:
            out = subprocess.run([args.lerobot_python, "-c", LEROBOT_MEASURE, str(work / "lerobot"), json.dumps(cams),
                                  str(args.seconds), "0"], capture_output=True, text=True, check=True)
            lerobot = json.loads(out.stdout.strip().splitlines()[-1])
        video_mb = sum(p.stat().st_size for p in (work / "lerobot/videos").rglob("*.mp4")) / 1e6
        store_mb = store.size_on_disk() / 1e6
    finally:
        shutil.rmtree(work, ignore_errors=True)
    record = common.record(
        provenance,
        settings={"episodes": args.episodes, "length": args.length, "image_size": args.image_size,
                  "cameras": args.cameras, "seconds": args.seconds, "codec": LEROBOT_CODEC, "crf": LEROBOT_CRF,
                  "batch_size": BATCH_SIZE, "obs_horizon": OBS_HORIZON, "pred_horizon": PRED_HORIZON,
                  "store_image_codec": f"{IMAGE_COMPRESSOR} + {IMAGE_SHUFFLE}",
                  "lerobot_python": args.lerobot_python or None, "speedup_target": SPEEDUP_TARGET},
        measurements={"frames": int(frames), "export_s": export_s, "import_s": import_s,
                      "decode_frames_per_s": decode_rate, "store_samples_per_s": store_rate, "store_load_s": load_s,
                      "disk_samples_per_s": disk_rate, "video_samples_per_s": video_rate,
                      "lerobot_samples_per_s": lerobot["samples_per_s"] if lerobot else None,
                      "lerobot_version": lerobot.get("lerobot") if lerobot else None,
                      "video_mb": video_mb, "store_mb": store_mb})
    for k, v in table_rows(record).items():
        print(f"{k:70s} {v}")
    if not args.no_report:
        common.write_page(args.out, record, render)


if __name__ == "__main__":
    main()
