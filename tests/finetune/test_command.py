"""What every fine-tuning method says about its base at start-up (robopolicy.finetune.command)."""

from __future__ import annotations

import pytest

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
