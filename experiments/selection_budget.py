"""How many tuning episodes selection needs to replace a strong start: the keeper's rule, simulated (no env, no data).

    python -m experiments.selection_budget run       # experiments/results/selection_budget.json
    python -m experiments.selection_budget --render  # the table (docs/results.md), from the JSON

``BestKeeper`` (``robopolicy/finetune/selection.py``) replaces the start only when a later point beats it on the same
tuning seeds by a one-sided test at ``select_alpha`` = 0.05. Every RL run on a strong base here kept its base (MT10's
DSRL and DPPO on development seeds, 27/30 at the start; the adapted held-out tasks): with 30 episodes and a start at
27/30 at most 3 discordant pairs can favour a later point, and even 30/30 gives p = 0.125. This script measures the
rule's power by simulation: the start at success rate ``p0``, a later point at ``p0 + delta``, each episode an
independent Bernoulli draw (the worst case for a paired test: real seeds share difficulty, which removes discordant
pairs that cancel), ``SIMULATIONS`` runs per cell, for the fixed-size exact test (``select_sequential=false``) and the
one-sided sequential test (``select_sequential=true``: the library's ``SequentialPairedTest``, reading pairs in
batches of DSRL's ``num_envs``), with the episodes a later point costs.

**The choice rule** (fixed before the simulation ran; it reads no task, no seed and no result): the smallest
``select_episodes`` in ``BUDGETS`` whose sequential power is >= ``POWER`` at ``REFERENCE`` (a start at 0.85, a later
point at 0.95: the adapted bases sit at 0.79-0.86 and the held-out target is 0.90), then the smallest
``select_every`` in ``EVERY`` (most points) that keeps a 100k-env-step run's expected tuning episodes (start + later
points at ``p0 + 0``, the sequential test's mean) within ``COST_CAP`` times the v1 recipe's (30 episodes at 21 points).
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

import numpy as np

from experiments import stages
from experiments.provenance import REPO_ROOT, run_provenance

RESULT = REPO_ROOT / "experiments" / "results" / "selection_budget.json"
BUDGETS = [30, 50, 75, 100, 150, 200]
STARTS, DELTAS = [0.80, 0.85, 0.90], [0.0, 0.05, 0.10]
REFERENCE, POWER, COST_CAP = (0.85, 0.10), 0.8, 2.0
EVERY, TOTAL, V1_EPISODES = [5_000, 10_000, 20_000, 25_000], 100_000, 30 * 21
SIMULATIONS, NUM_ENVS, ALPHA = 2_000, 4, 0.05


def simulate(p0: float, p1: float, budget: int, rng: np.random.Generator) -> dict[str, float]:
    """Power (share of runs where the later point replaces the start) of both tests, and the sequential test's mean
    episodes per later point (whole batches of ``NUM_ENVS``, as the keeper runs them)."""
    from robopolicy.eval.sequential import IMPROVED, SequentialPairedTest, SequentialSettings, gain_tail

    settings = SequentialSettings(alpha=ALPHA, budget=budget, one_sided=True)
    before = rng.random((SIMULATIONS, budget)) < p0
    after = rng.random((SIMULATIONS, budget)) < p1
    gains, losses = (after & ~before).sum(1), (before & ~after).sum(1)
    fixed = np.mean([gain_tail(int(g), int(lo)) <= ALPHA for g, lo in zip(gains, losses, strict=True)])
    improved, episodes = 0, 0
    for b_row, a_row in zip(before, after, strict=True):
        test, read = SequentialPairedTest(settings), 0
        for b, a in zip(b_row, a_row, strict=True):
            read += 1
            if test.update(bool(b), bool(a)):
                break
        improved += test.verdict == IMPROVED
        episodes += min(budget, math.ceil(read / NUM_ENVS) * NUM_ENVS)
    return {"fixed_power": float(fixed), "sequential_power": improved / SIMULATIONS,
            "sequential_episodes": episodes / SIMULATIONS}


def choose(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The rule of the module docstring, applied to the simulated rows."""
    at = {(r["p0"], r["delta"], r["budget"]): r for r in rows}
    p0, delta = REFERENCE
    budget = next((n for n in BUDGETS if at[(p0, delta, n)]["sequential_power"] >= POWER), BUDGETS[-1])
    per_point = at[(p0, 0.0, budget)]["sequential_episodes"]
    cost = {every: budget + (TOTAL // every) * per_point for every in EVERY}
    every = min((e for e in EVERY if cost[e] <= COST_CAP * V1_EPISODES), default=max(EVERY))
    return {"select_episodes": budget, "select_every": every, "select_sequential": True,
            "expected_tuning_episodes": cost[every], "v1_tuning_episodes": V1_EPISODES,
            "power_at_reference": at[(p0, delta, budget)]["sequential_power"]}


def run(allow_dirty: bool) -> None:
    provenance = run_provenance(allow_dirty, command=" ".join(["python -m experiments.selection_budget", *sys.argv[1:]]))
    rng = np.random.default_rng(0)
    rows = []
    for p0 in STARTS:
        for delta in DELTAS:
            for budget in BUDGETS:
                rows.append({"p0": p0, "delta": delta, "budget": budget,
                             **simulate(p0, min(1.0, p0 + delta), budget, rng)})
                print(json.dumps(rows[-1]), flush=True)
    record = {"rows": rows, "choice": choose(rows), "rule": {"reference": REFERENCE, "power": POWER,
              "cost_cap": COST_CAP, "budgets": BUDGETS, "every": EVERY}, "simulations": SIMULATIONS,
              "num_envs": NUM_ENVS, "alpha": ALPHA, "provenance": provenance}
    RESULT.write_text(json.dumps(record, indent=1) + "\n")
    print(f"{RESULT.relative_to(REPO_ROOT)}: {record['choice']}")


def render() -> list[str]:
    if not RESULT.exists():
        return []
    record = json.loads(RESULT.read_text())
    lines = ["| start p0 | later point | " + " | ".join(f"{n} episodes" for n in record["rule"]["budgets"]) + " |",
             "|---:|---:|" + "---:|" * len(record["rule"]["budgets"])]
    for p0 in STARTS:
        for delta in DELTAS:
            cells = [r for r in record["rows"] if r["p0"] == p0 and r["delta"] == delta]
            lines.append(f"| {p0:.2f} | {min(1.0, p0 + delta):.2f} | " + " | ".join(
                f"{r['fixed_power']:.2f} / {r['sequential_power']:.2f} ({r['sequential_episodes']:.0f})"
                for r in cells) + " |")
    c = record["choice"]
    return [*lines, "", f"Each cell: P(replace the start) with the fixed-size test / the sequential test (its mean "
            f"episodes per later point), {record['simulations']:,} simulated runs at alpha {record['alpha']}. "
            f"The rule's choice: select_episodes={c['select_episodes']}, select_every={c['select_every']:,}, "
            f"select_sequential=true (power {c['power_at_reference']:.2f} at 0.85 -> 0.95; "
            f"~{c['expected_tuning_episodes']:.0f} tuning episodes a run against v1's {c['v1_tuning_episodes']})."]


def main(argv: list[str] | None = None) -> int:
    return stages.main(__doc__, {"run": lambda args: run(args.allow_dirty)}, render, argv)


if __name__ == "__main__":
    raise SystemExit(main())
