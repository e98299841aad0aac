"""The GPU lane: training samples/s and chunk latency at both real sizes on a CUDA GPU, bf16 mixed precision.

At the two sizes of ``benchmarks/real_size.py`` (LeRobot's default diffusion-policy size and the quickstart's):

  train      samples/s of full ``Trainer.train_step`` calls with ``device=cuda mixed_precision=bf16`` (Accelerate's
             autocast; the same setting a user gives ``robopolicy train``), at the size's batch
  latency    one action chunk for a batch of 1 / 50 observations (``policy.sample``, 10 DDIM steps at the LeRobot
             size), fp32 and under bf16 autocast; the device is synchronized before the clock stops
  match      the same weights on the CPU and the same noise (``policy.sample(obs, noise=...)``): the largest
             absolute difference of the actions, fp32 against ``FP32_TOLERANCE`` (TF32 convolutions, as in
             tests/train/test_cuda.py) and bf16 autocast against ``BF16_TOLERANCE``

Without a CUDA device it prints one line and exits 0. ``--device cpu --quick`` runs the same code path on the CPU at
tiny sizes (a dry run that tests the lane, not a GPU measurement; the page says so). Writes
docs/benchmarks/gpu_lane.json and renders docs/benchmarks/gpu_lane.md from it; ``--render`` re-renders from the
JSON only; ``--out`` writes elsewhere (the test does).

    python benchmarks/gpu_lane.py                          # on a machine with a CUDA GPU
    python benchmarks/gpu_lane.py --device cpu --quick     # dry run on CPU, tiny sizes (~30 s)
    python benchmarks/gpu_lane.py --render
"""

from __future__ import annotations

import argparse
import copy
import os
import tempfile
import time
from pathlib import Path

try:
    from benchmarks import common, real_size  # real_size: the sizes and the store/trainer helpers
except ImportError:  # run as a file (python benchmarks/gpu_lane.py): this folder is on sys.path
    import common
    import real_size

OUT = common.PAGES / "gpu_lane.md"
FP32_TOLERANCE = 1e-2   # max |action difference| CUDA vs CPU, fp32 (TF32 convolutions on Ampere and later)
BF16_TOLERANCE = 0.25   # bf16 autocast on the device against fp32 on the CPU: a sanity bound (actions span ~[-1, 1])
LATENCY_BATCHES = (1, 50)
# --quick: tiny stand-ins for the two sizes (same code path, seconds on a CPU)
QUICK_LEROBOT = {"label": "LeRobot layout, tiny (--quick)", "state_dim": 20, "action_dim": 7, "image_size": 64,
                 "batch_size": 8, "overrides": ["policy.image_encoder.width=8", "policy.image_encoder.crop_ratio=0.875",
                                                "policy.unet.down_dims=[32,64,128]", "policy.unet.step_embed_dim=16",
                                                "policy.diffusion.num_inference_steps=4"]}
QUICK_BATCH = 8
NOT_RUN_ON_GPU = "The GPU lane has not been run on a GPU yet"


def provenance(command: str) -> dict:
    """``run_provenance``; a copy of the tree without git (a lent GPU machine) still gets the rest."""
    import platform

    import torch

    from robopolicy.provenance import cpu_model, run_provenance

    try:
        return run_provenance(allow_dirty=True, command=command)
    except Exception:  # noqa: BLE001 - no git history here: record what is known
        import datetime as dt

        return {"commit": "unknown (no git)", "dirty": True, "command": command,
                "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "cpu": cpu_model(),
                "cpu_cores": os.cpu_count(), "load_average": list(os.getloadavg()),
                "python": platform.python_version(), "torch": torch.__version__, "torch_threads": torch.get_num_threads()}


def sync(device) -> None:
    import torch

    if device.type == "cuda":
        torch.cuda.synchronize(device)


def timed(fn, device, repeats: int, warmup: int = 1) -> list[float]:
    for _ in range(warmup):
        fn()
    sync(device)
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        sync(device)
        out.append(time.perf_counter() - start)
    return out


def measure_size(name: str, size: dict, device_name: str, tmp: Path, repeats: int, train_steps: int) -> dict:
    import torch

    store = real_size.make_store(tmp / f"{name}.zarr", size)
    trainer = real_size.make_trainer(store, tmp / f"run-{name}", size,
                                     [f"device={device_name}", "mixed_precision=bf16"])
    device, policy = trainer.device, trainer.policy
    batches = trainer._batches()
    train = timed(lambda: common.train_steps(trainer, batches, 1), device, train_steps)
    policy.eval()
    obs = {n: real_size.observations(size, n, policy.spec.obs_horizon) for n in LATENCY_BATCHES}
    latency = []
    for n in LATENCY_BATCHES:
        fp32 = timed(lambda n=n: policy.sample(obs[n]), device, repeats)

        def bf16(n=n):
            with torch.autocast(device.type, dtype=torch.bfloat16):
                policy.sample(obs[n])
        latency.append({"batch": n, "fp32_s": fp32, "bf16_s": timed(bf16, device, repeats)})
    # the same weights on the CPU, the same noise
    cpu_policy = copy.deepcopy(policy).to("cpu").eval()
    n = LATENCY_BATCHES[-1]
    noise = torch.randn(n, 1, *policy.noise_shape, generator=torch.Generator().manual_seed(0))
    reference = cpu_policy.sample(obs[n], noise=noise)
    on_device = policy.sample(obs[n], noise=noise.to(device)).cpu()
    with torch.autocast(device.type, dtype=torch.bfloat16):
        on_device_bf16 = policy.sample(obs[n], noise=noise.to(device)).float().cpu()
    fp32_diff = float((on_device - reference).abs().max())
    bf16_diff = float((on_device_bf16 - reference).abs().max())
    match = {"batch": n, "fp32_max_abs": fp32_diff, "fp32_tolerance": FP32_TOLERANCE,
             "fp32_passed": fp32_diff <= FP32_TOLERANCE, "bf16_max_abs": bf16_diff, "bf16_tolerance": BF16_TOLERANCE,
             "bf16_passed": bf16_diff <= BF16_TOLERANCE, "action_abs_max": float(reference.abs().max())}
    return {"size": name, "label": size["label"], "batch_size": size["batch_size"], "overrides": size["overrides"],
            "params": sum(p.numel() for p in policy.parameters()), "num_denoising_steps": policy.num_denoising_steps,
            "train_s": train, "latency": latency, "match": match}


