"""Evaluation reports: ``report.json`` (every episode, per-task summary, provenance), ``report.md`` (a
per-task table with 95% Wilson intervals), ``success.png`` (success rate with interval bars per task) and mp4
videos of a few successes and failures.

``robopolicy report RUN_DIR`` re-renders the Markdown and the plot from ``report.json``.

Success rates are over *completed* episodes: an episode in which the environment raised is an error, not a
policy failure, and is counted in its own column.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from robopolicy.errors import RobopolicyError
from robopolicy.eval.stats import mean_and_stderr, wilson_interval
from robopolicy.eval.workers import EpisodeResult

REPORT_FORMAT = "robopolicy.eval_report"
COMPARISON_FORMAT = "robopolicy.eval_comparison"  # robopolicy eval policy=A compare=B: two policies, same seeds
REPORT_VERSION = 1
REPORT_JSON = "report.json"
REPORT_MD = "report.md"
PLOT_FILE = "success.png"
VIDEOS_SUBDIR = "videos"
PLOT_DPI = 120
PLOT_WIDTH_PER_TASK_IN = 0.9
PLOT_MIN_WIDTH_IN = 4.0
PLOT_HEIGHT_IN = 3.5


class ReportError(RobopolicyError):
    """A report cannot be read or written."""


def episode_scores(results: Sequence[EpisodeResult]) -> dict[str, list[float]]:
    """Each env score key (``SimEnv.score_keys``; PushT: coverage) -> the episodes' maxima, in episode order."""
    peaks = [r.peaks for r in results if r.peaks]
    return {k: [p[k] for p in peaks if k in p] for k in sorted({k for p in peaks for k in p})}


def summarize_task(results: Sequence[EpisodeResult]) -> dict[str, Any]:
    """Per-task numbers: episodes, successes, errors, success rate over completed episodes with its 95%
    Wilson interval, mean return and mean length (completed episodes), and the seeds used."""
    completed = [r for r in results if r.error is None]
    successes = sum(r.success for r in completed)
    low, high = wilson_interval(successes, len(completed))
    mean_return, stderr_return = mean_and_stderr([r.ret for r in completed])
    mean_length, _ = mean_and_stderr([r.length for r in completed])
    first = results[0]
    seams = [r.execution for r in completed if r.execution is not None]
    execution = None
    if seams:  # latency-aware runs: the strategy, the delays and the seam metrics, averaged over episodes
        delays = [d for s in seams for d in s["delays"][1:]]  # the first chunk of an episode waits (cold start)
        execution = {"strategy": seams[0]["strategy"], "latency": seams[0]["latency"],
                     "mean_delay": float(np.mean(delays)) if delays else 0.0,
                     "clipped_delays": sum(s["clipped_delays"] for s in seams),
                     "mean_wait_steps": float(np.mean([s["wait_steps"] for s in seams])),
                     **{k: float(np.nanmean([s[k] for s in seams])) if any(np.isfinite(s[k]) for s in seams)
                        else float("nan") for k in ("jump", "step", "jerk")}}
    # the env's scores (PushT: coverage): the mean over completed episodes of each episode's maximum
    scores = {k: float(np.mean(v)) for k, v in episode_scores(completed).items()}
    return {"env_id": first.env_id, "task": first.task, "episodes": len(results), "completed": len(completed),
            "successes": successes, "failures": len(completed) - successes,
            "errors": len(results) - len(completed),
            "success_rate": successes / len(completed) if completed else float("nan"),
            "ci95": [low, high], "mean_return": mean_return, "stderr_return": stderr_return,
            "mean_length": mean_length, "seeds": [r.seed for r in results], "execution": execution,
            **({"mean_max_scores": scores} if scores else {})}


