"""Why PA-RL's distillation loses on the RL suite's bases: its weight change against random ones of the same size.

PA-RL's no-critic diagnostic (``parl_self`` in ``experiments/rl_suite.py``: the base's own samples distilled back
into it) took drawer-open's tuning success from 18/30 to 1-5/30, at learning rate 1e-4 and at 1e-5, with the
candidates sampled by the base's 4 DDIM steps or by 20. This script asks whether that is the size of the change
(a fragile base) or its direction: it evaluates, on the suite's tuning seeds,

- the base;
- the base with every weight moved by +-scale/2 (a random sign per weight, Adam's early step shape) per ``--scales``;
- the base after ``--steps`` self-distillation updates (``robopolicy.finetune.parl.distill_step`` on one sample of
  the frozen base per observation window, PA-RL with no critic) per learning rate and candidate sampler steps,
  with the largest weight change each made;
- with ``--preference-betas``, the base after ``--steps`` updates of PA-RL's preference objective on random pairs
  of its own samples (no critic: ``objective=preference``'s drift, against self-distillation's);
- with ``--demos``, the base after ``--steps`` updates of behaviour cloning continued on its own training demos,
  and after self-distillation at the demos' observations (its own samples as targets, as above).

One JSON (``experiments/results/parl_drift.json``) with the run's provenance and the base's hash::

    python -m experiments.parl_drift --observations runs/rl_suite/rollouts/<task>_<base>.zarr \
        --demos runs/rl_suite/demos/<task>_<recipe>.zarr
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import torch

from experiments.provenance import REPO_ROOT, run_provenance

RESULT = REPO_ROOT / "experiments" / "results" / "parl_drift.json"
BASE = REPO_ROOT / "experiments" / "results" / "rl_suite2" / "bases" / "drawer-open-v3_diffusion_unet"


def tuning_successes(policy, task: str, episodes: int, seed: int, limit: int) -> int:
    from robopolicy.eval.rollout import success_outcomes

    return sum(success_outcomes(policy.eval(), task, episodes, base_seed=seed, envs_per_worker=10,
                                max_episode_steps=limit))


def on_own_samples(base, windows, steps: int, lr: float, seed: int, n: int, update, target_steps: int = 0):
    """``base`` after ``steps`` updates ``update(policy, frozen, optimizer, obs, samples (B, n, Tp, Da))`` on ``n``
    samples of the frozen base per observation window (batches of 64; ``target_steps`` as PA-RL's)."""
    from robopolicy.finetune.parl import sampling_steps
    from robopolicy.train.optim import adamw

    policy, frozen = copy.deepcopy(base), copy.deepcopy(base).eval().requires_grad_(False)
    optimizer = adamw([p for p in policy.parameters() if p.requires_grad], lr=lr)
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    keys = list(policy.spec.obs_features)
    for _ in range(steps):
        window = windows.get_batch(rng.integers(0, len(windows), 64))
        obs = {k: window[k] for k in keys}
        with torch.no_grad(), sampling_steps(frozen, target_steps):
            samples = frozen.sample(obs, n=n).float()
        policy.train()
        update(policy, frozen, optimizer, obs, samples)
    return policy.eval()


def self_distilled(base, windows, steps: int, lr: float, target_steps: int, seed: int):
    """``base`` after ``steps`` PA-RL distillation updates on one sample of the frozen base per window."""
    from robopolicy.finetune.parl import distill_step

    def distil(policy, frozen, optimizer, obs, samples):
        distill_step(policy, optimizer, obs, samples[:, 0])

    return on_own_samples(base, windows, steps, lr, seed, 1, distil, target_steps)


def random_pairs(base, windows, steps: int, lr: float, beta: float, seed: int):
    """``base`` after ``steps`` updates of PA-RL's preference objective (``objective=preference``) on two samples of
    the frozen base per window as winner and loser, with no critic to rank them: what that loss does by itself."""
    from robopolicy.finetune.parl import preference_step

    def prefer(policy, frozen, optimizer, obs, samples):
        preference_step(policy, frozen, optimizer, obs, samples[:, 0], samples[:, 1], beta)

    return on_own_samples(base, windows, steps, lr, seed, 2, prefer)


def bc_continued(base, demos, steps: int, lr: float, seed: int):
    """``base`` after ``steps`` updates of its own loss on batches of ``demos`` (behaviour cloning continued)."""
    from robopolicy.train.optim import adamw

    policy = copy.deepcopy(base)
    optimizer = adamw([p for p in policy.parameters() if p.requires_grad], lr=lr)
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    policy.train()
    for _ in range(steps):
        optimizer.zero_grad(set_to_none=True)
        policy.loss(demos.get_batch(rng.integers(0, len(demos), 64)))[0].backward()
        optimizer.step()
    return policy.eval()


def largest_change(a, b) -> float:
    with torch.no_grad():
        return max(float((p - q).abs().max()) for p, q in zip(a.parameters(), b.parameters()))


def main(argv: list[str] | None = None) -> int:
    from robopolicy import load_policy
    from robopolicy.checkpoint import checkpoint_hash, resolve_checkpoint
    from robopolicy.data import WindowSampler

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, default=BASE)
    parser.add_argument("--task", default="metaworld/drawer-open-v3")
    parser.add_argument("--observations", type=Path, required=True, help="an episode store of the base's rollouts "
                        "(the suite's: runs/rl_suite/rollouts/)")
    parser.add_argument("--episodes", type=int, default=30)
    parser.add_argument("--seed", type=int, default=200_000, help="first tuning seed (the suite's select_seed)")
    parser.add_argument("--limit", type=int, default=150, help="episode step limit (the suite's for drawer-open)")
    parser.add_argument("--scales", type=float, nargs="*", default=[0.003, 0.01, 0.03])
    parser.add_argument("--steps", type=int, default=250)
    parser.add_argument("--lrs", type=float, nargs="+", default=[1e-4, 1e-5])
    parser.add_argument("--target-steps", type=int, nargs="*", default=[0, 20], help="0: the base's own steps")
    parser.add_argument("--preference-betas", type=float, nargs="*", default=[],
                        help="adds rows of PA-RL's preference objective on random pairs of the base's samples (no "
                             "critic) for --steps at each of --lrs, per inverse temperature")
    parser.add_argument("--demos", type=Path, default=None, help="the base's training demos: adds rows of "
                        "behaviour cloning continued on them for --steps at each of --lrs")
    parser.add_argument("--out", type=Path, default=RESULT)
    parser.add_argument("--allow-dirty", action="store_true")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    provenance = run_provenance(allow_dirty=args.allow_dirty)
    base = load_policy(args.base)
    spec = base.spec
    windows = WindowSampler.for_policy(args.observations, spec)
    judge = lambda p: tuning_successes(p, args.task, args.episodes, args.seed, args.limit)  # noqa: E731
    start = time.perf_counter()
    rows = [{"kind": "base", "successes": judge(base), "largest_change": 0.0}]
    print(rows[-1], flush=True)
    for scale in args.scales:
        moved = copy.deepcopy(base)
        generator = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for p in moved.parameters():
                p.add_(0.5 * scale * (torch.randint(0, 2, p.shape, generator=generator) * 2 - 1).to(p.dtype))
        rows.append({"kind": "random sign", "scale": scale, "successes": judge(moved),
                     "largest_change": largest_change(moved, base)})
        print(rows[-1], flush=True)
    for lr in args.lrs:
        for target_steps in args.target_steps:
            distilled = self_distilled(base, windows, args.steps, lr, target_steps, seed=0)
            rows.append({"kind": "self-distilled", "lr": lr, "steps": args.steps,
                         "target_steps": target_steps or base.num_denoising_steps, "successes": judge(distilled),
                         "largest_change": largest_change(distilled, base)})
            print(rows[-1], flush=True)
    for lr in args.lrs:
        for beta in args.preference_betas:
            paired = random_pairs(base, windows, args.steps, lr, beta, seed=0)
            rows.append({"kind": "preference on random pairs", "lr": lr, "steps": args.steps, "beta": beta,
                         "successes": judge(paired), "largest_change": largest_change(paired, base)})
            print(rows[-1], flush=True)
    if args.demos is not None:
        demos = WindowSampler.for_policy(args.demos, spec)
        for lr in args.lrs:
            continued = bc_continued(base, demos, args.steps, lr, seed=0)
            rows.append({"kind": "BC continued on the demos", "lr": lr, "steps": args.steps,
                         "successes": judge(continued), "largest_change": largest_change(continued, base)})
            print(rows[-1], flush=True)
            # the base's own samples again, at the demos' observations instead of its rollouts'
            at_demos = self_distilled(base, demos, args.steps, lr, 0, seed=0)
            rows.append({"kind": "self-distilled at the demos' observations", "lr": lr, "steps": args.steps,
                         "target_steps": base.num_denoising_steps, "successes": judge(at_demos),
                         "largest_change": largest_change(at_demos, base)})
            print(rows[-1], flush=True)
    record = {"task": args.task, "base": str(args.base.relative_to(REPO_ROOT) if args.base.is_relative_to(REPO_ROOT)
                                             else args.base),
              "base_checkpoint_hash": checkpoint_hash(resolve_checkpoint(args.base)),
              "observations": str(args.observations), "demos": str(args.demos) if args.demos else None,
              "episodes": args.episodes,
              "tuning_seeds": [args.seed, args.seed + args.episodes - 1], "step_limit": args.limit, "rows": rows,
              "seconds": time.perf_counter() - start, "provenance": provenance,
              "load_average_end": list(os.getloadavg())}
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
