"""Tests for the results script's planning: arguments become one job per BC task plus the VLA job, with the
scale settings applied and bad settings refused.  Run: pytest experiments -q"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from experiments.bc_results import (
    COMMITTED_JSON,
    FULL,
    PREAMBLE,
    QUICK,
    QUICKSTART,
    QUICKSTART_BODY,
    REPO_ROOT,
    RESULTS_PAGE,
    ExperimentError,
    parse_args,
    plan_jobs,
)
from experiments.results_markdown import (
    BC,
    EXPERTS,
    VLA,
    page_preamble,
    page_section,
    render_bc,
    render_experts,
    render_vla,
)


def test_quick_plan_has_one_job_per_task_plus_vla(tmp_path: Path) -> None:
    args = parse_args(["--quick", "--tasks", "metaworld/push-v3", "robosuite/Lift", "--unet-dims", "32,64,128"])
    jobs = plan_jobs(args, tmp_path)
    assert [j.name for j in jobs] == ["bc:metaworld/push-v3", "bc:robosuite/Lift", "vla:metaworld/mt10"]
    assert [j.policy for j in jobs] == ["diffusion_unet", "diffusion_unet", "vla_flow"]
    assert all(j.demos == QUICK["demos"] and j.eval_max_steps == QUICK["eval_max_steps"] for j in jobs)
    assert jobs[2].steps == QUICK["vla_steps"]
    assert all("policy.unet.down_dims=[32,64,128]" in j.train_overrides for j in jobs)
    assert len({j.work_dir for j in jobs}) == 3 and all(j.work_dir.startswith(str(tmp_path)) for j in jobs)
    assert all(j.eval_seed >= j.seed + j.demos for j in jobs)  # evaluation seeds never seen in training


def test_explicit_settings_override_the_scale_and_vla_only_overrides_stay_on_the_vla(tmp_path: Path) -> None:
    args = parse_args(["--tasks", "metaworld/push-v3", "--demos", "7", "--vla-demos", "3", "--steps", "11",
                       "--vla-override", "policy.trunk.num_layers=2"])
    bc, vla = plan_jobs(args, tmp_path)
    assert (bc.demos, bc.steps, bc.eval_episodes) == (7, 11, FULL["eval_episodes"])
    assert (vla.demos, vla.steps) == (3, FULL["vla_steps"])
    assert "policy.trunk.num_layers=2" in vla.train_overrides
    assert "policy.trunk.num_layers=2" not in bc.train_overrides
    assert plan_jobs(parse_args(["--no-vla", "--tasks", "robosuite/Lift"]), tmp_path)[0].kind == "bc"


def test_non_positive_settings_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ExperimentError, match="steps must be >= 1"):
        plan_jobs(parse_args(["--steps", "0"]), tmp_path)


def test_bc_sections_match_the_committed_results() -> None:
    data = json.loads((REPO_ROOT / COMMITTED_JSON).read_text())
    for heading, render in ((EXPERTS, render_experts), (BC, render_bc), (VLA, render_vla)):
        expected = f"## {heading}\n\n" + render(data, COMMITTED_JSON, FULL).rstrip()
        assert page_section(RESULTS_PAGE, heading) == expected, (
            f"the {heading!r} section of docs/results_archive.md is out of date: run python -m experiments.bc_results --render")


def test_page_title_and_quickstart_pointer_match_their_renderer() -> None:
    message = "docs/results_archive.md is out of date: run python -m experiments.bc_results --render"
    assert page_preamble(RESULTS_PAGE) == PREAMBLE.strip("\n"), message
    assert page_section(RESULTS_PAGE, QUICKSTART) == f"## {QUICKSTART}\n\n{QUICKSTART_BODY}", message
