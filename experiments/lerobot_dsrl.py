"""DSRL on a LeRobot flow-matching VLA (issue [3/6]): a small SmolVLA trained here by LeRobot's own ``lerobot-train``
on scripted-expert demos of a development Meta-World task, then improved by ``robopolicy finetune method=dsrl`` with
DSRL's shipped defaults, steering the flow's initial noise. Runs in the LeRobot lane's venv:

    .venv-lerobot/bin/python -m experiments.lerobot_dsrl base     # demos -> LeRobot v3 -> lerobot-train -> calibrate
    .venv-lerobot/bin/python -m experiments.lerobot_dsrl run      # DSRL defaults, paired verdict (once)
    .venv-lerobot/bin/python -m experiments.lerobot_dsrl control  # the zero-noise control, for a run without one
    python -m experiments.lerobot_dsrl --render                   # the table (docs/results.md), from the JSONs

**The policy.** SmolVLA (LeRobot 0.6.1's ``smolvla``: a VLM, here a 2-layer Llama text model and a 1-layer vision
tower built offline by ``experiments/fixtures/smolvla.py``, and a flow-matching action expert), reading the 39-d
state, one 32 px camera (``corner``) and the task's instruction; chunk ``CHUNK``, ``EXECUTED`` executed, ``FLOW_STEPS``
Euler steps, the action unpadded (``max_action_dim`` = 4, so DSRL steers a (16, 4) noise). Its settings were fixed
before any evaluation of it.

**The base rule** is the RL headline's (``experiments/headline.py``): 5, then 2, then 1 scripted-expert demos with
action noise 0.1 (demonstration seeds 0+); the first rung whose success on 50 calibration seeds (300,000+) is at most
0.60 is the base. The episode limit is twice the median length of the successful demos, rounded up to 50 env steps.

**The run** is ``robopolicy finetune method=dsrl policy=<the base> env=<task>`` with DSRL's defaults, its verdict
the command's own: ``EVAL_EPISODES`` paired episodes on development seeds ``EVAL_SEEDS`` that no evaluation had used
(exact McNemar), with the zero-noise control (w = 0). ``TASK`` is a development task: nothing here is chosen on the
seeds it reports.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from experiments import stages
from experiments.fixtures.smolvla import TINY_SMOLVLA, VLM_IMAGE_SIZE, cli_flags, write_tiny_vlm
from experiments.headline import BASE_CEILING, BASE_DEMOS, BASE_NOISE, CALIBRATION_EPISODES, episode_limit
from experiments.provenance import REPO_ROOT, run_provenance
from robopolicy.protocol import CALIBRATION_SEEDS, check_run

RESULTS = REPO_ROOT / "experiments" / "results" / "lerobot_dsrl"
WORK = REPO_ROOT / "runs" / "lerobot_dsrl"
TASK = "metaworld/push-v3"
CAMERA = "corner"
CHUNK, EXECUTED, FLOW_STEPS = 16, 8, 10
TRAIN_STEPS, BATCH_SIZE = 3_000, 32
EVAL_EPISODES = 100
EVAL_SEEDS = range(170_000, 170_000 + EVAL_EPISODES)   # development seeds no evaluation had used
SMOLVLA = {"chunk_size": CHUNK, "n_action_steps": EXECUTED, "num_steps": FLOW_STEPS, "max_state_dim": 39,
           "max_action_dim": 4, "resize_imgs_with_padding": (VLM_IMAGE_SIZE, VLM_IMAGE_SIZE), **TINY_SMOLVLA}


def short(task: str) -> str:
    return task.split("/")[-1]


def lerobot_command(name: str, args: list[str], cwd: Path) -> str:
    """A LeRobot console command of this venv, offline, one thread; its log (refused with its tail on failure)."""
    env = {**os.environ, "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    result = subprocess.run([str(Path(sys.executable).parent / name), *args], capture_output=True, text=True,
                            env=env, cwd=str(cwd))
    log = result.stdout + result.stderr
    if result.returncode:
        raise SystemExit(f"{name} failed ({result.returncode}):\n{log[-3000:]}")
    return log


def demo_dataset(demos: int, work: Path) -> tuple[Path, Path]:
    """``demos`` scripted-expert episodes of ``TASK`` (the base rule's noise, camera ``CAMERA``) as an episode store
    and as the LeRobot v3 dataset exported from it, under ``work``; made once, reused after."""
    from robopolicy.data.formats.lerobot_export import export_lerobot
    from robopolicy.eval.collect import collect_episodes

    store = work / "demos.zarr"
    if not (store / "zarr.json").exists():
        collect_episodes(TASK, "expert", demos, store, action_noise=BASE_NOISE, cameras=[CAMERA],
                         image_size=VLM_IMAGE_SIZE, seed=0, overwrite=True, progress=False)
    dataset = work / "lerobot"
    if not (dataset / "meta" / "info.json").exists():
        export_lerobot(store, dataset, overwrite=True, progress=False)
    return store, dataset


def train_base(demos: int) -> tuple[Path, Path]:
    """Demos -> store -> LeRobot v3 dataset -> ``lerobot-train --policy.type=smolvla``; the linked checkpoint and
    the store."""
    from robopolicy.policies.lerobot import link_checkpoint

    work = WORK / f"{short(TASK)}_{demos}"
    store, dataset = demo_dataset(demos, work)
    out = work / "train"
    last = out / "checkpoints" / "last" / "pretrained_model"
    if not (last / "config.json").exists():
        if out.exists():
            shutil.rmtree(out)   # an interrupted training starts again
        vlm = write_tiny_vlm(work / "vlm")
        start = time.perf_counter()
        lerobot_command("lerobot-train", [
            "--policy.type=smolvla", f"--policy.vlm_model_name={vlm.resolve()}", "--policy.device=cpu",
            "--policy.push_to_hub=false", *cli_flags(SMOLVLA), f"--dataset.repo_id=robopolicy/{short(TASK)}_{demos}",
            f"--dataset.root={dataset}", f"--steps={TRAIN_STEPS}", f"--batch_size={BATCH_SIZE}", "--num_workers=0",
            "--log_freq=200", f"--save_freq={TRAIN_STEPS}", "--seed=0", "--wandb.enable=false",
            f"--output_dir={out}"], cwd=work)
        print(f"lerobot-train {short(TASK)} {demos} demos: {time.perf_counter() - start:.0f} s", flush=True)
    from robopolicy.data.store import EpisodeStore

    return link_checkpoint(last, control_rate=float(EpisodeStore.open(store, mode="r").fps)), store


def base(allow_dirty: bool) -> dict[str, Any]:
    """Walk the base rule's rungs; ``results/base.json``."""
    import numpy as np

    from robopolicy.checkpoint import checkpoint_hash
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.policies.loading import load_policy

    path = RESULTS / f"{short(TASK)}_base.json"
    if path.exists():
        return json.loads(path.read_text())
    provenance = run_provenance(allow_dirty, command=" ".join(["python -m experiments.lerobot_dsrl", *sys.argv[1:]]))
    rungs = []
    for demos in BASE_DEMOS:
        checkpoint, store = train_base(demos)
        limit = episode_limit(store)
        outcomes = success_outcomes(load_policy(checkpoint), TASK, CALIBRATION_EPISODES,
                                    base_seed=CALIBRATION_SEEDS.start, envs_per_worker=10, max_episode_steps=limit,
                                    progress=False)
        usual = float(np.mean(outcomes))
        rungs.append({"demos": demos, "usual": usual, "checkpoint": str(checkpoint.relative_to(REPO_ROOT)),
                      "checkpoint_hash": checkpoint_hash(checkpoint), "episode_limit": limit})
        print(f"{short(TASK)} smolvla {demos} demos: {usual:.2f} on {CALIBRATION_EPISODES} calibration seeds",
              flush=True)
        if usual <= BASE_CEILING:
            break
    record = {"task": TASK, "policy": "lerobot smolvla", "smolvla": {k: list(v) if isinstance(v, tuple) else v
                                                                      for k, v in SMOLVLA.items()},
              "train_steps": TRAIN_STEPS, "batch_size": BATCH_SIZE, "split": "development", "rungs": rungs,
              "chosen": rungs[-1], "weak": rungs[-1]["usual"] <= BASE_CEILING,
              "calibration_seeds": [CALIBRATION_SEEDS.start, CALIBRATION_SEEDS.start + CALIBRATION_EPISODES - 1],
              "provenance": provenance, "load_average_end": list(os.getloadavg())}
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n")
    return record


def run(allow_dirty: bool) -> Path:
    from robopolicy.checkpoint import checkpoint_hash

    out = RESULTS / f"{short(TASK)}_dsrl_seed0.json"
    if out.exists():
        print(f"{out.relative_to(REPO_ROOT)}: done already (the run happens once)")
        return out
    chosen = base(allow_dirty)["chosen"]
    check_run(TASK, "development", EVAL_SEEDS)
    provenance = run_provenance(allow_dirty, command=" ".join(["python -m experiments.lerobot_dsrl", *sys.argv[1:]]))
    checkpoint = REPO_ROOT / chosen["checkpoint"]
    if checkpoint_hash(checkpoint) != chosen["checkpoint_hash"]:
        raise SystemExit(f"{checkpoint}: its hash differs from the calibrated base's")
    run_dir = WORK / f"{short(TASK)}_dsrl_seed0"
    if run_dir.exists():
        shutil.rmtree(run_dir)   # an interrupted run starts again
    argv = ["method=dsrl", f"policy={checkpoint}", f"env={TASK}", "seed=0", "threads=1", "progress=true",
            f"run_dir={run_dir}", f"eval.episodes={EVAL_EPISODES}", f"eval.seed={EVAL_SEEDS.start}",
            "eval.envs_per_worker=10", f"eval.max_episode_steps={chosen['episode_limit']}",
            f"finetune.max_episode_steps={chosen['episode_limit']}"]
    outcome = stages.finetune(argv, run_dir, out.stem)
    outcome.pop("per_task")
    record = {"task": TASK, "method": "dsrl", "seed": 0, "split": "development", "argv": argv,
              "base": {"checkpoint": chosen["checkpoint"], "checkpoint_hash": chosen["checkpoint_hash"],
                       "demos": chosen["demos"]},
              "eval_seeds": [EVAL_SEEDS.start, EVAL_SEEDS.stop - 1], **outcome, "provenance": provenance,
              "load_average_end": list(os.getloadavg())}
    out.write_text(json.dumps(record, indent=1) + "\n")
    v = record["verdict"]
    print(f"{out.name}: {v['before']} -> {v['after']} of {v['episodes']}: {v['verdict']} (p = {v['p_value']:.2g})")
    return out


def control(allow_dirty: bool) -> Path:
    """The zero-noise control of a finished run that has none (its base sampled from zero initial noise on the run's
    evaluation seeds, nothing trained): ``results/<task>_zero_noise.json``, once."""
    from robopolicy.checkpoint import checkpoint_hash
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.policies.loading import load_policy

    out = RESULTS / f"{short(TASK)}_zero_noise.json"
    record = json.loads((RESULTS / f"{short(TASK)}_dsrl_seed0.json").read_text())
    if out.exists() or record.get("zero_noise") is not None:
        print(f"{out.relative_to(REPO_ROOT)}: the run has its control already")
        return out
    provenance = run_provenance(allow_dirty, command=" ".join(["python -m experiments.lerobot_dsrl", *sys.argv[1:]]))
    checkpoint = REPO_ROOT / record["base"]["checkpoint"]
    if checkpoint_hash(checkpoint) != record["base"]["checkpoint_hash"]:
        raise SystemExit(f"{checkpoint}: its hash differs from the run's base")
    limit = next(a for a in record["argv"] if a.startswith("eval.max_episode_steps=")).split("=")[1]
    outcomes = success_outcomes(load_policy(checkpoint).set_noise_scale(0.0), TASK, len(record["before"]),
                                base_seed=record["eval_seeds"][0], envs_per_worker=10, max_episode_steps=int(limit),
                                progress=True)
    out.write_text(json.dumps({"task": TASK, "base": record["base"], "eval_seeds": record["eval_seeds"],
                               "zero_noise": [bool(o) for o in outcomes], "provenance": provenance,
                               "load_average_end": list(os.getloadavg())}, indent=1) + "\n")
    print(f"{out.name}: {sum(outcomes)}/{len(outcomes)} from zero noise")
    return out


def render() -> list[str]:
    """The table: base rung, base, zero noise, after, the verdict; empty before any run."""
    from experiments.generalist_rl import kept

    lines = []
    for path in sorted(RESULTS.glob("*_dsrl_seed*.json")):
        r = json.loads(path.read_text())
        b = json.loads((RESULTS / f"{short(r['task'])}_base.json").read_text())
        v, n = r["verdict"], r["verdict"]["episodes"]
        control = RESULTS / f"{short(r['task'])}_zero_noise.json"
        zeros = r.get("zero_noise") or (json.loads(control.read_text())["zero_noise"] if control.exists() else None)
        zero = f"{sum(zeros) / n:.2f}" if zeros else "-"
        if not lines:
            lines = ["| task | base (demos; calibration) | base | zero noise | after DSRL | verdict | env steps | "
                     "kept (tuning seeds) |", "|---|---|---|---|---|---|---|---|"]
        lines.append(f"| {short(r['task'])} | SmolVLA, {b['chosen']['demos']} demos; {b['chosen']['usual']:.2f} | "
                     f"{v['before'] / n:.2f} | {zero} | {v['after'] / n:.2f} | {v['verdict']} ({v['gained']} gained, "
                     f"{v['lost']} lost, p = {v['p_value']:.2g}) | {r['env_steps']:,} | {kept(r)} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    return stages.main(__doc__, {"base": lambda a: base(a.allow_dirty), "run": lambda a: run(a.allow_dirty),
                                 "control": lambda a: control(a.allow_dirty)}, render, argv)


if __name__ == "__main__":
    raise SystemExit(main())
