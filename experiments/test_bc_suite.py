"""experiments/bc_suite.py: the suite's page section comes from the committed JSONs only; cells pool seeds."""

from __future__ import annotations

import pytest

from experiments import bc_suite
from experiments.bc_suite import PAGE, RESULTS, SECTION, expand_tasks, job_name, main, render_section
from experiments.results_markdown import load_records, page_section


def record(task: str, head: str, seed: int, wins: int) -> dict:
    return {"task": task, "head": head, "seed": seed, "successes": [True] * wins + [False] * (10 - wins),
            "success_rate": wins / 10, "train_seconds": 600.0, "provenance": {"cpu": "AMD EPYC", "commit": "a" * 40}}


def test_cells_show_each_seed_and_the_pooled_interval():
    text = render_section([record("metaworld/push-v3", "flow_unet", s, w) for s, w in ((0, 10), (1, 8))]
                          + [record("metaworld/push-v3", "mlp_bc", 0, 3)])
    assert "| task | flow_unet | mlp_bc |" in text
    assert "| metaworld/push-v3 | 1.00 / 0.80 [0.70, 0.97] | 0.30 [" in text
    assert "10.0 min median" in text


def test_sweep_points_get_their_own_table_and_leave_the_defaults_alone():
    point = {**record("metaworld/push-v3", "flow_unet", 0, 6), "tag": "lr1e-3", "overrides": {"lr": "1e-3"}}
    text = render_section([record("metaworld/push-v3", "flow_unet", 0, 10), point])
    assert "| metaworld/push-v3 | 1.00 [" in text                       # the defaults' cell: the sweep point not pooled
    assert "| metaworld/push-v3 | flow_unet | lr1e-3 | `lr=1e-3` | 0.60 | 1.00 |" in text  # beside the default


