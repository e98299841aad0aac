"""experiments/rl_suite.py: the band rule picks the jobs; the page section comes from the committed JSONs only."""

from __future__ import annotations

import json

from experiments.results_markdown import load_records, page_section
from experiments.rl_suite import (
    PAGE,
    RESULTS,
    SECTION,
    base_records,
    chosen_base,
    expand,
    in_band,
    render_section,
    suite_tasks,
)


def base(task: str, head: str, rate: float, steps: int = 1500) -> dict:
    return {"task": f"metaworld/{task}", "head": head, "success_rate": rate, "ci95": [0.0, 1.0], "bc_steps": steps}


def job(task: str, method: str, seed: int, before: int, after: int, verdict: str) -> dict:
    return {"task": f"metaworld/{task}", "method": method, "seed": seed, "before": [True] * before + [False] * (100 - before),
            "after": [True] * after + [False] * (100 - after), "verdict": {"verdict": verdict}, "seconds": 300.0,
            "base_bc_steps": 1500,
            "provenance": {"cpu": "AMD EPYC", "commit": "b" * 40}}


def test_a_method_runs_where_its_heads_base_is_in_the_band(tmp_path):
    (tmp_path / "bases").mkdir()
    for i, b in enumerate([base("reach-v3", "diffusion_unet", 0.48), base("reach-v3", "flow_unet", 0.74),
                           base("push-v3", "diffusion_unet", 0.08), base("push-v3", "flow_unet", 0.10)]):
        (tmp_path / "bases" / f"{i}.json").write_text(json.dumps(b))
    assert in_band(tmp_path, "metaworld/reach-v3", "diffusion_unet") is True
    assert in_band(tmp_path, "reach-v3", "flow_unet") is False
    assert in_band(tmp_path, "door-open-v3", "flow_unet") is None        # not measured yet
    assert suite_tasks(tmp_path) == ["metaworld/reach-v3"]
    # a shorter clone of the too-strong flow base lands in the band: that rung is the base
    (tmp_path / "bases" / "5.json").write_text(json.dumps(base("reach-v3", "flow_unet", 0.40, steps=500)))
    assert in_band(tmp_path, "reach-v3", "flow_unet") is True
    assert chosen_base(tmp_path, "reach-v3", "flow_unet") == ("weak20_noise0.3", 500)
    assert chosen_base(tmp_path, "reach-v3", "diffusion_unet") == ("weak20_noise0.3", 1500)


def test_the_both_band_needs_the_base_weak_from_zero_noise_too(tmp_path):
    from experiments.rl_suite import FEW_RECIPE, FEW_STEPS, job_tag

    (tmp_path / "bases").mkdir()
    records = [base("push-v3", "diffusion_unet", 0.08), base("push-v3", "diffusion_unet", 0.32, steps=4000),
               {**base("push-v3", "diffusion_unet", 0.38), "noise_scale": 0.0},
               {**base("push-v3", "diffusion_unet", 0.68, steps=4000), "noise_scale": 0.0}]
    for i, b in enumerate(records):
        (tmp_path / "bases" / f"{i}.json").write_text(json.dumps(b))
    assert chosen_base(tmp_path, "push-v3", "diffusion_unet") == ("weak20_noise0.3", 4000)
    assert in_band(tmp_path, "push-v3", "diffusion_unet", both=True) is False   # 0.68 from zero noise
    assert in_band(tmp_path, "reach-v3", "diffusion_unet", both=True) is None
    few = {**base("push-v3", "diffusion_unet", 0.30, steps=FEW_STEPS), "recipe": FEW_RECIPE}
    (tmp_path / "bases" / "4.json").write_text(json.dumps(few))
    (tmp_path / "bases" / "5.json").write_text(json.dumps({**few, "success_rate": 0.36, "noise_scale": 0.0}))
    assert chosen_base(tmp_path, "push-v3", "diffusion_unet", both=True) == (FEW_RECIPE, FEW_STEPS)
    # the usual band never picks the few-demo rung; the both band's jobs on it carry its tag, not the usual name
    assert chosen_base(tmp_path, "push-v3", "diffusion_unet") == ("weak20_noise0.3", 4000)
    assert job_tag(tmp_path, "push-v3", "diffusion_unet", both=True) == ((FEW_RECIPE, FEW_STEPS), f"_3000_{FEW_RECIPE}")
    assert job_tag(tmp_path, "push-v3", "diffusion_unet", both=False) == (("weak20_noise0.3", 4000), "")


