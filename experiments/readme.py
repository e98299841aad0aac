"""The README's numbers, rendered from committed JSON (issue [1/6]: no number in the README is pasted by hand).

    python -m experiments.readme            # rewrite the rendered blocks (README.md, docs/quickstart.md)
    python -m experiments.readme --check    # exit 1 when a block is not what the JSONs give (a test runs this)

The block says which split each number is on. Today every number is a *development* number (round 2 chose its
recipes on the seeds it reported), and the test-split headline is listed as not measured until its records exist.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from experiments.provenance import REPO_ROOT

README = REPO_ROOT / "README.md"
QUICKSTART_PAGE = REPO_ROOT / "docs" / "quickstart.md"
RESULTS = REPO_ROOT / "experiments" / "results"
BEGIN = "<!-- results:begin: rendered by `python -m experiments.readme` from committed JSON; edit the script -->"
END = "<!-- results:end -->"
TS_BEGIN = "<!-- test-split:begin: rendered by `python -m experiments.readme` from committed JSON; edit the script -->"
TS_END = "<!-- test-split:end -->"
RESULTS_PAGE = REPO_ROOT / "docs" / "results.md"
TEST_BC = RESULTS / "test_split" / "bc"
TEST_RL = RESULTS / "test_split" / "rl"
QS_BEGIN = "<!-- quickstart:begin: rendered by `python -m experiments.readme` from committed JSON; edit the script -->"
QS_END = "<!-- quickstart:end -->"
GEN_BEGIN = "<!-- generalist:begin: rendered by `python -m experiments.readme` from committed JSON; edit the script -->"
GEN_END = "<!-- generalist:end -->"
LR_BEGIN = "<!-- lerobot:begin: rendered by `python -m experiments.readme` from committed JSON; edit the script -->"
LR_END = "<!-- lerobot:end -->"
ARCHIVE_PAGE = REPO_ROOT / "docs" / "results_archive.md"
GD_BEGIN = "<!-- generalist-dev:begin: rendered by `python -m experiments.readme` from committed JSON; edit the script -->"
GD_END = "<!-- generalist-dev:end -->"
GD_LINK = "results_archive.md#the-generalists-development-checks"
QUICKSTART = RESULTS / "quickstart" / "quickstart.json"
# the same command with the same defaults, run again on other machines or commits: each rendered under the first
QUICKSTART_RERUNS = RESULTS / "quickstart" / "reruns"
BC_SUITE = RESULTS / "bc_suite"
RL_SUITE = RESULTS / "rl_suite2"
# the reported default recipe of each BC head (the tag of its records in bc_suite/)
BC_DEFAULT_TAG = {"diffusion_unet": "x0", "flow_unet": ""}
MT10 = ("reach-v3", "push-v3", "pick-place-v3", "door-open-v3", "drawer-open-v3", "drawer-close-v3",
        "button-press-topdown-v3", "peg-insert-side-v3", "window-open-v3", "window-close-v3")
BC_BAR = 0.90
# the RL suite's shipped recipes per method (docs/results_archive.md, "RL suite: rl_suite2")
RL_METHODS = {"dsrl_sac": "DSRL-SAC (diffusion)", "dsrl_sac_flow": "DSRL-SAC (flow)", "dsrl_na": "DSRL-NA",
              "dppo_diffusion_kl_100k": "DPPO (diffusion, KL stop, 100k)",
              "dppo_flow_big_kl_select_std02_100k": "DPPO (flow, 100k, the round-2 recipe)",
              "vgps": "V-GPS", "parl_pref": "PA-RL (preference)"}
ZERO_NOISE = {"diffusion_unet": "noise0", "flow_unet": "noise0_flow"}
ALPHA = 0.05


def load(path: Path) -> Any:
    if not path.exists():
        name = path.relative_to(REPO_ROOT) if path.is_relative_to(REPO_ROOT) else path
        raise FileNotFoundError(f"{name} is missing: the README block is rendered from it; "
                                "restore it from git or re-run the experiment that writes it")
    return json.loads(path.read_text())


def quickstart_summary(q: dict[str, Any]) -> str:
    evals = [r for r in q["rows"] if r["stage"].startswith("eval")]
    v = {r["stage"]: r for r in q["rows"]}["paired verdict"]["verdict"]
    p = q["provenance"]
    return (f"{evals[0]['success']:.2f} → {evals[-1]['success']:.2f} success on {v['episodes']} paired development "
            f"seeds ({q['eval_seed']}..{q['eval_seed'] + q['eval_episodes'] - 1}), {v['verdict']} ({v['gained']} "
            f"gained, {v['lost']} lost, exact McNemar p = {v['p_value']:.2g}), {q['wall_seconds'] / 60:.1f} min on "
            f"{p['cpu']} ({p['cpu_cores']} cores, load average {p['load_average'][0]:.1f} at the start), commit "
            f"`{p['commit'][:10]}`")


def quickstart_lines() -> list[str]:
    paths = [QUICKSTART, *sorted(QUICKSTART_RERUNS.glob("*.json"))]
    runs = [load(p) for p in paths]
    lines = [f"- **Quickstart** (`make quickstart`, {runs[0]['env']}): {quickstart_summary(runs[0])} "
             f"(`{QUICKSTART.relative_to(REPO_ROOT)}`)."]
    lines += [f"  - the same defaults re-run: {quickstart_summary(q)} (`{p.relative_to(REPO_ROOT)}`)."
              for p, q in zip(paths[1:], runs[1:])]
    if len(runs) > 1:
        margins = sweep("sel15k")
        gains = [sweep_gain(m) for m in margins]
        verdicts = [{r["stage"]: r for r in q["rows"]}["paired verdict"]["verdict"] for q in runs]
        run_gains = [v["after"] - v["before"] for v in verdicts]
        below = sum(g < min(gains) for g in run_gains)
        commits = sorted({m["provenance"]["commit"][:7] for m in margins})
        lines.append(f"  - The runs above gained {', '.join(f'{g:+d}' for g in run_gains)} of 50; the recipe's "
                     f"{len(gains)} training seeds (evaluation seeds 50,000+, commits {', '.join(commits)}) gained "
                     f"{min(gains):+d} to {max(gains):+d} (docs/results_archive.md, \"Learning-test margins\", "
                     f"`dsrl_reach_sel15k`): {below} of the {len(run_gains)} quickstart runs fall below that range. "
                     "The same seed takes other floats on another CPU or after a change to the code, so each run is "
                     "a new draw." + now_line(run_gains))
    return lines


def now_line(run_gains: list[int]) -> str:
    """The recipe re-measured at a later commit (``dsrl_reach_sel15k_now``), against the quickstart runs' gains."""
    now = sweep("sel15k_now")
    if not now:
        return " The sweep has not been repeated at today's code."
    gains = [sweep_gain(m) for m in now]
    seeds = sorted(m["seed"] for m in now)
    commits = sorted({m["provenance"]["commit"][:7] for m in now})
    below = sum(g < min(gains) for g in run_gains)
    return (f" Re-measured at commit {', '.join(commits)} on seeds {seeds[0]}-{seeds[-1]} (`dsrl_reach_sel15k_now`): "
            f"{min(gains):+d} to {max(gains):+d} (mean {sum(gains) / len(gains):+.1f}, against "
            f"{mean_of_seeds(seeds):+.1f} on the same seeds before); {below} of the {len(run_gains)} quickstart runs "
            "fall below that range.")


