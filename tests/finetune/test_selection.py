"""BestKeeper: the fine-tuners keep the best policy on tuning seeds, the start included; ties keep the earlier."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from experiments.fixtures.samplers import MetaWorldExpertSampler
from robopolicy.errors import ConfigError
from robopolicy.finetune.selection import BestKeeper

ENV_ID = "metaworld/reach-v3"


class GatedExpert:
    """The scripted expert when ``gate.weight > 0.5``, else zero actions (the arm stays put: reach fails)."""

    def __init__(self):
        self.expert = MetaWorldExpertSampler("reach-v3")
        self.spec, self.noise_shape = self.expert.spec, self.expert.noise_shape
        self.gate = nn.Linear(1, 1, bias=False)

    def set(self, value: float) -> None:
        with torch.no_grad():
            self.gate.weight.fill_(value)

    def sample(self, obs, n=1, noise=None):
        chunk = self.expert.sample(obs, n, noise)
        return chunk if self.gate.weight.item() > 0.5 else torch.zeros_like(chunk)


def test_keeper_restores_the_best_snapshot_and_ties_keep_the_earlier_point():
    policy = GatedExpert()
    keeper = BestKeeper(policy, policy.gate, ENV_ID, episodes=3, seed=200_000, envs=3, max_episode_steps=150,
                        alpha=1.0)  # any gain counts: this test is about best and ties
    for env_steps, gate in [(0, 0.0), (100, 1.0), (200, 0.0), (300, 0.9)]:
        policy.set(gate)
        keeper.consider(env_steps)
    successes = [p["successes"] for p in keeper.history]
    assert successes[0] == 0 and successes[2] == 0 and successes[1] == successes[3] == 3
    selection = keeper.restore()
    assert selection["kept"]["env_steps"] == 100 and policy.gate.weight.item() == 1.0  # the snapshot, not 0.9


def test_a_later_point_replaces_the_start_only_when_significantly_better():
    """The default rule (one-sided exact McNemar on the tuning seeds, p <= 0.05): 0/4 -> 4/4 (p = 1/16) keeps the
    start, 0/5 -> 5/5 (p = 1/32) keeps the later point; ``alpha=1.0`` (the rule before session 15) keeps 4/4."""
    kept = {}
    for episodes, alpha in ((4, 0.05), (5, 0.05), (4, 1.0)):
        policy = GatedExpert()
        keeper = BestKeeper(policy, policy.gate, ENV_ID, episodes=episodes, seed=200_000, envs=episodes,
                            max_episode_steps=150, alpha=alpha)
        for env_steps, gate in [(0, 0.0), (100, 1.0)]:
            policy.set(gate)
            keeper.consider(env_steps)
        selection = keeper.restore()
        assert selection["outcomes"] == ["0" * episodes, "1" * episodes]
        assert selection["history"][1]["p_vs_start"] == pytest.approx(0.5 ** episodes)
        kept[episodes, alpha] = (selection["kept"]["env_steps"], policy.gate.weight.item())
    assert kept == {(4, 0.05): (0, 0.0), (5, 0.05): (100, 1.0), (4, 1.0): (100, 1.0)}


def test_gain_p_value_is_the_exact_one_sided_binomial_tail():
    from robopolicy.errors import RobopolicyError
    from robopolicy.eval.stats import gain_p_value

    assert gain_p_value([False] * 5, [True] * 5) == 1 / 32
    # 7 gained, 1 lost, 2 concordant: P(Bin(8, 1/2) >= 7) = (8 + 1) / 256
    assert gain_p_value([False] * 7 + [True] * 3, [True] * 7 + [False] + [True] * 2) == 9 / 256
    assert gain_p_value([True] * 3, [False] * 3) == 1.0       # only losses
    assert gain_p_value([True, False], [True, False]) == 1.0  # no discordant episode
    with pytest.raises(RobopolicyError, match="same episodes"):
        gain_p_value([True], [True, False])


@pytest.mark.fault("config")
def test_a_selection_level_outside_0_1_is_refused():
    """`select_alpha` outside (0, 1] (0 would never keep a later point; above 1 is not a level): refused at
    start-up, naming the key and its range."""
    from robopolicy.finetune.dppo import DPPOConfig

    for bad in (0.0, 1.5):
        with pytest.raises(ConfigError, match="select_alpha"):
            DPPOConfig(select_alpha=bad)


def test_keeper_keeps_the_start_when_nothing_beats_it():
    policy = GatedExpert()
    keeper = BestKeeper(policy, policy.gate, ENV_ID, episodes=2, seed=200_000, envs=2, max_episode_steps=150)
    policy.set(1.0)
    keeper.consider(0)
    policy.set(0.0)
    keeper.consider(500)
    assert keeper.restore()["kept"]["env_steps"] == 0 and policy.gate.weight.item() == 1.0


@pytest.mark.fault("config")
def test_tuning_seeds_that_overlap_the_evaluation_seeds_are_refused():
    """`select_seed` and `eval_seed` ranges that overlap (the kept policy would be chosen on the seeds it is
    reported on): refused at start-up for DPPO and DSRL, naming both ranges."""
    from robopolicy.finetune.dppo import DPPOConfig
    from robopolicy.finetune.dsrl import DSRLConfig

    for cls in (DPPOConfig, DSRLConfig):
        with pytest.raises(ConfigError, match=r"tuning seeds 100010\.\.100039 .* overlap the evaluation seeds 100000\.\.100019"):
            cls(select_every=1000, select_seed=100_010, eval_seed=100_000, eval_episodes=20)
        cls(select_every=1000, select_seed=100_020, eval_seed=100_000, eval_episodes=20)  # adjacent is fine
        cls(select_every=0, select_seed=100_010, eval_seed=100_000)  # no selection: nothing to overlap


def test_keeper_considers_the_final_policy_once():
    """A run whose length is not on the schedule still has its final policy as a candidate (``finish``), and a
    final point the schedule has just evaluated is not evaluated twice."""
    policy = GatedExpert()
    keeper = BestKeeper(policy, policy.gate, ENV_ID, episodes=2, seed=200_000, envs=2, max_episode_steps=150,
                        alpha=1.0)  # any gain counts (2 episodes can never be significant)
    keeper.every = 1000
    policy.set(0.0)
    keeper.maybe_consider(0)
    keeper.maybe_consider(700)          # not on the schedule: nothing evaluated
    policy.set(1.0)
    keeper.finish(700)                  # the final policy: evaluated, and it is the best
    keeper.finish(700)                  # already evaluated: no second point
    assert [p["env_steps"] for p in keeper.history] == [0, 700]
    assert keeper.restore()["kept"]["env_steps"] == 700 and policy.gate.weight.item() == 1.0


def test_selection_is_on_by_default_for_the_command_and_the_python_api():
    """`robopolicy finetune` with its defaults keeps the best policy on tuning seeds (never-worse, issue [3/6]);
    the Python API's dataclasses hold the same default."""
    from robopolicy.config import compose
    from robopolicy.finetune.dppo import DPPOConfig
    from robopolicy.finetune.dsrl import DSRLConfig

    for method, cls in (("dppo", DPPOConfig), ("dsrl", DSRLConfig)):
        assert compose("finetune", [f"finetune={method}"]).finetune.select_every == cls().select_every > 0


