"""Sequential paired test: e-values against hand-computed sequences, the martingale property, the stop rule never
changing a verdict, the exact and simulated type-I error under H0, and one-line refusals of bad settings."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.eval.sequential import (
    IMPROVED,
    NO_CHANGE,
    STOP_REASONS,
    VERDICT_CODES,
    WORSE,
    SequentialPairedTest,
    SequentialSettings,
    log_e_value,
    minimum_budget,
    replay_many,
    sequential_paired_comparison,
    worst_case_type_one_error,
)
from robopolicy.eval.stats import mcnemar_p_value, paired_comparison

GAIN, LOSS, BOTH, NEITHER = (False, True), (True, False), (True, True), (False, False)  # (before, after)


def e_after(pairs, **settings) -> float:
    test = SequentialPairedTest(SequentialSettings(budget=1000, **settings))
    for before, after in pairs:
        test.update(before, after)
    return test.e_value


@pytest.mark.parametrize("prior, pairs, expected", [
    # a = 1: a gain at (g, l) multiplies E by 2(1 + g) / (2 + g + l): 1, then 4/3, then 3/2 -> 2 = 2^3 B(4, 1) / B(1, 1)
    (1.0, [GAIN, GAIN, GAIN], 2.0),
    # a gain (factor 1), then a loss at (1, 0): 2(1 + 0) / (2 + 1) = 2/3 = 2^2 B(2, 2) / B(1, 1) = 4 / 6
    (1.0, [GAIN, LOSS], 2.0 / 3.0),
    # concordant pairs leave E alone
    (1.0, [BOTH, GAIN, NEITHER, LOSS, BOTH], 2.0 / 3.0),
    # a = 1/2: factors 2(0.5)/1 = 1, 2(1.5)/2 = 1.5, 2(2.5)/3 = 5/3 -> 2.5
    (0.5, [GAIN, GAIN, GAIN], 2.5),
    # a = 1/2, losses are symmetric: 1 * 1.5 * 5/3
    (0.5, [LOSS, LOSS, LOSS], 2.5),
    # a = 2: factors 2*2/4 = 1, 2*3/5 = 6/5, then a loss at (2, 0): 2*2/6 = 2/3 -> 0.8
    (2.0, [GAIN, GAIN, LOSS], 0.8),
])
def test_e_value_matches_hand_computed_sequences(prior, pairs, expected):
    assert e_after(pairs, prior=prior) == pytest.approx(expected, rel=1e-12)
    gained = sum(p == GAIN for p in pairs)
    lost = sum(p == LOSS for p in pairs)
    assert math.exp(log_e_value(gained, lost, prior)) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("prior", [0.5, 1.0, 3.0])
def test_e_value_is_a_fair_martingale_under_h0(prior):
    """E_0 = 1 and, over all 2^n equally likely sign sequences, the mean of E_n is exactly 1 for every n."""
    for n in range(1, 11):
        mean = sum(math.comb(n, g) * math.exp(log_e_value(g, n - g, prior)) for g in range(n + 1)) / 2.0 ** n
        assert mean == pytest.approx(1.0, rel=1e-10)


def test_a_tie_never_rejects_and_one_way_runs_grow():
    for prior in (0.25, 0.5, 1.0, 4.0):
        assert all(log_e_value(g, g, prior) < 0.0 for g in range(1, 200))
        assert all(log_e_value(n + 1, 0, prior) > log_e_value(n, 0, prior) for n in range(1, 200))  # E(1, 0) = 1


def test_one_way_e_value_is_largest_at_an_end_so_two_continuations_decide_reachability():
    """The futility rule looks only at all-remaining-gains and all-remaining-losses: E(g + j, l) over j = 0..r is
    largest at j = 0 or j = r (it falls while g + j < l and rises after)."""
    for prior in (0.5, 1.0, 2.0):
        for g, lost, r in itertools.product(range(15), range(15), range(1, 15)):
            path = [log_e_value(g + j, lost, prior) for j in range(r + 1)]
            assert max(path) == pytest.approx(max(path[0], path[-1]), abs=1e-12)


def test_mcnemar_p_value_is_monotone_where_the_stop_rule_relies_on_it():
    """For G >= L: adding a gain never raises p; for G > L: adding a loss never lowers it (exhaustive to 120)."""
    for g in range(121):
        for lost in range(0, 121 - g):
            if g >= lost:
                assert mcnemar_p_value(g + 1, lost) <= mcnemar_p_value(g, lost) + 1e-15
            if g > lost:
                assert mcnemar_p_value(g, lost + 1) >= mcnemar_p_value(g, lost) - 1e-15


def test_mcnemar_p_value_from_counts_equals_paired_comparison():
    for gained, lost in [(0, 0), (6, 0), (5, 0), (23, 1), (20, 8), (7, 9)]:
        before = [False] * gained + [True] * lost + [True] * 3
        after = [True] * gained + [False] * lost + [True] * 3
        assert mcnemar_p_value(gained, lost) == paired_comparison(before, after)["p_value"]


def test_all_one_way_decides_at_the_minimum_budget():
    # a = 1, anytime only: E(n, 0) = 2^n / (n + 1): 16 at n = 7, 28.4 at n = 8 >= 1 / 0.05
    settings = SequentialSettings(alpha=0.05, budget=8, prior=1.0, anytime_share=1.0)
    assert minimum_budget(0.05, 1.0, 1.0) == 8
    result = sequential_paired_comparison([False] * 8, [True] * 8, settings)
    assert (result["verdict"], result["stopped"], result["episodes"]) == (IMPROVED, "decided", 8)
    assert result["e_value"] == pytest.approx(256 / 9)
    result = sequential_paired_comparison([True] * 8, [False] * 8, settings)
    assert (result["verdict"], result["stopped"]) == (WORSE, "decided")
    # With a final look at alpha_f = 0.035 (share 0.3): p(6, 0) = 2^-5 < 0.035 while E(6, 0) = 14.4 < 1 / 0.015
    assert minimum_budget(0.05, 0.5, 0.3) == 6
    result = sequential_paired_comparison([False] * 6, [True] * 6, SequentialSettings(budget=6, prior=0.5,
                                                                                          anytime_share=0.3))
    assert (result["verdict"], result["stopped"]) == (IMPROVED, "budget")


def test_decides_early_and_reports_how_many_episodes_and_why():
    pairs = [GAIN, BOTH, GAIN, GAIN, NEITHER, GAIN, GAIN, GAIN, GAIN, GAIN, GAIN, GAIN] + [LOSS] * 88
    before, after = zip(*pairs)
    result = sequential_paired_comparison(before, after, SequentialSettings(budget=100, prior=1.0, anytime_share=1.0))
    # 9 gains by pair 11 (E = 2^9 / 10 = 51.2 >= 20); 8 gains by pair 10 give 28.4, also >= 20: stops at pair 10
    assert (result["verdict"], result["stopped"], result["episodes"], result["gained"]) == (IMPROVED, "decided", 10, 8)
    assert "stopped after 10 of 100 paired episodes (8 gained, 0 lost)" in result["reason"]
    assert "reached 1/alpha_s = 20" in result["reason"]


def test_no_difference_stops_for_futility_before_the_budget():
    before = [True, False] * 50
    after = [True, False] * 50  # never discordant: nothing can reject once too few pairs are left
    result = sequential_paired_comparison(before, after, SequentialSettings(budget=100, prior=1.0, anytime_share=1.0))
    assert (result["verdict"], result["stopped"]) == (NO_CHANGE, "futility")
    assert result["episodes"] == 100 - minimum_budget(0.05, 1.0, 1.0) + 1  # 8 pairs left could still decide
    assert "futility" in result["reason"]


def reference_verdict(before, after, settings: SequentialSettings) -> str:
    """No early stop except the e-process crossing; the final look on all budget pairs (the test's definition)."""
    g = lost = 0
    for b, a in zip(before, after):
        g += a and not b
        lost += b and not a
        if log_e_value(g, lost, settings.prior) >= settings.log_threshold:
            return IMPROVED if g > lost else WORSE
    if mcnemar_p_value(g, lost) < settings.alpha_final:
        return IMPROVED if g > lost else WORSE
    return NO_CHANGE


@pytest.mark.parametrize("prior, share, budget", [(1.0, 1.0, 30), (0.5, 0.3, 30), (2.0, 0.1, 40), (0.5, 0.3, 100)])
def test_futility_and_determined_stops_never_change_the_verdict(prior, share, budget):
    settings = SequentialSettings(budget=budget, prior=prior, anytime_share=share)
    rng = np.random.default_rng(1)
    for _ in range(400):
        p_before, p_after = rng.uniform(0.1, 0.9, size=2)
        before = rng.random(budget) < p_before
        after = rng.random(budget) < p_after
        result = sequential_paired_comparison(before, after, settings)
        assert result["verdict"] == reference_verdict(before, after, settings)


def test_without_an_early_decision_the_verdict_is_the_fixed_size_mcnemar_at_alpha_f():
    settings = SequentialSettings(budget=50, prior=0.5, anytime_share=0.3)
    rng = np.random.default_rng(2)
    for _ in range(300):
        before = rng.random(50) < 0.5
        after = rng.random(50) < rng.uniform(0.4, 0.8)
        result = sequential_paired_comparison(before, after, settings)
        if result["stopped"] != "decided":
            assert result["verdict"] == paired_comparison(before, after, alpha=settings.alpha_final)["verdict"]


@pytest.mark.parametrize("prior, share", [(1.0, 1.0), (0.5, 0.3), (2.0, 0.2)])
def test_vectorized_replay_matches_pair_by_pair(prior, share):
    settings = SequentialSettings(budget=60, prior=prior, anytime_share=share)
    rng = np.random.default_rng(3)
    before = rng.random((500, 60)) < 0.5
    after = rng.random((500, 60)) < np.linspace(0.2, 0.95, 500)[:, None]
    verdict, used, reason = replay_many(before, after, settings)
    for i in range(500):
        r = sequential_paired_comparison(before[i], after[i], settings)
        assert (VERDICT_CODES[r["verdict"]], r["episodes"], STOP_REASONS[reason[i]]) == (verdict[i], used[i], r["stopped"])


@pytest.mark.parametrize("prior, share, budget", [(1.0, 1.0, 100), (0.5, 0.3, 100), (0.5, 0.3, 50), (2.0, 0.1, 20),
                                                  (0.5, 0.9, 200)])
def test_exact_type_one_error_is_at_most_alpha_for_every_number_of_discordant_pairs(prior, share, budget):
    settings = SequentialSettings(alpha=0.05, budget=budget, prior=prior, anytime_share=share)
    worst, per_d = worst_case_type_one_error(settings)
    assert len(per_d) == budget + 1 and per_d[0] == 0.0
    assert worst <= 0.05
    # the anytime part alone obeys Ville at alpha_s; it is the union bound's first term
    anytime_only = SequentialSettings(alpha=0.05 * share, budget=budget, prior=prior, anytime_share=1.0)
    assert worst_case_type_one_error(anytime_only)[0] <= 0.05 * share


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(Binomial(n, p) >= k), exactly (log-space terms)."""
    logs = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * math.log(p)
            + (n - i) * math.log1p(-p) for i in range(k, n + 1)]
    top = max(logs)
    return math.exp(top) * sum(math.exp(v - top) for v in logs)


NULL_RUNS = 20_000
FALSE_ALARM = 1e-6  # P(the check fails) if the true rate were exactly alpha; the seed makes it deterministic


@pytest.mark.parametrize("share, discordance", [(1.0, 1.0), (0.3, 1.0), (0.3, 0.3)])
def test_simulated_type_one_error_is_at_most_alpha(share, discordance):
    """20,000 null runs of 100 pairs (seeded): the rejection count stays under the smallest c with
    P(Binomial(20000, 0.05) >= c) <= 1e-6, i.e. the rate is <= alpha up to the binomial margin c / 20000 - alpha."""
    settings = SequentialSettings(alpha=0.05, budget=100, prior=0.5, anytime_share=share)
    rng = np.random.default_rng(53)
    both = rng.random((NULL_RUNS, 100)) < 0.5
    discordant = rng.random((NULL_RUNS, 100)) < discordance
    gain = rng.random((NULL_RUNS, 100)) < 0.5  # H0: a discordant pair is a fair coin
    verdict, _, _ = replay_many(np.where(discordant, ~gain, both), np.where(discordant, gain, both), settings)
    rejections = int(np.count_nonzero(verdict))
    bound = int(NULL_RUNS * settings.alpha)
    while binomial_tail(bound, NULL_RUNS, settings.alpha) > FALSE_ALARM:
        bound += 1
    assert bound / NULL_RUNS < 0.06  # the margin: about 4.8 standard errors above alpha
    assert rejections < bound, f"{rejections} of {NULL_RUNS} null runs rejected (bound {bound})"


@pytest.mark.parametrize("settings, message", [
    ({"alpha": 0.0}, "sequential: alpha=0.0 is out of range; valid: a number in (0, 0.5)"),
    ({"alpha": 0.5}, "sequential: alpha=0.5 is out of range; valid: a number in (0, 0.5)"),
    ({"alpha": -0.1}, "sequential: alpha=-0.1 is out of range; valid: a number in (0, 0.5)"),
    ({"alpha": float("nan")}, "sequential: alpha=nan is out of range; valid: a number in (0, 0.5)"),
    ({"alpha": "abc"}, "sequential: alpha='abc' is not a number; valid: a number in (0, 0.5)"),
    ({"budget": 0}, "sequential: budget=0 is out of range; valid: an integer >= 1"),
    ({"budget": 7.5}, "sequential: budget=7.5 is not an integer; valid: an integer >= 1"),
    ({"prior": 0.0}, "sequential: prior=0.0 is out of range; valid: a number > 0"),
    ({"anytime_share": 0.0}, "sequential: anytime_share=0.0 is out of range; valid: a number in (0, 1]"),
    ({"anytime_share": 1.5}, "sequential: anytime_share=1.5 is out of range; valid: a number in (0, 1]"),
    ({"budget": 5, "prior": 0.5, "anytime_share": 0.3},
     "sequential: budget=5 is out of range; valid: an integer >= 6 (the fewest paired episodes that can reject at "
     "alpha=0.05, prior=0.5, anytime_share=0.3)"),
    ({"budget": 7, "prior": 1.0, "anytime_share": 1.0},
     "sequential: budget=7 is out of range; valid: an integer >= 8 (the fewest paired episodes that can reject at "
     "alpha=0.05, prior=1, anytime_share=1)"),
])
def test_bad_settings_are_one_line_naming_the_value_and_the_valid_range(settings, message):
    with pytest.raises(ConfigError) as error:
        SequentialSettings(**settings)
    assert str(error.value) == message
    assert "\n" not in str(error.value)


def test_bad_outcomes_are_refused():
    with pytest.raises(RobopolicyError, match="3 before, 2 after"):
        sequential_paired_comparison([True] * 3, [True] * 2)
    with pytest.raises(RobopolicyError, match="ended after 10 pairs.*budget=10"):
        sequential_paired_comparison([False] * 10, [False] * 10, SequentialSettings(budget=50))
    test = SequentialPairedTest(SequentialSettings(budget=8, prior=1.0, anytime_share=1.0))
    with pytest.raises(RobopolicyError, match="has not stopped after 0 of 8 pairs"):
        test.result()
    for _ in range(8):
        test.update(False, True)
    with pytest.raises(RobopolicyError, match="already stopped after 8 pairs"):
        test.update(False, True)


# One-sided test (the checkpoint selection's question: is `after` better?)

def test_one_sided_e_value_starts_at_one_rises_with_gains_and_falls_with_losses():
    from robopolicy.eval.sequential import log_e_value_one_sided

    for prior in (0.5, 1.0, 2.0):
        assert log_e_value_one_sided(0, 0, prior) == pytest.approx(0.0, abs=1e-12)
        for g, lost in itertools.product(range(30), range(30)):
            assert log_e_value_one_sided(g + 1, lost, prior) > log_e_value_one_sided(g, lost, prior)
            assert log_e_value_one_sided(g, lost + 1, prior) < log_e_value_one_sided(g, lost, prior)


@pytest.mark.parametrize("theta", [0.5, 0.4, 0.2])
def test_one_sided_e_value_is_a_supermartingale_under_every_theta_at_most_one_half(theta):
    """E[E_n] over all sign sequences (gain with probability theta) is exactly 1 at theta = 1/2 and below 1 under it."""
    from robopolicy.eval.sequential import log_e_value_one_sided

    for n in range(1, 13):
        mean = sum(math.comb(n, g) * theta ** g * (1 - theta) ** (n - g) * math.exp(log_e_value_one_sided(g, n - g))
                   for g in range(n + 1))
        assert mean == pytest.approx(1.0, rel=1e-10) if theta == 0.5 else mean < 1.0


@pytest.mark.parametrize("theta", [0.5, 0.35])
def test_one_sided_type_one_error_is_at_most_alpha_exactly(theta):
    """Every sequence of ``D`` discordant pairs, then ``12 - D`` concordant ones (where the concordant pairs fall does
    not change the verdict), for every ``D``: the probability of `improved` under theta <= 1/2 is at most alpha, and
    the test never says `worse`."""
    settings = SequentialSettings(budget=12, one_sided=True)
    for discordant in range(13):
        rejected = 0.0
        for signs in itertools.product((GAIN, LOSS), repeat=discordant):
            test = SequentialPairedTest(settings)
            for before, after in [*signs, *[BOTH] * (12 - discordant)]:
                if test.update(before, after):
                    break
            assert test.verdict in (IMPROVED, NO_CHANGE)
            gains = sum(s == GAIN for s in signs)
            rejected += (test.verdict == IMPROVED) * theta ** gains * (1 - theta) ** (discordant - gains)
        assert rejected <= settings.alpha


def test_one_sided_stop_rule_never_changes_the_verdict_of_a_run_to_the_budget():
    from robopolicy.eval.sequential import gain_tail, log_e_value_one_sided

    settings = SequentialSettings(budget=40, one_sided=True)
    rng = np.random.default_rng(5)
    for _ in range(300):
        before = rng.random(40) < rng.uniform(0.1, 0.9)
        after = rng.random(40) < rng.uniform(0.1, 0.9)
        g = lost = 0
        expected = NO_CHANGE
        for b, a in zip(before, after):
            g, lost = g + (a and not b), lost + (b and not a)
            if log_e_value_one_sided(g, lost, settings.prior) >= settings.log_threshold:
                expected = IMPROVED
                break
        else:
            expected = IMPROVED if gain_tail(g, lost) < settings.alpha_final else NO_CHANGE
        assert sequential_paired_comparison(before, after, settings)["verdict"] == expected


def test_one_sided_minimum_budget_and_the_two_sided_replays_refuse_it():
    # one-sided p(5, 0) = 1/32 < alpha_f = 0.035, p(4, 0) = 1/16: five pairs can reject, four cannot
    assert minimum_budget(0.05, 0.5, 0.3, one_sided=True) == 5
    with pytest.raises(ConfigError, match=r"budget=4 is out of range; valid: an integer >= 5 .*one-sided"):
        SequentialSettings(budget=4, one_sided=True)
    one_sided = SequentialSettings(budget=10, one_sided=True)
    with pytest.raises(RobopolicyError, match="replay_many replays the two-sided test"):
        replay_many(np.zeros((1, 10), bool), np.zeros((1, 10), bool), one_sided)
    with pytest.raises(RobopolicyError, match="worst_case_type_one_error replays the two-sided test"):
        worst_case_type_one_error(one_sided)


def test_settings_named_reuses_the_checks_under_the_callers_key_names():
    from robopolicy.eval.sequential import settings_named, valid_range

    names = {"alpha": "eval.alpha", "budget": "eval.episodes"}
    with pytest.raises(ConfigError) as error:
        settings_named("finetune", names, alpha=0.05, budget=5)
    assert str(error.value) == ("finetune: eval.episodes=5 is out of range; valid: an integer >= 6 (the fewest paired "
                                "episodes that can reject at alpha=0.05, prior=0.5, anytime_share=0.3)")
    with pytest.raises(ConfigError, match=r"^finetune: eval.alpha=0.5 is out of range; valid: a number in \(0, 0.5\)$"):
        settings_named("finetune", names, alpha=0.5, budget=100)
    assert settings_named("finetune", names, alpha=0.05, budget=6).budget == 6
    assert valid_range("alpha")["valid_range"].describe(False) == "a number in (0, 0.5)"


def test_paired_episodes_in_real_envs_stop_at_the_pair_that_decides():
    """Meta-World reach: a policy that never moves (before) against the scripted expert (after), batches of 3 on seeds
    0, 1, ...: nine gains give E = 95 >= 1/0.015 (eight give 50), so the test reads 9 pairs of the 12-pair budget and
    3 batches ran; the outcomes returned are those 9 pairs, and a known `before_outcomes` gives the same result."""
    import torch

    from experiments.fixtures.samplers import MetaWorldExpertSampler
    from robopolicy.eval.rollout import sequential_paired_outcomes, success_outcomes

    expert = MetaWorldExpertSampler("reach-v3")

    class Still:
        spec, noise_shape = expert.spec, expert.noise_shape

        def sample(self, obs, n=1, noise=None):
            return torch.zeros_like(expert.sample(obs, n, noise))

    settings = SequentialSettings(budget=12)
    before, after, run, test = sequential_paired_outcomes(expert, "metaworld/reach-v3", settings, before=Still(),
                                                          envs_per_worker=3, max_episode_steps=150)
    assert (before, after, run) == ([False] * 9, [True] * 9, 9)
    result = test.result()
    assert (result["verdict"], result["stopped"], result["episodes"]) == (IMPROVED, "decided", 9)
    assert after == success_outcomes(expert, "metaworld/reach-v3", 9, envs_per_worker=3, max_episode_steps=150)
    known = sequential_paired_outcomes(expert, "metaworld/reach-v3", settings, before_outcomes=[False] * 12,
                                       envs_per_worker=2, max_episode_steps=150)
    assert known[:3] == ([False] * 9, [True] * 9, 10)  # batches of 2: the fifth batch ran its 10th episode
    with pytest.raises(RobopolicyError, match="fewer than the budget 12"):
        sequential_paired_outcomes(expert, "metaworld/reach-v3", settings, before_outcomes=[False] * 11)