def mean_of_seeds(seeds: list[int]) -> float:
    """The first sweep's mean gain on ``seeds``."""
    old = [m for m in sweep("sel15k") if m["seed"] in seeds]
    return sum(map(sweep_gain, old)) / len(old)


def sweep(tag: str) -> list[dict[str, Any]]:
    """The DSRL recipe's learning-margin records of one sweep (``dsrl_reach_<tag>_seed*.json``), in path order."""
    return [load(p) for p in sorted((RESULTS / "learning_margins").glob(f"dsrl_reach_{tag}_seed*.json"))]


def sweep_gain(m: dict[str, Any]) -> int:
    """Successes after minus before (of the evaluation episodes) in one learning-margin record."""
    return sum(m["result"]["after"]) - sum(m["result"]["before"])


def bc_lines() -> list[str]:
    rates: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for path in sorted(BC_SUITE.glob("metaworld_*.json")):
        r = load(path)
        task = r["task"].split("/", 1)[1]
        if task in MT10 and r.get("tag") == BC_DEFAULT_TAG.get(r.get("head")) and r.get("steps") == 3000:
            rates[r["head"]][task].append(r["success_rate"])
    lines = []
    for head, tag in BC_DEFAULT_TAG.items():
        means = {t: sum(v) / len(v) for t, v in rates[head].items()}
        below = sorted((m, t) for t, m in means.items() if m < BC_BAR)
        seeds = sorted({len(v) for v in rates[head].values()})
        lines.append(f"- **BC, {head}** (50 noisy expert demos, 3,000 steps, 100 episodes, "
                     f"{'/'.join(map(str, seeds))} training seeds; tag `{tag or 'default'}`): mean ≥ {BC_BAR:.2f} on "
                     f"{len(means) - len(below)} of {len(means)} MT10 tasks; below: "
                     + (", ".join(f"{t} {m:.2f}" for m, t in below) or "none") + ".")
    return lines


