"""The VLA policies with the real sentence encoder: the instruction steers the actions; the frozen language model
stays out of the weights; each instruction is embedded once."""

from __future__ import annotations

import pytest
import torch

from tests.policies.tiny import TASKS, build_tiny, random_obs


@pytest.fixture(scope="module")
def vla(tiny_store):
    torch.manual_seed(0)
    return build_tiny("vla_flow", tiny_store, language_encoder="minilm").eval()


def test_instruction_changes_the_actions_for_the_same_noise(vla):
    obs = random_obs(vla.spec, batch=2)
    obs["task"] = [TASKS[0], TASKS[0]]
    for key in ("state", "cam"):
        obs[key][1] = obs[key][0]
    noise = torch.randn(1, 1, *vla.noise_shape).expand(2, 1, -1, -1)
    same = vla.sample(obs, n=1, noise=noise)
    assert torch.equal(same[0], same[1])
    obs["task"] = [TASKS[0], TASKS[1]]
    different = vla.sample(obs, n=1, noise=noise)
    assert not torch.allclose(different[0], different[1])


def test_language_model_is_frozen_and_not_in_the_state_dict(vla):
    names = list(vla.state_dict())
    assert not any("sentence" in n or "bert" in n.lower() for n in names)
    trainable = sum(p.numel() for p in vla.parameters())
    assert trainable < 2e6  # the 22M-parameter MiniLM is not a submodule


def test_instructions_are_embedded_once_across_chunks(vla):
    encoder = vla.obs_encoder.language.sentence_encoder
    obs = random_obs(vla.spec, batch=2)
    obs["task"] = ["slide the puck to the far corner", "slide the puck to the far corner"]
    vla.sample(obs)
    calls = encoder.calls
    for _ in range(3):
        vla.sample(obs, n=2)
    assert encoder.calls == calls


def test_a_single_instruction_string_is_broadcast_to_the_batch(vla):
    obs = random_obs(vla.spec, batch=3)
    noise = torch.randn(3, 1, *vla.noise_shape)
    listed = vla.sample({**obs, "task": [TASKS[1]] * 3}, noise=noise)
    assert torch.equal(vla.sample({**obs, "task": TASKS[1]}, noise=noise), listed)
