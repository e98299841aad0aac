"""``robopolicy quickstart``: the main job, end to end, with a progress display at every stage.

collect scripted demonstrations -> train a diffusion policy -> evaluate -> DSRL steering -> evaluate again,
then one summary table (also written to ``<run_dir>/report.md``). Each stage runs the ordinary command
(``collect``, ``train``, ``eval``, ``finetune``) with overrides, so what the quickstart does is exactly what a
user would type; their run directories sit under the quickstart's run directory.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from omegaconf import DictConfig, OmegaConf
from rich.console import Console
from rich.rule import Rule
from rich.table import Table

from robopolicy.config import compose
from robopolicy.errors import RobopolicyError
from robopolicy.runs import make_run_dir

console = Console()
# Where each fine-tuning method leaves the policy to evaluate, inside its run directory.
FINETUNED_POLICY_SUBDIR = {"dsrl": "steered", "dppo": "dppo"}


class StageFailed(RobopolicyError):
    """A quickstart stage returned a non-zero exit code."""


def _run_stage(title: str, main: Callable[[list[str]], int], argv: list[str]) -> float:
    console.print(Rule(f"[bold]{title}"))
    console.print("[dim]robopolicy " + " ".join(argv) + "[/]")
    start = time.perf_counter()
    code = main(argv)
    if code:
        raise StageFailed(f"stage '{title}' exited with code {code}; its output is above")
    return time.perf_counter() - start


def _eval_row(label: str, run_dir: Path, seconds: float) -> dict:
    report = json.loads((run_dir / "report.json").read_text())
    task = report["tasks"][0]
    return {"stage": label, "success": task["success_rate"], "ci95": task["ci95"], "episodes": task["completed"],
            "errors": task["errors"], "seconds": seconds, "report": str(run_dir / "report.md")}


def _outcomes(run_dir: Path) -> dict[int, bool]:
    report = json.loads((run_dir / "report.json").read_text())
    return {int(e["seed"]): bool(e["success"]) for e in report["episodes"] if not e.get("error")}


def _verdict_row(before_dir: Path, after_dir: Path) -> dict:
    """The exact McNemar test of the fine-tuned policy against the clone, on the seeds both evaluated."""
    from robopolicy.eval.stats import paired_comparison

    before, after = _outcomes(before_dir), _outcomes(after_dir)
    seeds = sorted(set(before) & set(after))
    v = paired_comparison([before[s] for s in seeds], [after[s] for s in seeds])
    text = (f"{v['verdict']}: {v['gained']} gained, {v['lost']} lost on the same {v['episodes']} seeds "
            f"(exact McNemar p = {v['p_value']:.2g})")
    return {"stage": "paired verdict", "seconds": 0.0, "report": text, "verdict": v}


def run(cfg: DictConfig) -> list[dict]:
    from robopolicy.eval import cli as eval_cli
    from robopolicy.eval import collect as collect_cli
    from robopolicy.train import cli as train_cli

    root = make_run_dir("quickstart", cfg, run_dir=cfg.run_dir)
    console.print(f"[bold]quickstart[/] on [cyan]{cfg.env}[/] -> {root}")
    store = root / "demos.zarr"
    rows: list[dict] = []
    common = [f"seed={cfg.seed}", f"threads={cfg.threads}"]

    seconds = _run_stage("1/5 collect scripted demonstrations", collect_cli.main, [
        f"recipe={cfg.collect.recipe}", f"env={cfg.env}", f"out={store}", "overwrite=true", f"seed={cfg.seed}"])
    rows.append({"stage": "collect", "seconds": seconds, "report": str(store)})

    train_dir = root / "train"
    seconds = _run_stage("2/5 train a diffusion policy (behaviour cloning)", train_cli.main, [
        f"policy={cfg.train.policy}", f"dataset={store}", f"steps={cfg.train.steps}",
        f"batch_size={cfg.train.batch_size}", f"warmup_steps={cfg.train.warmup_steps}", f"run_dir={train_dir}", *common, *cfg.train.overrides])
    rows.append({"stage": "train", "seconds": seconds, "report": str(train_dir)})

    eval_args = [f"env={cfg.env}", f"episodes={cfg.eval.episodes}", f"videos={cfg.eval.videos}",
                 f"max_episode_steps={cfg.eval.max_episode_steps}", f"seed={cfg.eval.seed}", f"threads={cfg.threads}"]
    bc_eval = root / "eval_bc"
    seconds = _run_stage("3/5 evaluate the behaviour-cloned policy", eval_cli.main,
                         [f"policy={train_dir}", *eval_args, f"run_dir={bc_eval}"])
    rows.append(_eval_row("eval: behaviour cloning", bc_eval, seconds))

    if cfg.finetune.enabled:
        from robopolicy.finetune import cli as finetune_cli

        ft_dir = root / cfg.finetune.method
        seconds = _run_stage(f"4/5 fine-tune with {cfg.finetune.method.upper()} (base weights frozen)",
                             finetune_cli.main, [
                                 f"method={cfg.finetune.method}", f"policy={train_dir}", f"env={cfg.env}",
                                 f"finetune.total_env_steps={cfg.finetune.total_env_steps}",
                                 f"run_dir={ft_dir}", *common, *cfg.finetune.overrides])
        rows.append({"stage": f"finetune: {cfg.finetune.method}", "seconds": seconds, "report": str(ft_dir)})
        steered_eval = root / f"eval_{cfg.finetune.method}"
        seconds = _run_stage(f"5/5 evaluate the {cfg.finetune.method.upper()}-steered policy", eval_cli.main,
                             [f"policy={ft_dir / FINETUNED_POLICY_SUBDIR[cfg.finetune.method]}", *eval_args,
                              f"run_dir={steered_eval}"])
        rows.append(_eval_row(f"eval: {cfg.finetune.method}-steered", steered_eval, seconds))
        rows.append(_verdict_row(bc_eval, steered_eval))

    _write_summary(root, cfg, rows)
    return rows


def _write_summary(root: Path, cfg: DictConfig, rows: list[dict]) -> None:
    table = Table(title=f"quickstart summary: {cfg.env}")
    for col in ("stage", "success (95% CI)", "episodes", "errors", "time", "output"):
        table.add_column(col)
    lines = [f"# Quickstart on `{cfg.env}`", "",
             "| stage | success (95% CI) | episodes | errors | time | output |", "|---|---|---|---|---|---|"]
    for r in rows:
        success = (f"{r['success']:.2f} [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}]" if "success" in r else "")
        cells = [r["stage"], success, str(r.get("episodes", "")), str(r.get("errors", "")),
                 f"{r['seconds']:.0f} s", _relative(r["report"], root)]
        table.add_row(*cells)
        lines.append("| " + " | ".join(cells) + " |")
    console.print(table)
    (root / "report.md").write_text("\n".join(lines) + "\n\nConfig: `config.yaml` in this folder.\n")
    (root / "summary.json").write_text(json.dumps(rows, indent=2))
    console.print(f"Run directory: [bold]{root}[/] (report.md, per-stage reports, videos, checkpoints)")


def _relative(path: str, root: Path) -> str:
    try:
        return str(Path(path).relative_to(root))
    except ValueError:
        return path


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        console.print(__doc__)
        console.print(OmegaConf.to_yaml(compose("quickstart", [])))
        return 0
    run(compose("quickstart", argv))
    return 0
