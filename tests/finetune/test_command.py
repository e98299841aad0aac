"""What every fine-tuning method says about its base at start-up, and its final paired verdict: fixed size by default,
sequential with eval.sequential=true (robopolicy.finetune.command)."""

from __future__ import annotations

import json

import pytest

from robopolicy.errors import ConfigError
from robopolicy.eval.stats import wilson_interval
from robopolicy.finetune.command import announce_base, base_advice


def evaluation(successes: int, episodes: int = 50) -> dict:
    return {"policy": "base", "episodes": episodes, "success": successes / episodes,
            "ci95": list(wilson_interval(successes, episodes)), "outcomes": [True] * successes}


@pytest.mark.fault("eval")
def test_a_base_with_nothing_to_learn_or_no_signal_is_said_at_start_up(capsys):
    """`robopolicy finetune` on a base at >= 0.95 (nothing to gain) or at 0.00 (no signal from a sparse success
    reward): a note at start-up saying so, with the numbers and what to do instead; a 20-90% base gets none."""
    high = base_advice(evaluation(48))
    assert "already succeeds on 48/50 (0.96" in high and "Fine-tune a weaker policy or a harder task" in high
    never = base_advice(evaluation(0))
    assert "never succeeds (0/50" in never and "no signal" in never and "Train the base longer" in never
    assert base_advice(evaluation(47)) is None and base_advice(evaluation(1)) is None
    announce_base(evaluation(50))
    assert "note:" in capsys.readouterr().err


# The paired verdict at the end of a run: fixed size (the default) or sequential (eval.sequential=true)

ENV_ID = "metaworld/reach-v3"
TINY_DSRL = ["method=dsrl", f"env={ENV_ID}", "progress=false", "finetune.variant=sac", "finetune.total_env_steps=32",
             "finetune.learning_starts=16", "finetune.select_every=0", "finetune.num_envs=2", "finetune.utd=1",
             "finetune.batch_size=8", "finetune.hidden_dims=[16]", "finetune.max_episode_steps=16",
             "eval.envs_per_worker=2", "eval.max_episode_steps=60", "eval.zero_noise_reference=false"]


def test_fixed_size_stays_the_default_and_runs_every_episode_bit_identically(base_checkpoint, tmp_path, capsys):
    """`robopolicy finetune` with its defaults and with eval.sequential=false explicitly: the same summary (seeded:
    bit-identical outcomes and verdict), every eval.episodes episode run for both policies, the verdict the exact
    McNemar test on all of them (no `stopped`), and the fine-tuned policy's outcomes those of one evaluation of the
    saved policy on all seeds (what the command did before the sequential option)."""
    import robopolicy
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.eval.stats import paired_comparison
    from robopolicy.finetune.cli import main

    summaries = []
    for extra in ([], ["eval.sequential=false"]):
        run = tmp_path / f"run{len(summaries)}"
        assert main([*TINY_DSRL, f"policy={base_checkpoint}", f"run_dir={run}", "eval.episodes=6", *extra]) == 0
        summaries.append(json.loads((run / "summary.json").read_text()))
    default, explicit = summaries
    assert default["evaluations"] == explicit["evaluations"] and default["verdict"] == explicit["verdict"]
    base, tuned = default["evaluations"]
    assert base["episodes"] == tuned["episodes"] == 6 and "sequential" not in tuned and "episodes_run" not in tuned
    assert default["verdict"] == paired_comparison(base["outcomes"], tuned["outcomes"])
    steered = robopolicy.load_policy(tmp_path / "run0" / "steered")
    assert tuned["outcomes"] == success_outcomes(steered, ENV_ID, 6, base_seed=100_000, envs_per_worker=2,
                                                 max_episode_steps=60)
    assert "exact McNemar p =" in capsys.readouterr().out


def test_sequential_verdict_stops_once_decided_and_says_how_many_episodes_and_why():
    """final_evaluation with eval.sequential=true on Meta-World reach: the base never moves (0/12 on the evaluation
    seeds), the fine-tuned policy is the scripted expert; in batches of 3 the test decides at the 9th pair (E = 95 >=
    1/0.015), so 9 of the 12-episode budget ran; the verdict (summary JSON) and the printed line say so."""
    import torch
    from omegaconf import OmegaConf

    from experiments.fixtures.samplers import MetaWorldExpertSampler
    from robopolicy.finetune.command import describe_verdict, evaluate, final_evaluation, verdict

    expert = MetaWorldExpertSampler("reach-v3")

    class Still:
        spec, noise_shape = expert.spec, expert.noise_shape

        def sample(self, obs, n=1, noise=None):
            return torch.zeros_like(expert.sample(obs, n, noise))

    cfg = OmegaConf.create({"env_id": ENV_ID, "progress": False, "eval": {
        "episodes": 12, "seed": 100_000, "envs_per_worker": 3, "max_episode_steps": 150, "alpha": 0.05,
        "sequential": True, "sequential_prior": 0.5, "sequential_anytime_share": 0.3}})
    before = evaluate(Still(), cfg, "base")
    after = final_evaluation(before, expert, cfg, "dsrl")
    assert (before["episodes"], after["episodes"], after["episodes_run"]) == (12, 9, 9)
    assert after["outcomes"] == [True] * 9 and after["success"] == 1.0
    v = verdict([before, after], alpha=0.05)
    assert v is after["sequential"]
    assert (v["verdict"], v["stopped"], v["episodes"], v["budget"], v["gained"]) == ("improved", "decided", 9, 12, 9)
    line = describe_verdict(v)
    assert "improved" in line and "0/9 -> 9/9" in line and "decided" in line
    assert "stopped after 9 of 12 paired episodes" in line


