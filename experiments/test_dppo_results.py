"""The DPPO results script end to end at smoke-test scale (real BC base, real Meta-World DPPO, real evaluation),
and its settings checks.  Run: pytest experiments -q"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from experiments.dppo_results import (
    HEADING,
    RESULTS,
    RESULTS_PAGE,
    ExperimentError,
    load_margins,
    main,
    markdown,
    parse_args,
    render_section,
    settings_from,
)
from experiments.results_markdown import page_section


@pytest.mark.timeout(120)
def test_quick_run_writes_curves_with_intervals_for_both_heads(tmp_path: Path) -> None:
    out = tmp_path / "dppo.json"
    assert main(["--quick", "--out", str(out), "--plot", str(tmp_path / "dppo.png"),
                 "--run-dir", str(tmp_path / "runs")]) == 0
    data = json.loads(out.read_text())
    assert data["settings"]["quick"] and data["settings"]["dppo"]["sparse_reward"] is True
    assert len(data["machine"]["load_average"]) == 3 and data["wall_seconds"] > 0
    assert set(data["heads"]) == {"diffusion_unet", "flow_unet"}
    for r in data["heads"].values():
        curve = r["curve"]
        assert curve[0]["env_steps"] == 0 and len(curve) >= 2      # the base, then DPPO's periodic evaluations
        assert [p["env_steps"] for p in curve] == sorted(p["env_steps"] for p in curve)
        for p in curve:
            assert p["episodes"] == data["settings"]["eval_episodes"]
            assert p["ci95"][0] <= p["success"] <= p["ci95"][1]
        assert r["first_ratio_max_deviation"] <= 1e-6
        assert Path(r["policy_dir"]).exists()
    assert (tmp_path / "dppo.png").stat().st_size > 0
    assert "`flow_unet`" in markdown(data)


def test_settings_are_recorded_and_bad_ones_refused() -> None:
    s = settings_from(parse_args(["--total-env-steps", "1000", "--set", "actor_lr=3e-4", "--set", "finetune_steps=2"]))
    assert s["total_env_steps"] == 1000 and s["eval_episodes"] >= 100
    assert s["dppo"]["actor_lr"] == pytest.approx(3e-4) and s["dppo"]["finetune_steps"] == 2
    with pytest.raises(ExperimentError, match="bad DPPO setting"):
        settings_from(parse_args(["--set", "no_such_key=1"]))
    with pytest.raises(ExperimentError, match="eval_every must be >= 1"):
        settings_from(parse_args(["--eval-every", "0"]))
    with pytest.raises(ExperimentError, match="tuning seeds"):
        settings_from(parse_args(["--eval-seed", "69990"]))


def test_dppo_section_matches_the_committed_results() -> None:
    expected = f"## {HEADING}\n\n" + render_section(json.loads(RESULTS.read_text()), load_margins()).strip("\n")
    assert page_section(RESULTS_PAGE, HEADING) == expected, (
        "docs/results_archive.md is out of date: run python -m experiments.dppo_results --render")


def test_table_marks_each_heads_first_best_point() -> None:
    def curve(rates: list[float]) -> list[dict]:
        return [{"env_steps": 1000 * i, "success": r, "ci95": [0.0, 1.0]} for i, r in enumerate(rates)]

    table = markdown({"settings": {"eval_every": 1000},
                      "heads": {"flow_unet": {"curve": curve([0.9, 0.5, 0.8, 0.8])}}})
    rows = table.splitlines()[2:]
    assert rows[0].startswith("| 0 (base) | 0.90 [") and "**" not in rows[1]
    assert "| **0.80** [" in rows[2] and "**" not in rows[3]   # the base is not a point of the curve's best
