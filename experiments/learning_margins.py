"""The margins of the tests that assert learning, measured over seeds (issue [1/6]).

    python -m experiments.learning_margins dppo_reach --seeds 0 1 2 3 4      # one JSON per (recipe, seed)
    python -m experiments.learning_margins dsrl_reach --seeds 0 1 2 3 4 --set total_env_steps=20000
    python -m experiments.learning_margins --render                          # the section of docs/results_archive.md

Each run calls the test's own recipe (``experiments/learning_recipes.py``; the diagnostic ``dsrl_base_noise`` is
here) with one seed and writes ``experiments/results/learning_margins/<recipe>[_<tag>]_seed<k>.json`` with the
per-episode outcomes, the in-run curve and the provenance (clean commit, command, CPU model, load). A finished
(recipe, seed) is not run again, so an interrupted sweep resumes. ``--tag`` names a variant of the settings (``--set key=value``).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch

from experiments.provenance import REPO_ROOT, run_provenance

RESULTS = REPO_ROOT / "experiments" / "results" / "learning_margins"

NOISE_DRAWS = 64  # initial-noise draws per observation in dsrl_base_noise


def noise_spread(base: Any, env_id: str, reset_seeds: list[int], draws: int, seed: int) -> dict[str, list[float]]:
    """How far ``base`` moves its executed actions when its initial noise moves (the room DSRL has to steer): on the
    first observation after each reset seed, the std over ``draws`` noise draws of the executed actions (raw units,
    averaged over the Ta steps and action dimensions), and how far the w = 0 chunk (DSRL's untrained start) lies
    from the mean over draws."""
    from robopolicy.sim import make_env

    spec = base.spec
    env = make_env(env_id, state=True)
    states = np.stack([env.reset(seed=s)[0]["state"] for s in reset_seeds])
    env.close()
    obs = {"state": np.repeat(states[:, None], spec.obs_horizon, axis=1)}         # the rollout's first observation
    generator = torch.Generator().manual_seed(seed)
    noise = torch.randn((len(states), draws, *base.noise_shape), generator=generator)
    executed = slice(spec.obs_horizon - 1, spec.obs_horizon - 1 + spec.exec_horizon)
    with torch.no_grad():
        drawn = base.sample(obs, n=draws, noise=noise)[:, :, executed].numpy()         # (B, n, Ta, Da)
        zero = base.sample(obs, n=1, noise=torch.zeros((len(states), 1, *base.noise_shape)))[:, 0, executed].numpy()
    std = drawn.std(axis=1).mean(axis=(1, 2))                                          # per observation
    offset = np.linalg.norm(zero - drawn.mean(axis=1), axis=-1).mean(axis=1)
    return {"action_std": [float(x) for x in std], "zero_noise_offset": [float(x) for x in offset]}


def dsrl_base_noise(seed: int, workdir: Path, prediction_type: str = "epsilon") -> dict:
    """A diagnostic beside dsrl_reach (no test asserts on it): ``noise_spread`` of the base of that recipe (the same
    seed, the same demos and BC run) on the first observation of each evaluation seed."""
    import robopolicy
    from experiments.learning_recipes import REACH_EVAL_SEEDS, REACH_ID, weak_reach_base

    base = robopolicy.load_policy(weak_reach_base(seed, workdir, "diffusion_unet", prediction_type))
    spread = noise_spread(base, REACH_ID, list(REACH_EVAL_SEEDS), NOISE_DRAWS, seed)
    return {"prediction_type": prediction_type, "draws": NOISE_DRAWS, "observations": len(REACH_EVAL_SEEDS), **spread}


RECIPES = ("dppo_reach", "dsrl_reach", "parl_reach", "vgps_reach", "dppo_reacher", "overfit", "critic_rank",
           "trainer_loss", "eval_trained", "bc_default", "dsrl_base_noise")
REACH_RECIPES = ("dppo_reach", "dsrl_reach", "parl_reach", "vgps_reach")  # take --eval-episodes
CURVE_RECIPES = ("dppo_reach", "dsrl_reach")  # and --curve-every


def parse_sets(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--set takes key=value, got {pair!r}")
        try:
            out[key] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            out[key] = value
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recipe", choices=RECIPES, nargs="?")
    parser.add_argument("--render", action="store_true", help="write the margins section of docs/results_archive.md")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="override one of the recipe's fine-tuning settings")
    parser.add_argument("--eval-episodes", type=int, default=20, help="fixed evaluation seeds from 50,000")
    parser.add_argument("--curve-every", type=int, default=0, help="in-run evaluation every N env steps")
    parser.add_argument("--tag", default="", help="names the variant in the file name")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--allow-dirty", action="store_true")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    if args.render:
        render_page(args.out)
        return 0
    if args.recipe is None:
        parser.error("give a recipe (or --render)")
    torch.set_num_threads(1)
    from experiments import learning_recipes as recipes

    overrides = parse_sets(args.set)
    provenance = run_provenance(args.allow_dirty, command=" ".join(["python -m experiments.learning_margins", *argv]))
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in args.seeds:
        path = args.out / f"{args.recipe}{'_' + args.tag if args.tag else ''}_seed{seed}.json"
        if path.exists():
            print(f"{path.name}: done already")
            continue
        start = time.perf_counter()
        kwargs = dict(overrides)
        if args.recipe in REACH_RECIPES:
            kwargs["eval_seeds"] = list(range(50_000, 50_000 + args.eval_episodes))
        if args.recipe in CURVE_RECIPES:
            kwargs["curve_every"] = args.curve_every
        run = getattr(recipes, args.recipe, None) or globals()[args.recipe]
        with tempfile.TemporaryDirectory(prefix=f"{args.recipe}-{seed}-") as work:
            result = run(seed, Path(work), **kwargs)
        record = {"recipe": args.recipe, "seed": seed, "overrides": overrides, "result": result,
                  "seconds": time.perf_counter() - start, "provenance": provenance,
                  "load_average_end": list(os.getloadavg())}
        path.write_text(json.dumps(record, indent=1) + "\n")
        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k != "curve"}
        print(f"{path.name}: {summary} in {record['seconds']:.0f} s", flush=True)
    return 0


# ------------------------------------------------------------------------------------------------ the page
SECTION = "Learning-test margins"
PAGE = REPO_ROOT / "docs" / "results_archive.md"


def _count(xs: list[bool]) -> str:
    return f"{sum(xs)}/{len(xs)}"


def summarize(recipe: str, r: dict) -> dict[str, str]:
    """One table row's cells for a run of ``recipe`` (the numbers its test asserts on)."""
    if recipe == "dppo_reach":
        kept = (r.get("selection") or {}).get("kept") or {}
        return {"base": _count(r["before"]), "after": _count(r["after"]),
                "gain": f"{sum(r['after']) - sum(r['before']):+d}",
                "kept at (env steps)": str(kept.get("env_steps", "last"))}
    if recipe == "dsrl_reach":
        kept = (r.get("selection") or {}).get("kept") or {}
        return {"base": _count(r["before"]), "untrained steering": _count(r["untrained"]),
                "after": _count(r["after"]), "gain over base": f"{sum(r['after']) - sum(r['before']):+d}",
                "kept at (env steps)": str(kept.get("env_steps", "last"))}
    if recipe == "parl_reach":
        kept = (r.get("selection") or {}).get("kept") or {}
        return {"base": _count(r["before"]), "after": _count(r["after"]),
                "gain": f"{sum(r['after']) - sum(r['before']):+d}",
                "rollouts' success": f"{r['rollout_success_rate']:.2f}",
                "kept at (steps)": str(kept.get("steps", "last"))}
    if recipe == "vgps_reach":
        return {"base (K = 1)": _count(r["before"]), f"K = {r['K']}": _count(r["after"]),
                "gain": f"{sum(r['after']) - sum(r['before']):+d}",
                "rollouts' success": f"{r['rollout_success_rate']:.2f}"}
    if recipe == "dppo_reacher":
        return {"return before": f"{r['before']:.1f}", "after": f"{r['after']:.1f}",
                "gain": f"{r['after'] - r['before']:+.1f}"}
    if recipe == "overfit":
        return {name: f"{v['before'] / max(v['after'], 1e-12):.0f}x" for name, v in r.items()}
    if recipe == "critic_rank":
        return {f"{m} Q(success) - Q(failure)": f"{v['good'] - v['bad']:.2f}" for m, v in r.items()}
    if recipe == "trainer_loss":
        return {"last-20 / first-5 loss": f"{r['last20'] / r['first5']:.2f}"}
    if recipe == "eval_trained":
        return {"trained": f"{r['trained']:.2f}", "random": f"{r['random']:.2f}"}
    if recipe == "dsrl_base_noise":
        return {"prediction type": r["prediction_type"], "action std over noise": f"{np.mean(r['action_std']):.3f}",
                "w = 0 chunk from the mean": f"{np.mean(r['zero_noise_offset']):.3f}"}
    if recipe == "bc_default":
        return {"successes": _count(r["outcomes"])}
    raise ValueError(recipe)


ASSERTED = {  # what each test asserts, for the groups that are its current recipe
    "dppo_reach_sel20k": "after >= base + 6 of 50 (tests/finetune/test_dppo.py)",
    "dsrl_reach_sel15k": "after >= base + 5 of 50 and after >= untrained - 5 (tests/finetune/test_dsrl.py)",
    "dsrl_reach_shipped": "the shipped selection rule (select_alpha 0.05, the base as the reference): after >= base - 3 "
                          "and after >= untrained - 5 (tests/finetune/test_dsrl.py); seed 0 keeps its base",
    "dppo_reacher": "gain > 0.5 (tests/finetune/test_dppo.py)",
    "parl_reach": "after >= base + 8 of 50 (tests/finetune/test_parl.py)",
    "vgps_reach": "after >= base + 5 of 50 (tests/finetune/test_vgps.py)",
    "overfit": "loss falls >= 6x for every head (tests/policies/test_overfit.py)",
    "critic_rank": "gap > 0.3 (tests/finetune/test_critics.py)",
    "trainer_loss": "ratio < 0.4 (tests/train/test_trainer.py)",
    "eval_trained": "trained >= 0.5 and > random + 0.3 (tests/eval/test_cli.py)",
    "bc_default": ">= 24 of 30 (tests/train/test_bc_default.py)",
}
FORMER = {  # groups not asserted (an earlier recipe, or a variant tried against the current one), kept as evidence
    "dppo_reach_t20k": "The recipe before best-of selection (the last policy is returned), run to 20k env steps; "
                       "stopped after 3 seeds.",
    "dsrl_reach_t20k": "The recipe before best-of selection (the last policy is returned), run to 20k env steps; "
                       "stopped after 3 seeds. Seed 1 peaked at 47/50 at 15k and ended at 19/50.",
    "dsrl_base_noise": "Diagnostic, not asserted: the epsilon base of dsrl_reach (same seed, demos and BC run): how "
                       "far its executed actions move across 64 initial-noise draws on the 50 evaluation seeds' first "
                       "observations (std, raw action units), and the w = 0 chunk's distance from their mean.",
    "dsrl_base_noise_x0": "The same diagnostic on the x_0 base of dsrl_reach_sel15k_x0.",
    "parl_reach_distill": "Not asserted: parl_reach with the paper's objective (`objective=distill`: fit the critic's "
                          "best chunk) instead of the preference default, everything else the same per seed (the same "
                          "base, rollouts and critic: collection draws its noise from the episode seeds), so the two "
                          "objectives are compared on shared critics.",
    "dsrl_reach_sel15k_x0": "The current DSRL recipe on a base trained with x_0 prediction (the diffusion_unet "
                            "default since 4724c5f) instead of its epsilon pin. The x_0 base clones better (before: "
                            "mean 27 vs 21 of 50) but steers worse: mean gain +15 vs +25, minimum +4 vs +18, and "
                            "two seeds end below their untrained start (dsrl_base_noise: an x_0 base moves its actions half "
                            "as far with its initial noise); the test, the quickstart and the RL suite keep epsilon "
                            "bases.",
    "dsrl_reach_sel15k_recheck": "dsrl_reach_sel15k's recipe rerun on one seed at a later commit (round 3, after the "
                                 "per-seed reset streams, the keeper's rules and the fine-tuner family landed), because "
                                 "both quickstart runs gained less than its ten seeds: the base is bit-identical to that "
                                 "seed's, the DSRL run is a new draw.",
    "dsrl_reach_sel15k_now": "dsrl_reach_sel15k's recipe on five seeds at round 3's code (session 10: after the "
                             "per-seed reset streams, the keeper's rules, the fine-tuner family and FlatAdam, which "
                             "takes torch's Adam steps bit for bit), to re-measure the asserted margin on today's code "
                             "(issue [1/6] item 6), since both quickstart runs gained less than the ten seeds above.",
}


def render_section(results_dir: Path) -> str:
    groups: dict[str, list[dict]] = {}
    for path in sorted(results_dir.glob("*.json")):
        record = json.loads(path.read_text())
        groups.setdefault(path.stem.rsplit("_seed", 1)[0], []).append(record)
    lines = [f"## {SECTION}", "",
             "Every test that asserts learning, run over seeds by `python -m experiments.learning_margins <recipe>`",
             "(one JSON per run in `experiments/results/learning_margins/`; this section is rendered from them by",
             "`--render`). A seed moves the demo noise, the initialisation, the batches and the fine-tuner's",
             "randomness: the stand-in for another CPU's floats. Each test's threshold is chosen below the worst seed.",
             ""]
    for group, records in groups.items():
        records.sort(key=lambda rec: rec["seed"])
        recipe = records[0]["recipe"]
        if group not in ASSERTED and group not in FORMER:
            raise ValueError(f"{group}: say in ASSERTED or FORMER what these runs are")
        rows = [summarize(recipe, rec["result"]) for rec in records]
        columns = list(rows[0])
        cpus = sorted({rec["provenance"]["cpu"] for rec in records})
        commits = sorted({rec["provenance"]["commit"][:10] for rec in records})
        settings = records[0]["overrides"]
        what = f"Asserted: {ASSERTED[group]}." if group in ASSERTED else FORMER[group]
        lines += [f"### `{group}`", "", f"{what} Settings changed from the recipe at that commit: "
                  f"{settings or 'none'}. CPU: {', '.join(cpus)}; commit {', '.join(commits)}.", "",
                  "| seed | " + " | ".join(columns) + " | minutes |", "|---" * (len(columns) + 2) + "|"]
        lines += [f"| {rec['seed']} | " + " | ".join(row[c] for c in columns) + f" | {rec['seconds'] / 60:.1f} |"
                  for rec, row in zip(records, rows)]
        lines.append("")
    return "\n".join(lines)


def render_page(results_dir: Path, page: Path = PAGE) -> None:
    """Replace (or append) the section in docs/results_archive.md; the rest of the page is left as it is."""
    text = page.read_text()
    section = render_section(results_dir)
    start = text.find(f"## {SECTION}\n")
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section
    else:
        end = text.find("\n## ", start + 1)
        text = text[:start] + section + ("\n" + text[end + 1:] if end >= 0 else "")
    page.write_text(text.rstrip("\n") + "\n")
    print(f"wrote the {SECTION!r} section of {page}")


if __name__ == "__main__":
    raise SystemExit(main())
