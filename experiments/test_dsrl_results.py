"""The DSRL results script end to end at smoke-test scale (real BC base, real Meta-World DSRL, real evaluation)
and its page rendering.  Run: pytest experiments -q"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from experiments.dsrl_results import DSRL_END, DSRL_START, main, render_markdown, update_page


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
