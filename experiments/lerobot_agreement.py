"""Do ``robopolicy eval`` and ``lerobot-eval`` agree? (issue [3/6]): one LeRobot checkpoint and one robopolicy
checkpoint, each evaluated by both tools on the same env, the same reset seeds and the same episode limit.
Runs in the LeRobot lane's venv:

    .venv-lerobot/bin/python -m experiments.lerobot_agreement run   # trains the LeRobot policy once, then evaluates
    python -m experiments.lerobot_agreement --render                 # the table (docs/results.md), from the JSONs

**The checkpoints.** (1) LeRobot 0.6.1's own Diffusion Policy (``--policy.type=diffusion``: ResNet-18 from scratch
on the 32 px ``corner`` camera, the 39-d state, a U-Net ``DIFFUSION["down_dims"]``, DDIM with
``DIFFUSION["num_inference_steps"]`` steps) trained by ``lerobot-train`` for ``TRAIN_STEPS`` steps on the 5
scripted-expert demos of ``experiments/lerobot_dsrl.py`` (the same store and LeRobot v3 export); its settings were
fixed before any evaluation of it. (2) robopolicy's ``diffusion_unet`` base of ``push-v3`` from the RL headline's
development check of its base rule (``experiments/results/headline_dev/bases/push-v3_diffusion_unet.json``: 5
demos, state only), read through the ``lerobot_policy_robopolicy`` plugin by ``lerobot-eval``.

**The evaluations.** ``robopolicy eval``'s episode loop (``success_outcomes``: episode ``i`` resets with
``SEEDS.start + i``, stops at the first success) and ``lerobot-eval`` with the plugin's env type on the same task
(``--seed=SEEDS.start``: its batch ``b`` resets env ``j`` with ``SEEDS.start + b * batch + j``; success is any step's
``is_success``), ``EPISODES`` episodes each, on development seeds no evaluation had used. Both policies sample with
noise, so the two tools run different noise on each seed: what should agree is the success rate. **Agreement**
(fixed before the runs): each tool's rate inside the other's 95% Wilson interval, and no significant difference in
the exact McNemar test paired by reset seed.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from experiments import lerobot_dsrl as ld
from experiments import stages
from experiments.fixtures.smolvla import VLM_IMAGE_SIZE, cli_flags
from experiments.headline import episode_limit
from experiments.provenance import REPO_ROOT, run_provenance
from robopolicy.protocol import check_run

RESULTS = REPO_ROOT / "experiments" / "results" / "lerobot_agreement"
WORK = REPO_ROOT / "runs" / "lerobot_agreement"
TASK, CAMERA, DEMOS = ld.TASK, ld.CAMERA, 5
ROBOPOLICY_BASE = REPO_ROOT / "experiments" / "results" / "headline_dev" / "bases" / "push-v3_diffusion_unet.json"
EPISODES, LEROBOT_BATCH = 100, 50
SEEDS = range(180_000, 180_000 + EPISODES)   # development seeds no evaluation had used
TRAIN_STEPS, BATCH_SIZE = ld.TRAIN_STEPS, ld.BATCH_SIZE
DIFFUSION = {"n_obs_steps": 2, "horizon": 16, "n_action_steps": 8, "crop_shape": "null",
             "pretrained_backbone_weights": "null", "use_group_norm": True, "down_dims": [64, 128, 256],
             "diffusion_step_embed_dim": 64, "spatial_softmax_num_keypoints": 32, "noise_scheduler_type": "DDIM",
             "num_inference_steps": 10}


def lerobot_diffusion() -> tuple[Path, int]:
    """``lerobot-train --policy.type=diffusion`` on the demos (once): the linked checkpoint, the episode limit."""
    from robopolicy.data.store import EpisodeStore
    from robopolicy.policies.lerobot import link_checkpoint

    store, dataset = ld.demo_dataset(DEMOS, ld.WORK / f"{ld.short(TASK)}_{DEMOS}")
    out = WORK / "lerobot_diffusion"
    last = out / "checkpoints" / "last" / "pretrained_model"
    if not (last / "config.json").exists():
        if out.exists():
            shutil.rmtree(out)   # an interrupted training starts again
        out.parent.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        ld.lerobot_command("lerobot-train", [
            "--policy.type=diffusion", "--policy.device=cpu", "--policy.push_to_hub=false", *cli_flags(DIFFUSION),
            f"--dataset.repo_id=robopolicy/{ld.short(TASK)}_{DEMOS}", f"--dataset.root={dataset}",
            f"--steps={TRAIN_STEPS}", f"--batch_size={BATCH_SIZE}", "--num_workers=0", "--log_freq=200",
            f"--save_freq={TRAIN_STEPS}", "--seed=0", "--wandb.enable=false", f"--output_dir={out}"], cwd=out.parent)
        print(f"lerobot-train diffusion: {time.perf_counter() - start:.0f} s", flush=True)
    fps = float(EpisodeStore.open(store, mode="r").fps)
    return link_checkpoint(last, control_rate=fps), episode_limit(store)


def robopolicy_base() -> tuple[Path, int]:
    """The headline's development base (its checkpoint, hash-checked) and its episode limit."""
    from robopolicy.checkpoint import checkpoint_hash

    chosen = json.loads(ROBOPOLICY_BASE.read_text())["chosen"]
    checkpoint = Path(chosen["checkpoint"])
    if not checkpoint.exists():
        raise SystemExit(f"{checkpoint}: missing; rebuild it with `python -m experiments.headline bases --split "
                         "development --tasks push-v3`")
    if checkpoint_hash(checkpoint) != chosen["checkpoint_hash"]:
        raise SystemExit(f"{checkpoint}: its hash differs from {ROBOPOLICY_BASE.name}'s")
    return checkpoint, int(chosen["episode_limit"])