def test_sample_efficiency_is_the_first_tuning_point_at_base_plus_0_2():
    from experiments.rl_suite import steps_to_gain

    record = job("reach-v3", "dsrl_sac", 0, 50, 80, "improved")
    record["selection"] = {"history": [{"env_steps": 0, "successes": 9, "episodes": 30},
                                       {"env_steps": 5000, "successes": 20, "episodes": 30},
                                       {"env_steps": 10000, "successes": 21, "episodes": 30}]}
    assert steps_to_gain(record) == 10000           # 21/30 = 0.70 >= 0.50 + 0.20; 20/30 is not
    record["selection"]["history"].pop()
    assert steps_to_gain(record) is None
    assert "| reach-v3 | weak20_noise0.3, 1,500 | dsrl_sac | 0.50 | 9/30 | — | > 20,000 |" in render_section([record], [])


def test_dsrl_against_dppo_sets_apart_the_rows_where_dsrls_untrained_start_did_the_work():
    from experiments.rl_suite import efficiency_summary

    def run(task, method, seed, curve):   # base 0.40: the target is 0.60 = 18/30
        record = job(task, method, seed, 40, 90, "improved")
        record["selection"] = {"history": [{"env_steps": 5000 * i, "successes": s, "episodes": 30}
                                           for i, s in enumerate(curve)]}
        return record

    records = [run("reach-v3", "dsrl_sac", 0, [9, 19]), run("reach-v3", "dsrl_sac", 1, [9, 10, 20]),
               run("reach-v3", "dppo_diffusion", 0, [9, 10, 10, 20]), run("reach-v3", "dppo_diffusion", 1, [9, 10, 10, 25]),
               run("push-v3", "dsrl_sac", 0, [25, 25]), run("push-v3", "dppo_diffusion", 0, [9, 10]),
               run("door-open-v3", "dsrl_sac", 0, [9])]   # no DPPO run there: no row
    (line,) = efficiency_summary(records, ["metaworld/reach-v3", "metaworld/push-v3", "metaworld/door-open-v3"],
                                 [("weak20_noise0.3", 1500)])
    # reach: DSRL medians 5,000 and 10,000 -> 7,500; DPPO 15,000 on both seeds -> 2.0x
    assert "reach-v3 (dsrl_sac vs dppo_diffusion): DSRL 7,500, DPPO 15,000, DPPO / DSRL 2.0x" in line
    assert "On 1 more, DSRL's untrained w = 0 start" in line
    assert "push-v3 (dsrl_sac vs dppo_diffusion): DPPO > 20,000" in line and "door-open" not in line


def test_rows_show_each_seed_and_its_verdict():
    text = render_section([job("reach-v3", "dsrl_sac", s, 40, a, v)
                           for s, a, v in ((0, 70, "improved"), (1, 42, "no significant change"))], [])
    assert "| reach-v3 | weak20_noise0.3, 1,500 | dsrl_sac | 40 | 70 / 42 | += | 0.56 [" in text
    assert "5.0 min median" in text


def test_suite_section_matches_the_committed_results():
    current = page_section(PAGE, SECTION)
    expected = f"## {SECTION}\n\n" + render_section(load_records(RESULTS), base_records(RESULTS), base_records(RESULTS, 0.0)).strip("\n")
    assert current == expected, "docs/results_archive.md is out of date: run python -m experiments.rl_suite --render"


