"""The behaviour-cloning suite's page logic (``experiments/bc_suite.py``): which records are today's default jobs,
and the scripted expert's ceiling column. Synthetic records; the real ones are rendered by ``--render``."""

from __future__ import annotations

import pytest

from experiments import bc_suite


def record(task: str, head: str, seed: int = 0, *, rate: float = 1.0, tag: str = "", overrides: dict | None = None,
           steps: int = 3000, epoch: int | None = bc_suite.CONFIG_EPOCH, recipe: str | None = None) -> dict:
    successes = [i < round(100 * rate) for i in range(100)]
    out = {"task": task, "head": head, "seed": seed, "steps": steps, "tag": tag, "overrides": overrides or {},
           "successes": successes, "success_rate": sum(successes) / 100, "train_seconds": 60.0,
           "logged_train_seconds": 60.0, "provenance": {"cpu": "test CPU", "commit": "0123456789abcdef"},
           "demos": {"recipe": recipe or bc_suite.task_recipe(task), "episodes": 50}}
    if epoch is not None:
        out["config_epoch"] = epoch
    if task == bc_suite.MULTI_TASK:
        out["per_task"] = {t: successes for t in bc_suite.SUITE[:10]}
    return out


def expert(task: str, rate: float) -> dict:
    successes = [i < round(100 * rate) for i in range(100)]
    from robopolicy.eval.stats import wilson_interval

    return {"task": task, "head": "expert", "successes": successes, "success_rate": rate,
            "ci95": list(wilson_interval(sum(successes), 100))}


def test_the_vla_default_is_the_9k_point_and_its_former_3k_default_a_sweep_point():
    nine = bc_suite.as_current(record(bc_suite.MULTI_TASK, "vla_flow", tag="steps9k", overrides={"steps": "9000"},
                                      steps=9000, epoch=2))
    assert (nine["tag"], nine["overrides"]) == ("", {})
    three = bc_suite.as_current(record(bc_suite.MULTI_TASK, "vla_flow", epoch=2))
    assert (three["tag"], three["overrides"]) == ("steps3k", {"steps": "3000"})
    # a record written from epoch 3 on without a tag is not a former default
    assert bc_suite.as_current(record(bc_suite.MULTI_TASK, "vla_flow", epoch=3))["tag"] == ""
    # the diffusion head's former default keeps its own epoch: an epoch-2 sweep point is a variant of x_0
    point = bc_suite.as_current(record("metaworld/push-v3", "diffusion_unet", tag="lr3e-4", overrides={"lr": "3e-4"},
                                       epoch=2))
    assert "baseline" not in point and point["overrides"] == {"lr": "3e-4"}
    old = bc_suite.as_current(record("metaworld/push-v3", "diffusion_unet", tag="lr3e-4", overrides={"lr": "3e-4"},
                                     epoch=None))
    assert old["baseline"] == "epsilon"


def test_the_vla_default_budget_is_used_when_no_steps_are_set():
    assert bc_suite.HEAD_STEPS["vla_flow"] == int(bc_suite.DEFAULT_JOBS["vla_flow"][1]["steps"])


def test_the_expert_column_and_the_tasks_it_cannot_reach():
    door, peg = "metaworld/door-open-v3", "metaworld/peg-insert-side-v3"
    records = [record(door, "flow_unet", rate=0.83), record(peg, "flow_unet", rate=0.70),
               expert(door, 0.94), expert(peg, 0.86)]
    page = bc_suite.render_section(records)
    assert "| task | expert | flow_unet |" in page
    assert f"| {door} | 0.94 [0.88, 0.97] | 0.83 [0.74, 0.89] |" in page
    assert "expert itself is below 0.90 on these seeds on peg-insert-side-v3 0.86" in page
    assert "door-open-v3 0.94" not in page.split("below 0.90")[1]
    assert (f"- {door}: expert 0.94; 17 episodes fail under all 1 flow_unet jobs, 6 of them also the expert's; "
            "a clone succeeds on 0.0 of the expert's 6 failures on average.") in page
    # without expert records: no column, no sentence
    plain = bc_suite.render_section(records[:2])
    assert "| task | flow_unet |" in plain and "itself is below" not in plain


def test_where_the_failures_start():
    task = "metaworld/door-open-v3"
    clone = record(task, "flow_unet", rate=0.80)            # fails episodes 80-99
    ceiling = expert(task, 0.90)                             # fails episodes 90-99
    # entry 1 varies with the episode (a duplicate in entry 2 is left out), entry 0 is constant
    ceiling["initial_state"] = [[0.5, i / 100, i / 100] for i in range(100)]
    page = bc_suite.render_section([clone, ceiling])
    assert ("Start-state entries 1 (those that vary between seeds), ranges: every clone fails, the expert solves "
            "[0.800, 0.890]; the expert fails [0.900, 0.990]; every clone solves [0.000, 0.790].") in page


def test_the_expert_stage_refuses_a_task_without_an_expert(tmp_path):
    with pytest.raises(SystemExit, match="gym/Hopper-v5 has no scripted expert"):
        bc_suite.expert_job("gym/Hopper-v5", {}, tmp_path)
    assert not list(tmp_path.iterdir())