def summarize_overall(tasks: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Mean over tasks (each task weighs the same, the MT10 convention) and pooled counts."""
    rates = [t["success_rate"] for t in tasks if not math.isnan(t["success_rate"])]
    return {"tasks": len(tasks), "episodes": sum(t["episodes"] for t in tasks),
            "successes": sum(t["successes"] for t in tasks), "errors": sum(t["errors"] for t in tasks),
            "mean_success_rate": float(np.mean(rates)) if rates else float("nan"),
            "mean_return": float(np.nanmean([t["mean_return"] for t in tasks])) if tasks else float("nan")}


def build_report(results_by_env: dict[str, Sequence[EpisodeResult]], provenance: dict[str, Any],
                 videos: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    tasks = [summarize_task(results) for results in results_by_env.values()]
    return {"format": REPORT_FORMAT, "version": REPORT_VERSION,
            "created": time.strftime("%Y-%m-%dT%H:%M:%S"), "provenance": provenance,
            "tasks": tasks, "overall": summarize_overall(tasks),
            "episodes": [r.to_dict() for results in results_by_env.values() for r in results],
            "videos": list(videos)}


def write_report(run_dir: str | Path, report: dict[str, Any]) -> dict[str, Path]:
    """Write ``report.json``, ``report.md`` and ``success.png`` into ``run_dir``; returns their paths."""
    from robopolicy.atomic import write_output  # each file complete or absent; a full disk is one line

    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": write_output(run_dir / REPORT_JSON, json.dumps(report, indent=2, allow_nan=True), "the report")}
    paths.update(render(run_dir, report))
    return paths


def render(run_dir: Path, report: dict[str, Any]) -> dict[str, Path]:
    """(Re-)render ``report.md`` and ``success.png`` from a report dict (a comparison: ``report.md`` only)."""
    from robopolicy.atomic import write_output  # each file complete or absent; a full disk is one line

    if report.get("format") == COMPARISON_FORMAT:
        return {"md": write_output(run_dir / REPORT_MD, render_comparison_markdown(report), "the report")}
    plot = plot_success(report, run_dir / PLOT_FILE)
    md = write_output(run_dir / REPORT_MD, render_markdown(report), "the report")
    return {"md": md, "plot": plot}


def _fmt(x: float, digits: int = 2) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def render_markdown(report: dict[str, Any]) -> str:
    p = report["provenance"]
    lines = ["# Evaluation report", "",
             f"- policy: `{p.get('policy')}` (weights {p.get('policy_hash') or 'unknown'})",
             f"- dataset: {p.get('dataset') or 'unknown'}",
             f"- code version: {p.get('code_version')}",
             f"- seeds: episode *i* of each task uses seed {p.get('base_seed')} + *i*; "
             f"{p.get('episodes_per_task')} episodes per task",
             f"- created: {report.get('created')}", "",
             "Success rate is over completed episodes, with a 95% Wilson interval; episodes in which the "
             "environment raised are counted as errors, not failures.", "",
             "| task | env id | episodes | successes | success rate [95% CI] | errors | mean return | mean length |",
             "|---|---|---:|---:|---|---:|---:|---:|"]
    for t in report["tasks"]:
        low, high = t["ci95"]
        lines.append(f"| {t['task']} | `{t['env_id']}` | {t['episodes']} | {t['successes']} | "
                     f"{_fmt(t['success_rate'])} [{_fmt(low)}, {_fmt(high)}] | {t['errors']} | "
                     f"{_fmt(t['mean_return'], 1)} | {_fmt(t['mean_length'], 1)} |")
    o = report["overall"]
    if o["tasks"] > 1:
        lines.append(f"| **mean over {o['tasks']} tasks** | | {o['episodes']} | {o['successes']} | "
                     f"**{_fmt(o['mean_success_rate'])}** | {o['errors']} | {_fmt(o['mean_return'], 1)} | |")
    for t in report["tasks"]:
        for key, value in t.get("mean_max_scores", {}).items():
            lines.append(f"\n`{t['env_id']}`: mean over completed episodes of each episode's maximum `{key}`: "
                         f"**{_fmt(value, 3)}**")
    lines += ["", f"![success rate per task]({PLOT_FILE})", ""]
    timed = [t for t in report["tasks"] if t.get("execution")]
    if timed:
        lines += ["## Execution", "",
                  "The env kept stepping while the policy computed each chunk (the first chunk of an episode waited). "
                  "`jump`: mean action change where a new chunk took over; `step`: over the other ticks (a seamless switch "
                  "has jump close to step); `jerk`: mean second difference of the commands.", "",
                  "| env id | strategy | latency | mean delay (steps) | delays clipped | jump | step | jerk |",
                  "|---|---|---|---:|---:|---:|---:|---:|"]
        for t in timed:
            e = t["execution"]
            lines.append(f"| `{t['env_id']}` | {e['strategy']} | {e['latency']} | {_fmt(e['mean_delay'])} | "
                         f"{e['clipped_delays']} | {_fmt(e['jump'], 4)} | {_fmt(e['step'], 4)} | {_fmt(e['jerk'], 4)} |")
        lines.append("")
    if report.get("videos"):
        lines += ["## Videos", ""]
        for v in report["videos"]:
            outcome = "success" if v["success"] else "failure"
            note = "" if v.get("replay_matches", True) else " (the replay's outcome differs from the evaluation's)"
            lines.append(f"- [{v['env_id']} seed {v['seed']} ({outcome})]({v['path']}){note}")
        lines.append("")
    errors = [e for e in report["episodes"] if e.get("error")]
    if errors:
        lines += ["## Errors", "", "| env id | episode | seed | error |", "|---|---:|---:|---|"]
        for e in errors:
            lines.append(f"| `{e['env_id']}` | {e['index']} | {e['seed']} | {e['error']} |")
        lines.append("")
    return "\n".join(lines)


def build_comparison(provenance: dict[str, Any], before: Sequence[bool], after: Sequence[bool],
                     verdict: dict[str, Any], episodes_run: int) -> dict[str, Any]:
    """The report of ``robopolicy eval policy=A compare=B``: both policies' outcomes on the same seeds (the pairs the
    verdict read), their success rates with 95% Wilson intervals, the paired verdict (``paired_comparison``'s, or a
    sequential test's ``result()`` with ``stopped`` and ``reason``) and the episodes run per policy."""
    roles = (("policy", "reference", before), ("compare", "challenger", after))
    policies = [{"role": role, "checkpoint": provenance[key]["policy"], "episodes": len(outcomes),
                 "successes": int(sum(outcomes)), "success_rate": sum(outcomes) / len(outcomes),
                 "ci95": list(wilson_interval(int(sum(outcomes)), len(outcomes))),
                 "outcomes": [bool(o) for o in outcomes]} for key, role, outcomes in roles]
    return {"format": COMPARISON_FORMAT, "version": REPORT_VERSION, "created": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "provenance": provenance, "policies": policies, "verdict": verdict,
            "sequential": "stopped" in verdict, "episodes_run": int(episodes_run),
            "summary": comparison_summary(verdict, episodes_run, provenance["budget"])}


def comparison_summary(verdict: dict[str, Any], episodes_run: int, budget: int) -> str:
    """One line: the verdict, the counts on the same seeds, the test, and for a sequential test why it stopped."""
    v = verdict
    counts = f"{v['gained']} gained, {v['lost']} lost over {v['episodes']} paired episodes"
    if "stopped" not in v:
        return (f"verdict: {v['verdict']} (compare= against policy=; {counts}; exact McNemar p = {v['p_value']:.3g}, "
                f"alpha = {v['alpha']:g}; fixed size: {episodes_run} episodes per policy)")
    return (f"verdict: {v['verdict']} (compare= against policy=; {counts}; sequential, alpha = {v['alpha']:g}: "
            f"{episodes_run} of {budget} episodes run per policy, stopped: {v['stopped']}; {v['reason']})")


def render_comparison_markdown(report: dict[str, Any]) -> str:
    p = report["provenance"]
    lines = ["# Comparison report", "",
             f"- env: `{p['env_id']}`; seeds: episode *i* of both policies uses seed {p['base_seed']} + *i*",
             f"- policy (reference): `{p['policy']['policy']}` (weights {p['policy'].get('policy_hash') or 'unknown'})",
             f"- compare (challenger): `{p['compare']['policy']}` (weights "
             f"{p['compare'].get('policy_hash') or 'unknown'})",
             f"- created: {report.get('created')}", "",
             "Success rates over the paired episodes the verdict read, with 95% Wilson intervals. The verdict is "
             "paired: the same seeds for both, only the episodes where they differ count (\"improved\": the "
             "challenger succeeds more often). No videos are recorded in a comparison.", "",
             "| role | checkpoint | episodes | successes | success rate [95% CI] |", "|---|---|---:|---:|---|"]
    for row in report["policies"]:
        low, high = row["ci95"]
        lines.append(f"| {row['role']} | `{row['checkpoint']}` | {row['episodes']} | {row['successes']} | "
                     f"{_fmt(row['success_rate'])} [{_fmt(low)}, {_fmt(high)}] |")
    v = report["verdict"]
    lines += ["", f"**{v['verdict']}**: {report['summary']}", ""]
    if report.get("sequential"):
        lines += ["| test | alpha | budget | episodes run per policy | pairs read | stopped | e-value | threshold |",
                  "|---|---:|---:|---:|---:|---|---:|---:|",
                  f"| sequential (prior {v['prior']:g}, anytime share {v['anytime_share']:g}) | {v['alpha']:g} | "
                  f"{v['budget']} | {report['episodes_run']} | {v['episodes']} | {v['stopped']} | {v['e_value']:.3g} | "
                  f"{v['e_threshold']:.4g} |", ""]
    return "\n".join(lines)


def write_comparison(run_dir: str | Path, report: dict[str, Any]) -> dict[str, Path]:
    """Write a comparison's ``report.json`` and ``report.md`` into ``run_dir``; returns their paths."""
    from robopolicy.atomic import write_output  # each file complete or absent; a full disk is one line

    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": write_output(run_dir / REPORT_JSON, json.dumps(report, indent=2), "the report")}
    paths.update(render(run_dir, report))
    return paths


def plot_success(report: dict[str, Any], path: Path) -> Path:
    """Bar per task: success rate with its 95% Wilson interval as an error bar."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tasks = report["tasks"]
    names = [t["env_id"].split("/")[-1] for t in tasks]
    rates = np.array([0.0 if math.isnan(t["success_rate"]) else t["success_rate"] for t in tasks])
    low = np.array([t["ci95"][0] for t in tasks])
    high = np.array([t["ci95"][1] for t in tasks])
    errors = np.stack([np.clip(rates - low, 0, None), np.clip(high - rates, 0, None)])
    width = max(PLOT_MIN_WIDTH_IN, PLOT_WIDTH_PER_TASK_IN * len(tasks))
    fig, ax = plt.subplots(figsize=(width, PLOT_HEIGHT_IN))
    x = np.arange(len(tasks))
    ax.bar(x, rates, yerr=errors, capsize=4, color="tab:blue", alpha=0.8)
    if len(tasks) > 1:
        mean = report["overall"]["mean_success_rate"]
        ax.axhline(mean, color="tab:red", linestyle="--", label=f"mean {mean:.2f}")
        ax.legend(loc="upper right")
    ax.set_xticks(x, names, rotation=30 if len(tasks) > 3 else 0, ha="right" if len(tasks) > 3 else "center")
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("success rate (95% Wilson CI)")
    ax.set_title(f"policy {report['provenance'].get('policy_hash') or report['provenance'].get('policy')}",
                 fontsize=9)
    fig.tight_layout()
    from robopolicy.atomic import output_file  # a full disk leaves no truncated png: one line instead

    try:
        with output_file(path, "the success plot") as tmp:
            fig.savefig(tmp, dpi=PLOT_DPI)
    finally:
        plt.close(fig)
    return path


def pick_video_episodes(results: Sequence[EpisodeResult], per_outcome: int) -> list[EpisodeResult]:
    """The first ``per_outcome`` successes and the first ``per_outcome`` failures (errors excluded)."""
    successes = [r for r in results if r.error is None and r.success][:per_outcome]
    failures = [r for r in results if r.error is None and not r.success][:per_outcome]
    return successes + failures


def write_video(path: Path, frames: np.ndarray, fps: float) -> Path:
    """Write ``frames`` ``(L, H, W, 3)`` uint8 as an H.264 mp4."""
    import imageio.v2 as imageio

    from robopolicy.atomic import output_file  # a full disk leaves no truncated mp4: one line instead

    if frames.ndim != 4 or frames.shape[-1] != 3 or frames.dtype != np.uint8:
        raise ReportError(f"video frames must be uint8 (L, H, W, 3), got {frames.dtype} {frames.shape}")
    with output_file(path, "the video") as tmp:
        imageio.mimwrite(tmp, list(frames), fps=fps, codec="libx264", macro_block_size=1)  # yuv420p
    return path


def load_report(run_dir: str | Path) -> dict[str, Any]:
    path = Path(run_dir) / REPORT_JSON
    if not path.is_file():
        raise ReportError(f"{path}: no report here; `robopolicy report` takes a run directory written by "
                          "`robopolicy eval` (it holds report.json)")
    try:
        report = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise ReportError(f"{path}: not valid JSON ({e})") from None
    if report.get("format") not in (REPORT_FORMAT, COMPARISON_FORMAT):
        raise ReportError(f"{path}: format {report.get('format')!r} is not {REPORT_FORMAT!r} or "
                          f"{COMPARISON_FORMAT!r}")
    return report


def main(argv: list[str]) -> int:
    """``robopolicy report RUN_DIR``: re-render report.md and success.png from report.json."""
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print("usage: robopolicy report RUN_DIR   (re-renders report.md and success.png from report.json)")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    run_dir = Path(argv[0])
    paths = render(run_dir, load_report(run_dir))
    print(f"wrote {' and '.join(str(p) for p in paths.values())}")
    return 0
