"""A tiny SmolVLA written as a ``pretrained_model`` directory, fully offline (its VLM directory and config from
``experiments/fixtures/smolvla.py``). Weights are random (a fixed seed); statistics are made up. What is tested is
the bridge, not the policy.
"""

from __future__ import annotations

from pathlib import Path

import torch

from experiments.fixtures.smolvla import TINY_SMOLVLA, VLM_IMAGE_SIZE, write_tiny_vlm
from tests.lerobot.tiny import _input_features, _save, _stats

CHUNK_SIZE, N_ACTION_STEPS, FLOW_STEPS = 8, 4, 3


def write_tiny_smolvla(out: Path, *, state_dim: int, action_dim: int, cameras: dict[str, int],
                       max_action_dim: int | None = None, seed: int = 0) -> Path:
    """A ~0.2M-parameter SmolVLA (chunk 8, 4 executed, 3 Euler steps, action padded to ``max_action_dim``, default
    ``action_dim + 2``) saved to ``out``, its tiny VLM directory beside it (``<out>_vlm``). Camera images must be
    ``VLM_IMAGE_SIZE`` square."""
    from lerobot.configs.types import FeatureType, PolicyFeature
    from lerobot.policies.smolvla.configuration_smolvla import SmolVLAConfig
    from lerobot.policies.smolvla.modeling_smolvla import SmolVLAPolicy

    assert all(size == VLM_IMAGE_SIZE for size in cameras.values()), cameras
    vlm = write_tiny_vlm(out.with_name(out.name + "_vlm"))
    torch.manual_seed(seed)
    config = SmolVLAConfig(
        vlm_model_name=str(vlm.resolve()), device="cpu",
        input_features=_input_features(state_dim, cameras),
        output_features={"action": PolicyFeature(FeatureType.ACTION, (action_dim,))},
        chunk_size=CHUNK_SIZE, n_action_steps=N_ACTION_STEPS, num_steps=FLOW_STEPS,
        max_state_dim=state_dim, max_action_dim=action_dim + 2 if max_action_dim is None else max_action_dim,
        resize_imgs_with_padding=(VLM_IMAGE_SIZE, VLM_IMAGE_SIZE), **TINY_SMOLVLA)
    stats = _stats({k: tuple(f.shape) for k, f in config.input_features.items()},
                   torch.full((action_dim,), -1.0), torch.full((action_dim,), 1.0))
    return _save(SmolVLAPolicy(config), config, stats, out)