def mcnemar_better(after: list[bool], control: list[bool]) -> bool:
    """``after`` significantly above ``control`` on the same seeds (one-sided exact McNemar at ``ALPHA``)."""
    from robopolicy.eval.stats import gain_p_value

    return gain_p_value(control, after) <= ALPHA


def rl_lines() -> list[str]:
    records = [load(p) for p in sorted(RL_SUITE.glob("*.json"))]
    zero = {(r["task"], r["head"], r.get("base_recipe"), r.get("base_bc_steps")): r["after"]
            for r in records if r["method"] in ZERO_NOISE.values()}
    lines = ["| method | runs | improved over base | significantly worse than base | kept the start | "
             "better than the zero-noise sampler (runs with that control) |", "|---|---|---|---|---|---|"]
    for method, label in RL_METHODS.items():
        runs = [r for r in records if r["method"] == method]
        if not runs:
            continue
        verdicts = [r["verdict"]["verdict"] for r in runs]
        kept_start = sum(1 for r in runs if (r.get("selection") or {}).get("kept", {}).get("env_steps", None) == 0)
        paired = [(r, zero.get((r["task"], r["head"], r.get("base_recipe"), r.get("base_bc_steps")))) for r in runs]
        with_control = [(r, z) for r, z in paired if z is not None]
        better = sum(mcnemar_better(r["after"], z) for r, z in with_control)
        lines.append(f"| {label} | {len(runs)} | {verdicts.count('improved')} | {verdicts.count('worse')} | "
                     f"{kept_start} | {better} of {len(with_control)} |")
    return lines


def test_split_records() -> list[dict[str, Any]]:
    return [r for p in sorted(RESULTS.rglob("*.json")) for r in [load(p)]
            if isinstance(r, dict) and r.get("split") == "test"]


def test_bc_table() -> list[str]:
    """Behaviour cloning on the test split: per task and head, each training seed's success of 100 test episodes,
    every frozen version its own column."""
    from robopolicy.protocol import TEST_TASKS

    records = [load(p) for p in sorted(TEST_BC.glob("*.json"))] if TEST_BC.exists() else []
    if not records:
        return []
    columns = sorted({(r["head"], r["recipe"]["version"]) for r in records})
    lines = ["| task | " + " | ".join(f"{h} (`bc_{h}` v{v})" for h, v in columns) + " |",
             "|---|" + "---|" * len(columns)]
    for task in TEST_TASKS:
        cells = []
        for head, version in columns:
            runs = sorted((r for r in records if r["task"] == task and r["head"] == head
                           and r["recipe"]["version"] == version), key=lambda r: r["seed"])
            cells.append(" / ".join(f"{r['success_rate']:.2f}" for r in runs) or "not run yet")
        lines.append(f"| {task} | " + " | ".join(cells) + " |")
    return lines


def test_split_lines(short: bool = True) -> list[str]:
    """The test split's records, or the plain statement that there are none yet."""
    records = test_split_records()
    if not records:
        return ["**Test split (the headline): not measured yet.** The frozen default recipes run once on the held-out "
                "tasks (Meta-World ML45's five test tasks and robosuite Stack, seeds 1,000,000+; "
                "[protocol](docs/protocol.md)); until they have, every number below is a development number: chosen "
                "on the seeds it is reported on, so read it as an upper bound."]
    from experiments.headline import noise_line, render_table

    rl = [load(p) for p in sorted(TEST_RL.glob("*.json"))] if TEST_RL.exists() else []
    bc_jobs = 6 * 2 * 3   # test tasks x heads x training seeds
    done_bc = len([r for r in records if r.get("head") in BC_DEFAULT_TAG and "success_rate" in r])
    lines = [f"**Test split (the headline), in progress:** {done_bc} of the {bc_jobs} behaviour-cloning jobs and "
             f"{len(rl)} RL run{'s' * (len(rl) != 1)} {'have' if len(rl) != 1 else 'has'} finished (frozen recipes, held-out tasks, 100 test seeds 1,000,000+; "
             "[protocol](docs/protocol.md)). Behaviour cloning, 50 noisy expert demos, success of each training seed:",
             "", *test_bc_table(), ""]
    if not short or rl:
        lines += ["RL (controls: the base and the base from zero noise on the same seeds; the bar: ≥ 0.90 or base "
                  "+ 0.30):", "", *render_table(rl), ""]
        if (noise := noise_line()) is not None:
            lines += [noise, ""]
    lines.append("Until every row has its three seeds, the development numbers below are the rest of the picture: "
                 "chosen on the seeds they report, so read them as upper bounds.")
    return lines


