"""Statistics: Wilson intervals against hand-computed values, Bradley–Terry recovering known strengths."""

import numpy as np
import pytest

from robopolicy.errors import RobopolicyError
from robopolicy.eval.stats import bradley_terry, mean_and_stderr, rank_from_pairs, wilson_interval


@pytest.mark.parametrize("successes, n, low, high", [
    # Hand-computed with z = 1.95996: center = (p + z^2/2n) / (1 + z^2/n),
    # half = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2).
    (0, 10, 0.0, 0.27753),
    (10, 10, 0.72247, 1.0),
    (5, 10, 0.23659, 0.76341),
    (1, 1, 0.20654, 1.0),
])
def test_wilson_interval_matches_hand_computed_values(successes, n, low, high):
    lo, hi = wilson_interval(successes, n)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)


def test_wilson_interval_contains_the_rate_and_narrows_with_more_trials():
    for n in (5, 20, 100, 1000):
        for k in range(0, n + 1, max(1, n // 5)):
            lo, hi = wilson_interval(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0
    widths = [np.subtract(*wilson_interval(n // 2, n)[::-1]) for n in (10, 100, 1000)]
    assert widths[0] > widths[1] > widths[2]


def test_wilson_interval_with_no_trials_is_uninformative_and_bad_counts_raise():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(RobopolicyError, match="successes=11, n=10"):
        wilson_interval(11, 10)


def test_mean_and_stderr():
    mean, stderr = mean_and_stderr([1.0, 2.0, 3.0, 4.0])
    assert mean == pytest.approx(2.5)
    assert stderr == pytest.approx(np.std([1, 2, 3, 4], ddof=1) / 2)
    assert mean_and_stderr([7.0]) == (7.0, 0.0)


def test_bradley_terry_two_players_has_the_closed_form_answer():
    # MLE: p_0 / (p_0 + p_1) = 3 / 4.
    strengths = bradley_terry(np.array([[0, 3], [1, 0]]))
    np.testing.assert_allclose(strengths, [0.75, 0.25], atol=1e-8)


def test_bradley_terry_recovers_known_strengths_from_synthetic_games():
    rng = np.random.default_rng(0)
    true = np.array([0.4, 0.3, 0.2, 0.1])
    wins = np.zeros((4, 4))
    for i in range(4):
        for j in range(i + 1, 4):
            n_games = 2000
            i_wins = rng.binomial(n_games, true[i] / (true[i] + true[j]))
            wins[i, j] += i_wins
            wins[j, i] += n_games - i_wins
    strengths = bradley_terry(wins)
    assert list(np.argsort(-strengths)) == [0, 1, 2, 3]
    np.testing.assert_allclose(strengths, true, atol=0.02)


def test_rank_from_pairs_orders_names_and_rejects_disconnected_comparisons():
    pairs = [("expert", "random")] * 9 + [("random", "expert")] + [("bc", "random")] * 6 + [("random", "bc")] * 4
    pairs += [("expert", "bc")] * 7 + [("bc", "expert")] * 3
    ranking = rank_from_pairs(pairs)
    assert [name for name, _ in ranking] == ["expert", "bc", "random"]
    with pytest.raises(RobopolicyError, match="do not connect"):
        rank_from_pairs([("a", "b"), ("c", "d")])


def test_paired_comparison_is_the_exact_mcnemar_test():
    from robopolicy.eval.stats import paired_comparison

    # 6 gained, 0 lost: p = 2 * 0.5**6 = 0.03125 -> improved; 5 vs 0: p = 0.0625 -> not significant
    r = paired_comparison([False] * 6 + [True] * 4, [True] * 10)
    assert (r["gained"], r["lost"], r["verdict"]) == (6, 0, "improved") and r["p_value"] == pytest.approx(0.03125)
    r = paired_comparison([False] * 5 + [True] * 5, [True] * 10)
    assert r["verdict"] == "no significant change" and r["p_value"] == pytest.approx(0.0625)
    # 1 gained, 9 lost: p = 2 * (1 + 10) / 1024
    r = paired_comparison([True] * 9 + [False], [False] * 9 + [True])
    assert r["verdict"] == "worse" and r["p_value"] == pytest.approx(22 / 1024)
    # concordant episodes carry no information
    assert paired_comparison([True, False], [True, False])["p_value"] == 1.0
    with pytest.raises(RobopolicyError, match="same episodes"):
        paired_comparison([True], [True, False])