@pytest.mark.fault("config")
def test_a_training_stream_inside_the_evaluation_or_tuning_seeds_is_refused():
    """Training seed `seed` resets its episodes from its own stream (10,000,000 + seed * 1,000,000, ...); evaluation
    or tuning seeds moved onto a stream are refused at start-up, naming the range; so is a seed with no stream."""
    from robopolicy.finetune.dppo import DPPOConfig
    from robopolicy.finetune.dsrl import DSRLConfig

    for cls in (DPPOConfig, DSRLConfig):
        with pytest.raises(ConfigError, match=r"seed=5 .* from seed 15000000, inside the evaluation seeds "
                                              r"14999990..15000009"):
            cls(seed=5, eval_seed=14_999_990, eval_episodes=20)
        with pytest.raises(ConfigError, match=r"tuning seeds 11000000..11000029"):
            cls(seed=1, select_every=1000, select_seed=11_000_000)
        with pytest.raises(ConfigError, match=r"seed=10000 is out of range; valid: an integer in 0..9999"):
            cls(seed=10_000)


def test_training_episodes_skip_the_reserved_seeds():
    """Training episodes that would reach a reserved range jump over it: no training episode is ever reset with
    an evaluation seed."""
    from robopolicy.finetune.vector_env import VectorChunkEnv
    from robopolicy.protocol import training_stream

    expert = MetaWorldExpertSampler("reach-v3")
    s0 = training_stream(3).start
    vec = VectorChunkEnv(ENV_ID, expert.spec, 2, seed=3, max_episode_steps=20,
                         reserved={"evaluation seeds": range(s0 + 2, s0 + 5)})
    seeds = list(vec.seeds)
    for i in (0, 1, 0):
        vec._reset(i)
        seeds.append(vec.seeds[i])
    vec.close()
    assert seeds == [s0, s0 + 1, s0 + 5, s0 + 6, s0 + 7] and vec.skipped == ["evaluation seeds"]