def lerobot_eval(policy_args: list[str], cameras: list[str], limit: int, out: Path) -> list[bool]:
    """``lerobot-eval`` on ``TASK`` through the plugin's env type: per-episode success, in seed order."""
    if out.exists():
        shutil.rmtree(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    ld.lerobot_command("lerobot-eval", [
        *policy_args, "--policy.device=cpu", "--env.type=robopolicy", f"--env.task={TASK}",
        f"--env.cameras=[{','.join(cameras)}]", f"--env.image_size={VLM_IMAGE_SIZE}",
        f"--env.max_episode_steps={limit}", f"--eval.n_episodes={EPISODES}", f"--eval.batch_size={LEROBOT_BATCH}",
        "--eval.use_async_envs=false", f"--seed={SEEDS.start}", f"--output_dir={out}"], cwd=out.parent)
    info = json.loads((out / "eval_info.json").read_text())
    successes = [bool(s) for task in info["per_task"] for s in task["metrics"]["successes"]]
    if len(successes) != EPISODES:
        raise SystemExit(f"{out}/eval_info.json: {len(successes)} episodes, expected {EPISODES}")
    return successes


def agreement(ours: list[bool], theirs: list[bool]) -> dict[str, Any]:
    """The two rates, their 95% Wilson intervals, the paired test and the verdict fixed before the runs."""
    from robopolicy.eval.stats import paired_comparison, wilson_interval

    n = len(ours)
    a, b = sum(ours), sum(theirs)
    ia, ib = wilson_interval(a, n), wilson_interval(b, n)
    paired = paired_comparison(ours, theirs)
    inside = ia[0] <= b / n <= ia[1] and ib[0] <= a / n <= ib[1]
    return {"robopolicy_eval": {"successes": a, "interval": list(ia)}, "lerobot_eval": {"successes": b,
            "interval": list(ib)}, "paired": paired, "each_inside_the_other": inside,
            "agree": inside and paired["verdict"] == "no significant change"}


def evaluate(name: str, checkpoint: Path, limit: int, policy_args: list[str], cameras: list[str],
             allow_dirty: bool, extra: dict[str, Any]) -> Path:
    from robopolicy.checkpoint import checkpoint_hash
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.policies.loading import load_policy

    out = RESULTS / f"{ld.short(TASK)}_{name}.json"
    if out.exists():
        print(f"{out.relative_to(REPO_ROOT)}: done already (each evaluation happens once)")
        return out
    check_run(TASK, "development", SEEDS)
    provenance = run_provenance(allow_dirty, command=" ".join(["python -m experiments.lerobot_agreement",
                                                               *sys.argv[1:]]))
    start = time.perf_counter()
    ours = success_outcomes(load_policy(checkpoint), TASK, EPISODES, base_seed=SEEDS.start, envs_per_worker=10,
                            max_episode_steps=limit, progress=True)
    ours_seconds = time.perf_counter() - start
    start = time.perf_counter()
    theirs = lerobot_eval(policy_args, cameras, limit, WORK / f"eval_{name}")
    theirs_seconds = time.perf_counter() - start
    record = {"task": TASK, "checkpoint": name, **extra, "checkpoint_path": str(checkpoint),
              "checkpoint_hash": checkpoint_hash(checkpoint), "episode_limit": limit, "split": "development",
              "seeds": [SEEDS.start, SEEDS.stop - 1], "robopolicy_outcomes": [bool(o) for o in ours],
              "lerobot_outcomes": theirs, "seconds": {"robopolicy_eval": ours_seconds, "lerobot_eval": theirs_seconds},
              "agreement": agreement(list(map(bool, ours)), theirs), "provenance": provenance,
              "load_average_end": list(os.getloadavg())}
    RESULTS.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(record, indent=1) + "\n")
    g = record["agreement"]
    print(f"{out.name}: robopolicy eval {g['robopolicy_eval']['successes']}/{EPISODES}, lerobot-eval "
          f"{g['lerobot_eval']['successes']}/{EPISODES}: {'agree' if g['agree'] else 'DISAGREE'}", flush=True)
    return out


