"""Finite or refused: the policy server never sends a non-finite action chunk (the real server in this process,
serving a tiny real flow policy, ``experiments.fixtures.serve``)."""

from __future__ import annotations

import numpy as np
import pytest

from experiments.fixtures.serve import STATE_DIM, TOKEN, InProcessServer, tiny_flow_policy
from robopolicy.real.client import PolicyClient, PolicyRequestError

EXTREME = 3e38  # finite in float32, but normalizing it overflows


@pytest.mark.fault("serve")
def test_an_observation_that_yields_a_non_finite_chunk_gets_an_error_reply(tmp_path):
    """A finite but extreme observation (3e38 in every state value): the server answered with a NaN chunk; now it
    answers with a `policy_error` reply saying the chunk was not finite (no actions sent), and the same connection
    keeps serving ordinary observations."""
    policy = tiny_flow_policy()
    ordinary = np.zeros((policy.spec.obs_horizon, STATE_DIM), np.float32)
    with InProcessServer(policy) as server, PolicyClient(server.url, TOKEN, timeout_s=60) as client:
        with pytest.raises(PolicyRequestError, match=r"policy_error.*non-finite action chunk \(NaN or inf\)"):
            client.infer({"state": np.full_like(ordinary, EXTREME)})
        chunk, _ = client.infer({"state": ordinary})
        errors = server.server.errors_sent
    assert np.isfinite(chunk).all() and chunk.shape == (policy.spec.pred_horizon, policy.spec.action_dim)
    assert errors == 1