def generalist_lines() -> list[str]:
    """The published generalist's final evaluation and the RL runs on it, once each has a record."""
    from experiments import generalist as gen
    from experiments import generalist_rl

    lines = []

    def final(variant: Any) -> tuple[dict[str, Any], list[float], str, int] | None:
        """A generalist's final record, its per-task rates, its three weakest tasks and episodes per task."""
        path = gen.RESULTS / f"{variant.name}_final.json"
        if not path.exists():
            return None
        r = load(path)
        rates = [sum(v) / len(v) for v in r["per_task"].values()]
        weakest = ", ".join(f"{t.split('/')[1]} {x:.2f}" for x, t in sorted(zip(rates, r["per_task"]))[:3])
        return r, rates, weakest, len(next(iter(r["per_task"].values())))

    if (state := final(gen.ML45)) is not None:
        r, rates, weakest, n = state
        lines += [f"**The generalist** (`models/{gen.ML45.name}`, in git: `vla_flow` pretrained on Meta-World ML45's "
                  f"45 training tasks from {gen.ML45.observations}, {gen.ML45.steps:,} steps): **{r['success']:.2f}** "
                  f"over the 45 tasks, {n} episodes each on development seeds "
                  f"no evaluation had used (target 0.85); {sum(x >= 0.8 for x in rates)} tasks at >= 0.8, weakest "
                  f"{weakest}. Start from it with "
                  "`init_from=models/ml45_vla_flow` ([how-to](docs/howto/generalist.md)).", ""]
    if (pixels := final(gen.MT10_PIXELS)) is not None:
        r, _, weakest, n = pixels
        lines += [f"**From pixels** (`models/{gen.MT10_PIXELS.name}`, in git: `vla_flow` on MT10 from "
                  f"{gen.MT10_PIXELS.observations}, {gen.MT10_PIXELS.steps:,} steps): **{r['success']:.3f}** over the "
                  f"10 tasks, {n} episodes each on development seeds no evaluation had used (target 0.80: "
                  f"{'met' if r['success'] >= 0.80 else 'missed'}); weakest {weakest}.", ""]
    rl = generalist_rl.render()
    if rl:
        lines += [f"Multi-task RL on it ({generalist_rl.TASK_SET}, one run per method, the method's defaults, "
                  f"{generalist_rl.EVAL_EPISODES // 10} paired episodes per task; target: the mean +0.05 with no task "
                  "significantly worse):", "", *rl, ""]
    from experiments import adaptation

    if cells := [json.loads(p.read_text()) for p in sorted(adaptation.RESULTS.glob("*.json"))]:
        lines += ["**Adapted to ML45's five held-out tasks** (test split, each cell once, 100 seeds; tables in "
                  "[results](docs/results.md#the-generalists-pretraining)):", *few_shot_reading(cells)[1:], ""]
    for folder, what in ((adaptation.RETENTION, "after adaptation"), (adaptation.RESULTS / "merged" / "retention",
                                                                   "after adaptation, merged back (`merge_adapted`)")):
        if kept := [json.loads(p.read_text())["kept"] for p in sorted(folder.glob("*.json"))]:
            lines += [f"**Old skills** {what}: the 45 training tasks keep {min(kept):.0%} to "
                      f"{max(kept):.0%} of the generalist's success over {len(kept)} adapted test cells measured; "
                      f"{sum(k >= 0.9 for k in kept)} of {len(kept)} keep >= 90% (the target).", ""]
    lines += cotrain_reading()
    if adapted := generalist_rl.render_adapted():
        lines += [f"**RL after 5-demo adaptation** (DSRL, 100k env steps, test split; a task meets it at >= 0.90 or +0.30): {adapted[-1]}", ""]
    return lines


def render() -> str:
    lines = [BEGIN, *test_split_lines(), "", *generalist_lines(), "**Development split** (round 2; recipes chosen on these seeds):", "",
             *quickstart_lines(), *bc_lines(), "",
             "RL suite (`rl_suite2`: weak bases on five Meta-World tasks and Lift, three seeds each, 100 paired "
             f"episodes; \"kept the start\": the run's selection kept its env-step-0 point; the zero-noise control is "
             "the base sampled from zero initial noise, untrained, on the same seeds, one-sided exact McNemar at "
             f"{ALPHA}):", "", *rl_lines(), END]
    return "\n".join(lines)


