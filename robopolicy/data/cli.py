"""``robopolicy data {info,validate,sample,copy} PATH``: inspect, check, generate and re-lay-out episode stores.

Errors opening a store (not a store, another format version, missing ``episode_ends``) are ``StoreError``;
the ``robopolicy`` dispatcher prints them as one line and exits 1.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from robopolicy.atomic import disk_errors_as, require_writable
from robopolicy.data.features import Feature
from robopolicy.data.store import (
    EPISODE_SOURCES,
    IMAGE_COMPRESSION_LEVEL,
    IMAGE_COMPRESSOR,
    IMAGE_COMPRESSORS,
    IMAGE_SHUFFLE,
    IMAGE_SHUFFLES,
    UNCOMPRESSED,
    EpisodeStore,
)
from robopolicy.data.validate import first_broken_episode, unchecked_arrays, validate

SAMPLE_EPISODES = 6
SAMPLE_FPS = 10
SAMPLE_IMAGE_SIZE = 32
SAMPLE_MIN_LENGTH, SAMPLE_MAX_LENGTH = 20, 40
SAMPLE_SUCCESS_DISTANCE = 0.2  # final distance to the goal that counts as success
SAMPLE_TASKS = ("push the block to the goal", "reach the red target")


def _human_bytes(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TB"


def codec_label(array) -> str:
    """An array's compression as one short label: ``lz4 5 bitshuffle``, ``zstd 3 shuffle``, ``none`` (every
    chunk's CRC32C is not listed)."""
    labels = []
    for codec in array.compressors:
        if type(codec).__name__ == "Crc32cCodec":
            continue
        if hasattr(codec, "cname"):
            labels.append(f"{codec.cname.value} {codec.clevel} {codec.shuffle.value}")
        elif hasattr(codec, "level"):
            labels.append(f"{type(codec).__name__.removesuffix('Codec').lower()} {codec.level}")
        else:
            labels.append(type(codec).__name__.removesuffix("Codec").lower())
    return ", ".join(labels) or "none"


def info(path: str, console: Console) -> int:
    store = EpisodeStore.open(path, mode="r")
    lengths = store.episode_lengths
    summary = Table(title=f"episode store {store.path}", show_header=False, box=None, padding=(0, 2))
    summary.add_row("episodes", str(store.num_episodes))
    summary.add_row("steps", str(store.num_steps))
    if len(lengths):
        summary.add_row("episode length", f"min {lengths.min()}, mean {lengths.mean():.1f}, max {lengths.max()}")
    summary.add_row("fps", f"{store.fps:g}")
    if store.robot:
        summary.add_row("robot", store.robot)
    rate = store.success_rate() if store.num_episodes else None
    known = int((store.column("success") >= 0).sum()) if store.num_episodes else 0
    summary.add_row("success rate", f"{rate:.1%} of {known} labelled episodes" if rate is not None else "not recorded")
    sources = store.column("source") if store.num_episodes else np.zeros(0, dtype=np.int8)
    counts = {name: int((sources == i).sum()) for i, name in enumerate(EPISODE_SOURCES) if (sources == i).any()}
    summary.add_row("sources", ", ".join(f"{k} {v}" for k, v in counts.items()) or "-")
    summary.add_row("size on disk", _human_bytes(store.size_on_disk()))
    summary.add_row("created by", store.created_by or "-")
    console.print(summary)

    features = Table(title="features", title_justify="left")
    for col in ("key", "kind", "shape", "dtype", "chunk (steps)", "codec"):
        features.add_column(col)
    for key, f in store.features.items():
        features.add_row(key, f.kind, str(f.shape), f.dtype, str(store.array(key).chunks[0]),
                         codec_label(store.array(key)))
    console.print(features)

    if store.tasks:
        task_index = store.column("task_index")
        tasks = Table(title="tasks", title_justify="left")
        tasks.add_column("#", justify="right")
        tasks.add_column("instruction")
        tasks.add_column("episodes", justify="right")
        for i, task in enumerate(store.tasks):
            tasks.add_row(str(i), task, str(int((task_index == i).sum())))
        console.print(tasks)
    else:
        console.print("tasks: none recorded")
    return 0


