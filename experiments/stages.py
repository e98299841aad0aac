"""What the experiment scripts share: one ``robopolicy train`` run that survives interruptions, one ``robopolicy
finetune`` run read back as a record's fields, and a command line of stages (``python -m experiments.<name> <stage>``
or ``--render``)."""

from __future__ import annotations

import argparse
import json
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def train(overrides: list[str], run_dir: Path) -> int:
    """``robopolicy train <overrides> run_dir=<run_dir>``, continuing the run there if it has a checkpoint; a run
    directory stopped before its first checkpoint holds nothing to continue (and ``train`` refuses to start a new run
    in it), so it is started again. Returns train's exit code."""
    from robopolicy.train import cli as train_cli

    resume = (run_dir / "latest.json").exists()
    if not resume and run_dir.exists():
        print(f"{run_dir} holds no checkpoint (stopped before its first): starting it again", flush=True)
        shutil.rmtree(run_dir)
    return train_cli.main([*overrides, f"run_dir={run_dir}", f"resume={str(resume).lower()}"])


def finetune(argv: list[str], run_dir: Path, name: str) -> dict[str, Any]:
    """Run ``robopolicy finetune <argv>`` (its ``run_dir=`` is ``run_dir``) and read its ``summary.json``: the
    paired outcomes (``before``; ``after``, for V-GPS the K its selection chose), the zero-noise control, the verdict,
    per task, env steps, selection and wall seconds. ``name`` names the run in the error of a failed one."""
    from robopolicy.finetune import cli as finetune_cli

    start = time.perf_counter()
    if finetune_cli.main(argv):
        raise SystemExit(f"{name} exited non-zero (see {run_dir})")
    seconds = time.perf_counter() - start
    summary = json.loads((run_dir / "summary.json").read_text())
    before, after = summary["evaluations"][0], summary["evaluations"][-1]
    chosen_k = (summary.get("selection") or {}).get("chosen_K")
    if chosen_k is not None:  # V-GPS: the K chosen on the tuning seeds is the one deployed
        after = next(e for e in summary["evaluations"] if e["K"] == chosen_k)
    return {"before": before["outcomes"], "after": after["outcomes"],
            "zero_noise": (summary.get("zero_noise_base") or {}).get("outcomes"), "verdict": summary.get("verdict"),
            "per_task": summary.get("per_task"), "env_steps": summary.get("env_steps", 0),
            "selection": summary.get("selection"), "seconds": seconds}


def main(doc: str, stages: dict[str, Callable[[argparse.Namespace], Any]], render: Callable[[], list[str]],
         argv: list[str] | None = None, arguments: Callable[[argparse.ArgumentParser], None] | None = None) -> int:
    """``<stage> [--allow-dirty]`` (and what ``arguments`` adds) runs ``stages[stage](args)`` at one torch thread;
    ``--render`` prints ``render()``'s lines (or "no runs yet")."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("stage", choices=tuple(stages), nargs="?")
    if arguments is not None:
        arguments(parser)
    parser.add_argument("--allow-dirty", action="store_true")
    parser.add_argument("--render", action="store_true")
    args = parser.parse_args(argv)
    if args.render:
        print("\n".join(render()) or "no runs yet")
        return 0
    if args.stage is None:
        parser.error(f"give a stage ({', '.join(stages)}) or --render")
    import torch

    torch.set_num_threads(1)
    stages[args.stage](args)
    return 0
