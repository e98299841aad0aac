"""Behaviour-cloning results for docs/results_archive.md: scripted experts, BC (diffusion head, state), VLA on MT10.

    python -m experiments.bc_results                       # full settings (sized for a quiet or GPU machine)
    python -m experiments.bc_results --quick               # smoke test: a few demos, steps and episodes
    python -m experiments.bc_results --demos 20 --steps 500 --eval-episodes 10 --workers 3 \
        --unet-dims 32,64,128 --eval-max-steps 200 --out runs/bc_results
    python -m experiments.bc_results --render-only runs/bc_results/results.json
    python -m experiments.bc_results --render              # the page's BC sections, title and Quickstart pointer

Every job (one BC task, or the VLA on MT10) runs collect -> train -> eval in its own process
(``experiments/bc_job.py``); ``--workers`` jobs run at once. The expert's success per task is measured by the
demo collection itself (MT10 from the VLA job's collection, Lift from the Lift job's). Results go to
``<out>/results.json`` (with the settings and the machine) and the three sections of ``docs/results_archive.md``
are re-rendered from it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict
from pathlib import Path
from typing import Any

from experiments.bc_job import JobSpec
from experiments.results_markdown import (
    add_render_arg,
    update_results_page,
    write_preamble,
    write_section,
)
from robopolicy.errors import RobopolicyError

REPO_ROOT = Path(__file__).resolve().parents[1]
RESULTS_PAGE = REPO_ROOT / "docs" / "results_archive.md"
RESULTS_JSON = "results.json"
DEFAULT_TASKS = ["metaworld/push-v3", "metaworld/pick-place-v3", "metaworld/drawer-open-v3", "robosuite/Lift"]
VLA_ENV = "metaworld/mt10"
BC_POLICY = "diffusion_unet"
# the page's numbers were measured with noise prediction, diffusion_unet's default before x_0 (the BC suite's choice)
BC_PIN = ["policy.diffusion.prediction_type=epsilon"]
VLA_POLICY = "vla_flow"
EVAL_SEED = 1000          # evaluation seeds start here; demos use seeds 0..demos-1
# Full settings (a quiet machine or a GPU), and the --quick smoke-test settings.
FULL = {"demos": 100, "steps": 5000, "vla_steps": 10000, "batch_size": 64, "eval_episodes": 50}
QUICK = {"demos": 2, "steps": 20, "vla_steps": 20, "batch_size": 16, "eval_episodes": 2, "eval_max_steps": 60}


class ExperimentError(RobopolicyError):
    """A job of the results script failed or was given bad settings."""


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m experiments.bc_results", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="smoke-test scale: " + json.dumps(QUICK))
    p.add_argument("--tasks", nargs="*", default=DEFAULT_TASKS, help="BC env ids (state observations)")
    p.add_argument("--no-vla", action="store_true", help=f"skip the VLA ({VLA_POLICY}) on {VLA_ENV}")
    p.add_argument("--demos", type=int, help=f"expert demos per task (full: {FULL['demos']})")
    p.add_argument("--vla-demos", type=int, help="expert demos per MT10 task for the VLA (default: --demos)")
    p.add_argument("--steps", type=int, help=f"BC training steps (full: {FULL['steps']})")
    p.add_argument("--vla-steps", type=int, help=f"VLA training steps (full: {FULL['vla_steps']})")
    p.add_argument("--batch-size", type=int, help=f"training batch size (full: {FULL['batch_size']})")
    p.add_argument("--eval-episodes", type=int, help=f"evaluation episodes per task (full: {FULL['eval_episodes']})")
    p.add_argument("--eval-max-steps", type=int, help="evaluation episode step limit (default: the env's own)")
    p.add_argument("--unet-dims", help="U-Net down_dims for both policies, e.g. 32,64,128 (default: the config's)")
    p.add_argument("--train-override", action="append", default=[], help="extra `robopolicy train` override "
                   "for every job (repeatable), e.g. policy.trunk.num_layers=2")
    p.add_argument("--vla-override", action="append", default=[], help="extra train override for the VLA only")
    p.add_argument("--workers", type=int, default=1, help="jobs run at once, each in its own process")
    p.add_argument("--device", default="cpu", help="torch device for training and evaluation (cpu, cuda)")
    p.add_argument("--threads", type=int, default=1, help="torch threads per job")
    p.add_argument("--out", default="runs/bc_results", help="output folder (results.json, one folder per job)")
    p.add_argument("--page", default=str(RESULTS_PAGE), help="the results page to update")
    p.add_argument("--no-page", action="store_true", help="write results.json only")
    p.add_argument("--render-only", metavar="RESULTS_JSON", help="re-render the page from a saved results.json")
    add_render_arg(p, "Scripted experts, Behaviour cloning and VLA on MT10")
    return p.parse_args(argv)


def _setting(args: argparse.Namespace, key: str) -> Any:
    value = getattr(args, key, None)
    if value is not None:
        return value
    return (QUICK if args.quick else FULL).get(key)


def plan_jobs(args: argparse.Namespace, out: Path) -> list[JobSpec]:
    """One JobSpec per BC task plus the VLA job; work folders under ``out``."""
    overrides = list(args.train_override)
    if args.unet_dims:
        overrides.append(f"policy.unet.down_dims=[{args.unet_dims}]")
    common = {"batch_size": _setting(args, "batch_size"), "eval_episodes": _setting(args, "eval_episodes"),
              "eval_max_steps": _setting(args, "eval_max_steps"), "eval_seed": EVAL_SEED,
              "device": args.device, "threads": args.threads}
    jobs = [JobSpec(name=f"bc:{env_id}", kind="bc", env_id=env_id, policy=BC_POLICY,
                    demos=_setting(args, "demos"), steps=_setting(args, "steps"),
                    work_dir=str(out / ("bc_" + env_id.replace("/", "_"))), train_overrides=[*overrides, *BC_PIN],
                    **common)
            for env_id in args.tasks]
    if not args.no_vla:
        demos = args.vla_demos if args.vla_demos is not None else _setting(args, "demos")
        jobs.append(JobSpec(name=f"vla:{VLA_ENV}", kind="vla", env_id=VLA_ENV, policy=VLA_POLICY, demos=demos,
                            steps=_setting(args, "vla_steps"), work_dir=str(out / "vla_mt10"),
                            train_overrides=overrides + list(args.vla_override), **common))
    for job in jobs:
        for key in ("demos", "steps", "batch_size", "eval_episodes"):
            if getattr(job, key) < 1:
                raise ExperimentError(f"{key} must be >= 1 for job {job.name}, got {getattr(job, key)}")
    return jobs


def machine_description(device: str) -> dict[str, Any]:
    """What the numbers were measured on: CPU, cores, load, torch, accelerator, code version."""
    import torch

    from experiments.provenance import cpu_model
    from robopolicy.version import code_version

    cpu = cpu_model()
    info = {"host_cpu": cpu, "cpu_cores": os.cpu_count(), "load_average": list(os.getloadavg()),
            "python": platform.python_version(), "torch": torch.__version__, "device": device,
            "code_version": code_version(), "platform": platform.platform()}
    if device.startswith("cuda") and torch.cuda.is_available():
        info["accelerator"] = torch.cuda.get_device_name(0)
    return info


def run_one(job: JobSpec) -> dict[str, Any]:
    """Run ``job`` in its own process (``python -m experiments.bc_job``); its output goes to job.log."""
    work = Path(job.work_dir)
    work.mkdir(parents=True, exist_ok=True)
    spec_path, result_path, log_path = work / "job.json", work / "result.json", work / "job.log"
    spec_path.write_text(json.dumps(asdict(job), indent=2))
    env = {**os.environ, "MUJOCO_GL": os.environ.get("MUJOCO_GL", "egl"), "OMP_NUM_THREADS": str(job.threads),
           "MKL_NUM_THREADS": str(job.threads), "PYTHONPATH": str(REPO_ROOT)}
    start = time.perf_counter()
    with log_path.open("w") as log:
        code = subprocess.call([sys.executable, "-m", "experiments.bc_job", str(spec_path), str(result_path)],
                               stdout=log, stderr=subprocess.STDOUT, env=env, cwd=REPO_ROOT)
    if code:
        tail = "\n".join(log_path.read_text().splitlines()[-20:])
        raise ExperimentError(f"job {job.name} exited with code {code}; log {log_path}:\n{tail}")
    result = json.loads(result_path.read_text())
    result["process_seconds"] = time.perf_counter() - start
    return result


def run_all(jobs: list[JobSpec], workers: int) -> tuple[list[dict[str, Any]], list[str]]:
    """Run the jobs, ``workers`` at a time, with a progress line per finished job; returns results, errors."""
    from tqdm import tqdm

    results, errors = [], []
    with ThreadPoolExecutor(max_workers=workers) as pool, tqdm(total=len(jobs), desc="jobs") as bar:
        futures = {pool.submit(run_one, job): job for job in jobs}
        for future in as_completed(futures):
            job = futures[future]
            try:
                result = future.result()
                results.append(result)
                overall = result["eval"]["overall"]
                bar.write(f"{job.name}: success {overall['mean_success_rate']:.2f} "
                          f"({overall['successes']}/{overall['episodes']}) in {result['seconds']:.0f} s")
            except ExperimentError as e:
                errors.append(str(e))
                bar.write(f"{job.name}: FAILED ({e})")
            bar.update(1)
    order = {job.name: i for i, job in enumerate(jobs)}
    results.sort(key=lambda r: order[r["spec"]["name"]])
    return results, errors


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.render:
        render_page(Path(args.page))
        print(f"re-rendered {args.page} from {COMMITTED_JSON}")
        return 0
    if args.render_only:
        data = json.loads(Path(args.render_only).read_text())
        update_results_page(Path(args.page), data, Path(args.render_only), FULL)
        print(f"re-rendered {args.page} from {args.render_only}")
        return 0
    import torch

    torch.set_num_threads(1)
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    jobs = plan_jobs(args, out)
    command = "python -m experiments.bc_results " + " ".join(sys.argv[1:] if argv is None else argv)
    started = time.time()
    wall = time.perf_counter()
    machine = machine_description(args.device)
    results, errors = run_all(jobs, args.workers)
    data = {"command": command, "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started)),
            "wall_seconds": time.perf_counter() - wall, "workers": args.workers, "quick": args.quick,
            "machine": machine, "load_average_end": list(os.getloadavg()), "jobs": results, "errors": errors}
    results_path = out / RESULTS_JSON
    results_path.write_text(json.dumps(data, indent=2, allow_nan=True))
    print(f"results: {results_path}")
    if not args.no_page:
        update_results_page(Path(args.page), data, results_path, FULL)
        print(f"updated {args.page}")
    return 1 if errors else 0


# ------------------------------------------------------------------------------------------------ the page
# The committed run, named relative to the repository root as the page quotes it; ``--render`` renders the three
# sections from it, plus the two constant parts of the page this script owns: its title and intro, and the
# Quickstart pointer.
COMMITTED_JSON = Path("experiments/results/bc_results_cpu.json")
QUICKSTART = "Quickstart"
QUICKSTART_BODY = ("Generated by `python -m experiments.bc_results --render` (a constant pointer: no numbers of its "
                   "own).\nThe summary table of `make quickstart` is on the [Quickstart](quickstart.md#real-output) "
                   "page.")
PREAMBLE = """# Results archive: explorations and superseded generations

