"""Tests for the results-page renderer: sections are replaced in place, others are untouched, rendering is
idempotent, and the tables carry the numbers of results.json.  Run: pytest experiments -q"""

from __future__ import annotations

from pathlib import Path

from experiments.bc_results import FULL
from experiments.results_markdown import BC, EXPERTS, VLA, replace_sections, update_results_page

PAGE = """# Results

Intro.

## Scripted experts

Not yet measured.

## Behaviour cloning

Not yet measured.

## DSRL and V-GPS

Someone else's section.
"""


def _spec(kind: str, env_id: str, policy: str) -> dict:
    return {"name": f"{kind}:{env_id}", "kind": kind, "env_id": env_id, "policy": policy, "demos": 3, "steps": 7,
            "batch_size": 4, "eval_episodes": 5, "eval_max_steps": 100, "work_dir": "w", "seed": 0,
            "eval_seed": 1000, "action_noise": 0.0, "device": "cpu", "threads": 1, "train_overrides": []}


def _task(env_id: str, successes: int, n: int) -> dict:
    return {"env_id": env_id, "task": "do it", "episodes": n, "completed": n, "successes": successes, "errors": 0,
            "success_rate": successes / n, "ci95": [0.1, 0.9], "mean_length": 42.0}


def _results() -> dict:
    collect = {"store": "s", "episodes": 3, "successes": 3, "action_noise": 0.0, "seconds": 6.0,
               "tasks": [{"env_id": "robosuite/Lift", "instruction": "lift the cube", "episodes": 3, "successes": 3,
                          "success_rate": 1.0, "ci95": [0.44, 1.0], "mean_steps": 47.0, "seeds": [0, 2]}]}
    lift = {"spec": _spec("bc", "robosuite/Lift", "diffusion_unet"), "collect": collect,
            "train": {"seconds": 60.0, "final_train_loss": 0.5, "final_val_loss": 0.6},
            "eval": {"seconds": 30.0, "tasks": [_task("robosuite/Lift", 4, 5)],
                     "overall": {"tasks": 1, "episodes": 5, "successes": 4, "mean_success_rate": 0.8}}}
    vla_collect = {**collect, "tasks": [{**collect["tasks"][0], "env_id": "metaworld/reach-v3"}]}
    vla = {"spec": _spec("vla", "metaworld/mt10", "vla_flow"), "collect": vla_collect,
           "train": {"seconds": 90.0, "final_train_loss": 0.7, "final_val_loss": None},
           "eval": {"seconds": 30.0, "tasks": [_task("metaworld/reach-v3", 2, 5)],
                    "overall": {"tasks": 1, "episodes": 5, "successes": 2, "mean_success_rate": 0.4}}}
    machine = {"host_cpu": "cpu", "cpu_cores": 2, "load_average": [1.0, 1.0, 1.0], "python": "3.11",
               "torch": "2", "device": "cpu", "code_version": "v"}
    return {"command": "cmd", "started": "now", "wall_seconds": 120.0, "workers": 2, "quick": False,
            "machine": machine, "jobs": [lift, vla], "errors": []}


def test_sections_replace_placeholders_and_keep_other_sections() -> None:
    text = replace_sections(PAGE, {EXPERTS: "E body", BC: "B body", VLA: "V body"})
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings == [f"## {EXPERTS}", f"## {BC}", f"## {VLA}", "## DSRL and V-GPS"]
    assert "Someone else's section." in text and "Intro." in text
    assert "Not yet measured." not in text
    again = replace_sections(text, {EXPERTS: "E2", BC: "B2", VLA: "V2"})
    assert [ln for ln in again.splitlines() if ln.startswith("## ")] == headings
    assert "E body" not in again and "E2" in again and "V2" in again


def test_render_is_idempotent_and_shows_the_numbers(tmp_path: Path) -> None:
    page = tmp_path / "results.md"
    page.write_text(PAGE)
    update_results_page(page, _results(), Path("r.json"), FULL)
    first = page.read_text()
    update_results_page(page, _results(), Path("r.json"), FULL)
    assert page.read_text() == first
    bc_section = first.split(f"## {BC}")[1].split(f"## {VLA}")[0]
    assert "| robosuite/Lift | 3 (3) | 7 | **0.80** | [0.10, 0.90] | 5 (0 errors) | ≥ 0.96" in bc_section
    vla_section = first.split(f"## {VLA}")[1].split("## DSRL")[0]
    assert "| metaworld/reach-v3 | do it | 3 (3) | 5 | **0.40** |" in vla_section
    assert "val n/a" in vla_section
    assert "**Reduced settings** (demos, episode limit, eval_episodes, steps below" in bc_section
    experts = first.split(f"## {EXPERTS}")[1].split(f"## {BC}")[0]
    assert experts.index("metaworld/reach-v3") < experts.index("robosuite/Lift")  # MT10 (VLA job) first
