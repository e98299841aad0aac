"""benchmarks/gpu_lane.py's code path, run on the CPU at tiny sizes (``--device cpu --quick``) into a tmp dir."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_gpu_lane_dry_run_measures_both_sizes_and_matches(tmp_path):
    out = tmp_path / "gpu_lane.md"
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    proc = subprocess.run([sys.executable, str(REPO / "benchmarks" / "gpu_lane.py"), "--device", "cpu", "--quick",
                           "--out", str(out)], cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    record = json.loads(out.with_suffix(".json").read_text())
    assert record["dry_run"] is True and record["settings"]["quick"] is True
    assert [s["size"] for s in record["sizes"]] == ["lerobot", "quickstart"]
    for size in record["sizes"]:
        assert size["train_s"] and min(size["train_s"]) > 0
        assert {row["batch"] for row in size["latency"]} == {1, 50}
        assert all(min(row["fp32_s"]) > 0 and min(row["bf16_s"]) > 0 for row in size["latency"])
        assert size["match"]["fp32_passed"] and size["match"]["bf16_passed"], size["match"]
    page = out.read_text()
    assert "has not been run on a GPU yet" in page
    # the page is the render of its JSON
    import importlib.util

    spec = importlib.util.spec_from_file_location("_gpu_lane_under_test", REPO / "benchmarks" / "gpu_lane.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.render(record) == page


def test_gpu_lane_without_a_gpu_exits_cleanly():
    import torch

    if torch.cuda.is_available():
        return
    proc = subprocess.run([sys.executable, str(REPO / "benchmarks" / "gpu_lane.py")], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1 and "no CUDA GPU" in lines[0]