def run(allow_dirty: bool) -> None:
    checkpoint, limit = lerobot_diffusion()
    evaluate("lerobot_diffusion", checkpoint, limit, [f"--policy.path={checkpoint}"], [CAMERA], allow_dirty,
             {"policy": "LeRobot diffusion (lerobot-train)", "train_steps": TRAIN_STEPS, "batch_size": BATCH_SIZE,
              "diffusion": DIFFUSION, "demos": DEMOS})
    checkpoint, limit = robopolicy_base()
    evaluate("robopolicy_diffusion_unet", checkpoint, limit,
             ["--policy.type=robopolicy", f"--policy.checkpoint={checkpoint}"], [], allow_dirty,
             {"policy": "robopolicy diffusion_unet (robopolicy train)", "demos": DEMOS})


def rate(side: dict[str, Any], n: int) -> str:
    low, high = side["interval"]
    return f"{side['successes'] / n:.2f} [{low:.2f}, {high:.2f}]"


def render() -> list[str]:
    """The table: one row per checkpoint; empty before any run."""
    rows = []
    for path in sorted(RESULTS.glob("*.json")):
        r = json.loads(path.read_text())
        g, n = r["agreement"], len(r["robopolicy_outcomes"])
        p = g["paired"]
        rows.append(f"| {r['policy']} | {rate(g['robopolicy_eval'], n)} | {rate(g['lerobot_eval'], n)} | {p['gained']} / "
                    f"{p['lost']}, p = {p['p_value']:.2g} | {'yes' if g['agree'] else 'no'} |")
    if not rows:
        return []
    return ["| checkpoint | `robopolicy eval` (95% interval) | `lerobot-eval` (95% interval) | seeds only one "
            "tool succeeded on (ours / LeRobot's), McNemar | agree |", "|---|---|---|---|---|", *rows]


def main(argv: list[str] | None = None) -> int:
    return stages.main(__doc__, {"run": lambda a: run(a.allow_dirty)}, render, argv)


if __name__ == "__main__":
    raise SystemExit(main())
