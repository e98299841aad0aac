"""Sequential selection replayed on every committed selection record (issue 53: "the fine-tuners use the sequential
selection by default where measurement says they help").

Every JSON record under ``experiments/results/`` whose ``selection`` (top level or under ``result``) holds the
tuning episodes' outcomes of each point (``outcomes``: "0"/"1" per tuning seed, seed order), as every fine-tuning
run's keeper (``robopolicy.finetune.selection.BestKeeper``) writes them, is replayed through the keeper itself with
its evaluation replaced by the recorded outcomes (``ReplayKeeper``):

- **fixed size** (``select_sequential=false``, what the runs used): must keep the point the run kept (a check of
  the replay);
- **sequential** (``select_sequential=true`` at the record's ``select_alpha`` and ``select_episodes``): each later
  point reads the recorded pairs in batches of the run's ``num_envs`` until its one-sided test stops.

The replay is what a sequential run would do up to float rounding: a policy with ``noise_shape`` (every diffusion
and flow head here) gives each tuning seed the same episode (its seed, its noise) whether a point runs all its seeds
or stops early (``sequential_paired_outcomes``), and the keeper's evaluations draw nothing from the training's random
streams, so a sequential run trains the same and reads a prefix of the same outcomes; only the batches the policy is
called on differ, and a batched forward's rows can differ in their last bits with the batch's size (~1e-7 in the
actions of the small heads), which can flip a borderline episode now and then. Records at ``select_alpha`` >= 0.5 (the old
"any point with more successes" rule) cannot run sequentially and are left out. The reference is the fixed-size
keeper in the same run; the ratios are the share of records where both keep the same point and the tuning episodes
the sequential keeper runs against the fixed-size one.

    python -m benchmarks.sequential_selection           # writes docs/benchmarks/sequential_selection.json + .md
    python -m benchmarks.sequential_selection --render
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/sequential_selection.py): this folder is on sys.path
    import common

RESULTS = common.REPO / "experiments" / "results"
OUT = common.PAGES / "sequential_selection.md"
PREFIX = "python -m benchmarks.sequential_selection"
SAME_KEPT_TARGET = 0.99        # share of records where the sequential keeper keeps the fixed-size keeper's point
EPISODE_FRACTION_TARGET = 0.60  # tuning episodes against the fixed-size keeper's (>= 40% fewer)


def selection_of(record: Any) -> dict | None:
    """The record's keeper output with per-point outcomes, or None."""
    if not isinstance(record, dict):
        return None
    for holder in (record, record.get("result")):
        sel = holder.get("selection") if isinstance(holder, dict) else None
        if isinstance(sel, dict) and isinstance(sel.get("outcomes"), list) and sel.get("history") \
                and all(isinstance(o, str) for o in sel["outcomes"]) and len(sel["outcomes"]) == len(sel["history"]):
            return sel
    return None


def num_envs(record: dict) -> int:
    """The run's ``num_envs`` (its selection batches): from its command's overrides, else its method's default."""
    text = json.dumps({k: v for k, v in record.items() if k in ("argv", "train", "overrides", "settings", "command")})
    found = re.findall(r"num_envs=(\d+)", text)
    if found:
        return int(found[-1])
    from robopolicy.finetune.dppo import DPPOConfig
    from robopolicy.finetune.dsrl import DSRLConfig

    method = str(record.get("finetune_method") or record.get("method") or record.get("recipe") or "")
    return DPPOConfig().num_envs if "dppo" in method else DSRLConfig().num_envs


def replay(selection: dict, envs: int, sequential: bool) -> dict:
    """The keeper over the recorded points: the index of the kept point and the tuning episodes it ran."""
    from torch import nn

    from robopolicy.eval.rollout import feed_in_batches
    from robopolicy.eval.sequential import SequentialPairedTest
    from robopolicy.finetune.selection import BestKeeper, SelectionSettings, stop_record

    recorded = [[c == "1" for c in o] for o in selection["outcomes"]]
    settings = None
    if sequential:
        cfg = argparse.Namespace(select_sequential=True, select_alpha=selection["alpha"],
                                 select_episodes=selection["episodes"])
        settings = SelectionSettings.sequential_settings(cfg)

    class ReplayKeeper(BestKeeper):
        def evaluate(self, start: list[bool] | None) -> tuple[list[bool], dict[str, Any]]:
            full = recorded[len(self.history)]
            if self.sequential is None or start is None:
                return full, {}
            test = SequentialPairedTest(self.sequential)
            _, after, run = feed_in_batches(test, self.envs, lambda s, n: (start[s:s + n], full[s:s + n]))
            return after, stop_record(run, test)

    keeper = ReplayKeeper(None, nn.Module(), "replay", selection["episodes"], selection["tuning_seed"], envs, None,
                          alpha=selection["alpha"], sequential=settings)
    for point in selection["history"]:
        keeper.consider(point.get("env_steps", point.get("steps", 0)), label=point.get("policy"),
                        variant=point.get("variant"))
    kept = keeper.history.index(keeper.best)
    ran = [p.get("episodes_run", p["episodes"]) for p in keeper.history]
    return {"kept": kept, "episodes": sum(ran), "points": len(ran)}


