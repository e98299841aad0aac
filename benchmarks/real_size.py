"""Our diffusion policy at LeRobot's default diffusion-policy size, against LeRobot itself, on CPU.

Two sizes, both sides built from the same settings:

  lerobot     LeRobot's ``DiffusionConfig`` defaults: U-Net down_dims (512, 1024, 2048), kernel 5, 8 groups,
              step embedding 128, a ResNet-18 (GroupNorm) image encoder with a 32-keypoint spatial softmax, 84x84
              crops of 96x96 images, To = 2, Tp = 16, Ta = 8; one camera, a 20-d state, a 7-d action; 10 DDIM
              steps (LeRobot: ``noise_scheduler_type="DDIM", num_inference_steps=10``). Ours:
              ``policy=diffusion_unet``'s defaults with ``image_encoder.width=64`` (full ResNet-18 width),
              ``image_encoder.crop_ratio=0.875`` and ``unet.down_dims=[512,1024,2048]``.
  quickstart  the quickstart's policy (``robopolicy/quickstart_settings.py`` TRAIN_OVERRIDES, its batch size), over
              a 39-d state and a 4-d action (reach-v3); LeRobot gets the same U-Net and horizons, and the state as
              ``observation.state`` (4) + ``observation.environment_state`` (35), as it refuses state-only inputs.

Measured, at 1 and 2 torch threads, each side in its own process (LeRobot runs in ``--lerobot-python``'s venv as a
worker subprocess, so this venv never imports lerobot), the two timed in turn in every repeat:

  latency b1 / b50   one action chunk for a batch of 1 / 50 observations: ours ``policy.sample(obs)`` (raw obs
                     in, raw actions out), LeRobot ``policy.diffusion.generate_actions(batch)`` (normalized
                     tensors in: its pre/post-processors are not timed)
  train              one training update at the size's batch: ours a full ``Trainer.train_step`` (window sampler,
                     forward, backward, clipping, AdamW, scheduler, EMA when enabled), LeRobot the body of its
                     ``update_policy`` on a fixed batch (forward, backward, clip at 10, Adam, scheduler)

Cheap speed techniques, measured on our side only at the LeRobot size and 1 thread, in the same repeats: the
U-Net's matrix-product convolutions (in the library: ``robopolicy/models/unet1d.py``; measured by timing ours with
them switched off, ``aten_convolutions()``), the trainer's fused AdamW (timed against the same optimizer stepping
with torch's per-tensor loop), ``torch.inference_mode`` around ``sample``, bf16 autocast (``policy.set_inference_precision("bf16")``), channels_last image-encoder weights
(encoder alone), and training with the trainer's own ``mixed_precision=bf16`` (a second trainer, timed in turn
with LeRobot's update again).

Writes docs/benchmarks/real_size.json (every timing, the settings, where and when) and renders
docs/benchmarks/real_size.md from it; ``--render`` re-renders the page from the JSON only.

    python -m benchmarks.real_size --lerobot-python /work/scratch_lerobot/venv/bin/python
    python -m benchmarks.real_size                 # ours only; the page says LeRobot was not measured
    python -m benchmarks.real_size --render
    .venv-lerobot/bin/python -m benchmarks.real_size --lerobot-python .venv-lerobot/bin/python --sizes lerobot \
        --no-techniques --out docs/benchmarks/real_size_same_torch.md   # both sides on the lane's torch build
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "benchmarks" / "real_size.md"
THREADS = (1, 2)
LATENCY_BATCHES = (1, 50)
TRAIN_TARGET, LATENCY_TARGET = 1.3, 0.7   # ours / LeRobot samples/s >= 1.3; ours / LeRobot latency <= 0.7
EPISODES, EPISODE_LENGTH = 6, 60
ATEN = "ours, ATen convolutions"   # ours with the U-Net's matrix-product convolutions off (the technique's baseline)
LOOP = "ours, torch's AdamW loop"  # ours with the trainer's fused AdamW switched to torch's per-tensor loop
BIG_IMAGE, BIG_CROP = 96, 84

# One entry per size: what both sides are built from. Our overrides are train-config overrides (policy.* keys).
SIZES: dict[str, dict] = {
    "lerobot": {
        "label": "LeRobot default", "state_dim": 20, "action_dim": 7, "image_size": BIG_IMAGE, "batch_size": 64,
        "overrides": ["policy.image_encoder.width=64", f"policy.image_encoder.crop_ratio={BIG_CROP / BIG_IMAGE}",
                      "policy.unet.down_dims=[512,1024,2048]"],
        "lerobot": {"state_dim": 20, "env_dim": 0, "action_dim": 7, "image_size": BIG_IMAGE, "crop": BIG_CROP,
                    "n_obs_steps": 2, "horizon": 16, "n_action_steps": 8, "down_dims": [512, 1024, 2048],
                    "step_embed": 128, "num_inference_steps": 10},
    },
    "quickstart": {
        "label": "quickstart", "state_dim": 39, "action_dim": 4, "image_size": None, "batch_size": None,
        "overrides": None,  # robopolicy.quickstart_settings.TRAIN_OVERRIDES, read at run time
        "lerobot": {"state_dim": 4, "env_dim": 35, "action_dim": 4, "image_size": None, "crop": None,
                    "n_obs_steps": 2, "horizon": 8, "n_action_steps": 4, "down_dims": [16, 32],
                    "step_embed": 16, "num_inference_steps": 4},
    },
}


# ----------------------------------------------------------------------------- our side
def size_settings(name: str) -> dict:
    """The size with its run-time parts filled in (the quickstart's overrides and batch size)."""
    size = dict(SIZES[name])
    if size["overrides"] is None:
        from robopolicy.quickstart_settings import TRAIN_OVERRIDES, QuickstartTrain

        size["overrides"] = list(TRAIN_OVERRIDES)
        size["batch_size"] = QuickstartTrain().batch_size
    return size


def make_store(path: Path, size: dict) -> Path:
    import numpy as np

    from robopolicy.data.store import EpisodeStore

    features = {"state": {"shape": (size["state_dim"],), "dtype": "float32", "kind": "state"},
                "action": {"shape": (size["action_dim"],), "dtype": "float32", "kind": "action"}}
    side = size["image_size"]
    if side:
        features["cam"] = {"shape": (side, side, 3), "dtype": "uint8", "kind": "image"}
    store = EpisodeStore.create(path, features=features, fps=10)
    rng = np.random.default_rng(0)
    for _ in range(EPISODES):
        data = {"state": rng.standard_normal((EPISODE_LENGTH, size["state_dim"])).astype(np.float32),
                "action": rng.uniform(-1, 1, (EPISODE_LENGTH, size["action_dim"])).astype(np.float32)}
        if side:
            data["cam"] = rng.integers(0, 256, (EPISODE_LENGTH, side, side, 3), dtype=np.uint8)
        store.append_episode(data, task="benchmark")
    return path


def make_trainer(store: Path, run_dir: Path, size: dict, extra: list[str] = ()):
    from robopolicy.train.config import compose_train_config
    from robopolicy.train.trainer import Trainer

    cfg = compose_train_config([f"dataset={store}", f"run_dir={run_dir}", "threads=1", "steps=100000",
                                f"batch_size={size['batch_size']}", "val_fraction=0.2", *size["overrides"], *extra])
    return Trainer(cfg)


def observations(size: dict, batch: int, obs_horizon: int, seed: int = 0) -> dict:
    import numpy as np

    rng = np.random.default_rng(seed)
    obs = {"state": rng.standard_normal((batch, obs_horizon, size["state_dim"])).astype(np.float32)}
    if size["image_size"]:
        side = size["image_size"]
        obs["cam"] = rng.integers(0, 256, (batch, obs_horizon, side, side, 3), dtype=np.uint8)
    return obs


def param_counts(policy) -> dict[str, int]:
    count = lambda m: sum(p.numel() for p in m.parameters())  # noqa: E731
    return {"total": count(policy), "denoiser": count(policy.denoiser), "obs_encoder": count(policy.obs_encoder)}


# ----------------------------------------------------------------------------- LeRobot side (its own venv)
def lerobot_worker() -> None:
    """JSON lines on stdin -> JSON lines on stdout; run by the LeRobot venv's python. Imports only torch + lerobot.

    Started in isolated mode (``python -I``): neither the repository (whose datasets/ would shadow HF datasets) nor
    benchmarks/ is on its ``sys.path``."""
    import torch

    out = sys.stdout
    sys.stdout = sys.stderr  # library prints must not corrupt the protocol
    state: dict = {}

    def build(s: dict, batch_size: int) -> dict:
        import importlib.metadata

        from lerobot.configs.types import FeatureType, PolicyFeature
        from lerobot.policies.diffusion.configuration_diffusion import DiffusionConfig
        from lerobot.policies.diffusion.modeling_diffusion import DiffusionPolicy

        torch.manual_seed(0)
        inputs = {"observation.state": PolicyFeature(type=FeatureType.STATE, shape=(s["state_dim"],))}
        if s["image_size"]:
            inputs["observation.image"] = PolicyFeature(type=FeatureType.VISUAL,
                                                        shape=(3, s["image_size"], s["image_size"]))
        if s["env_dim"]:
            inputs["observation.environment_state"] = PolicyFeature(type=FeatureType.ENV, shape=(s["env_dim"],))
        outputs = {"action": PolicyFeature(type=FeatureType.ACTION, shape=(s["action_dim"],))}
        cfg = DiffusionConfig(input_features=inputs, output_features=outputs, device="cpu", push_to_hub=False,
                              n_obs_steps=s["n_obs_steps"], horizon=s["horizon"], n_action_steps=s["n_action_steps"],
                              down_dims=tuple(s["down_dims"]), diffusion_step_embed_dim=s["step_embed"],
                              crop_shape=(s["crop"], s["crop"]) if s["crop"] else None,
                              noise_scheduler_type="DDIM", num_inference_steps=s["num_inference_steps"],
                              # a ResNet-18 with GroupNorm and no pretrained weights, as ours (speed does not
                              # depend on the weights; LeRobot 0.6.1's default would download ImageNet's)
                              pretrained_backbone_weights=None, use_group_norm=True)
        policy = DiffusionPolicy(cfg)
        opt = torch.optim.Adam(policy.get_optim_params(), lr=cfg.optimizer_lr, betas=cfg.optimizer_betas,
                               eps=cfg.optimizer_eps, weight_decay=cfg.optimizer_weight_decay)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda step: min(1.0, (step + 1) / cfg.scheduler_warmup_steps))
        g = torch.Generator().manual_seed(0)

        def batch(n: int, train: bool) -> dict:
            b = {"observation.state": torch.rand(n, s["n_obs_steps"], s["state_dim"], generator=g) * 2 - 1}
            if s["image_size"]:
                side = s["image_size"]
                b["observation.image"] = torch.randn(n, s["n_obs_steps"], 3, side, side, generator=g)
                if not train:  # generate_actions reads the stacked cameras (select_action stacks them)
                    b["observation.images"] = b.pop("observation.image")[:, :, None]
            if s["env_dim"]:
                b["observation.environment_state"] = torch.rand(n, s["n_obs_steps"], s["env_dim"], generator=g) * 2 - 1
            if train:
                b["action"] = torch.rand(n, s["horizon"], s["action_dim"], generator=g) * 2 - 1
                b["action_is_pad"] = torch.zeros(n, s["horizon"], dtype=torch.bool)
            return b

        state.update(policy=policy, opt=opt, sched=sched, train_batch=batch(batch_size, True),
                     obs={n: batch(n, False) for n in (1, 50)})
        return {"params": sum(p.numel() for p in policy.parameters()),
                "unet_params": sum(p.numel() for p in policy.diffusion.unet.parameters()),
                "lerobot": importlib.metadata.version("lerobot"), "torch": torch.__version__}

    def latency(n: int) -> None:
        policy = state["policy"].eval()
        with torch.no_grad():  # select_action / predict_action_chunk run under no_grad
            policy.diffusion.generate_actions(state["obs"][n])

    def train() -> None:  # lerobot_train.update_policy without Accelerate (one process, fp32)
        policy, opt = state["policy"], state["opt"]
        policy.train()
        loss, _ = policy.forward(state["train_batch"])
        loss.backward()
        torch.nn.utils.clip_grad_norm_(policy.parameters(), 10.0)
        opt.step()
        opt.zero_grad()
        state["sched"].step()

    for line in sys.stdin:
        msg = json.loads(line)
        try:
            if msg["op"] == "quit":
                break
            if msg["op"] == "build":
                reply = build(msg["size"], msg["batch_size"])
            else:
                torch.set_num_threads(msg["threads"])
                start = time.perf_counter()
                latency(msg["n"]) if msg["op"] == "latency" else train()
                reply = {"s": time.perf_counter() - start}
        except Exception as e:  # noqa: BLE001 - reported to the parent, which stops
            reply = {"error": f"{type(e).__name__}: {e}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()


class LeRobotWorker:
    """The parent's handle on the worker subprocess."""

    def __init__(self, python: str) -> None:
        env = {**os.environ, "PYTHONPATH": "", "TOKENIZERS_PARALLELISM": "false"}
        # -I (isolated): neither the script's folder nor PYTHON* variables reach the worker's sys.path
        self.proc = subprocess.Popen([python, "-I", str(Path(__file__).resolve()), "--lerobot-worker"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                                     cwd=tempfile.gettempdir())

    def call(self, **msg) -> dict:
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the LeRobot worker exited (code {self.proc.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"LeRobot worker: {reply['error']}")
        return reply

    def close(self) -> None:
        try:
            self.call(op="quit")
        except (RuntimeError, BrokenPipeError, ValueError):
            pass
        self.proc.wait(timeout=60)


# ----------------------------------------------------------------------------- measurement
def interleaved(fns: dict, repeats: int, warmup: int = 1) -> dict[str, list[float]]:
    """Seconds of every call of each function, the functions called in turn in every repeat (the same load for
    all); ``warmup`` untimed rounds first. A function may return its own seconds (the worker's timing)."""
    times: dict[str, list[float]] = {k: [] for k in fns}
    for round_ in range(warmup + repeats):
        for name, fn in fns.items():
            start = time.perf_counter()
            own = fn()
            elapsed = own if isinstance(own, float) else time.perf_counter() - start
            if round_ >= warmup:
                times[name].append(elapsed)
    return times


def measure_size(name: str, tmp: Path, worker: LeRobotWorker | None, repeats: int, train_repeats: int,
                 techniques: bool) -> dict:
    import copy

    import torch

    from robopolicy.models.unet1d import aten_convolutions

    size = size_settings(name)
    store = make_store(tmp / f"{name}.zarr", size)
    trainer = make_trainer(store, tmp / f"run-{name}", size)
    policy = trainer.policy
    result = {"size": name, "label": size["label"], "batch_size": size["batch_size"], "overrides": size["overrides"],
              "lerobot_settings": size["lerobot"], "params": param_counts(policy),
              "num_denoising_steps": policy.num_denoising_steps, "cells": []}
    if worker is not None:
        result["lerobot"] = worker.call(op="build", size=size["lerobot"], batch_size=size["batch_size"])
    obs = {n: observations(size, n, policy.spec.obs_horizon) for n in LATENCY_BATCHES}
    batches = trainer._batches()

    def sample(n: int):
        return lambda: policy.sample(obs[n])

    def train_step():
        epoch, index, batch = next(batches)
        trainer.train_step(batch, epoch, index)

    for threads in THREADS:
        with_techniques = techniques and threads == 1 and name == "lerobot"
        for n in LATENCY_BATCHES:
            torch.set_num_threads(threads)
            policy.eval()
            fns = {"ours": sample(n)}
            if worker is not None:
                fns["lerobot"] = lambda n=n, t=threads: worker.call(op="latency", n=n, threads=t)["s"]
            if with_techniques:
                def inference_mode(n=n):
                    with torch.inference_mode():
                        policy.sample(obs[n])

                def bf16(n=n):  # the library's switch (an outer autocast would be turned off by fp32 sample)
                    policy.set_inference_precision("bf16")
                    try:
                        policy.sample(obs[n])
                    finally:
                        policy.set_inference_precision("fp32")

                def aten(n=n):
                    with aten_convolutions():
                        policy.sample(obs[n])
                fns.update({"ours + inference_mode": inference_mode, "ours + bf16 autocast": bf16,
                            ATEN: aten})
            times = interleaved(fns, repeats)
            result["cells"].append({"metric": f"latency_b{n}", "threads": threads, "batch": n, "seconds": times})
            print(f"{name} threads={threads} latency b{n}: " + ", ".join(f"{k} {min(v):.3f}s" for k, v in times.items()),
                  flush=True)
        torch.set_num_threads(threads)
        fns = {"ours": train_step}
        if worker is not None:
            fns["lerobot"] = lambda t=threads: worker.call(op="train", threads=t)["s"]
        if with_techniques:
            def aten_train_step():
                with aten_convolutions():
                    train_step()
            fns[ATEN] = aten_train_step
            if trainer.fused_optimizer:
                def loop_train_step():   # the same optimizer state, updated by torch's loop (as LeRobot's is)
                    for group in trainer.optimizer.param_groups:
                        group["fused"] = False
                    try:
                        train_step()
                    finally:
                        for group in trainer.optimizer.param_groups:
                            group["fused"] = True
                fns[LOOP] = loop_train_step
        times = interleaved(fns, train_repeats)
        result["cells"].append({"metric": "train", "threads": threads, "batch": size["batch_size"], "seconds": times})
        print(f"{name} threads={threads} train b{size['batch_size']}: " +
              ", ".join(f"{k} {size['batch_size'] / min(v):.2f}/s" for k, v in times.items()), flush=True)

    if techniques and name == "lerobot":
        torch.set_num_threads(1)
        # channels_last image-encoder weights: the encoder alone, a copy converted, on the b50 images (2 x 50)
        encoder = policy.obs_encoder.image_encoders["cam"].eval()
        converted = copy.deepcopy(encoder).to(memory_format=torch.channels_last)
        images = torch.from_numpy(obs[50]["cam"]).flatten(0, 1)
        with torch.no_grad():
            times = interleaved({"encoder": lambda: encoder(images), "encoder channels_last": lambda: converted(images)},
                                repeats)
        result["cells"].append({"metric": "encode_b50", "threads": 1, "batch": 50, "seconds": times})
        print("channels_last encode b50: " + ", ".join(f"{k} {min(v):.3f}s" for k, v in times.items()), flush=True)
        # bf16 training through the trainer's own mixed_precision setting, timed in turn with LeRobot again
        del trainer, policy, batches, encoder, converted
        bf16_trainer = make_trainer(store, tmp / f"run-{name}-bf16", size, ["mixed_precision=bf16"])
        bf16_batches = bf16_trainer._batches()
        def bf16_step():
            epoch, index, batch = next(bf16_batches)
            bf16_trainer.train_step(batch, epoch, index)
        fns = {"ours mixed_precision=bf16": bf16_step}
        if worker is not None:
            fns["lerobot"] = lambda: worker.call(op="train", threads=1)["s"]
        times = interleaved(fns, train_repeats)
        result["cells"].append({"metric": "train_bf16", "threads": 1, "batch": size["batch_size"], "seconds": times})
        print("bf16 train: " + ", ".join(f"{k} {size['batch_size'] / min(v):.2f}/s" for k, v in times.items()),
              flush=True)
    return result


# ----------------------------------------------------------------------------- page
def best(cell: dict, side: str) -> float | None:
    v = cell["seconds"].get(side)
    return min(v) if v else None


def cell(size: dict, metric: str, threads: int) -> dict | None:
    return next((c for c in size["cells"] if c["metric"] == metric and c["threads"] == threads), None)


def target_checks(record: dict) -> list[dict]:
    """Each target at the LeRobot size and each thread count, from the JSON: ours (default settings) / LeRobot."""
    big = next((s for s in record["sizes"] if s["size"] == "lerobot"), None)
    checks = []
    if big is None or not record["lerobot_side"]["measured"]:
        return checks
    for threads in record["settings"]["threads"]:
        for metric, target in (("train", TRAIN_TARGET), *((f"latency_b{n}", LATENCY_TARGET) for n in LATENCY_BATCHES)):
            c = cell(big, metric, threads)
            if c is None:
                continue
            ours, theirs = best(c, "ours"), best(c, "lerobot")
            if metric == "train":
                ratio, met = theirs / ours, theirs / ours >= target   # samples/s ratio
            else:
                ratio, met = ours / theirs, ours / theirs <= target   # latency ratio
            checks.append({"metric": metric, "threads": threads, "ratio": ratio, "target": target, "met": met})
    return checks


# the conditions of the first run (its JSON has no "notes"); later runs record their own with --notes
TWO_JOBS_NOTE = ("Two long experiment jobs (one thread each) were running on the machine throughout: with {cores} "
                 "cores, the 2-thread rows compete with them most: a 2-thread process waits on its second thread (the "
                 "small quickstart model most of all, whose 2-thread rows are many times slower than its 1-thread "
                 "ones on both sides).")


def render(record: dict) -> str:
    """The page, from the JSON record only."""
    from robopolicy.provenance import provenance_line

    s, lr = record["settings"], record["lerobot_side"]
    lines = ["# Real sizes: our diffusion policy against LeRobot's (`benchmarks/real_size.py`)", "",
             "Our `diffusion_unet` built at LeRobot's default diffusion-policy size (U-Net down_dims (512, 1024, "
             "2048), kernel 5, 8 groups, step embedding 128; ResNet-18-layout image encoder with GroupNorm and a "
             "32-keypoint spatial softmax; 84x84 crops of one 96x96 camera; 20-d state, 7-d action; To = 2, Tp = 16, "
             "Ta = 8; 10 DDIM steps), and at the quickstart's size for context, against LeRobot's `DiffusionPolicy` "
             "built from the same settings, on CPU. Each side runs in its own process (LeRobot in a separate venv, "
             "as a worker subprocess) and the two are timed in turn in every repeat, so both see the same load. "
             "Times are the best (minimum) of the repeats.", "",
             provenance_line(record["provenance"], record["load_average_end"], record.get("json_name", "real_size.json"))
             + " " + record.get("notes", TWO_JOBS_NOTE.format(cores=s["cpu_cores"])), ""]
    if lr["measured"]:
        same = lr["torch"] == record["provenance"]["torch"]
        lines += [f"LeRobot side: lerobot {lr['lerobot']} with torch {lr['torch']} ("
                  + (f"ours in the same venv, `{lr['python']}`: **the same torch build on both sides**, so the ratios "
                     "are the code's, not the build's" if same else
                     f"a scratch venv; ours: torch {record['provenance']['torch']}") + "). Its latency is `policy.diffusion.generate_actions` on "
                  "already-normalized tensors and its training update is forward + backward + clip + Adam + "
                  "scheduler on a fixed batch (no data loading, no EMA: LeRobot keeps none); ours include "
                  "normalization (latency) and the trainer's window sampler and EMA (training), so every difference "
                  "is on our side's cost.", ""]
    else:
        lines += [f"**LeRobot was not measured in this run**: {lr['reason']}. Only our side's numbers are shown; "
                  "no target can be judged.", ""]
    spreads = sorted(max(v) / min(v) - 1 for size in record["sizes"] if size["size"] == "lerobot"
                     for c in size["cells"] for v in c["seconds"].values() if len(v) > 1)
    lines += [f"Settings: latency {s['repeats']} timed repeats after {s['warmup']} warm-up, training "
              f"{s['train_repeats']} timed updates after {s['warmup']} warm-up (few repeats: the big size costs "
              f"seconds per call); threads {s['threads']}; {s['episodes']} synthetic episodes of "
              f"{s['episode_length']} steps per size; the run took {s['wall_s'] / 60:.1f} min of wall time and "
              f"{s['cpu_s'] / 60:.1f} min of CPU time (both processes).", ""]
    if spreads:
        lines += [f"Noise at the LeRobot size: the repeats of one measurement differed by {100 * spreads[len(spreads) // 2]:.0f}% "
                  f"(median over all measurements) and up to {100 * spreads[-1]:.0f}%, so differences smaller "
                  "than that are not resolved by this run.", ""]

    checks = target_checks(record)
    if checks:
        lines += ["## Targets (LeRobot size, default settings)", "",
                  "| target | threads | ours / LeRobot | verdict |", "|---|---|---|---|"]
        for c in checks:
            what = ("training samples/s >= 1.3x LeRobot's" if c["metric"] == "train" else
                    f"chunk latency, batch {c['metric'].split('_b')[1]}, <= 0.7x LeRobot's")
            lines.append(f"| {what} | {c['threads']} | {c['ratio']:.2f} | {'met' if c['met'] else 'missed'} |")
        lines.append("")

    lines += ["## Parameters", "", "| size | ours (M) | ours: U-Net / encoders (M) | LeRobot (M) | LeRobot: U-Net (M) | "
              "ours / LeRobot |", "|---|---|---|---|---|---|"]
    for size in record["sizes"]:
        p, theirs = size["params"], size.get("lerobot")
        their_total = f"{theirs['params'] / 1e6:.2f}" if theirs else "not measured"
        their_unet = f"{theirs['unet_params'] / 1e6:.2f}" if theirs else "-"
        ratio = f"{p['total'] / theirs['params']:.3f}" if theirs else "-"
        lines.append(f"| {size['label']} | {p['total'] / 1e6:.2f} | {p['denoiser'] / 1e6:.2f} / "
                     f"{p['obs_encoder'] / 1e6:.2f} | {their_total} | {their_unet} | {ratio} |")
    lines += ["", "The two cannot be matched parameter for parameter: LeRobot feeds the raw state into the U-Net's "
              "condition while ours encodes it (an MLP per step), so the FiLM layers differ in input width; "
              "the U-Net and ResNet-18 layouts are otherwise the same. At the quickstart size LeRobot gets the "
              "39-d state as `observation.state` (4) + `observation.environment_state` (35), because it refuses "
              "inputs without a camera or an environment state.", ""]

    lines += ["## Measurements", "", "Latency in ms per chunk (one chunk for each of the batch's observations); "
              "training in samples/s. *ratio* = ours / LeRobot for latency (lower is better for us), ours / LeRobot "
              "for samples/s (higher is better for us).", "",
              "| size | threads | measure | ours | LeRobot | ratio |", "|---|---|---|---|---|---|"]
    for size in record["sizes"]:
        for c in size["cells"]:
            if c["metric"] not in ("train", *(f"latency_b{n}" for n in LATENCY_BATCHES)):
                continue
            ours, theirs = best(c, "ours"), best(c, "lerobot")
            if c["metric"] == "train":
                what, o, t = f"train, batch {c['batch']} (samples/s)", c["batch"] / ours, theirs and c["batch"] / theirs
            else:
                what, o, t = f"latency, batch {c['batch']} (ms)", 1e3 * ours, theirs and 1e3 * theirs
            ratio = f"{o / t:.2f}" if t else "-"
            fmt = ".1f" if c["metric"] != "train" else ".2f"
            lines.append(f"| {size['label']} | {c['threads']} | {what} | {o:{fmt}} | "
                         f"{format(t, fmt) if t else 'not measured'} | {ratio} |")
    lines.append("")

    big = next((x for x in record["sizes"] if x["size"] == "lerobot"), None)
    if big is not None and cell(big, "encode_b50", 1) is not None:
        lines += ["## Cheap speed techniques (our side, LeRobot size, 1 thread)", "",
                  "Each measured in the same repeats as its baseline. *speed-up* = baseline time / time with the "
                  "technique (above 1: faster). *vs LeRobot* = the technique's time / LeRobot's in the same repeats "
                  "(latency) or samples/s / LeRobot's (training).", "",
                  "| technique | measure | baseline | with it | speed-up | vs LeRobot | what it would take in the "
                  "library |", "|---|---|---|---|---|---|---|"]
        how = {"ours + inference_mode": "`sample` under `torch.inference_mode()` instead of `torch.no_grad()` "
                                        "(one decorator in `chunk_policy.py`)",
               "ours + bf16 autocast": "in the library since: `robopolicy eval precision=bf16`, "
                                       "`policy.set_inference_precision('bf16')` (autocast of the encoders and chain)"}
        for n in LATENCY_BATCHES:
            c = cell(big, f"latency_b{n}", 1)
            base, theirs = best(c, "ours"), best(c, "lerobot")
            aten = best(c, ATEN)
            if aten is not None:    # in the library: its baseline is ours with it switched off
                vs = f"{base / theirs:.2f}" if theirs else "-"
                lines.append(f"| matrix-product U-Net convolutions | latency, batch {n} | {1e3 * aten:.1f} ms | "
                             f"{1e3 * base:.1f} ms | {aten / base:.2f} | {vs} | in the library (on by default): "
                             "`robopolicy/models/unet1d.py` `Conv1d` / `ConvTranspose1d`, on CPU where a layer has >= "
                             "4,096 weights per output row; baseline = ours with ATen's convolutions "
                             "(`aten_convolutions()`) |")
            for tech, text in how.items():
                t = best(c, tech)
                if t is None:
                    continue
                vs = f"{t / theirs:.2f}" if theirs else "-"
                lines.append(f"| {tech.removeprefix('ours + ')} | latency, batch {n} | {1e3 * base:.1f} ms | "
                             f"{1e3 * t:.1f} ms | {base / t:.2f} | {vs} | {text} |")
        c = cell(big, "train", 1)
        aten, ours = best(c, ATEN), best(c, "ours")
        if aten is not None:
            theirs = best(c, "lerobot")
            vs = f"{theirs / ours:.2f}" if theirs else "-"
            lines.append(f"| matrix-product U-Net convolutions | train, batch {c['batch']} | {c['batch'] / aten:.2f}/s | "
                         f"{c['batch'] / ours:.2f}/s | {aten / ours:.2f} | {vs} | the same layers, forward and "
                         "backward (autograd through the product); baseline = ours with ATen's convolutions |")
        loop = best(c, LOOP)
        if loop is not None:
            theirs = best(c, "lerobot")
            vs = f"{theirs / ours:.2f}" if theirs else "-"
            lines.append(f"| fused AdamW | train, batch {c['batch']} | {c['batch'] / loop:.2f}/s | "
                         f"{c['batch'] / ours:.2f}/s | {loop / ours:.2f} | {vs} | in the library (the trainer's "
                         "`fused_optimizer=null`: fused from 20M trainable parameters up); baseline = the same "
                         "optimizer stepping with torch's per-tensor loop, CPU's default (LeRobot's too) |")
        c = cell(big, "encode_b50", 1)
        base, t = best(c, "encoder"), best(c, "encoder channels_last")
        whole = best(cell(big, "latency_b50", 1), "ours")
        lines.append(f"| channels_last image-encoder weights | image encoder alone, 100 images (b50 x To) | "
                     f"{1e3 * base:.1f} ms | {1e3 * t:.1f} ms | {base / t:.2f} | - | `.to(memory_format="
                     f"torch.channels_last)` on the image encoders at build time; its saving is "
                     f"{100 * (base - t) / whole:.1f}% of the b50 chunk latency |")
        c, fp32 = cell(big, "train_bf16", 1), cell(big, "train", 1)
        t, base = best(c, "ours mixed_precision=bf16"), best(fp32, "ours")
        theirs = best(c, "lerobot")
        vs = f"{(c['batch'] / t) / (c['batch'] / theirs):.2f}" if theirs else "-"
        lines.append(f"| trainer `mixed_precision=bf16` | train, batch {c['batch']} | {c['batch'] / base:.2f}/s | "
                     f"{c['batch'] / t:.2f}/s | {base / t:.2f} | {vs} | none: a config setting (Accelerate's CPU "
                     "autocast); its baseline is the fp32 1-thread row above, a separate set of repeats |")
        c50, c1 = cell(big, "latency_b50", 1), cell(big, "latency_b1", 1)
        theirs50, bf16_50 = best(c50, "lerobot"), best(c50, "ours + bf16 autocast")
        theirs1, ours1, bf16_1 = best(c1, "lerobot"), best(c1, "ours"), best(c1, "ours + bf16 autocast")
        if theirs50 and bf16_50 and theirs and theirs1:
            lat_ratio, train_ratio = bf16_50 / theirs50, theirs / t
            b1 = min(ours1, bf16_1 or ours1) / theirs1
            lines += ["", f"Targets with a technique (1 thread): chunk latency at batch 50 with bf16 autocast is "
                      f"{lat_ratio:.2f}x LeRobot's fp32 (target <= {LATENCY_TARGET}: "
                      f"{'met' if lat_ratio <= LATENCY_TARGET else 'missed'}); training with `mixed_precision=bf16` "
                      f"is {train_ratio:.2f}x LeRobot's fp32 samples/s (target >= {TRAIN_TARGET}: "
                      f"{'met' if train_ratio >= TRAIN_TARGET else 'missed'}); batch-1 latency, best of fp32 and "
                      f"bf16 autocast, is {b1:.2f}x LeRobot's (target <= {LATENCY_TARGET}: "
                      f"{'met' if b1 <= LATENCY_TARGET else 'missed'}). At batch 1 the U-Net is a few output rows "
                      "against ~1 GB of weights: the time goes to reading weights, which the matrix-product "
                      "convolutions do at GEMM speed (ATen/oneDNN's convolution kernels do not in that shape)."]
        lines += fewer_steps_lines(big)
        lines += ["", "`torch.compile` was not tried: a C++ compiler is present (gcc 12), but compiling the ~266M-"
                  "parameter model on 2 loaded cores would cost minutes of CPU per variant, and the time is in "
                  "convolutions and matrix products that Inductor leaves as library calls.", ""]
    return "\n".join(lines) + "\n"


def fewer_steps_lines(big: dict) -> list[str]:
    """Latency to equal success: the BC suite's fewer-steps jobs (its default checkpoints sampled with K steps instead
    of the trained number, paired on the same seeds, as its own page pairs them), and what that step count would make
    of this run's batch-50 chunk at LeRobot's size (an estimate from this run's parts: the image encoder runs once per
    chunk, the U-Net once per step)."""
    from experiments.bc_suite import RESULTS, as_current, default_job, head_label
    from experiments.results_markdown import load_records
    from experiments.rl_suite import short
    from robopolicy.eval.stats import paired_comparison

    records = [as_current(r) for r in load_records(RESULTS) if r["head"] != "expert"]
    defaults = [r for r in records if not r.get("inference_steps") and r.get("noise_scale") is None]
    rows = [(r, d, paired_comparison(d["successes"], r["successes"])) for r in records
            if r.get("inference_steps") and (d := default_job(r, defaults)) is not None]
    if not rows:
        return []
    worse = sum(v["verdict"] == "worse" for _, _, v in rows)
    same = sum(v["verdict"] == "no significant change" for _, _, v in rows)
    closest = min(rows, key=lambda row: row[2]["p_value"] if row[2]["lost"] > row[2]["gained"] else 2.0)
    ratios = [r["chunk_seconds"] / r["trained_chunk_seconds"] for r, _, _ in rows]
    steps = {(r["trained_inference_steps"], r["inference_steps"]) for r, _, _ in rows}
    cells = "; ".join(f"{short(r['task'])} {head_label(r)} {d['success_rate']:.2f} -> {r['success_rate']:.2f} "
                      f"({v['verdict']})" for r, d, v in rows)
    lines = ["", f"**Latency to equal success** (the BC suite's fewer-steps jobs, `experiments/results/bc_suite/*_k*.json`: "
             f"its default checkpoints sampled with fewer steps, {', '.join(f'{a} -> {b}' for a, b in sorted(steps))}, "
             f"paired on the same 100 evaluation seeds): {cells}. {same} of {len(rows)} with no significant change, "
             f"{worse} worse (the nearest to a loss: {short(closest[0]['task'])}, {closest[2]['lost']} episodes "
             f"lost and {closest[2]['gained']} gained, p = {closest[2]['p_value']:.2g}), "
             f"at {min(ratios):.2f}-{max(ratios):.2f} of the batch-1 chunk latency (quickstart-size models, timed in "
             "the same process)."]
    c50, enc = cell(big, "latency_b50", 1), cell(big, "encode_b50", 1)
    ours, theirs, encoder = best(c50, "ours"), best(c50, "lerobot"), best(enc, "encoder")
    if ours and theirs and encoder and len(steps) == 1:
        trained, k = next(iter(steps))
        estimate = encoder + (ours - encoder) * k / trained
        lines[-1] += (f" At LeRobot's size, not timed: {k} steps instead of {trained} keep the image encoder "
                      f"({1e3 * encoder:.0f} ms of the batch-50 chunk's {1e3 * ours:.0f} ms in this run) and cut the "
                      f"U-Net calls to {k} of {trained}: about {1e3 * estimate:.0f} ms, **{estimate / theirs:.2f}x LeRobot's {trained}-step "
                      f"chunk** (fp32, batch 50, 1 thread; target <= {LATENCY_TARGET}): a speed-up a user gets where "
                      f"the shorter chain keeps the policy's success, which `robopolicy eval inference_steps={k}` "
                      "measures on the user's own task (paired against the trained steps on the same seeds).")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lerobot-python", help="python of a venv with lerobot installed (LeRobot side skipped "
                        "without it)")
    parser.add_argument("--repeats", type=int, default=2, help="timed latency repeats per cell")
    parser.add_argument("--train-repeats", type=int, default=2, help="timed training updates per cell")
    parser.add_argument("--sizes", default="lerobot,quickstart")
    parser.add_argument("--no-techniques", action="store_true")
    parser.add_argument("--out", type=Path, default=OUT, help="the page; its JSON is written beside it")
    parser.add_argument("--render", action="store_true", help="only re-render the page from its JSON")
    parser.add_argument("--notes", default="", help="the conditions of this run (other jobs...), shown on the page")
    parser.add_argument("--lerobot-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.lerobot_worker:
        lerobot_worker()
        return
    try:  # here, not at the top: the LeRobot worker (python -I) has no repository
        from benchmarks import common
    except ImportError:  # run as a file (python benchmarks/real_size.py): this folder is on sys.path
        import common
    if args.render:
        common.render_page_only(args.out, render)
        return
    started = time.perf_counter()
    provenance = common.start("python -m benchmarks.real_size")
    worker, side = None, {"measured": False, "reason": "no --lerobot-python was given"}
    if args.lerobot_python:
        worker = LeRobotWorker(args.lerobot_python)
        side = {"measured": True, "python": args.lerobot_python}
    sizes = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for name in args.sizes.split(","):
                r = measure_size(name, Path(tmp), worker, args.repeats, args.train_repeats, not args.no_techniques)
                if "lerobot" in r:
                    side.update(lerobot=r["lerobot"]["lerobot"], torch=r["lerobot"]["torch"])
                sizes.append(r)
    finally:
        if worker is not None:
            worker.close()
    common.write_record(args.out, render, provenance,
                        settings={"repeats": args.repeats, "train_repeats": args.train_repeats, "warmup": 1,
                                  "threads": list(THREADS), "episodes": EPISODES, "episode_length": EPISODE_LENGTH,
                                  "cpu_cores": os.cpu_count(), "wall_s": time.perf_counter() - started,
                                  "cpu_s": sum(os.times()[:4])},
                        lerobot_side=side, sizes=sizes, json_name=args.out.with_suffix(".json").name,
                        **({"notes": args.notes} if args.notes else {}))


if __name__ == "__main__":
    main()