def test_the_multi_task_vla_shows_each_point_beside_the_default_with_its_mean():
    """The VLA's default budget is 9,000 steps (the former sweep point steps9k); its 3,000-step jobs, trained when
    that was the default, are the point steps3k."""
    def vla(seed: int, wins: tuple[int, int], **point) -> dict:
        per_task = {t: [True] * w + [False] * (10 - w) for t, w in zip(("metaworld/reach-v3", "metaworld/push-v3"),
                                                                       wins)}
        return {**record("metaworld/mt10", "vla_flow", seed, sum(wins) // 2), "per_task": per_task, "steps": 3000,
                "demos": {"episodes": 100}, "overrides": {}, **point}

    text = render_section([vla(0, (4, 8)), vla(1, (6, 8)),
                           vla(0, (9, 9), tag="steps9k", steps=9000, overrides={"steps": "9000"})])
    assert "| task | default (9,000 steps) | steps3k (3,000 steps) |" in text
    assert "| metaworld/reach-v3 | 0.90 [0.60, 0.98] | 0.40 / 0.60 [0.30, 0.70] |" in text
    assert "| **mean over 2 tasks** | **0.90** | **0.60 / 0.70** |" in text


def test_a_changed_default_turns_its_sweep_point_into_the_default_job_and_the_old_default_into_a_point():
    x0 = {"tag": "x0", "overrides": {"policy.diffusion.prediction_type": "sample"}}
    old_default = record("metaworld/push-v3", "diffusion_unet", 0, 9)             # trained when epsilon was default
    old_point = {**record("metaworld/push-v3", "diffusion_unet", 0, 3), "tag": "lr3e-4", "overrides": {"lr": "3e-4"}}
    new_point = {**old_point, "successes": [True] * 5 + [False] * 5, "success_rate": 0.5, "tag": "lr1e-4",
                 "overrides": {"lr": "1e-4"}, "config_epoch": 2}
    text = render_section([old_default, {**record("metaworld/push-v3", "diffusion_unet", 0, 10), **x0}, old_point,
                           new_point])
    assert "| metaworld/push-v3 | 1.00 [" in text                       # the x0 job is the default cell
    assert ("| metaworld/push-v3 | diffusion_unet | epsilon | `policy.diffusion.prediction_type=epsilon` | 0.90 | "
            "1.00 |") in text
    assert ("| diffusion_unet | lr3e-4 | `policy.diffusion.prediction_type=epsilon`, `lr=3e-4` | 0.30 | "
            "0.90 (epsilon) |") in text                                  # an old point varies the old default
    assert "| diffusion_unet | lr1e-4 | `lr=1e-4` | 0.50 | 1.00 |" in text  # a new one varies today's


def test_the_default_jobs_of_a_changed_default_keep_the_sweep_points_name(monkeypatch, tmp_path):
    jobs = []
    monkeypatch.setattr("experiments.bc_suite.run_job", lambda task, head, seed, prov, out, sets, tag, *a: jobs.append(
        (head, tag, sets)))
    monkeypatch.setattr("experiments.bc_suite.start_suite_run", lambda parser, argv, *a: (parser.parse_args(argv), {}))
    main(["run", "--tasks", "push-v3", "--heads", "diffusion_unet", "flow_unet", "--seeds", "0"])
    main(["run", "--tasks", "push-v3", "--heads", "diffusion_unet", "--seeds", "0", "--set", "lr=1e-4", "--tag", "lr"])
    assert jobs == [("diffusion_unet", "x0", {"policy.diffusion.prediction_type": "sample"}), ("flow_unet", "", {}),
                    ("diffusion_unet", "lr", {"lr": "1e-4"})]


def test_task_names_expand():
    assert len(expand_tasks(["mt10"])) == 10 and expand_tasks(["push-v3"]) == ["metaworld/push-v3"]
    assert expand_tasks(["suite"])[-3:] == ["robosuite/Lift", "robosuite/PickPlaceCan", "pusht"]
    assert expand_tasks(["pusht"]) == ["pusht"]


def test_pusht_trains_on_its_own_recipe_and_its_cell_shows_the_mean_max_coverage():
    assert job_name("pusht", "flow_unet", 0) == "pusht_flow_unet_seed0"                  # its own recipe: no suffix
    assert job_name("pusht", "flow_unet", 0, recipe="expert50_noise0.1") == "pusht_flow_unet_seed0_expert50_noise0.1"
    assert job_name("metaworld/push-v3", "flow_unet", 0, recipe="pusht_expert50").endswith("_pusht_expert50")
    runs = [{**record("pusht", "flow_unet", s, w), "max_coverage": cov, "demos": {"recipe": "pusht_kp50"}}
            for s, w, cov in ((0, 6, [0.96] * 6 + [0.5] * 4), (1, 4, [0.97] * 4 + [0.9] * 6))]
    pose = {**runs[0], "overrides": {}, "demos": {"recipe": "pusht_expert50"}}  # before the keypoint state
    text = render_section([*runs, pose])
    assert "| pusht | 0.60 / 0.40 [0.30, 0.70]; coverage 0.78 / 0.93 |" in text       # not in the other-recipes table
    assert "PushT mean max coverage >= 0.91: flow_unet missed (0.85 over 2 seeds)" in text
    assert ("| pusht | flow_unet | `pusht_expert50` | pose state (block angle mod 2π; before session 15) | defaults | "
            "0.60 [0.31, 0.83]; coverage 0.78 |") in text


def test_suite_section_matches_the_committed_results():
    current = page_section(PAGE, SECTION)
    expected = f"## {SECTION}\n\n" + render_section(load_records(RESULTS)).strip("\n")
    assert current == expected, "docs/results_archive.md is out of date: run python -m experiments.bc_suite --render"


def test_other_recipes_get_their_own_table_with_what_the_policy_sees():
    pixels = {**record("metaworld/button-press-topdown-v3", "flow_unet", 0, 7), "overrides": {},
              "demos": {"recipe": "pixels50_noise0.1"}}
    text = render_section([record("metaworld/push-v3", "flow_unet", 0, 10), pixels])
    assert "| metaworld/button-press-topdown-v3 | flow_unet | `pixels50_noise0.1` | corner camera 84 px | defaults | " \
           "0.70 [" in text
    assert "| metaworld/button-press-topdown-v3 | 0.70" not in text     # not in the state table


def test_the_multi_task_vla_gets_a_per_task_table_and_its_mean():
    per_task = {"metaworld/reach-v3": [True] * 9 + [False], "metaworld/push-v3": [True] * 5 + [False] * 5}
    vla = {**record("metaworld/mt10", "vla_flow", 0, 0), "per_task": per_task, "success_rate": 0.7, "steps": 3000,
           "demos": {"recipe": "expert50_noise0.1", "episodes": 500}}
    text = render_section([record("metaworld/push-v3", "flow_unet", 0, 10), vla])
    assert "| metaworld/reach-v3 | 0.90 [" in text and "| metaworld/push-v3 | 0.50 [" in text
    assert "| **mean over 2 tasks** | **0.70** |" in text
    assert "| metaworld/mt10 |" not in text and "vla_flow |" not in text.split("**Multi-task VLA**")[0]


def test_fewer_denoising_steps_are_paired_with_the_default_job_and_leave_its_cell_alone():
    default = {**record("metaworld/push-v3", "flow_unet", 0, 9), "demos": {"recipe": "expert50_noise0.1"}}
    k3 = {**record("metaworld/push-v3", "flow_unet", 0, 5), "inference_steps": 3, "trained_inference_steps": 10,
          "chunk_seconds": 0.03, "trained_chunk_seconds": 0.1}
    text = render_section([default, k3])
    assert "| metaworld/push-v3 | 0.90 [" in text                      # the default cell: the K=3 job not pooled
    assert "| metaworld/push-v3 | flow_unet | 0 | 10 → 3 | 0.90 → 0.50 | no significant change (+0 −4, p = 0.12) " \
           "| 0.30 |" in text


def test_a_noise_scale_job_is_paired_with_the_default_job_and_leaves_its_cell_alone():
    default = {**record("metaworld/push-v3", "diffusion_unet", 0, 3), "demos": {"recipe": "expert50_noise0.1"},
               "config_epoch": 2}
    zero = {**record("metaworld/push-v3", "diffusion_unet", 0, 10), "noise_scale": 0.0, "config_epoch": 2}
    text = render_section([default, zero])
    assert "| metaworld/push-v3 | 0.30 [" in text
    assert "| metaworld/push-v3 | diffusion_unet | 0 | 0 | 0.30 → 1.00 | improved (+7 −0, p = 0.016) |" in text


def test_chunk_seconds_times_each_step_count(tmp_path):
    from experiments.bc_suite import chunk_seconds
    from experiments.fixtures.tiny import build_tiny, make_store

    store = make_store(tmp_path / "s.zarr")
    policy = build_tiny("flow_unet", store)
    fast, slow = chunk_seconds(policy, store.path, [1, 8], repeats=3)
    assert 0 < fast and 0 < slow and policy.num_denoising_steps == 8


def test_training_time_of_a_resumed_job_comes_from_the_trainers_log():
    from experiments.bc_suite import logged_train_seconds, train_minutes

    log = [{"step": 50, "time": 100.0, "train_loss": 1.0}, {"step": 100, "time": 160.0, "train_loss": 0.9},
           {"step": 100, "time": 161.0, "val_loss": 0.8},
           {"step": 100, "time": 5000.0, "train_loss": 0.9},  # stopped, resumed the next day from step 100
           {"step": 150, "time": 5030.0, "train_loss": 0.7}]
    assert logged_train_seconds(log) == 90.0
    assert train_minutes({"train_seconds": 30.0, "logged_train_seconds": 90.0}) == 1.5
    assert train_minutes({"train_seconds": 30.0}) == 0.5  # results written before the log was read


def suite_record(task: str, head: str, seed: int = 0, *, rate: float = 1.0, tag: str = "",
                 overrides: dict | None = None, steps: int = 3000, epoch: int | None = bc_suite.CONFIG_EPOCH,
                 recipe: str | None = None) -> dict:
    """A record with 100 episodes and the fields the page reads (``record`` above: the older, 10-episode form)."""
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
    from robopolicy.eval.stats import wilson_interval

    successes = [i < round(100 * rate) for i in range(100)]
    return {"task": task, "head": "expert", "successes": successes, "success_rate": rate,
            "ci95": list(wilson_interval(sum(successes), 100))}


def test_the_vla_default_is_the_9k_point_and_its_former_3k_default_a_sweep_point():
    nine = bc_suite.as_current(suite_record(bc_suite.MULTI_TASK, "vla_flow", tag="steps9k", overrides={"steps": "9000"},
                                      steps=9000, epoch=2))
    assert (nine["tag"], nine["overrides"]) == ("", {})
    three = bc_suite.as_current(suite_record(bc_suite.MULTI_TASK, "vla_flow", epoch=2))
    assert (three["tag"], three["overrides"]) == ("steps3k", {"steps": "3000"})
    # a record written from epoch 3 on without a tag is not a former default
    assert bc_suite.as_current(suite_record(bc_suite.MULTI_TASK, "vla_flow", epoch=3))["tag"] == ""
    # the diffusion head's former default keeps its own epoch: an epoch-2 sweep point is a variant of x_0
    point = bc_suite.as_current(suite_record("metaworld/push-v3", "diffusion_unet", tag="lr3e-4", overrides={"lr": "3e-4"},
                                       epoch=2))
    assert "baseline" not in point and point["overrides"] == {"lr": "3e-4"}
    old = bc_suite.as_current(suite_record("metaworld/push-v3", "diffusion_unet", tag="lr3e-4", overrides={"lr": "3e-4"},
                                     epoch=None))
    assert old["baseline"] == "epsilon"


def test_the_vla_default_budget_is_used_when_no_steps_are_set():
    assert bc_suite.HEAD_STEPS["vla_flow"] == int(bc_suite.DEFAULT_JOBS["vla_flow"][1]["steps"])


def test_the_expert_column_and_the_tasks_it_cannot_reach():
    door, peg = "metaworld/door-open-v3", "metaworld/peg-insert-side-v3"
    records = [suite_record(door, "flow_unet", rate=0.83), suite_record(peg, "flow_unet", rate=0.70),
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
    clone = suite_record(task, "flow_unet", rate=0.80)            # fails episodes 80-99
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


def test_a_missed_robosuite_target_names_the_sweep_points_that_meet_it():
    from experiments.bc_suite import points_meeting

    can = "robosuite/PickPlaceCan"
    sweep = [{"task": can, "head": "flow_unet", "tag": "x0", "success_rate": r} for r in (0.97, 0.92, 0.87)]
    sweep += [{"task": can, "head": "flow_unet", "tag": "steps6k", "success_rate": 0.70},
              {"task": can, "head": "diffusion_unet", "tag": "wide", "success_rate": 0.99},
              {"task": "robosuite/Lift", "head": "flow_unet", "tag": "x0", "success_rate": 1.0}]
    assert points_meeting(sweep, can, "flow_unet", 0.80) == "; sweep point x0: 0.92 over 3 seeds meets it"
    assert points_meeting(sweep, can, "flow_unet", 0.95) == ""


def test_the_test_split_runs_only_frozen_default_recipes_on_test_tasks(monkeypatch, tmp_path, capsys):
    """`--split test`: the held-out tasks and seeds, the frozen default recipe of each head (its record carries the
    recipe's name, version and digest), refused with one line for an unfrozen or changed recipe, a development
    task, or a variant's settings; `freeze` records the recipe, and a later change is a new version."""
    from robopolicy.protocol import TEST_SEEDS, RecipeLedger

    jobs = []
    monkeypatch.setattr("experiments.bc_suite.run_job", lambda task, head, seed, prov, out, **kw: jobs.append(
        (task, head, seed, kw["eval_seed"], kw["frozen"]["name"], kw["tag"])))
    monkeypatch.setattr("experiments.bc_suite.start_suite_run", lambda parser, argv, *a: (parser.parse_args(argv), {}))
    monkeypatch.setattr("experiments.bc_suite.LEDGER", tmp_path / "frozen.json")
    argv = ["run", "--split", "test", "--tasks", "metaworld/door-lock-v3", "--heads", "flow_unet", "--seeds", "0",
            "--out", str(tmp_path / "out")]
    with pytest.raises(SystemExit):
        main(argv)
    assert "bc_flow_unet v1 is not frozen" in capsys.readouterr().err and not jobs
    main(["freeze", "--heads", "flow_unet"])
    main(argv)
    assert jobs == [("metaworld/door-lock-v3", "flow_unet", 0, TEST_SEEDS.start, "bc_flow_unet", "v1")]
    with pytest.raises(SystemExit):
        main([*argv[:4], "metaworld/push-v3", *argv[5:]])
    assert "task metaworld/push-v3 belongs to the development split" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*argv, "--set", "lr=1e-3", "--tag", "lr"])
    assert "runs the frozen default recipes only" in capsys.readouterr().err
    changed = bc_suite.bc_recipe("flow_unet")
    monkeypatch.setattr("experiments.bc_suite.bc_recipe",
                        lambda head, version=1: type(changed)(changed.name, version, {**changed.settings, "x": 1}))
    with pytest.raises(SystemExit):
        main(argv)
    assert "has changed since it was frozen" in capsys.readouterr().err
    assert set(RecipeLedger(tmp_path / "frozen.json").frozen("bc_flow_unet")) == {1}