def quickstart_block() -> str:
    """docs/quickstart.md's "Real output": the summary table of the committed run, and where it ran."""
    q = load(QUICKSTART)
    p = q["provenance"]
    lines = [QS_BEGIN, f"A real run on {p['date']} (commit `{p['commit'][:10]}`{', dirty tree' if p['dirty'] else ''}, "
             f"{p['cpu']}, {p['cpu_cores']} cores, load average {p['load_average'][0]:.1f} at the start), "
             f"`{p['command']}`, total wall time {q['wall_seconds'] / 60:.1f} min. The summary it printed "
             f"(`{QUICKSTART.relative_to(REPO_ROOT)}`):", "",
             "| stage | success (95% CI) | episodes | errors | time | verdict |", "|---|---|---|---|---|---|"]
    for r in q["rows"]:
        success = f"{r['success']:.2f} [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}]" if "success" in r else ""
        v = r.get("verdict")
        verdict = (f"{v['verdict']}: {v['gained']} gained, {v['lost']} lost on the same {v['episodes']} seeds (exact "
                   f"McNemar p = {v['p_value']:.2g})") if v else ""
        lines.append(f"| {r['stage']} | {success} | {r.get('episodes', '')} | {r.get('errors', '')} | "
                     f"{r['seconds']:.0f} s | {verdict} |")
    return "\n".join([*lines, QS_END])


def generalist_block() -> str:
    """docs/results.md's generalist section: each evaluated checkpoint of the ML45 pretraining run."""
    from experiments import generalist as gen

    lines = [GEN_BEGIN, f"`vla_flow` from state + instruction on Meta-World ML45's 45 training tasks (2,250 noisy "
             f"expert demos, paraphrased instructions; `python -m experiments.generalist`), a {gen.STEPS:,}-step run "
             f"resumed across sessions; checkpoints evaluated on development seeds 100,000+, {gen.EPISODES_PER_TASK} "
             "episodes per task, and the published generalist once on fresh development seeds "
             f"{gen.FINAL_SEEDS.start:,}+, {gen.FINAL_EPISODES} per task (the held-out ML45 tasks are the test split's and "
             "are not evaluated here):", "",
             *gen.render()]
    pixels = gen.render(gen.MT10_PIXELS)
    if pixels[0].startswith("|"):   # only once the pixel generalist has a record
        lines += ["", f"`vla_flow` on MT10 from {gen.MT10_PIXELS.observations} (no object poses: the objects are seen "
                  f"by the camera; `python -m experiments.generalist --variant mt10_pixels`), {gen.MT10_PIXELS.steps:,} "
                  "steps, evaluated as above:", "", *pixels]
    from experiments import generalist_rl

    if rl := generalist_rl.render():
        lines += ["", f"RL on the published generalist, {generalist_rl.TASK_SET} as one multi-task run (`python -m "
                  "experiments.generalist_rl`; the method's defaults, DSRL conditioned on the task; "
                  f"{generalist_rl.EVAL_EPISODES // 10} paired episodes per task on development seeds "
                  f"{generalist_rl.EVAL_SEEDS.start:,}+ that no evaluation had used; per-task verdicts in the JSON):",
                  "", *rl]
    if adapted := generalist_rl.render_adapted():
        from experiments import selection_budget

        v2 = ", ".join(f"{k}={str(v).lower()}" for k, v in generalist_rl.SELECTION_V2.items())
        lines += ["", "RL after adaptation, on the test split (`python -m experiments.generalist_rl adapted "
                  "--recipe-version V`, the frozen recipe `rl_adapted_generalist`: v1 is DSRL's defaults with 100k env "
                  f"steps, from each held-out task's 5-demo `full` adaptation cell; v2 adds {v2}; "
                  f"{generalist_rl.EVAL_EPISODES_ADAPTED} paired episodes on the cell's test seeds; each version run "
                  "once, both shown):", "", *adapted]
        if selection_budget.RESULT.exists():
            lines += ["", "Why v2: with v1's 30 tuning episodes a start at 27/30 can never be replaced (even 30/30 gives "
                      "p = 0.125), and every RL run on a strong base kept it (MT10's development runs above, the "
                      "adapted test runs); v2's budget came from a simulation of the keeper's power with no env and no "
                      f"data ([the generalist's development checks]({GD_LINK}))."]
    return "\n".join([*lines, *adaptation_lines(), *merge_back_lines(), *cotrain_lines(),
                      "", "The development checks that chose the adapters' learning rate, the merge alphas, the "
                      "co-training weight and v2's selection budget, each before its recipe was frozen: "
                      f"[the generalist's development checks]({GD_LINK}).", GEN_END])


def generalist_dev_block() -> str:
    """docs/results_archive.md's section of the generalist's development checks: what chose each frozen setting of
    the test cells on docs/results.md (the selection budget, the adapters' learning rate, merging, co-training)."""
    from experiments import selection_budget

    lines = [GD_BEGIN, "Each check ran on development tasks and seeds before the recipe it chose was frozen; the "
             "test cells they lead to are on [Results](results.md#the-generalists-pretraining)."]
    if budget := selection_budget.render():
        lines += ["", "The keeper's power to replace a start (`rl_adapted_generalist` v2's budget), simulated with no "
                  "env and no data (`python -m experiments.selection_budget`), and v2's budget chosen from it by a "
                  "rule fixed before the simulation ran (the smallest budget with power >= 0.8 at 0.85 -> 0.95, then "
                  "the densest schedule within twice v1's tuning episodes):", "", *budget]
    return "\n".join([*lines, *adaptation_lines(development=True), *merge_back_lines(development=True),
                      *cotrain_lines(development=True), GD_END])


