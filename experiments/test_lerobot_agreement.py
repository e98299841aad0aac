"""The agreement rule of experiments/lerobot_agreement.py (fixed before its runs)."""

from experiments.lerobot_agreement import agreement


def test_agreement_needs_both_rates_inside_the_other_interval_and_no_paired_difference():
    same = agreement([True] * 30 + [False] * 70, [False] * 5 + [True] * 28 + [False] * 67)
    assert same["agree"] and same["paired"]["verdict"] == "no significant change"
    assert (same["robopolicy_eval"]["successes"], same["lerobot_eval"]["successes"]) == (30, 28)
    apart = agreement([True] * 30 + [False] * 70, [True] * 10 + [False] * 90)   # 20 lost, none gained
    assert not apart["agree"] and not apart["each_inside_the_other"] and apart["paired"]["verdict"] == "worse"
