"""PolicyActor: observation history of To frames, one chunk every Ta steps, executed slice from To - 1."""

import numpy as np
import pytest
import torch

from robopolicy.data.features import Feature
from robopolicy.policies.protocol import PolicySpec
from robopolicy.sim.policy_actor import PolicyActor, PolicyEnvMismatchError, check_policy_matches_env


class StepCountingSampler:
    """A real (scripted) Sampler: chunk entry j of call c is the action [100 c + j] * Da; records its inputs."""

    def __init__(self, spec: PolicySpec):
        self.spec = spec
        self.calls: list[dict] = []

    @property
    def noise_shape(self):
        return None

    def sample(self, obs, n=1, noise=None):
        self.calls.append(obs)
        c = len(self.calls) - 1
        chunk = 100.0 * c + torch.arange(self.spec.pred_horizon, dtype=torch.float32)
        return chunk[None, None, :, None].expand(1, n, self.spec.pred_horizon, self.spec.action_dim).clone()


def make_spec(language=False, To=2, Tp=8, Ta=4):
    return PolicySpec(obs_features={"state": Feature((3,), "float32", "state")}, action_dim=2, obs_horizon=To,
                      pred_horizon=Tp, exec_horizon=Ta, language=language)


def test_actor_executes_ta_actions_from_index_to_minus_one_then_resamples():
    policy = StepCountingSampler(make_spec(To=2, Tp=8, Ta=4))
    actor = PolicyActor(policy)
    actions = [actor({"state": np.full(3, t, np.float32)})[0] for t in range(9)]
    assert actions == [1, 2, 3, 4, 101, 102, 103, 104, 201]
    assert len(policy.calls) == 3


def test_history_pads_with_the_first_frame_and_then_slides():
    policy = StepCountingSampler(make_spec(To=3, Tp=8, Ta=2))
    actor = PolicyActor(policy)
    for t in range(5):
        actor({"state": np.full(3, t, np.float32)})
    first, second, third = (c["state"][0, :, 0].tolist() for c in policy.calls)
    assert first == [0, 0, 0] and second == [0, 1, 2] and third == [2, 3, 4]
    assert policy.calls[0]["state"].shape == (1, 3, 3)
    actor.reset()
    actor({"state": np.full(3, 9, np.float32)})
    assert policy.calls[-1]["state"][0, :, 0].tolist() == [9, 9, 9]


def test_language_policies_get_the_instruction():
    policy = StepCountingSampler(make_spec(language=True))
    PolicyActor(policy, instruction="push the puck to the goal")({"state": np.zeros(3, np.float32)})
    assert policy.calls[0]["task"] == ["push the puck to the goal"]


def test_mismatch_names_keys_and_shapes_on_both_sides():
    env_features = {"state": Feature((39,), "float32", "state"), "corner": Feature((84, 84, 3), "uint8", "image"),
                    "action": Feature((4,), "float32", "action")}
    spec = PolicySpec(obs_features={"state": Feature((3,), "float32", "state"),
                                    "agentview": Feature((84, 84, 3), "uint8", "image")}, action_dim=7)
    with pytest.raises(PolicyEnvMismatchError) as err:
        check_policy_matches_env(spec, env_features, "metaworld/push-v3")
    message = str(err.value)
    assert "'agentview'" in message and "corner" in message
    assert "(39,)" in message and "(3,)" in message
    assert "(7,)" in message and "(4,)" in message