def few_shot_reading(records: list[dict]) -> list[str]:
    """The few-shot targets read off the test cells, per demo count: full beats scratch by >= 0.15 on >= 3 of the 5
    held-out tasks; LoRA within 0.05 of full, read as at most 0.05 below it (tasks with both cells only)."""
    cells = {(r["task"], r["demos"], r["arm"]): r["success"] for r in records}
    out = []
    for demos in sorted({r["demos"] for r in records}):
        tasks = sorted({t for t, d, _ in cells if d == demos})
        paired = [t for t in tasks if (t, demos, "full") in cells and (t, demos, "scratch") in cells]
        beats = [t for t in paired if cells[(t, demos, "full")] - cells[(t, demos, "scratch")] >= 0.15 - 1e-9]
        lora = [t for t in tasks if (t, demos, "full") in cells and (t, demos, "lora") in cells]
        close = [t for t in lora if cells[(t, demos, "full")] - cells[(t, demos, "lora")] <= 0.05 + 1e-9]
        above = [t for t in lora if cells[(t, demos, "lora")] - cells[(t, demos, "full")] > 0.05 + 1e-9]
        verdict = "met" if len(beats) >= 3 else f"not yet ({5 - len(paired)} of 5 tasks still to run)" \
            if len(beats) + 5 - len(paired) >= 3 else "missed"
        # the targets are read at 5 demos; other counts show the same comparisons without a verdict
        target = f" (target >= 3 of 5: {verdict})" if demos == 5 else ""
        out.append(f"- {demos} demo{'s' if demos != 1 else ''}: full beats scratch by >= 0.15 on {len(beats)} of the "
                   f"{len(paired)} task{'s' if len(paired) != 1 else ''} with both cells{target}"
                   + (f"; LoRA at most 0.05 below full on {len(close)} of {len(lora)}"
                      + (f" (more than 0.05 above it on {len(above)})" if above else "") + "." if lora else
                      "; no LoRA cell yet."))
    return ["", *out] if out else []


def adaptation_lines(development: bool = False) -> list[str]:
    """The adaptation experiment's tables (``experiments/adaptation.py``): the test split's cells and what they keep,
    or (``development``) its development check, each only once it has a record."""
    from experiments import adaptation

    lines = []
    for folder, split in ((adaptation.DEV_RESULTS, "development"),) if development else ((adaptation.RESULTS, "test"),):
        records = [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]
        if not records:
            continue
        steps = sorted({r["generalist"]["step"] for r in records if r.get("generalist")})
        episodes = len(records[0]["outcomes"])
        where = ("the development check on ML45 training tasks (seen in pretraining: it checks the pipeline and "
                 "picks the adapters' learning rate, nothing else)" if split == "development" else
                 "ML45's five held-out tasks (the test split, the frozen recipe, each cell run once)")
        confound = (" Each cell started from the pretraining run's latest checkpoint when it ran, so the arms "
                    "started from different checkpoints: a confound of this check (later checks pin one)."
                    if len(steps) > 1 else "")
        lines += ["", f"Adapting the generalist (step {', '.join(f'{s:,}' for s in steps)}), {where}: "
                  f"{adaptation.STEPS:,} steps per arm on the first n demos, every demo trained on; success on "
                  f"{episodes} {split} seeds per task, the same for every arm, and in brackets each arm's paired "
                  f"difference to the same architecture trained from scratch (exact McNemar p).{confound}", "",
                  *adaptation.render(records)]
        if split == "test":
            lines += few_shot_reading(records)
            if versus := adaptation.lora_against_full(records):
                lines += ["", "LoRA against full fine-tuning, paired on the same test seeds (LoRA minus full, exact "
                          "McNemar p): " + "; ".join(versus) + "."]
        if split == "development" and (lr := adaptation.choose_adapter_lr(records)) is not None:
            wins = {x: sum(sum(r["outcomes"]) for r in records if r["arm"] in ("lora", "head") and r["lr"] == x)
                    for x in adaptation.DEV_LRS}
            lines += ["", "The adapters' learning rate, by a rule committed after the two LoRA cells had results and "
                      "before the head cells had any "
                      "(`experiments/adaptation.py` `choose_adapter_lr`: the most LoRA + head successes): "
                      + ", ".join(f"{wins[x]} at lr {x:g}" for x in adaptation.DEV_LRS)
                      + f"; lr {lr:g} is frozen in the recipe `adapt_generalist` (the ledger) for the test split."]
    kept = [json.loads(p.read_text()) for p in sorted(adaptation.RETENTION.glob("*.json"))]
    if kept and not development:
        lines += ["", "What the adapted generalists keep of the old skills (`python -m experiments.adaptation "
                  "retention`): each adapted test cell on ML45's 45 training tasks, on the seeds of the generalist's "
                  "own last-step evaluation (development seeds 100,000+, 10 per task), paired against it:", "",
                  *adaptation.render_retention(kept)]
    return lines


