"""Each head overfits a tiny dataset: its native loss on 8 fixed windows of a real store falls by 10x or more."""

from __future__ import annotations

import pytest

from experiments.learning_recipes import overfit_losses
from tests.policies.tiny import POLICY_NAMES

MIN_LOSS_RATIO = 6  # asserted fall of the loss; measured over seeds 0-4 (see the test's docstring): >= 12.1x


@pytest.mark.slow  # 250 optimizer steps: ~20 s alone, 70-150 s on the shared 2-core machine
@pytest.mark.parametrize("name", POLICY_NAMES)
def test_head_overfits_a_tiny_dataset(name, tiny_store):
    """Each head's loss falls >= 6x on 8 fixed windows.

    Margin over seeds 0-4 (experiments/results/learning_margins/overfit_seed*.json, AMD EPYC), loss before/after:
    diffusion_unet 17x/15x/16x/23x/13x, flow_unet 34x/44x/37x/34x/39x, vla_flow 26x/29x/26x/41x/35x,
    vla_diffusion 13x/16x/13x/12x/13x: the worst seed (12.1x) clears the asserted 6x twice over.
    """
    before, after = overfit_losses(name, tiny_store, seed=0)
    assert after * MIN_LOSS_RATIO <= before, f"{name}: loss {before:.4f} -> {after:.4f}"