def test_sequential_finetune_run_writes_the_stop_into_the_summary(base_checkpoint, tmp_path, capsys):
    """A whole `robopolicy finetune method=dsrl eval.sequential=true` run: the summary's verdict carries the pairs
    read, the budget and the stop reason, the fine-tuned evaluation the episodes it ran, and the printed verdict
    the reason; the zero-noise reference runs on the fine-tuned policy's seeds."""
    from robopolicy.eval.sequential import STOP_REASONS
    from robopolicy.finetune.cli import main

    run = tmp_path / "seq"
    overrides = [o for o in TINY_DSRL if not o.startswith("eval.zero_noise")]
    assert main([*overrides, f"policy={base_checkpoint}", f"run_dir={run}", "eval.episodes=8",
                 "eval.sequential=true"]) == 0
    summary = json.loads((run / "summary.json").read_text())
    base, tuned = summary["evaluations"]
    v = summary["verdict"]
    assert base["episodes"] == 8 and v["budget"] == 8 and v["stopped"] in STOP_REASONS
    assert v["episodes"] == tuned["episodes"] <= tuned["episodes_run"] <= 8
    assert v["before"] == sum(base["outcomes"][:v["episodes"]]) and v["after"] == sum(tuned["outcomes"])
    assert summary["zero_noise_base"]["episodes"] == tuned["episodes"]
    out = capsys.readouterr().out
    assert "sequential" in out and f"stopped after {v['episodes']} of 8 paired episodes" in out


@pytest.mark.parametrize("overrides, message", [
    (["eval.sequential=true", "eval.episodes=5"],
     "finetune: eval.episodes=5 is out of range; valid: an integer >= 6 (the fewest paired episodes that can reject "
     "at alpha=0.05, prior=0.5, anytime_share=0.3)"),
    (["eval.sequential=true", "eval.alpha=0.5"], "finetune: eval.alpha=0.5 is out of range; valid: a number in (0, 0.5)"),
    (["eval.alpha=0"], "finetune: eval.alpha=0.0 is out of range; valid: a number in (0, 0.5)"),
    (["eval.sequential=true", "eval.sequential_anytime_share=2"],
     "finetune: eval.sequential_anytime_share=2.0 is out of range; valid: a number in (0, 1]"),
    (["method=vgps", "eval.sequential=true"], "eval.sequential=true is not available for method=vgps yet: its final "
                                              "evaluation (robopolicy/finetune/vgps.py) runs every episode"),
    (["finetune.select_sequential=true", "finetune.select_alpha=0.5"],
     "select_sequential=true: select_alpha=0.5 is out of range; valid: a number in (0, 0.5)"),
    (["finetune.select_sequential=true", "finetune.select_episodes=4"],
     "select_sequential=true: select_episodes=4 is out of range; valid: an integer >= 5"),
])
def test_bad_sequential_settings_are_one_line_at_start_up(overrides, message, tmp_path):
    """Refused before any policy loads or run directory is made, naming the key and its valid range."""
    from robopolicy.finetune.cli import main

    with pytest.raises(ConfigError) as error:
        main([*overrides, "policy=nowhere", f"env={ENV_ID}", f"run_dir={tmp_path / 'r'}"])
    assert message in str(error.value) and "\n" not in str(error.value)
    assert not (tmp_path / "r").exists()


def test_an_experiment_reads_a_finished_run_as_the_command_wrote_it(base_checkpoint, tmp_path):
    """``experiments.stages.finetune``, how the experiment scripts run ``robopolicy finetune`` and read it back: the
    paired outcomes, verdict, env steps and selection of the run's own summary.json; a failing run is one line."""
    from experiments import stages

    run = tmp_path / "run"
    outcome = stages.finetune([*TINY_DSRL, f"policy={base_checkpoint}", f"run_dir={run}", "eval.episodes=4"], run,
                              "tiny")
    summary = json.loads((run / "summary.json").read_text())
    base, tuned = summary["evaluations"]
    assert (outcome["before"], outcome["after"]) == (base["outcomes"], tuned["outcomes"])
    assert outcome["verdict"] == summary["verdict"] and outcome["env_steps"] == summary["env_steps"] > 0
    assert outcome["zero_noise"] is None and outcome["selection"] == summary.get("selection")
    with pytest.raises((SystemExit, ConfigError)):
        stages.finetune(["method=dsrl", f"run_dir={tmp_path / 'r2'}"], tmp_path / "r2", "no-inputs")
