"""The margins of the tests that assert learning, measured over seeds (issue [1/6]).

    python -m experiments.learning_margins dppo_reach --seeds 0 1 2 3 4      # one JSON per (recipe, seed)
    python -m experiments.learning_margins dsrl_reach --seeds 0 1 2 3 4 --set total_env_steps=20000

Each run calls the test's own recipe (``tests/finetune/recipes.py``) with one seed and writes
``experiments/results/learning_margins/<recipe>[_<tag>]_seed<k>.json`` with the per-episode outcomes, the
in-run curve and the provenance (clean commit, command, CPU model, load). A finished (recipe, seed) is not run
again, so an interrupted sweep resumes. ``--tag`` names a variant of the settings (``--set key=value``).
"""

from __future__ import annotations

import argparse
import ast
import json
import tempfile
import time
from pathlib import Path

import torch

from experiments.provenance import REPO_ROOT, run_provenance

RESULTS = REPO_ROOT / "experiments" / "results" / "learning_margins"
RECIPES = ("dppo_reach", "dsrl_reach", "dppo_reacher")


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
    parser.add_argument("recipe", choices=RECIPES)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="override one of the recipe's fine-tuning settings")
    parser.add_argument("--eval-episodes", type=int, default=20, help="fixed evaluation seeds from 50,000")
    parser.add_argument("--curve-every", type=int, default=0, help="in-run evaluation every N env steps")
    parser.add_argument("--tag", default="", help="names the variant in the file name")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--allow-dirty", action="store_true")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    from tests.finetune import recipes

    overrides = parse_sets(args.set)
    provenance = run_provenance(args.allow_dirty)
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in args.seeds:
        path = args.out / f"{args.recipe}{'_' + args.tag if args.tag else ''}_seed{seed}.json"
        if path.exists():
            print(f"{path.name}: done already")
            continue
        start = time.perf_counter()
        kwargs = dict(overrides)
        if args.recipe != "dppo_reacher":
            kwargs.update(eval_seeds=list(range(50_000, 50_000 + args.eval_episodes)), curve_every=args.curve_every)
        with tempfile.TemporaryDirectory(prefix=f"{args.recipe}-{seed}-") as work:
            result = getattr(recipes, args.recipe)(seed, Path(work), **kwargs)
        record = {"recipe": args.recipe, "seed": seed, "overrides": overrides, "result": result,
                  "seconds": time.perf_counter() - start, "provenance": provenance,
                  "load_average_end": list(__import__("os").getloadavg())}
        path.write_text(json.dumps(record, indent=1) + "\n")
        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k in ("before", "untrained", "after")}
        print(f"{path.name}: {summary} in {record['seconds']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