def test_rule_marks_name_the_selection_rule_each_row_was_kept_by():
    from experiments.rl_suite import GATED, NOISE_KEPT, rule_mark

    def record(start, kept_at, kept, alpha=None):
        history = [{"env_steps": 0, "successes": start, "episodes": 30}, {"env_steps": 5000, "successes": kept, "episodes": 30}]
        selection = {"history": history, "kept": history[1] if kept_at else history[0]}
        return {"selection": {**selection, **({"alpha": alpha} if alpha is not None else {})}}

    assert rule_mark(record(3, True, 4)) == NOISE_KEPT      # old rule, +1: could not pass p <= 0.05
    assert rule_mark(record(3, True, 8)) == ""              # old rule, +5: might have passed (depends on the pairs)
    assert rule_mark(record(3, False, 2)) == ""             # the start kept: any rule keeps it
    assert rule_mark(record(3, True, 9, alpha=0.05)) == GATED
    assert rule_mark({"selection": {"chosen_K": 10, "history": [{}], "kept": {}}}) == ""  # V-GPS chooses K instead


def test_a_run_refuses_a_base_whose_weights_are_not_the_calibrated_ones(tmp_path, monkeypatch):
    """Bases are not bit-reproducible across machines: a rebuilt one must not be pooled with the calibrated one's runs."""
    import pytest
    import torch

    from experiments import rl_suite
    from robopolicy.checkpoint import checkpoint_hash, save_checkpoint

    info = {"kind": "policy", "name": "flow_unet", "config": {}, "spec": {}}
    here = save_checkpoint(tmp_path / "here", {"w": torch.ones(3)}, info, step=1)
    other = save_checkpoint(tmp_path / "other", {"w": torch.zeros(3)}, info, step=1)
    monkeypatch.setattr(rl_suite, "build_base", lambda *args, **kwargs: here)
    out = tmp_path / "results"
    (out / "bases").mkdir(parents=True)
    task, head, steps = "metaworld/push-v3", "flow_unet", 500
    # no calibration yet: nothing to compare with
    assert rl_suite.calibrated_base(task, head, steps, rl_suite.RECIPE, out) == (here, checkpoint_hash(here))
    record = out / "bases" / f"push-v3_{head}{rl_suite.rung_tag(steps)}.json"
    record.write_text(json.dumps({**base("push-v3", head, 0.3, steps), "checkpoint_hash": checkpoint_hash(here)}))
    assert rl_suite.calibrated_base(task, head, steps, rl_suite.RECIPE, out)[1] == checkpoint_hash(here)
    record.write_text(json.dumps({**base("push-v3", head, 0.3, steps), "checkpoint_hash": checkpoint_hash(other)}))
    with pytest.raises(SystemExit) as raised:
        rl_suite.calibrated_base(task, head, steps, rl_suite.RECIPE, out)
    message = str(raised.value)
    assert checkpoint_hash(here) in message and checkpoint_hash(other) in message and record.name in message


def test_a_kept_base_is_used_instead_of_a_rebuilt_one_and_a_new_base_is_kept(tmp_path, monkeypatch):
    """The calibrated base's policy files live beside its record (committed), so another machine runs on the same
    weights; a new base is copied there whole (not its trainer state)."""
    import torch

    from experiments import rl_suite
    from experiments.fixtures.tiny import build_tiny, make_store
    from robopolicy.checkpoint import checkpoint_hash, save_checkpoint
    from robopolicy.policies.loading import load_policy

    monkeypatch.setattr(rl_suite, "WORK", tmp_path / "work")   # nothing may be collected or trained here
    out = tmp_path / "results"
    task, head, steps = "metaworld/push-v3", "flow_unet", 500
    kept = rl_suite.kept_base(out, task, head, steps)
    assert kept == out / "bases" / "push-v3_flow_unet_500"
    policy = build_tiny("flow_unet", make_store(tmp_path / "tiny.zarr"))
    info = {"kind": "policy", "name": policy.name, "config": policy.policy_config, "spec": policy.spec.to_dict()}
    trained = save_checkpoint(tmp_path / "run" / "step_1", policy.state_dict(), info, step=1,
                              trainer_tensors={"moment": torch.ones(2)}, trainer_state={"step": 1})
    assert rl_suite.keep_checkpoint(trained, kept) == kept
    assert sorted(p.name for p in kept.iterdir()) == ["meta.json", "model.safetensors", "policy.json"]
    assert checkpoint_hash(kept) == checkpoint_hash(trained)
    load_policy(kept)                                           # a whole policy checkpoint without trainer state
    assert rl_suite.build_base(task, head, steps, rl_suite.RECIPE, out) == kept
    assert not (tmp_path / "work").exists()


