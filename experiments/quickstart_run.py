"""The quickstart's own result: ``robopolicy quickstart`` with its defaults, once, with provenance.

    python -m experiments.quickstart_run            # writes experiments/results/quickstart/quickstart.json

The README's quickstart line is rendered from this JSON (``python -m experiments.readme``), never pasted.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from experiments.provenance import REPO_ROOT, run_provenance

OUT = REPO_ROOT / "experiments" / "results" / "quickstart" / "quickstart.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--allow-dirty", action="store_true")
    args = parser.parse_args(argv)
    provenance = run_provenance(args.allow_dirty)
    from robopolicy.config import compose
    from robopolicy.quickstart import run

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        cfg = compose("quickstart", [f"run_dir={Path(tmp) / 'qs'}"])
        rows = run(cfg)
        wall = time.perf_counter() - start
    record = {"env": cfg.env, "eval_seed": int(cfg.eval.seed), "eval_episodes": int(cfg.eval.episodes),
              "split": "development", "rows": [{k: v for k, v in r.items() if k != "report"} for r in rows],
              "wall_seconds": wall, "provenance": provenance, "load_average_end": list(os.getloadavg())}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