def measure() -> dict:
    rows, skipped = [], {"alpha >= 0.5": 0}
    for path in sorted(RESULTS.rglob("*.json")):
        record = json.loads(path.read_text())
        selection = selection_of(record)
        if selection is None:
            continue
        if selection["alpha"] >= 0.5:
            skipped["alpha >= 0.5"] += 1
            continue
        history = selection["history"]
        recorded_kept = next(i for i, p in enumerate(history) if p == selection["kept"])
        envs = num_envs(record)
        fixed, seq = replay(selection, envs, False), replay(selection, envs, True)
        rows.append({"path": str(path.relative_to(common.REPO)), "envs": envs, "alpha": selection["alpha"],
                     "budget": selection["episodes"], "points": len(history), "recorded_kept": recorded_kept,
                     "fixed": fixed, "sequential": seq})
    return {"rows": rows, "skipped": skipped}


def group_of(path: str) -> str:
    parts = path.split("/")
    return "/".join(parts[2:4]) if parts[2] == "test_split" else parts[2]


def render(record: dict) -> str:
    rows = record["rows"]
    n = len(rows)
    faithful = sum(r["fixed"]["kept"] == r["recorded_kept"] for r in rows)
    same = [r for r in rows if r["sequential"]["kept"] == r["fixed"]["kept"]]
    fixed_eps = sum(r["fixed"]["episodes"] for r in rows)
    seq_eps = sum(r["sequential"]["episodes"] for r in rows)
    later_fixed = sum(r["fixed"]["episodes"] - r["budget"] for r in rows)
    later_seq = sum(r["sequential"]["episodes"] - r["budget"] for r in rows)
    share, fraction = len(same) / n, seq_eps / fixed_eps
    lines = ["# Sequential selection, replayed on every committed selection record", "",
             "Each fine-tuning run's keeper recorded every selection point's tuning outcomes (seed order); the keeper is "
             "replayed on them with the fixed-size rule the runs used (it must keep what they kept) and with "
             "`select_sequential=true` at the run's own level and budget. What a sequential run would do, up to float "
             "rounding: a diffusion or flow head gives each tuning seed the same episode (seed and noise) however many "
             "seeds a point runs, and evaluations draw nothing from the training's random streams; only the batch "
             "sizes of the policy calls differ, which moves actions by ~1e-7 and can flip a borderline episode now "
             "and then (`benchmarks/sequential_selection.py`, module docstring).",
             "", common.measured_line(record, "sequential_selection.json"), "",
             f"Headline, over **{n}** records: the sequential keeper keeps the fixed-size keeper's point in "
             f"**{len(same)}/{n} ({share:.1%})** (target >= {SAME_KEPT_TARGET:.0%}: "
             f"{'met' if share >= SAME_KEPT_TARGET else 'missed'}), running **{fraction:.2f}x** the tuning episodes "
             f"(target <= {EPISODE_FRACTION_TARGET:.2f}x: {'met' if fraction <= EPISODE_FRACTION_TARGET else 'missed'}"
             f"; later points alone, the start being the reference that always runs all: "
             f"{later_seq / max(later_fixed, 1):.2f}x). The replay of the fixed-size rule keeps the recorded point "
             f"in {faithful}/{n}.", "",
             f"Left out: {', '.join(f'{v} with {k}' for k, v in record['skipped'].items())} (the old rule, which "
             "cannot stop early).", "",
             "| records | n | same kept point | tuning episodes, fixed size | sequential | ratio |",
             "|---|---:|---:|---:|---:|---:|"]
    for group in sorted({group_of(r["path"]) for r in rows}):
        part = [r for r in rows if group_of(r["path"]) == group]
        f, s = sum(r["fixed"]["episodes"] for r in part), sum(r["sequential"]["episodes"] for r in part)
        agree = sum(r["sequential"]["kept"] == r["fixed"]["kept"] for r in part)
        lines.append(f"| `experiments/results/{group}` | {len(part)} | {agree} | {f:,} | {s:,} | {s / f:.2f}x |")
    lines.append(f"| all | {n} | {len(same)} | {fixed_eps:,} | {seq_eps:,} | {fraction:.2f}x |")
    differ = [r for r in rows if r["sequential"]["kept"] != r["fixed"]["kept"]]
    if differ:
        lines += ["", "Records where the two keep different points (point index; 0 is the start):", "",
                  "| record | fixed size keeps | sequential keeps | points |", "|---|---:|---:|---:|"]
        lines += [f"| `{r['path']}` | {r['fixed']['kept']} | {r['sequential']['kept']} | {r['points']} |"
                  for r in differ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args = common.page_args(parser, OUT, render, argv)
    provenance = common.start(PREFIX, argv)
    common.write_record(args.out, render, provenance, **measure())


if __name__ == "__main__":
    main()