def cotrain_reading() -> list[str]:
    """The README's line for the co-trained cells: what the old tasks keep, and what the held-out task gives
    against the full-fine-tuning cell trained on its demos alone (paired on the same test seeds)."""
    from experiments import adaptation
    from experiments import cotrain as ct
    from experiments import merge_back as mb
    from robopolicy.eval.stats import paired_comparison

    kept = ct.load_records(ct.RESULTS / "retention")
    if not kept:
        return []
    held, seeds = [], set()
    for r in ct.load_records(ct.RESULTS):
        seeds.add(len(r["outcomes"]))
        alone = load(adaptation.RESULTS / ct.cell_name(r))
        v = paired_comparison(alone["outcomes"], r["outcomes"])["verdict"]
        held.append(f"{adaptation.short(r['task']).removesuffix('-v3')} {alone['success']:.2f} -> {r['success']:.2f}"
                    f"{'' if v == 'no significant change' else f' ({v})'}")
    weights = sorted({r["old_weight"] for r in kept})
    return [f"**Old skills** after adaptation, co-trained (`cotrain_generalist`: full fine-tuning on the ML45 store and "
            f"the 5 demos, old data at {', '.join(f'{w:g}' for w in weights)} of every batch): the 45 training tasks "
            f"keep {ct.percent(min(k['kept'] for k in kept))} to {ct.percent(max(k['kept'] for k in kept))} of the "
            f"generalist's success over {len(kept)} held-out tasks measured; "
            f"{sum(k['kept'] >= mb.KEEP for k in kept)} of {len(kept)} keep >= {mb.KEEP:.0%} (the target). The "
            f"held-out task, alone -> co-trained ({'/'.join(map(str, sorted(seeds)))} paired test seeds): "
            f"{'; '.join(held)}.", ""]


def cotrain_lines(development: bool = False) -> list[str]:
    """The second remedy (``experiments/cotrain.py``): the co-trained test cells, or (``development``) its
    development check, each only once it has records."""
    from experiments import cotrain as ct
    from experiments import merge_back as mb

    lines = []
    if development and (rows := ct.dev_rows()):
        lines += ["", f"Co-training instead, the development check (`python -m experiments.cotrain dev`): full "
                  f"fine-tuning from the generalist on a mixture of its own ML45 store and the same 5 demos of "
                  f"{mb.DEV_TASK.split('/')[1]}, the old data at weight w of every batch; measured as merging's check "
                  "(the same seeds). Chosen by the same rule, fixed before the check (the most adapted-task "
                  f"successes among the weights keeping >= {mb.KEEP:.0%}; if none, the most kept). The same caveat, "
                  "and one more: the development task is one the generalist trained on, so its column cannot show a "
                  "new skill being lost, and the ML45 store holds that task's own 50 demos, so a larger old weight "
                  "also means more demos of the task (a held-out task has none there): the adapted column favours "
                  "the larger weight for a reason the test split does not share:", "", *ct.render_dev(rows)]
    if not development and (held := ct.load_records(ct.RESULTS)):
        lines += ["", "The held-out tasks co-trained at the frozen weight (`cotrain_generalist`, `python -m "
                  "experiments.cotrain run`, once each), beside the full-fine-tuning cell trained on the 5 demos alone:",
                  "", *ct.render(held, ct.load_records(ct.RESULTS / "retention"))]
    return lines