def test_another_results_folder_renders_into_its_own_section(tmp_path):
    """A new generation of bases (``--out`` another folder) gets its own section; the committed one keeps its own."""
    import os

    from experiments.provenance import REPO_ROOT
    from experiments.rl_suite import render_page, section_of

    assert section_of(RESULTS) == SECTION
    out = tmp_path / "rl_suite2"
    (out / "bases").mkdir(parents=True)
    (out / "bases" / "a.json").write_text(json.dumps(base("push-v3", "flow_unet", 0.3, 500)))
    page = tmp_path / "results.md"
    page.write_text(f"# Results\n\n## {SECTION}\n\nthe committed one\n")
    render_page(out, page)
    assert section_of(out) == f"{SECTION}: rl_suite2"
    assert page_section(page, SECTION).strip().endswith("the committed one")
    assert "push-v3" in page_section(page, f"{SECTION}: rl_suite2")
    assert f"--render --out {os.path.relpath(out, REPO_ROOT)}` from" in page_section(page, f"{SECTION}: rl_suite2")


def test_only_the_rungs_inside_the_band_keep_their_checkpoints(tmp_path):
    from experiments.rl_suite import kept_base, prune_kept

    out = tmp_path / "results"
    (out / "bases").mkdir(parents=True)
    for steps, rate in ((1500, 0.9), (500, 0.4)):
        (out / "bases" / f"{steps}.json").write_text(json.dumps(base("push-v3", "flow_unet", rate, steps)))
        (kept_base(out, "metaworld/push-v3", "flow_unet", steps) / "meta.json").parent.mkdir()
    prune_kept(out, "metaworld/push-v3", "flow_unet")
    assert not kept_base(out, "metaworld/push-v3", "flow_unet", 1500).exists()
    assert kept_base(out, "metaworld/push-v3", "flow_unet", 500).exists()


def curve_job(seed: int, rates: list[int], head: str = "diffusion_unet") -> dict:
    history = [{"env_steps": 0, "successes": 9, "episodes": 30, "policy": "base"}]
    history += [{"env_steps": i * 5000 + seed, "successes": s, "episodes": 30} for i, s in enumerate(rates)]
    return {**job("push-v3", "dsrl_sac", seed, 40, 60, "improved"), "head": head, "selection": {"history": history}}


def test_a_curve_is_the_mean_and_range_over_seeds_at_each_checkpoint():
    from experiments.rl_suite import curve_groups, curve_points

    runs = [curve_job(0, [6, 12, 30]), curve_job(1, [6, 18]), curve_job(2, [9, 21, 27])]
    # the base point (a reference, not the policy being tuned) is left out; a shorter run cuts the curve
    assert curve_points(runs) == [{"env_steps": 1, "mean": 0.7 / 3, "low": 0.2, "high": 0.3, "seeds": 3},
                                  {"env_steps": 5001, "mean": 51 / 90, "low": 0.4, "high": 0.7, "seeds": 3}]
    assert curve_points(runs[:1])[-1] == {"env_steps": 10000, "mean": 1.0, "low": 1.0, "high": 1.0, "seeds": 1}
    # one panel per (task, base rung, head); offline jobs (no env steps) have no curve
    offline = {**job("push-v3", "vgps", 0, 40, 50, "improved"), "selection": {"history": [{"K": 10, "successes": 3}]}}
    groups = curve_groups([*runs, curve_job(0, [3, 6], head="flow_unet"), offline])
    assert list(groups) == [("metaworld/push-v3", ("weak20_noise0.3", 1500), "diffusion_unet"),
                            ("metaworld/push-v3", ("weak20_noise0.3", 1500), "flow_unet")]
    assert [r["seed"] for r in groups[next(iter(groups))]["dsrl_sac"]] == [0, 1, 2]


