"""The DSRL results script end to end at smoke-test scale (real BC base, real Meta-World DSRL, real evaluation)
and its page rendering.  Run: pytest experiments -q"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from experiments.dsrl_results import (
    DSRL_END,
    DSRL_START,
    HEADING,
    RESULTS_PAGE,
    committed,
    main,
    render_markdown,
    render_section,
    update_page,
)
from experiments.results_markdown import page_section


@pytest.mark.timeout(300)
def test_quick_run_writes_curves_with_intervals_and_renders(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["--quick", "--tasks", "metaworld/reach-v3", "--out", str(out), "--set", "reward_offset=1.0"]) == 0
    data = json.loads((out / "results.json").read_text())
    assert [r["variant"] for r in data["runs"]] == ["sac", "na"] and len(data["machine"]["load_average"]) == 3
    for run in data["runs"]:
        assert run["settings"]["reward_offset"] == 1.0 and run["settings"]["total_env_steps"] == 96
        assert Path(run["base_checkpoint"]).is_relative_to(out)          # the quick base stays out of the cache
        assert [p["env_steps"] for p in run["curve"]] == sorted(p["env_steps"] for p in run["curve"])
        assert run["curve"][-1]["env_steps"] >= 96
        for point in [run["base"], run["start"], *run["curve"]]:
            assert point["episodes"] == 4 and point["ci95"][0] <= point["success"] <= point["ci95"][1]
    page = tmp_path / "results.md"
    page.write_text("# Results\n\n## DSRL and V-GPS\n\nIntro.\n\n### V-GPS\n\nOther.\n")
    update_page(page, data)
    update_page(page, data)                                               # idempotent: one block
    text = page.read_text()
    assert text.count(DSRL_START) == 1 and text.count(DSRL_END) == 1 and "Other." in text
    assert "| metaworld/reach-v3 | DSRL-SAC |" in render_markdown(data)


def test_dsrl_section_matches_the_committed_results() -> None:
    expected = f"## {HEADING}\n\n" + render_section(*committed()).strip("\n")
    assert page_section(RESULTS_PAGE, HEADING) == expected, (
        "docs/results_archive.md is out of date: run python -m experiments.dsrl_results --render")


def test_prose_is_refused_when_the_json_no_longer_shows_its_claim() -> None:
    data, dppo, margins, vgps = committed()
    button = next(r for r in data["runs"] if r["env_id"] == "metaworld/button-press-topdown-v3")
    button["curve"][-1] = {**button["start"], "env_steps": button["curve"][-1]["env_steps"]}  # no longer lowered
    with pytest.raises(ValueError, match="lowered a perfect start"):
        render_section(data, dppo, margins, vgps)
