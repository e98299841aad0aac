"""Instruction paraphrases as a training augmentation (``robopolicy train paraphrase_instructions=true``)."""

from __future__ import annotations

import numpy as np

from robopolicy.data.instructions import PARAPHRASE_TEMPLATES, paraphrases
from robopolicy.data.sampler import WindowSampler
from tests.policies.tiny import TASKS, make_store


def test_paraphrases_keep_the_instruction_first_and_are_distinct():
    options = paraphrases("open the drawer")
    assert options[0] == "open the drawer" and len(set(options)) == len(PARAPHRASE_TEMPLATES)
    assert all("open the drawer" in o for o in options)


def test_a_sampler_rephrases_each_window_deterministically_and_only_when_asked(tmp_path):
    store = make_store(tmp_path / "tiny.zarr", num_episodes=4, length=30)
    make = lambda: WindowSampler(store, ["state"], obs_horizon=2, pred_horizon=8, exec_horizon=4,  # noqa: E731
                                 include_task=True)
    plain, rephrased = make(), make()
    rephrased.paraphrase_seed = 0
    indices = np.arange(len(plain))
    stored = plain.get_batch(indices)["task"]
    assert set(stored) <= set(TASKS)                                    # off: the stored wording, untouched
    got = rephrased.get_batch(indices)["task"]
    assert got == rephrased.get_batch(indices)["task"]                  # deterministic in (seed, window)
    assert all(g in paraphrases(s) for g, s in zip(got, stored))        # each a rephrasing of its own task
    assert len(set(got)) > len(set(stored))                             # and the wordings vary across windows
    np.testing.assert_array_equal(rephrased.get_batch(indices)["state"], plain.get_batch(indices)["state"])


def test_a_language_policy_trains_with_paraphrased_instructions(state_store, tmp_path):
    from robopolicy.train import cli as train_cli

    from .conftest import train_overrides

    argv = [*(a for a in train_overrides(state_store, tmp_path / "run", steps=4, val_every=2, ckpt_every=4)
              if not a.startswith(("policy.unet", "policy.image_encoder"))),
            "policy=vla_flow", "policy.language_encoder.name=hashing", "policy.trunk.d_model=32",
            "policy.trunk.num_layers=1", "policy.trunk.num_heads=2", "policy.trunk.ff_dim=64",
            "paraphrase_instructions=true"]
    assert train_cli.main(argv) == 0
