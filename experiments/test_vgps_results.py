"""Tests for the V-GPS results script: its settings plan, and a real --quick run end to end (tiny base, store,
critic, evaluation; about 30 s).  Run: pytest experiments/test_vgps_results.py -q"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from experiments.results_markdown import page_section
from experiments.vgps_page import load_committed, render_subsection
from experiments.vgps_results import (
    FULL,
    QUICK,
    REPO_ROOT,
    ExperimentError,
    main,
    parse_args,
    settings_to_evaluate,
)


def test_full_plan_covers_every_K_beta_the_controls_and_the_base() -> None:
    args = parse_args(["--critics", "iql", "calql"])
    assert (args.episodes, args.K, args.control_K, args.base_dir) == (FULL["episodes"], [1, 10, 50], [10, 50],
                                                                      "runs/rl_base")
    names = [r["name"] for r in settings_to_evaluate(args)]
    assert names[0] == "base" and names[1:3] == ["vgps K=1 beta=0", "vgps K=1 beta=1"]
    for method in ("iql", "calql"):
        assert {f"vgps[{method}] K={k} beta={b}" for k in (10, 50) for b in (0, 1)} <= set(names)
    assert names[-2:] == ["random choice K=10", "random choice K=50"]


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ExperimentError, match="episodes must be >= 1"):
        parse_args(["--episodes", "0"])
    with pytest.raises(ExperimentError, match="K must be >= 1"):
        parse_args(["--K", "0"])


def test_quick_run_writes_results_with_intervals_and_timing(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    assert main(["--quick", "--work-dir", str(tmp_path / "work"), "--out", str(out)]) == 0
    results = json.loads(out.read_text())
    assert results["settings_used"]["quick"] and results["settings_used"]["episodes"] == QUICK["episodes"]
    rows = {r["name"]: r["eval"] for r in results["settings"]}
    assert set(rows) == {r["name"] for r in settings_to_evaluate(parse_args(["--quick"]))}
    for e in rows.values():
        assert e["episodes"] == QUICK["episodes"] and 0 <= e["ci95"][0] <= e["success_rate"] <= e["ci95"][1] <= 1
    # K = 1 is the base itself: same seeds and same torch seed give the same episodes
    assert rows["vgps K=1 beta=0"]["per_episode_success"] == rows["base"]["per_episode_success"]
    assert rows["vgps K=1 beta=0"]["mean_length"] == rows["base"]["mean_length"]
    store = results["offline_store"]
    assert store["rollout_episodes"] == QUICK["rollouts"] and store["demo_episodes"] == 20
    assert store["rollout_seeds"][0] > 1_000 + 20 and store["rollout_seeds"][1] < results["eval_seeds"][0]
    assert set(results["timing"]["ratio_to_base"]) == {"vgps K=1 beta=0", "vgps[iql] K=3 beta=0", "random choice K=3"}


def test_vgps_subsection_matches_the_committed_results() -> None:
    section = page_section(REPO_ROOT / "docs" / "results_archive.md", "DSRL and V-GPS")
    current = section[section.index("### V-GPS\n"):]
    assert current == render_subsection(load_committed()).strip("\n"), (
        "docs/results_archive.md is out of date: run python -m experiments.vgps_results --render")