def test_the_rendered_section_links_the_curves_drawn_beside_the_page(tmp_path):
    from experiments.results_markdown import page_section
    from experiments.rl_suite import render_page

    out = tmp_path / "rl_suite2"
    out.mkdir()
    for seed in (0, 1):
        (out / f"push-v3_dsrl_sac_seed{seed}.json").write_text(json.dumps(curve_job(seed, [6, 12 + seed])))
    page = tmp_path / "docs" / "results_archive.md"
    page.parent.mkdir()
    page.write_text("# Results\n")
    render_page(out, page)
    assert "](img/rl_suite2.png)" in page_section(page, f"{SECTION}: rl_suite2")
    assert (tmp_path / "docs" / "img" / "rl_suite2.png").read_bytes()[:4] == b"\x89PNG"


def test_the_targets_line_counts_tasks_where_every_one_of_three_seeds_reached_the_bar():
    from experiments.rl_suite import targets_lines

    records = [job("reach-v3", "dsrl_sac", 0, 54, 98, "improved"), job("reach-v3", "dsrl_sac", 1, 54, 84, "improved"),
               job("reach-v3", "dsrl_sac", 2, 54, 90, "improved"),
               job("push-v3", "dsrl_sac", 0, 30, 59, "improved"),           # base + 0.29: short of the bar
               job("push-v3", "dppo_diffusion", 0, 30, 60, "improved"),     # base + 0.30: at it
               job("drawer-open-v3", "dppo_diffusion", 0, 60, 50, "worse"),
               job("push-v3", "vgps", 0, 30, 42, "improved"), job("push-v3", "vgps", 1, 30, 36, "no significant change"),
               job("reach-v3", "vgps", 0, 50, 50, "no significant change")]
    tasks = ["metaworld/reach-v3", "metaworld/push-v3", "metaworld/drawer-open-v3"]
    text = "\n".join(targets_lines(records, tasks, [("weak20_noise0.3", 1500)]))
    # a task is met only with the three seeds: push's one seed at the bar is listed apart, not counted
    assert ("dppo_diffusion met on 0 of 2 (none; missed: drawer-open-v3 0/1; every seed so far, but fewer than 3: "
            "push-v3 1/1)") in text
    assert "dsrl_sac met on 1 of 2 (reach-v3 3/3; missed: push-v3 0/1)" in text
    assert "Significantly worse than the base: 1 of 9 runs (drawer-open-v3 dppo_diffusion seed 0)." in text
    assert "push-v3 +0.09 (2 seeds), reach-v3 +0.00 (1 seed); 0 tasks at +0.10 or more." in text
    assert "PA-RL" not in text   # no PA-RL run: no line


def test_the_parl_line_counts_improved_runs_per_objective():
    from experiments.rl_suite import targets_lines

    records = [job("drawer-open-v3", "parl", 0, 55, 55, "no significant change"),
               job("drawer-open-v3", "parl_pref", 0, 55, 85, "improved"),
               job("drawer-open-v3", "parl_pref", 1, 55, 57, "no significant change"),
               job("reach-v3", "parl_pref", 0, 54, 70, "improved")]
    text = "\n".join(targets_lines(records, ["metaworld/drawer-open-v3", "metaworld/reach-v3"],
                                   [("weak20_noise0.3", 1500)]))
    assert ("parl improved 0 of 1 runs (drawer-open-v3 55 -> 55); parl_pref improved 2 of 3 runs (drawer-open-v3 "
            "55 -> 85, 55 -> 57; reach-v3 54 -> 70).") in text