def merge_back_lines(development: bool = False) -> list[str]:
    """The remedy for what adaptation forgets (``experiments/merge_back.py``): the test cells merged at the frozen
    alphas, or (``development``) its development check, each only once it has records."""
    from experiments import merge_back as mb

    lines = []
    if development and (rows := mb.dev_rows()):
        lines += ["", f"Merging back toward the generalist, the development check (`python -m experiments.merge_back "
                  f"dev`): the generalist adapted to {mb.DEV_TASK.split('/')[1]} (a training task it does poorly) with 5 "
                  f"demos, each arm merged at alpha in {', '.join(f'{a:g}' for a in mb.DEV_ALPHAS)} (1 = the adapted "
                  f"cell); the adapted task on its cell's 50 seeds, the 44 other training tasks on development seeds "
                  f"{mb.DEV_RETAIN_SEED:,}+ ({mb.DEV_RETAIN_EPISODES} each) against the generalist on the same seeds. "
                  "Chosen per arm by the rule fixed before the check (the most adapted-task successes among the "
                  f"alphas keeping >= {mb.KEEP:.0%}; if none, the most kept):", "", *mb.render_dev(rows)]
    if not development and (held := mb.load_records(mb.RESULTS)):
        lines += ["", "The adapted test cells merged at the frozen alphas (`merge_adapted`, `python -m "
                  "experiments.merge_back run`, once each): the held-out task on the cell's test seeds, and the 45 "
                  "training tasks as above:", "", *mb.render(held, mb.load_records(mb.RESULTS / "retention"))]
    return lines


def lerobot_block() -> str:
    """docs/results.md's LeRobot section: DSRL on a LeRobot flow VLA (``experiments/lerobot_dsrl.py``)."""
    from experiments import lerobot_agreement as la
    from experiments import lerobot_dsrl as ld

    rows = ld.render()
    if not rows:
        return "\n".join([LR_BEGIN, "No run of `experiments/lerobot_dsrl.py` has finished yet.", LR_END])
    lines = [LR_BEGIN, f"DSRL on LeRobot's SmolVLA (`python -m experiments.lerobot_dsrl` in the LeRobot lane): a small "
             f"SmolVLA (LeRobot 0.6.1's own policy class, a tiny VLM built offline) trained here by `lerobot-train` "
             f"for {ld.TRAIN_STEPS:,} steps on scripted-expert demos of a development task by the headline's base rule, "
             "then `robopolicy finetune method=dsrl` with DSRL's defaults steering the flow's initial noise "
             f"({ld.CHUNK} x 4); {ld.EVAL_EPISODES} paired episodes on development seeds {ld.EVAL_SEEDS.start:,}+ "
             "that no evaluation had used, with the zero-noise control:", "", *rows]
    if list(ld.RESULTS.glob("*_zero_noise.json")):
        lines += ["", "The zero-noise control was evaluated after the run (`python -m experiments.lerobot_dsrl "
                  "control`, the same seeds and episode limit): the wrapper had no `set_noise_scale` when the run "
                  "ended, so `robopolicy finetune` could not compute it then."]
    agreement = la.render()
    if agreement:
        lines += ["", f"`robopolicy eval` against `lerobot-eval` (`python -m experiments.lerobot_agreement` in the "
                  f"LeRobot lane): a LeRobot Diffusion Policy trained by `lerobot-train` ({la.TRAIN_STEPS:,} steps on the "
                  "same 5 demos, camera and state) and robopolicy's `diffusion_unet` base of the same task (state only, "
                  "read by `lerobot-eval` through the plugin), each evaluated by both tools on the same "
                  f"{la.EPISODES} development seeds ({la.SEEDS.start:,}+) and episode limit. Both sample with noise, so "
                  "the rates should agree, not each episode; agreement (fixed before the runs) is each rate inside the "
                  "other's 95% interval and no significant paired difference:", "", *agreement]
    return "\n".join([*lines, LR_END])


def replace_block(text: str, block: str, begin: str = BEGIN, end: str = END) -> str:
    if begin not in text or end not in text:
        raise SystemExit(f"no block between '{begin}' and '{end}'")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return head + block + tail


def rendered() -> dict[Path, str]:
    """Each page with its blocks rendered anew."""
    page = "\n".join([TS_BEGIN, *(line.replace("](docs/", "](") for line in test_split_lines(short=False)), TS_END])
    return {README: replace_block(README.read_text(), render()),
            RESULTS_PAGE: replace_block(replace_block(replace_block(RESULTS_PAGE.read_text(), page, TS_BEGIN, TS_END),
                                                      generalist_block(), GEN_BEGIN, GEN_END),
                                        lerobot_block(), LR_BEGIN, LR_END),
            QUICKSTART_PAGE: replace_block(QUICKSTART_PAGE.read_text(), quickstart_block(), QS_BEGIN, QS_END),
            ARCHIVE_PAGE: replace_block(ARCHIVE_PAGE.read_text(), generalist_dev_block(), GD_BEGIN, GD_END)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a page is out of date")
    args = parser.parse_args(argv)
    pages = rendered()
    stale = [page for page, text in pages.items() if page.read_text() != text]
    if args.check:
        for page in stale:
            print(f"{page.relative_to(REPO_ROOT)}: its rendered block differs from what the committed JSONs give: "
                  "run `python -m experiments.readme`", file=sys.stderr)
        return 1 if stale else 0
    for page in stale:
        page.write_text(pages[page])
        print(f"wrote {page.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