def test_two_training_seeds_share_no_start_state():
    """Training seeds 0 and 1 reset from disjoint streams (round 2 reset seed s with s, s + 1, ...: seeds 0, 1 and
    2 shared nearly every start state)."""
    from robopolicy.finetune.vector_env import VectorChunkEnv

    expert = MetaWorldExpertSampler("reach-v3")
    firsts = []
    for seed in (0, 1):
        vec = VectorChunkEnv(ENV_ID, expert.spec, 2, seed=seed, max_episode_steps=20)
        firsts.append(set(vec.seeds))
        vec.close()
    assert firsts[0] == {10_000_000, 10_000_001} and firsts[1] == {11_000_000, 11_000_001}


def test_selection_is_off_when_training_on_the_envs_own_reward():
    """Selection counts successes; with ``sparse_reward=false`` (e.g. Reacher, which has none) it would always keep
    the start, so the keeper is not built and the last policy is returned."""
    from types import SimpleNamespace

    cfg = SimpleNamespace(select_every=1000, select_episodes=2, select_seed=200_000, num_envs=1,
                          max_episode_steps=10, sparse_reward=False)
    policy = GatedExpert()
    assert BestKeeper.from_settings(policy, policy.gate, ENV_ID, cfg) is None
    cfg.sparse_reward = True
    assert BestKeeper.from_settings(policy, policy.gate, ENV_ID, cfg) is not None


def test_the_kept_point_is_described_in_one_line():
    """What `robopolicy finetune` prints under its verdict: the kept point against the start, with the test's p."""
    from robopolicy.finetune.selection import describe

    start = {"env_steps": 0, "successes": 13, "episodes": 30}
    later = {"env_steps": 15014, "successes": 28, "episodes": 30, "p_vs_start": 3.1e-05}
    noise = {"env_steps": 5000, "successes": 15, "episodes": 30, "p_vs_start": 0.31}
    assert describe({"kept": later, "history": [start, noise, later], "alpha": 0.05}) == (
        "kept: the policy at 15,014 env steps (28/30 on the tuning seeds against 13/30 for the start, one-sided exact "
        "McNemar p = 3.1e-05)")
    base = {**start, "policy": "base"}
    assert describe({"kept": base, "history": [base, noise], "alpha": 0.05}) == (
        "kept: the base itself (13/30 on the tuning seeds): no later point was better at p <= 0.05; the best other "
        "point, the policy at 5,000 env steps, had 15/30, one-sided p = 0.31")
    untrained = {**start, "p_vs_start": 0.5}
    assert describe({"kept": untrained, "history": [base, untrained], "alpha": 0.05}).startswith(
        "kept: the untrained start (13/30 on the tuning seeds against 13/30 for the base itself")
    assert describe(None) is None and describe({"chosen_K": 10}) is None  # no keeper; V-GPS's K


def test_every_variant_is_a_candidate_at_every_point_and_restore_applies_the_kept_one():
    """``variants`` (DPPO's ``eval_chain=select``): each point evaluates every variant in order after its ``apply``;
    the first variant's start is the reference, the first variant is applied again after each point, and ``restore``
    applies the kept point's variant. Here the weights are the expert's throughout and only the second variant lets
    it act: its start (5/5 against 0/5, p = 1/32) is kept, and a later tie keeps that earlier point."""
    from robopolicy.finetune.selection import describe

    policy = GatedExpert()
    policy.set(1.0)
    sample = policy.sample
    muted = {"on": True}
    policy.sample = lambda obs, n=1, noise=None: (torch.zeros_like(sample(obs, n, noise)) if muted["on"]
                                                  else sample(obs, n, noise))
    variants = [("deterministic", lambda: muted.update(on=True)), ("training", lambda: muted.update(on=False))]
    keeper = BestKeeper(policy, policy.gate, ENV_ID, episodes=5, seed=200_000, envs=5, max_episode_steps=150,
                        variants=variants)
    keeper.every = 100
    keeper.maybe_consider(0)
    assert muted["on"]  # the first variant is applied again after a point
    keeper.maybe_consider(100)
    assert [(p["env_steps"], p["variant"], p["successes"]) for p in keeper.history] == [
        (0, "deterministic", 0), (0, "training", 5), (100, "deterministic", 0), (100, "training", 5)]
    selection = keeper.restore()
    assert selection["kept"] == keeper.history[1] and not muted["on"]
    assert describe(selection).startswith("kept: the untrained start with its training chain (5/5 on the tuning seeds "
                                          "against 0/5 for the start")