def test_a_sampling_jobs_policy_is_named_without_this_machines_folders():
    """A kept base (in the repository) as well as a base built in the scratch folder: the record names either."""
    from experiments.provenance import REPO_ROOT
    from experiments.rl_suite import WORK, policy_label

    assert policy_label(WORK / "bases" / "reach-v3_diffusion_unet") == "bases/reach-v3_diffusion_unet"
    kept = REPO_ROOT / "experiments" / "results" / "rl_suite2" / "bases" / "reach-v3_diffusion_unet"
    assert policy_label(kept.relative_to(REPO_ROOT)) == "experiments/results/rl_suite2/bases/reach-v3_diffusion_unet"


def test_kept_policies_are_also_judged_against_the_zero_noise_sampler():
    from experiments.rl_suite import zero_noise_lines

    zero = {**job("push-v3", "noise0", 0, 25, 66, "improved"), "head": "diffusion_unet"}
    runs = [{**job("push-v3", "dsrl_sac", s, 25, kept, "improved"), "head": "diffusion_unet"}
            for s, kept in ((0, 73), (1, 100), (2, 40))]
    text = "\n".join(zero_noise_lines([zero, *runs, job("reach-v3", "dsrl_sac", 0, 54, 98, "improved")]))
    # 73 vs 66 on nested outcome lists: 7 gained, 0 lost (p = 0.016); 100 vs 66: above; 40 vs 66: below
    assert "dsrl_sac above on 2 (push-v3 73/66, 100/66), below on 1 (push-v3 40/66)." in text
    assert "reach-v3" not in text   # no zero-noise job for that base: not judged
    assert zero_noise_lines(runs) == []


def test_the_ladder_turns_to_cleaner_demos_only_when_every_noisy_clone_is_below_the_band(tmp_path, monkeypatch):
    import experiments.rl_suite as suite

    walked = []

    def fake_calibrate(rates):
        def calibrate(task, head, steps, provenance, out, noise_scale=1.0, recipe=suite.RECIPE):
            walked.append((recipe, steps))
            record = {**base(task, head, rates[(recipe, steps)], steps=steps), "recipe": recipe}
            (out / "bases").mkdir(parents=True, exist_ok=True)
            (out / "bases" / f"{len(walked)}.json").write_text(json.dumps(record))
            return record
        return calibrate

    noisy, clean = suite.RECIPE, suite.CLEAN_RECIPE
    monkeypatch.setattr(suite, "calibrate", fake_calibrate({(noisy, 1500): 0.04, (noisy, 4000): 0.02,
                                                            (clean, 1500): 0.90, (clean, 500): 0.34, (clean, 200): 0.1}))
    suite.calibrate_ladder("robosuite/Lift", "diffusion_unet", {}, tmp_path)
    assert walked == [(noisy, 1500), (noisy, 4000), (clean, 1500), (clean, 500)]   # stops inside the band
    assert suite.chosen_base(tmp_path, "Lift", "diffusion_unet") == (clean, 500)
    assert suite.job_tag(tmp_path, "Lift", "diffusion_unet", both=False) == ((clean, 500), "")
    walked.clear()   # the clean walk goes longer when its first clone is below the band, as the noisy one does
    monkeypatch.setattr(suite, "calibrate", fake_calibrate({(noisy, 1500): 0.0, (noisy, 4000): 0.1,
                                                            (clean, 1500): 0.0, (clean, 4000): 0.3}))
    suite.calibrate_ladder("robosuite/Lift", "flow_unet", {}, tmp_path / "flow")
    assert walked == [(noisy, 1500), (noisy, 4000), (clean, 1500), (clean, 4000)]
    assert suite.chosen_base(tmp_path / "flow", "Lift", "flow_unet") == (clean, 4000)
    # a task with a noisy rung above the band never reaches the clean demos, even when none is inside it
    walked.clear()
    monkeypatch.setattr(suite, "calibrate", fake_calibrate({(noisy, 1500): 0.08, (noisy, 4000): 0.68,
                                                            (noisy, 2750): 0.64, (noisy, 2125): 0.1,
                                                            (noisy, 2437): 0.61}))
    suite.calibrate_ladder("metaworld/door-open-v3", "diffusion_unet", {}, tmp_path / "door")
    assert walked == [(noisy, 1500), (noisy, 4000), (noisy, 2750), (noisy, 2125), (noisy, 2437)]  # halved 3 times
    assert suite.chosen_base(tmp_path / "door", "door-open-v3", "diffusion_unet") is None