def validate_command(path: str, console: Console) -> int:
    store = EpisodeStore.open(path, mode="r")
    with Progress(TextColumn("checking {task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=console, transient=True) as progress:
        bars: dict[str, int] = {}

        def report(array: str, done: int, total: int) -> None:
            if array not in bars:
                bars[array] = progress.add_task(array, total=total)
            progress.update(bars[array], completed=done)

        problems = validate(store, progress=report)
    unchecked = unchecked_arrays(store)
    if unchecked:
        console.print(f"[yellow]note[/]: {len(unchecked)} array(s) unchecked: {', '.join(unchecked)} carry no checksums "
                      f"(format version {store.version}, written before robopolicy checksummed meta arrays), so "
                      "flipped bits there cannot be detected. Copy the episodes into a new store (robopolicy collect "
                      "or EpisodeStore.create + append_episode) to get them checked.", highlight=False, soft_wrap=True)
    if not problems:
        console.print(f"[green]ok[/]: {store.path} is valid ({store.num_episodes} episodes, {store.num_steps} steps, "
                      f"{len(store.features)} arrays, every chunk decodes)")
        return 0
    table = Table(title=f"{len(problems)} problem(s) in {store.path}", title_justify="left")
    for col in ("array", "episodes", "problem"):
        table.add_column(col)
    for p in problems:
        shown = ", ".join(map(str, p.episodes[:8])) + (" …" if len(p.episodes) > 8 else "")
        table.add_row(p.array or "-", shown or "-", p.message)
    console.print(table)
    first = first_broken_episode(problems)
    if first is not None:
        console.print(f"[red]invalid[/]: first broken episode {first.episode} ({first.array}: {first.message})",
                      highlight=False, soft_wrap=True)
    else:
        console.print(f"[red]invalid[/]: {problems[0]}", highlight=False, soft_wrap=True)
    return 1


def write_sample(path: str, console: Console, episodes: int = SAMPLE_EPISODES, seed: int = 0,
                 overwrite: bool = False) -> int:
    """A small generated store (state, one camera, action, reward, done; two tasks) for trying the tools."""
    size = SAMPLE_IMAGE_SIZE
    features = {"state": Feature((4,), "float32", "state"), "cam_front": Feature((size, size, 3), "uint8", "image"),
                "action": Feature((2,), "float32", "action"), "reward": Feature((), "float32", "reward"),
                "done": Feature((), "bool", "done")}
    store = EpisodeStore.create(path, features, fps=SAMPLE_FPS, robot="point-mass", created_by="robopolicy data sample",
                                overwrite=overwrite)
    rng = np.random.default_rng(seed)
    grid = np.linspace(0.0, 1.0, size, dtype=np.float32)
    for e in range(episodes):
        length = int(rng.integers(SAMPLE_MIN_LENGTH, SAMPLE_MAX_LENGTH + 1))
        goal = rng.uniform(-1, 1, size=2).astype(np.float32)
        start = rng.uniform(-1, 1, size=2).astype(np.float32)
        progress = np.linspace(0.0, rng.uniform(0.5, 1.0), length, dtype=np.float32)[:, None]
        pos = (start + progress * (goal - start) + rng.normal(0, 0.02, size=(length, 2))).astype(np.float32)
        action = np.diff(pos, axis=0, append=pos[-1:]).astype(np.float32)
        state = np.concatenate([pos, np.broadcast_to(goal, (length, 2))], axis=1)
        brightness = (pos[:, :1, None] + grid[None, :, None]) % 1.0  # (L, W, 1) moving gradient
        image = np.broadcast_to((brightness * 255).astype(np.uint8)[:, None, :, :], (length, size, size, 3))
        distance = np.linalg.norm(pos - goal, axis=1).astype(np.float32)
        done = np.zeros(length, dtype=bool)
        done[-1] = True
        success = bool(distance[-1] < SAMPLE_SUCCESS_DISTANCE)
        store.append_episode({"state": state, "cam_front": image.copy(), "action": action, "reward": -distance,
                              "done": done}, task=SAMPLE_TASKS[e % len(SAMPLE_TASKS)], success=success, seed=e)
    console.print(f"wrote {store.num_episodes} episodes ({store.num_steps} steps) to {store.path}")
    return 0


def copy_command(src: str, dst: str, console: Console, overwrite: bool = False, **layout) -> int:
    """Copy a store into another image layout (e.g. ``--image-compressor none`` for hot data) and say what changed."""
    store = EpisodeStore.open(src, mode="r")
    require_writable(Path(dst), "data copy: DST ")  # before any episode is read or written
    unchanged = "DST is unchanged" if Path(dst).exists() else "nothing is left at DST"
    # the copy is staged beside DST: a disk that fails mid-copy is one line, the staged copy already removed
    with disk_errors_as(f"data copy: DST {dst}", f"the partial copy was removed and {unchanged}: free space, "
                        "then run the command again"), \
            Progress(TextColumn("copying episodes"), BarColumn(), MofNCompleteColumn(), console=console,
                     transient=True) as bar:
        task = bar.add_task("copy", total=store.num_episodes)
        new = store.copy(dst, overwrite=overwrite, progress=lambda done, total: bar.update(task, completed=done),
                         **{k: v for k, v in layout.items() if v is not None})
    images = [k for k, f in store.features.items() if f.kind == "image"]
    console.print(f"wrote {new.path}: {new.num_episodes} episodes, {new.num_steps} steps, "
                  f"{_human_bytes(new.size_on_disk())} on disk (was {_human_bytes(store.size_on_disk())})"
                  + ("" if images else "; it has no image arrays, so the layout options changed nothing"))
    if images and layout.get("image_compressor") == UNCOMPRESSED:
        console.print("images are uncompressed: the from-disk sampler copies their rows straight out of the chunk "
                      "files, with no decoding")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="robopolicy data", description="inspect and validate episode stores")
    sub = parser.add_subparsers(dest="command", required=True)
    p_info = sub.add_parser("info", help="episodes, steps, features, tasks, sources, size, success rate")
    p_info.add_argument("path")
    p_val = sub.add_parser("validate", help="check every invariant and decode every chunk (exit 1 when broken)")
    p_val.add_argument("path")
    p_sample = sub.add_parser("sample", help="write a small generated sample store")
    p_sample.add_argument("path")
    p_sample.add_argument("--episodes", type=int, default=SAMPLE_EPISODES)
    p_sample.add_argument("--seed", type=int, default=0)
    p_sample.add_argument("--overwrite", action="store_true")
    p_copy = sub.add_parser("copy", help="copy a store into another image layout (e.g. uncompressed for hot data)")
    p_copy.add_argument("src")
    p_copy.add_argument("dst")
    p_copy.add_argument("--image-compressor", choices=IMAGE_COMPRESSORS, default=None,
                        help=f"blosc compressor of the image arrays, or {UNCOMPRESSED!r} (default {IMAGE_COMPRESSOR})")
    p_copy.add_argument("--image-shuffle", choices=IMAGE_SHUFFLES, default=None,
                        help=f"shuffle before compression (default {IMAGE_SHUFFLE})")
    p_copy.add_argument("--image-compression-level", type=int, choices=range(1, 10), metavar="1-9", default=None,
                        help=f"blosc level (default {IMAGE_COMPRESSION_LEVEL})")
    p_copy.add_argument("--image-chunk-bytes", type=int, default=None, help="uncompressed bytes per image chunk")
    p_copy.add_argument("--overwrite", action="store_true", help="replace an existing store at DST")
    args = parser.parse_args(argv)
    console = Console()
    if args.command == "info":
        return info(args.path, console)
    if args.command == "validate":
        return validate_command(args.path, console)
    if args.command == "copy":
        return copy_command(args.src, args.dst, console, overwrite=args.overwrite,
                            image_compressor=args.image_compressor, image_shuffle=args.image_shuffle,
                            image_compression_level=args.image_compression_level,
                            image_chunk_bytes=args.image_chunk_bytes)
    return write_sample(str(Path(args.path)), console, episodes=args.episodes, seed=args.seed,
                        overwrite=args.overwrite)
