"""experiments/rl_suite.py: the band rule picks the jobs; docs/results.md's RL table is what the records give."""

from __future__ import annotations

import contextlib
import io
import json
import re

from experiments.provenance import REPO_ROOT
from experiments.rl_suite import chosen_base, expand, in_band, reaches_target, suite_tasks


def base(task: str, head: str, rate: float, steps: int = 1500) -> dict:
    return {"task": f"metaworld/{task}", "head": head, "success_rate": rate, "ci95": [0.0, 1.0], "bc_steps": steps}


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


def test_a_sampling_jobs_policy_is_named_without_this_machines_folders():
    """A kept base (in the repository) as well as a base built in the scratch folder: the record names either."""
    from experiments.provenance import REPO_ROOT
    from experiments.rl_suite import WORK, policy_label

    assert policy_label(WORK / "bases" / "reach-v3_diffusion_unet") == "bases/reach-v3_diffusion_unet"
    kept = REPO_ROOT / "experiments" / "results" / "rl_suite2" / "bases" / "reach-v3_diffusion_unet"
    assert policy_label(kept.relative_to(REPO_ROOT)) == "experiments/results/rl_suite2/bases/reach-v3_diffusion_unet"


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


def test_the_bar_is_090_or_the_base_plus_030():
    def run(before: int, after: int) -> dict:
        return {"before": [1] * before + [0] * (100 - before), "after": [1] * after + [0] * (100 - after)}

    assert reaches_target(run(10, 90)) and reaches_target(run(30, 60)) and reaches_target(run(70, 95))
    assert not reaches_target(run(30, 59)) and not reaches_target(run(70, 89))


def test_the_results_page_snippet_gives_the_rl_tables_counts(monkeypatch):
    """docs/results.md's "runs that learned" table: the python under it (which imports this module's names) run
    on the committed records prints, per method, the row the table shows."""
    page = (REPO_ROOT / "docs" / "results.md").read_text()
    code = re.search(r"The counts are computed from the records.*?```python\n(.*?)```", page, re.S).group(1)
    printed = io.StringIO()
    monkeypatch.chdir(REPO_ROOT)   # the snippet runs from the repository root
    with contextlib.redirect_stdout(printed):
        exec(code, {})
    counts = {line.split()[0]: line.split()[1:] for line in printed.getvalue().splitlines()}
    rows = re.findall(r"^\| `(\w+)` \| \w+ \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", page, re.M)
    assert len(rows) == 16
    for method, *cells in rows:
        assert counts[method] == cells, method