def test_a_walk_that_steps_over_the_band_tries_the_rung_halfway_and_runs_use_it(tmp_path, monkeypatch):
    """reach-v3's flow clones: 1,500 steps above the band, 500 below; the halfway rung (1,000) inside it is the
    base. The halfway rung comes after the ladder's own, so a (task, head) with a ladder rung inside keeps it."""
    import experiments.rl_suite as suite

    walked = []

    def calibrate(task, head, steps, provenance, out, noise_scale=1.0, recipe=suite.RECIPE):
        walked.append(steps)
        record = {**base(task, head, {1500: 0.74, 500: 0.18, 1000: 0.44}[steps], steps=steps), "recipe": recipe}
        (out / "bases").mkdir(parents=True, exist_ok=True)
        (out / "bases" / f"{steps}.json").write_text(json.dumps(record))
        return record

    monkeypatch.setattr(suite, "calibrate", calibrate)
    suite.calibrate_ladder("metaworld/reach-v3", "flow_unet", {}, tmp_path)
    assert walked == [1500, 500, 1000]
    assert suite.job_tag(tmp_path, "reach-v3", "flow_unet", both=False) == ((suite.RECIPE, 1000), "")
    assert suite.rung_tag(1000) == "_1000"
    assert suite.halfway_rung([1500, 500], [0.74, 0.18]) == 1000
    assert suite.halfway_rung([1500, 500, 200], [0.9, 0.72, 0.14]) == 350
    assert suite.halfway_rung([1500, 500, 200, 350], [0.9, 0.72, 0.14, 0.68]) == 275   # still above: halve again
    assert suite.halfway_rung([4, 3, 2], [0.9, 0.7, 0.1]) is None    # nothing left between 3 and 2
    assert suite.halfway_rung([1500, 500], [0.74, 0.61]) is None          # both above: the ladder goes on
    assert suite.halfway_rung([1500, 500], [0.74, 0.40]) is None          # one inside: no need
    # a ladder rung inside the band stays the base even when a halfway rung is inside too
    (tmp_path / "bases" / "500.json").write_text(json.dumps({**base("metaworld/reach-v3", "flow_unet", 0.3,
                                                                    steps=500), "recipe": suite.RECIPE}))
    assert suite.chosen_base(tmp_path, "reach-v3", "flow_unet") == (suite.RECIPE, 500)


def test_a_methods_own_selection_setting_wins_over_the_suites():
    from experiments.rl_suite import METHODS, online_settings

    argv = [*METHODS["dppo_flow_kl_sel50_100k"][2], *online_settings("dppo_flow_kl_sel50_100k", 150,
                                                                      METHODS["dppo_flow_kl_sel50_100k"][2])]
    assert [a for a in argv if a.startswith("finetune.select_episodes=")] == ["finetune.select_episodes=50"]
    assert "finetune.total_env_steps=100000" in argv and "finetune.select_every=5000" in argv
    plain = online_settings("dppo_flow_kl", 150, METHODS["dppo_flow_kl"][2])
    assert "finetune.select_episodes=30" in plain and "finetune.total_env_steps=20000" in plain


def test_a_task_named_as_its_result_files_name_it_finds_its_simulator(tmp_path):
    """``--tasks Lift`` is robosuite's Lift (it once became ``metaworld/Lift`` and failed after start-up)."""
    assert expand(["Lift", "push-v3", "robosuite/Lift", "no-such-task"], tmp_path) == [
        "robosuite/Lift", "metaworld/push-v3", "robosuite/Lift", "metaworld/no-such-task"]
