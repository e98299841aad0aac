"""Each head overfits a tiny dataset: its native loss on 8 fixed windows of a real store falls by 10x or more."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from robopolicy.data.sampler import WindowSampler
from tests.policies.tiny import POLICY_NAMES, build_tiny

NUM_WINDOWS = 8
REPEATS = 4  # each window 4 times per batch: more noise/time draws per step, a steadier descent
TRAIN_STEPS = 250
LEARNING_RATE = 3e-3  # cosine-annealed to 0
EVAL_DRAWS = 16  # loss averaged over fixed noise/time draws, so before/after are comparable
MIN_LOSS_RATIO = 6  # asserted fall of the loss; measured over seeds 0-4 (see the test's docstring): >= 12.1x


def mean_loss(policy, batch) -> float:
    torch.manual_seed(123)
    with torch.no_grad():
        return float(np.mean([policy.loss(batch)[0].item() for _ in range(EVAL_DRAWS)]))


def overfit_losses(name: str, store, seed: int = 0) -> tuple[float, float]:
    """(loss before, loss after) of ``TRAIN_STEPS`` Adam steps on 8 fixed windows, from seed ``seed``."""
    torch.manual_seed(seed)
    policy = build_tiny(name, store)
    spec = policy.spec
    ds = WindowSampler(store, obs_keys=list(spec.obs_features), obs_horizon=spec.obs_horizon,
                       pred_horizon=spec.pred_horizon, exec_horizon=spec.exec_horizon, include_task=spec.language)
    batch = ds.get_batch(np.repeat(np.linspace(0, len(ds) - 1, NUM_WINDOWS).astype(int), REPEATS))
    policy.eval()  # fixed center crop: the same 8 inputs every step
    before = mean_loss(policy, batch)
    optimizer = torch.optim.Adam(policy.parameters(), lr=LEARNING_RATE)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, TRAIN_STEPS)
    for _ in range(TRAIN_STEPS):
        loss, _ = policy.loss(batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        schedule.step()
    return before, mean_loss(policy, batch)


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