The current answer is on [Results](results.md). This page keeps every section the results page held before
round 3, unchanged and still re-rendered from its JSON by the command each names: explorations, sweeps,
diagnostics, and superseded generations beside the ones that replaced them.

**Read these as development numbers.** Recipes, defaults, budgets and bases here were chosen and reported on
the same evaluation seeds (round 2's protocol; issue 48 lists where). Under the round-3 protocol
(`robopolicy/protocol.py`) these are the *development* split: development tasks and evaluation seeds 100,000+
(base calibration 300,000+), where anything may be chosen; *tuning* seeds 200,000+, where a run keeps its
checkpoint. The *test* split, Meta-World ML45's five held-out tasks (bin-picking, box-close, door-lock,
door-unlock, hand-insert) and robosuite Stack on seeds 1,000,000+, runs frozen recipes only; nothing on this
page was measured there.

**Index** (each section: what it tried; its outcome in one line):

- [Scripted experts](#scripted-experts): the scripted experts that collect the demos; 1.00 on every task measured.
- [Behaviour cloning (diffusion, state)](#behaviour-cloning-diffusion-state): the first BC run, diffusion head at reduced settings (30 demos, 1,500 steps); 0.00-0.15 on four tasks, superseded by the Behaviour-cloning suite.
- [VLA on MT10](#vla-on-mt10): the first multi-task VLA (10 demos per task, 1,500 steps); mean 0.68, superseded by the suite's multi-task VLA (0.90-0.92).
- [Latency and execution strategies](#latency-and-execution-strategies): asynchronous execution under a delay d (naive, RTC and its variants) on three tasks; RTC inside the synchronous interval at d = 4 on 1 of 3 tasks (target 2 of 3).
- [Behaviour-cloning suite](#behaviour-cloning-suite): every head on MT10, Lift, PickPlaceCan and PushT at 3,000 steps, with sweeps (x_0 against epsilon, steps, sampler noise); diffusion and flow at >= 0.90 on 8 of 10 MT10 tasks, PushT missed.
- [RL suite](#rl-suite): the first generation of fine-tuning runs on weak bases (bases lost, rows frozen); the bar met on 2 of 7 tasks by DPPO (diffusion), 0 of 7 (flow), 5 of 7 by DSRL-SAC.
- [RL suite: rl_suite2](#rl-suite-rl_suite2): the second generation (bases kept), 21 flow-DPPO variants and the zero-noise control; DSRL-SAC's 6 of 6 is mostly its untrained sampler, the flow variant at 4 of 5 was screened on a reported seed.
- [DSRL and V-GPS](#dsrl-and-v-gps): DSRL-SAC, DSRL-NA and V-GPS on one reach-v3 base; DSRL-SAC 0.54 to 0.92 in 30k env steps, DSRL-NA collapsed, V-GPS 0.83-0.92 at K = 10 with enough rollouts.
- [DPPO](#dppo): DPPO on the same reach-v3 base, both heads, one seed each, and on Reacher-v5; >= 0.90 within 50k env steps on both heads.
- [Merging](#merging): merging a 9-task VLA with its fine-tune on a 10th task, uniform and per module; the retention target not met at any alpha.
- [Quickstart](#quickstart): a pointer to the quickstart page; no numbers.
- [Learning-test margins](#learning-test-margins): each test that asserts learning, run over seeds; its threshold sits below the worst seed.

Success rates measured in simulation, each produced by a script anyone can rerun, with 95% Wilson intervals
and the number of evaluation episodes. Every section below is rendered from the JSON files committed under
`experiments/results/` by the command it names (a test re-renders each one and fails on any difference); a
section that says "not yet measured" has no numbers on purpose. Speed measurements are on the
[Benchmarks](benchmarks.md) page; how evaluation works is in [Evaluation](evaluation.md).

Every table states: the env and its seeds, the policy and its training data (demos, noise, steps), the number
of evaluation episodes, the interval, the wall time, the machine and the code version."""


def render_page(page: Path = RESULTS_PAGE) -> None:
    """The page's title and intro, the three behaviour-cloning sections (from ``COMMITTED_JSON``) and the
    Quickstart pointer; every other part of ``page`` is left as it is."""
    data = json.loads((REPO_ROOT / COMMITTED_JSON).read_text())
    write_preamble(page, PREAMBLE)
    update_results_page(page, data, COMMITTED_JSON, FULL)
    write_section(page, QUICKSTART, QUICKSTART_BODY)


if __name__ == "__main__":
    sys.exit(main())