def render(record: dict) -> str:
    """The page, from the JSON record only."""
    s = record["settings"]
    lines = ["# GPU lane (`benchmarks/gpu_lane.py`)", ""]
    if record["dry_run"]:
        lines += [f"**{NOT_RUN_ON_GPU}.** This page records a `--device cpu --quick` dry run: the lane's code path "
                  "(bf16 trainer steps, fp32 and bf16 chunk sampling, the device-against-CPU match check) on the CPU "
                  "at tiny sizes, so its numbers say nothing about GPU speed and its match check compares the CPU "
                  "with itself in fp32. Run `python benchmarks/gpu_lane.py` on a machine with a CUDA GPU to "
                  "replace it.", ""]
    lines += ["Training: full `Trainer.train_step` calls with `mixed_precision=bf16` (Accelerate's autocast), at "
              "each size's batch. Latency: one chunk per observation of a batch of 1 / 50 (`policy.sample`), fp32 and "
              "under bf16 autocast, best of the repeats, the device synchronized before the clock stops. Match: the "
              "same weights copied to the CPU and the same noise (`policy.sample(obs, noise=...)`), largest absolute "
              f"action difference, fp32 within {s['fp32_tolerance']} and bf16 autocast within "
              f"{s['bf16_tolerance']} of the CPU's fp32 actions.", "",
              common.measured_line(record, "gpu_lane.json") +
              f" Device: {record['device_name']}.", "",
              f"Settings: {s['train_steps']} timed trainer steps and {s['repeats']} timed latency repeats after 1 "
              f"warm-up; {'quick (tiny) sizes' if s['quick'] else 'full sizes'}.", "",
              "| size | params (M) | train batch | train samples/s (bf16) | latency b1 fp32 / bf16 (ms) | "
              "latency b50 fp32 / bf16 (ms) | match fp32 (max abs) | match bf16 (max abs) |",
              "|---|---|---|---|---|---|---|---|"]
    for size in record["sizes"]:
        lat = {row["batch"]: row for row in size["latency"]}
        m = size["match"]

        def ms(n: int, lat: dict = lat) -> str:
            return f"{1e3 * min(lat[n]['fp32_s']):.1f} / {1e3 * min(lat[n]['bf16_s']):.1f}"
        lines.append(f"| {size['label']} | {size['params'] / 1e6:.2f} | {size['batch_size']} | "
                     f"{size['batch_size'] / min(size['train_s']):.1f} | {ms(1)} | {ms(50)} | "
                     f"{m['fp32_max_abs']:.2e} ({'passed' if m['fp32_passed'] else 'FAILED'}) | "
                     f"{m['bf16_max_abs']:.2e} ({'passed' if m['bf16_passed'] else 'FAILED'}) |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda", help="cuda (default), cuda:N, or cpu for a dry run")
    parser.add_argument("--quick", action="store_true", help="tiny sizes (the dry run's, for tests)")
    parser.add_argument("--repeats", type=int, default=None, help="timed latency repeats (default 5; quick 2)")
    parser.add_argument("--train-steps", type=int, default=None, help="timed trainer steps (default 10; quick 2)")
    args = common.page_args(parser, OUT, render)
    import torch

    if args.device.startswith("cuda") and not torch.cuda.is_available():
        print("gpu_lane: no CUDA GPU here, nothing measured (run it on a GPU machine, or `--device cpu --quick` "
              "for a dry run of the code path)")
        return
    repeats = args.repeats or (2 if args.quick else 5)
    train_steps = args.train_steps or (2 if args.quick else 10)
    record_provenance = provenance(common.command("python benchmarks/gpu_lane.py"))
    sizes = {name: real_size.size_settings(name) for name in real_size.SIZES}
    if args.quick:
        sizes["lerobot"] = QUICK_LEROBOT
        sizes["quickstart"] = {**sizes["quickstart"], "batch_size": QUICK_BATCH,
                               "label": sizes["quickstart"]["label"] + " (--quick batch)"}
    device_name = (torch.cuda.get_device_name(torch.device(args.device)) if args.device.startswith("cuda")
                   else f"CPU, {torch.get_num_threads()} torch thread(s)")
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, size in sizes.items():
            r = measure_size(name, size, args.device, Path(tmp), repeats, train_steps)
            m = r["match"]
            print(f"{name}: train {r['batch_size'] / min(r['train_s']):.1f} samples/s, latency b1 "
                  f"{1e3 * min(r['latency'][0]['fp32_s']):.1f} ms, match fp32 {m['fp32_max_abs']:.2e} bf16 "
                  f"{m['bf16_max_abs']:.2e}", flush=True)
            results.append(r)
    common.write_record(args.out, render, record_provenance, dry_run=not args.device.startswith("cuda"),
                        device=args.device, device_name=device_name,
                        settings={"quick": args.quick, "repeats": repeats, "train_steps": train_steps,
                                  "fp32_tolerance": FP32_TOLERANCE, "bf16_tolerance": BF16_TOLERANCE},
                        sizes=results)


if __name__ == "__main__":
    main()