def sequential_keeper(policy, episodes=12, envs=3):
    from types import SimpleNamespace

    cfg = SimpleNamespace(select_every=100, select_episodes=episodes, select_seed=200_000, num_envs=envs,
                          max_episode_steps=150, select_alpha=0.05, select_sequential=True)
    return BestKeeper.from_settings(policy, policy.gate, ENV_ID, cfg)


def test_sequential_selection_stops_a_point_once_decided_either_way():
    """select_sequential=true, 12 tuning episodes in batches of 3: the start (the arm never moves: 0/12) runs all 12;
    the expert's point decides `better` at its 8th pair (one-sided E = 95 >= 1/0.015) and is kept; a later point that
    never moves stops for futility at its 8th pair (4 left, one-sided p(4, 0) = 1/16 >= alpha_f) and is not. Each
    stopped point ran 9 episodes (3 batches) and records the 8 the test read."""
    policy = GatedExpert()
    keeper = sequential_keeper(policy)
    for env_steps, gate in [(0, 0.0), (100, 1.0), (200, 0.0)]:
        policy.set(gate)
        keeper.consider(env_steps)
    start, better, still = keeper.history
    assert (start["episodes"], start["successes"]) == (12, 0) and "stopped" not in start
    assert (better["episodes"], better["episodes_run"], better["successes"], better["stopped"]) == (8, 9, 8, "decided")
    assert (still["episodes"], still["episodes_run"], still["successes"], still["stopped"]) == (8, 9, 0, "futility")
    assert keeper.outcomes == ["0" * 12, "1" * 8, "0" * 8]
    assert keeper.restore()["kept"]["env_steps"] == 100 and policy.gate.weight.item() == 1.0


def test_sequential_selection_compares_a_later_point_with_the_kept_one_on_the_seeds_both_ran():
    """Two points that both beat the start: the later replaces the kept one only with more successes on the seeds
    both ran (here equal: the earlier is kept, as in the fixed-size rule's ties)."""
    policy = GatedExpert()
    keeper = sequential_keeper(policy)
    for env_steps, gate in [(0, 0.0), (100, 1.0), (200, 0.9)]:
        policy.set(gate)
        keeper.consider(env_steps)
    assert [p["stopped"] for p in keeper.history[1:]] == ["decided", "decided"]
    assert keeper.restore()["kept"]["env_steps"] == 100 and policy.gate.weight.item() == 1.0


def test_sequential_selection_is_off_by_default_and_its_settings_are_checked():
    """Off by default in the dataclasses (and the YAML: tests/test_config_schemas.py), so the keeper evaluates every
    tuning episode as before; on, a level of 0.5 or more or a budget that cannot decide is one line naming the key."""
    from types import SimpleNamespace

    from robopolicy.finetune.dppo import DPPOConfig
    from robopolicy.finetune.dsrl import DSRLConfig
    from robopolicy.finetune.selection import SelectionSettings

    assert not DPPOConfig().select_sequential and not DSRLConfig().select_sequential
    policy = GatedExpert()
    cfg = SimpleNamespace(select_every=100, select_episodes=30, select_seed=200_000, num_envs=2, max_episode_steps=10)
    assert BestKeeper.from_settings(policy, policy.gate, ENV_ID, cfg).sequential is None
    on = SimpleNamespace(select_sequential=True, select_alpha=0.05, select_episodes=30)
    assert SelectionSettings.sequential_settings(on).one_sided
    for key, value, message in [
        ("select_alpha", 1.0, "select_sequential=true: select_alpha=1.0 is out of range; valid: a number in (0, 0.5)"),
        ("select_episodes", 4, "select_sequential=true: select_episodes=4 is out of range; valid: an integer >= 5")]:
        with pytest.raises(ConfigError) as error:
            SelectionSettings.sequential_settings(SimpleNamespace(**{**vars(on), key: value}))
        assert str(error.value).startswith(message)
