"""What the CPU allows for a pixel + language generalist: vla_flow from one camera at 1 thread, against state only.

Issue #49 item 1 (vla_flow on MT10 from pixels + language) trains for hours on CPU; this measures, before such a
run, what each image setting costs. A small real store is collected once into a temp dir (scripted expert with
action noise 0.1 on two MT10 tasks, one ``corner`` camera, as ``datasets/recipes/mt10_pixels50_noise0.1.yaml``
records it), at each image size. For the shipped ``policy=vla_flow`` defaults (instruction through frozen
MiniLM, image tokens into the transformer trunk, random crop 76/84 of the image in training) with
``image_encoder.width`` and the image size varied, and with the state-only vla_flow (``obs_keys=[state]``) as the
reference row in the same run, all at 1 torch thread:

  train step   the trainer's own step at batch 64 (batch from its in-memory window sampler, forward, backward,
               clipping, AdamW, scheduler, EMA), mean over ``--steps`` after ``--warmup`` steps
  sample       latency of one action chunk (``policy.sample``, one observation from the store, K = 10 Euler
               steps), median of ``--repeats``
  render       the env's extra cost per step for the camera (MuJoCo offscreen, ``MUJOCO_GL=egl``): a step with
               the camera rendered at that size minus a state-only step, best of ``--render-repeats`` blocks
  hours        a 9,000-step training run (the multi-task VLA recipe) at the measured step time, on one core

Writes docs/benchmarks/vla_pixels.json (the measurements, the settings, where and when) and renders
docs/benchmarks/vla_pixels.md from it; ``--render`` re-renders the page from the JSON only.

    python -m benchmarks.vla_pixels [--steps 30] [--warmup 3] [--repeats 15]
    python -m benchmarks.vla_pixels --render
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("LP_NUM_THREADS", "1")  # EGL without a GPU is Mesa's llvmpipe: rasterize on one thread too

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/vla_pixels.py): this folder is on sys.path
    import common

OUT = common.PAGES / "vla_pixels.md"

TASKS = ("metaworld/reach-v3", "metaworld/push-v3")  # two of MT10's ten
EPISODES, MAX_STEPS, ACTION_NOISE, CAMERA = 3, 60, 0.1, "corner"  # per task
BATCH_SIZE, THREADS, RUN_STEPS = 64, 1, 9000
EXEC_HORIZON = 8  # policy=vla_flow's exec_horizon: one chunk sampled per 8 executed actions
RENDER_ENV, RENDER_STEPS = "metaworld/push-v3", 100
STATE = "state only (reference)"
# (row name, image size or None for state only, image_encoder.width)
SETTINGS = ((STATE, None, None), ("64 px, width 16", 64, 16), ("64 px, width 32 (shipped)", 64, 32),
            ("64 px, width 64 (ResNet-18)", 64, 64), ("48 px, width 16", 48, 16), ("48 px, width 32", 48, 32))


def collect_store(path: Path, image_size: int) -> Path:
    from robopolicy.eval.collect import collect_episodes

    collect_episodes(list(TASKS), "expert", EPISODES, path, action_noise=ACTION_NOISE, cameras=[CAMERA],
                     image_size=image_size, max_steps=MAX_STEPS, progress=False)
    return path


def one_observation(store_path: Path, obs_keys: list[str], horizon: int) -> dict:
    """The first ``horizon`` steps of episode 0 as a raw batch-of-one observation, with its instruction."""
    from robopolicy.data.store import EpisodeStore

    store = EpisodeStore.open(store_path)
    episode = store.episode(0, obs_keys)
    obs = {k: v[None, :horizon] for k, v in episode.items()}
    obs["task"] = [store.episode_meta(0)["task"]]
    return obs


def measure_policy(store: Path, run_dir: Path, width: int | None, steps: int, warmup: int, repeats: int) -> dict:
    import torch

    from robopolicy.train.config import compose_train_config
    from robopolicy.train.trainer import Trainer

    overrides = [f"dataset={store}", f"run_dir={run_dir}", "policy=vla_flow", f"threads={THREADS}",
                 f"batch_size={BATCH_SIZE}", f"steps={steps + warmup}", "val_fraction=0.2"]
    overrides += ["obs_keys=[state]"] if width is None else [f"policy.image_encoder.width={width}"]
    trainer = Trainer(compose_train_config(overrides))
    torch.set_num_threads(THREADS)
    batches = trainer._batches()
    common.train_steps(trainer, batches, warmup)
    start, cpu = time.perf_counter(), time.process_time()
    common.train_steps(trainer, batches, steps)
    step_s, step_cpu_s = (time.perf_counter() - start) / steps, (time.process_time() - cpu) / steps

    policy = trainer.policy.eval()
    obs_keys = ["state"] if width is None else ["state", CAMERA]
    obs = one_observation(store, obs_keys, policy.spec.obs_horizon)
    times, cpu_times = [], []
    with torch.no_grad():
        policy.sample(obs)  # warm-up
        for _ in range(repeats):
            t, c = time.perf_counter(), time.process_time()
            policy.sample(obs)
            times.append(time.perf_counter() - t)
            cpu_times.append(time.process_time() - c)
    from robopolicy.models.image_encoder import ResNetImageEncoder

    encoders = [m for m in policy.modules() if isinstance(m, ResNetImageEncoder)]
    return {"step_ms": 1e3 * step_s, "step_cpu_ms": 1e3 * step_cpu_s, "steps_per_s": 1 / step_s,
            "samples_per_s": BATCH_SIZE / step_s, "sample_ms": 1e3 * statistics.median(times),
            "sample_cpu_ms": 1e3 * statistics.median(cpu_times), "sample_min_ms": 1e3 * min(times),
            "params_m": sum(p.numel() for p in policy.parameters()) / 1e6,
            "image_encoder_params_m": (sum(p.numel() for m in encoders for p in m.parameters()) / 1e6
                                       if encoders else None)}


def env_step_seconds(image_size: int | None, repeats: int) -> tuple[float, float, str | None]:
    """Best (wall, CPU) seconds per env step (fixed action, resets excluded) with one camera at ``image_size``
    (None: none), and the OpenGL renderer that drew it."""
    import numpy as np

    from robopolicy.sim import make_env

    env = make_env(RENDER_ENV, cameras=[CAMERA] if image_size else [], image_size=image_size or 84, state=True)
    action = np.zeros(env.action_space.shape, dtype=np.float32)
    best, best_cpu, renderer = float("inf"), float("inf"), None
    try:
        for r in range(repeats):
            env.reset(seed=r)
            start, cpu = time.perf_counter(), time.process_time()
            for _ in range(RENDER_STEPS):
                env.step(action)
            best = min(best, (time.perf_counter() - start) / RENDER_STEPS)
            best_cpu = min(best_cpu, (time.process_time() - cpu) / RENDER_STEPS)
        if image_size:
            try:  # the context the env rendered in is current on this thread
                from OpenGL import GL

                renderer = GL.glGetString(GL.GL_RENDERER).decode()
            except Exception:  # noqa: BLE001 - only a label on the page
                renderer = None
    finally:
        env.close()
    return best, best_cpu, renderer


def render(record: dict) -> str:
    """The page, from the JSON record only."""
    s, rows, env = record["settings"], record["rows"], record["env_step"]
    ref = next(r for r in rows if r["image_size"] is None)
    run = s["run_steps"]

    def hours(ms: float) -> float:
        return run * ms / 3.6e6

    lines = ["# Pixel generalist on CPU (`benchmarks/vla_pixels.py`)", "",
             "What one core allows for vla_flow from one camera + language (issue #49 item 1: the MT10 pixel "
             "generalist), against the state-only vla_flow measured in the same run. Real data: "
             f"{s['episodes']} scripted-expert episodes (action noise {s['action_noise']}, at most {s['max_steps']} "
             f"steps) on each of {', '.join('`' + t + '`' for t in s['tasks'])} with one `{s['camera']}` camera, "
             "collected once per image size into a temp dir. Policy: `policy=vla_flow`'s defaults (frozen MiniLM "
             "instruction, image feature-map cells as trunk tokens, random crop 76/84 in training) with "
             f"`image_encoder.width` and the image size varied; {s['threads']} torch thread.", "",
             f"- *train step*: the trainer's own step at batch {s['batch_size']} (in-memory window sampler, forward, "
             f"backward, clipping, AdamW, scheduler, EMA), mean of {s['steps']} steps after {s['warmup']} warm-up, "
             "in wall-clock and in CPU time of the process (other jobs inflate CPU time less: it is close to what an "
             "idle core takes). *x state* = CPU time / the state-only row's.",
             f"- *sample*: one action chunk (K = 10 Euler steps, one observation), median of {s['repeats']} (wall).",
             f"- *hours*: a {run:,}-step run (the multi-task VLA recipe) at that step time, training only "
             "(validation, checkpoints and evaluation extra): from wall time at this load, and from CPU time.",
             f"- *render*: the env's extra cost per step for the camera (`{s['render_env']}`, MuJoCo offscreen, "
             f"`MUJOCO_GL={s['mujoco_gl']}`, renderer `{env['gl_renderer']}`, `LP_NUM_THREADS={env['lp_num_threads']}`"
             f"): a step with the camera minus a state-only step, best of {s['render_repeats']} blocks of "
             f"{s['render_steps']} steps.", "",
             common.measured_line(record, "vla_pixels.json"), "",
             "| observations | params (M) | image encoder (M) | train step (ms, wall) | (ms, CPU) | x state | "
             "sample (ms) | x state | hours for 9k steps (wall) | (CPU) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        enc = "–" if r["image_encoder_params_m"] is None else f"{r['image_encoder_params_m']:.2f}"
        lines.append(f"| {r['name']} | {r['params_m']:.2f} | {enc} | {r['step_ms']:.0f} | {r['step_cpu_ms']:.0f} | "
                     f"{r['step_cpu_ms'] / ref['step_cpu_ms']:.2f} | {r['sample_ms']:.0f} | "
                     f"{r['sample_ms'] / ref['sample_ms']:.2f} | {hours(r['step_ms']):.2f} | "
                     f"{hours(r['step_cpu_ms']):.2f} |")
    sizes = sorted(env["render_ms"], key=int)
    lines += ["", "| camera | render (ms/step, wall) | (ms/step, CPU) | x a state-only step (CPU) |", "|---|---|---|---|",
              f"| none (state-only step) | {env['state_step_ms']:.2f} | {env['state_step_cpu_ms']:.2f} | 1.00 |"]
    for k in sizes:
        lines.append(f"| {k} px | {env['render_ms'][k]:.2f} | {env['render_cpu_ms'][k]:.2f} | "
                     f"{env['render_cpu_ms'][k] / env['state_step_cpu_ms']:.1f} |")
    pixel = [r for r in rows if r["image_size"] is not None]
    fast, slow = min(pixel, key=lambda r: r["step_cpu_ms"]), max(pixel, key=lambda r: r["step_cpu_ms"])
    shipped = next(r for r in pixel if r["image_size"] == 64 and r["width"] == 32)
    small = next(r for r in pixel if r["image_size"] == int(sizes[0]) and r["width"] == 32)
    ta = s["exec_horizon"]
    # one env step of a rollout: the step, the camera, and 1/Ta of a chunk (CPU ms)
    pixel_step = env["state_step_cpu_ms"] + env["render_cpu_ms"]["64"] + shipped["sample_cpu_ms"] / ta
    state_step = env["state_step_cpu_ms"] + ref["sample_cpu_ms"] / ta
    lines += ["", "## What it implies", "",
              f"- **Training**: a {run:,}-step MT10 pixel run at the shipped setting (64 px, width 32) takes "
              f"**{hours(shipped['step_cpu_ms']):.1f} h** of one core's CPU time ({hours(shipped['step_ms']):.1f} h "
              f"wall at this run's load), {shipped['step_cpu_ms'] / ref['step_cpu_ms']:.1f}x the state-only run "
              f"({hours(ref['step_cpu_ms']):.1f} h). Across the settings measured: {hours(fast['step_cpu_ms']):.1f} h "
              f"({fast['name']}) to {hours(slow['step_cpu_ms']):.1f} h ({slow['name']}), "
              f"{slow['step_cpu_ms'] / fast['step_cpu_ms']:.1f}x apart.",
              f"- **Rollouts**: rendering the 64 px camera costs {env['render_cpu_ms']['64']:.1f} ms of CPU per env "
              f"step, {env['render_cpu_ms']['64'] / env['state_step_cpu_ms']:.0f}x the physics step "
              f"({env['render_cpu_ms'][sizes[0]]:.1f} ms at {sizes[0]} px"
              + ("; without a GPU the rasterizer's per-frame cost hardly shrinks with the image" if
                 env['render_cpu_ms'][sizes[0]] > 0.8 * env['render_cpu_ms']['64'] else "") + "). "
              f"Collecting the pixel store pays {env['state_step_cpu_ms'] + env['render_cpu_ms']['64']:.0f} ms per "
              f"step; evaluating, with one chunk per {ta} actions ({shipped['sample_cpu_ms']:.0f} ms CPU at the "
              f"shipped setting), about {pixel_step:.0f} ms per env step against {state_step:.0f} ms from state "
              f"({pixel_step / state_step:.1f}x).",
              f"- **Resolution**: at width 32, {sizes[0]} px trains at {small['step_cpu_ms'] / shipped['step_cpu_ms']:.2f}x "
              f"the 64 px step time and renders at {env['render_cpu_ms'][sizes[0]] / env['render_cpu_ms']['64']:.2f}x "
              "its cost per frame."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=24, help="timed training steps per setting")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=15, help="timed chunk samples per setting")
    parser.add_argument("--render-repeats", type=int, default=5)
    args = common.page_args(parser, OUT, render)
    provenance = common.start("python -m benchmarks.vla_pixels", threads=THREADS)
    began = time.perf_counter()
    sizes = sorted({size for _, size, _ in SETTINGS if size is not None}, reverse=True)
    state_step, state_cpu, _ = env_step_seconds(None, args.render_repeats)
    render_ms, render_cpu_ms, gl_renderer = {}, {}, None
    for size in sizes:
        wall, cpu, gl_renderer = env_step_seconds(size, args.render_repeats)
        render_ms[str(size)], render_cpu_ms[str(size)] = 1e3 * (wall - state_step), 1e3 * (cpu - state_cpu)
    print(f"env step (state only) {1e3 * state_step:.2f} ms; camera adds {render_ms} ms wall, {render_cpu_ms} ms "
          f"CPU ({gl_renderer})", flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        stores = {size: collect_store(Path(tmp) / f"px{size}.zarr", size) for size in sizes}
        for i, (name, size, width) in enumerate(SETTINGS):
            store = stores[size if size is not None else sizes[0]]
            r = measure_policy(store, Path(tmp) / f"run{i}", width, args.steps, args.warmup, args.repeats)
            rows.append({"name": name, "image_size": size, "width": width, **r})
            print(f"{name:28s} step {r['step_ms']:7.1f} ms ({r['steps_per_s']:.2f}/s)  sample {r['sample_ms']:6.1f} ms"
                  f"  {r['params_m']:.2f}M params", flush=True)
    common.write_record(
        args.out, render, provenance, wall_s=time.perf_counter() - began,
        settings={"steps": args.steps, "warmup": args.warmup, "repeats": args.repeats,
                  "render_repeats": args.render_repeats, "render_steps": RENDER_STEPS, "render_env": RENDER_ENV,
                  "mujoco_gl": os.environ.get("MUJOCO_GL"), "batch_size": BATCH_SIZE, "threads": THREADS,
                  "run_steps": RUN_STEPS, "exec_horizon": EXEC_HORIZON, "tasks": list(TASKS), "episodes": EPISODES,
                  "max_steps": MAX_STEPS, "action_noise": ACTION_NOISE, "camera": CAMERA},
        env_step={"state_step_ms": 1e3 * state_step, "state_step_cpu_ms": 1e3 * state_cpu, "render_ms": render_ms,
                  "render_cpu_ms": render_cpu_ms, "gl_renderer": gl_renderer,
                  "lp_num_threads": os.environ.get("LP_NUM_THREADS")},
        rows=rows)


if __name__ == "__main__":
    main()
