"""The rollout harness on real Meta-World envs: reproducibility, horizons, spec checks and env errors."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import torch

from experiments.fixtures.samplers import (
    IndexSampler,
    MetaWorldExpertSampler,
    RandomSampler,
    metaworld_state_spec,
)
from robopolicy.data.features import Feature
from robopolicy.eval.report import summarize_task
from robopolicy.eval.rollout import SpecMismatchError, run_episodes
from robopolicy.sim.metaworld_env import MetaWorldEnv

ENV_ID = "metaworld/push-v3"
SHORT_EPISODE = 30


def outcomes(results):
    return [(r.index, r.seed, round(r.ret, 9), r.length, r.success, r.error) for r in results]


def test_same_seeds_give_the_same_results_on_a_rerun_and_with_another_env_layout():
    policy = RandomSampler()
    kwargs = dict(base_seed=3, max_episode_steps=SHORT_EPISODE, progress=False)
    first = run_episodes(policy, ENV_ID, 4, envs_per_worker=2, **kwargs)
    second = run_episodes(policy, ENV_ID, 4, envs_per_worker=2, **kwargs)
    assert outcomes(first) == outcomes(second)
    assert [r.seed for r in first] == [3, 4, 5, 6]
    # Each episode's noise comes from its own seed, so batching does not change the result.
    assert outcomes(run_episodes(policy, ENV_ID, 4, envs_per_worker=3, **kwargs)) == outcomes(first)
    # ...and the seeds matter: other seeds, other returns.
    other = run_episodes(policy, ENV_ID, 4, envs_per_worker=2, **{**kwargs, "base_seed": 100})
    assert [r.ret for r in other] != [r.ret for r in first]


class StepNoiseSampler(RandomSampler):
    """Stochastic beyond its initial noise (as DPPO's training chain is): adds noise from torch's global generator."""

    def sample(self, obs, n=1, noise=None):
        chunk = super().sample(obs, n, noise)
        return chunk + 0.5 * torch.randn_like(chunk)


@pytest.mark.parametrize("policy", [StepNoiseSampler(), IndexSampler(metaworld_state_spec())],
                         ids=["global-noise", "no-noise-shape"])
def test_an_evaluation_leaves_the_callers_random_stream_as_it_was_and_reproduces(policy):
    """A fine-tuning run evaluates between updates: its own random stream must not depend on whether (or with what
    policy) it evaluated, and a policy drawing from the global generator reproduces given the seeds and layout."""
    kwargs = dict(base_seed=3, max_episode_steps=10, progress=False, envs_per_worker=2)
    torch.manual_seed(0)
    untouched = torch.rand(5)
    torch.manual_seed(0)
    first = run_episodes(policy, ENV_ID, 3, **kwargs)
    assert torch.equal(torch.rand(5), untouched)
    torch.manual_seed(1)  # another caller state: the evaluation is the same
    assert outcomes(run_episodes(policy, ENV_ID, 3, **kwargs)) == outcomes(first)


class NoiseRecorder(RandomSampler):
    def __init__(self, noise_scale: float = 1.0):
        super().__init__()
        self.noise_scale, self.seen = noise_scale, []

    def sample(self, obs, n=1, noise=None):
        self.seen.append(noise.clone())
        return super().sample(obs, n, noise)


def test_a_policy_noise_scale_scales_each_episodes_seeded_noise():
    """``set_noise_scale`` reaches evaluation: the harness draws each episode's noise from its seed and scales it
    (0: every chain starts at zero)."""
    kwargs = dict(base_seed=3, max_episode_steps=10, progress=False, envs_per_worker=2)
    plain, half, zero = NoiseRecorder(), NoiseRecorder(0.5), NoiseRecorder(0.0)
    for policy in (plain, half, zero):
        run_episodes(policy, ENV_ID, 2, **kwargs)
    assert len(plain.seen) == len(half.seen) > 0 and plain.seen[0].abs().sum() > 0
    assert all(torch.equal(0.5 * a, b) for a, b in zip(plain.seen, half.seen))
    assert all(not z.any() for z in zero.seen)


class NeverCalledSampler(RandomSampler):
    def sample(self, obs, n=1, noise=None):
        raise AssertionError("the policy was called although the specs disagree")


def test_spec_mismatch_names_keys_and_shapes_on_both_sides_before_any_episode():
    wrong_dims = NeverCalledSampler(metaworld_state_spec(state_dim=10, action_dim=3))
    with pytest.raises(SpecMismatchError) as info:
        run_episodes(wrong_dims, ENV_ID, 2, progress=False)
    message = str(info.value)
    assert "'state' is (10,) in the policy but (39,) in the env" in message
    assert "action dim is 3 in the policy but (4,) in the env" in message

    missing_camera = NeverCalledSampler(metaworld_state_spec(wrist=Feature((84, 84, 3), "uint8", "image")))
    with pytest.raises(SpecMismatchError) as info:
        run_episodes(missing_camera, ENV_ID, 2, progress=False)
    message = str(info.value)
    assert "'wrist': (84, 84, 3)" in message and "'state': (39,)" in message and "corner" in message


FAILING_SEED = 1
FAILING_STEP = 7


class PushThatFails(MetaWorldEnv):
    """Push, except that the episode with seed ``FAILING_SEED`` raises at step ``FAILING_STEP``."""

    def step(self, action):
        if self.last_seed == FAILING_SEED and self.elapsed_steps + 1 == FAILING_STEP:
            raise RuntimeError("simulated physics blow-up")
        return super().step(action)


def make_push_that_fails() -> PushThatFails:
    return PushThatFails("push-v3")


def test_env_error_mid_episode_is_recorded_with_its_seed_and_the_evaluation_continues():
    # Two worker processes, so the spawned-worker path is covered too.
    results = run_episodes(MetaWorldExpertSampler("push-v3"), ENV_ID, 4, workers=2, envs_per_worker=1,
                           env_factory=make_push_that_fails, progress=False)
    assert [r.seed for r in results] == [0, 1, 2, 3]
    failed = results[FAILING_SEED]
    assert failed.error is not None and "RuntimeError: simulated physics blow-up" in failed.error
    assert failed.length == FAILING_STEP - 1 and not failed.success
    assert all(r.error is None and r.success for i, r in enumerate(results) if i != FAILING_SEED)
    summary = summarize_task(results)
    assert (summary["errors"], summary["failures"], summary["successes"]) == (1, 0, 3)
    assert summary["success_rate"] == 1.0  # errors are not failures


@pytest.mark.fault("eval")
def test_success_count_refuses_episodes_that_raised():
    """An env that raises mid-episode during a fine-tuner's evaluation, selection or a merge sweep: the episode
    was counted as a failure (a crash read as a lower success rate); now `success_outcomes` raises, naming how
    many episodes raised and the first error."""
    from robopolicy.eval.rollout import EpisodeErrorsError, success_outcomes

    with pytest.raises(EpisodeErrorsError, match=r"1 of 4 evaluation episodes .* raised; the first: .*simulated physics"):
        success_outcomes(MetaWorldExpertSampler("push-v3"), ENV_ID, 4, envs_per_worker=2,
                         env_factory=make_push_that_fails)
    assert success_outcomes(MetaWorldExpertSampler("push-v3"), ENV_ID, 2, base_seed=2, envs_per_worker=2,
                            env_factory=make_push_that_fails) == [True, True]


class RecordingPush(MetaWorldEnv):
    received: list[np.ndarray] = []

    def step(self, action):
        RecordingPush.received.append(np.array(action))
        return super().step(action)


class RecordingIndexSampler(IndexSampler):
    def __init__(self, spec):
        super().__init__(spec)
        self.observations: list[dict[str, Any]] = []

    def sample(self, obs, n=1, noise=None):
        self.observations.append({k: np.array(v) for k, v in obs.items()})
        return super().sample(obs, n, noise)


def test_the_env_receives_the_executed_slice_starting_at_index_to_minus_one():
    To, Tp, Ta = 3, 8, 4
    policy = RecordingIndexSampler(metaworld_state_spec(obs_horizon=To, pred_horizon=Tp, exec_horizon=Ta))
    RecordingPush.received = []
    results = run_episodes(policy, ENV_ID, 1, max_episode_steps=10, env_factory=lambda: RecordingPush("push-v3"),
                           progress=False)
    first_components = [a[0] for a in RecordingPush.received]
    assert first_components[0] == To - 1
    assert first_components == [2, 3, 4, 5, 2, 3, 4, 5, 2, 3]  # Ta actions, then re-plan
    assert results[0].length == 10
    # At reset the history repeats the first frame To times; after a chunk it holds the last To frames.
    first = policy.observations[0]["state"]
    assert first.shape == (1, To, 39)
    assert all(np.array_equal(first[0, 0], first[0, t]) for t in range(To))
    second = policy.observations[1]["state"][0]
    assert not np.array_equal(second[-1], second[-2])


def test_expert_sampler_scores_higher_than_random_sampler_on_push():
    torch.manual_seed(0)
    episodes = 5
    expert = run_episodes(MetaWorldExpertSampler("push-v3"), ENV_ID, episodes, envs_per_worker=episodes,
                          max_episode_steps=150, progress=False)
    random = run_episodes(RandomSampler(), ENV_ID, episodes, envs_per_worker=episodes, max_episode_steps=150,
                          progress=False)
    expert_rate = summarize_task(expert)["success_rate"]
    random_rate = summarize_task(random)["success_rate"]
    assert expert_rate >= 0.8
    assert random_rate <= 0.2
    assert expert_rate > random_rate


class ExpertThatDiverges(MetaWorldExpertSampler):
    """The push expert, except that its ``bad_call``-th chunk holds NaN (a diverged policy's output)."""

    def __init__(self, bad_call: int):
        super().__init__("push-v3")
        self.calls, self.bad_call = 0, bad_call

    def sample(self, obs, n=1, noise=None):
        self.calls += 1
        chunk = super().sample(obs, n, noise)
        if self.calls == self.bad_call:
            chunk[..., 1] = float("nan")
        return chunk


@pytest.mark.fault("eval")
def test_a_non_finite_action_chunk_is_an_episode_error_and_never_reaches_the_simulator():
    """A policy that returns a NaN (or inf) action chunk during evaluation: the NaN actions were stepped in MuJoCo
    and the episode counted as a plain failure ("0 errors"); now the chunk is never sent to the simulator, the
    episode ends there as an errored episode naming the step (`NonFiniteActionError`), the other episodes run as
    before, and `success_outcomes` refuses the count."""
    from robopolicy.eval.rollout import EpisodeErrorsError, checked_episodes

    steps = 10
    RecordingPush.received = []
    # one slot, one action per call: episode 0 makes calls 1-10, episode 1 calls 11-20; call 13 is its step 2
    results = run_episodes(ExpertThatDiverges(bad_call=13), ENV_ID, 3, max_episode_steps=steps, stop_on_success=False,
                           env_factory=lambda: RecordingPush("push-v3"), progress=False)
    assert all(np.isfinite(a).all() for a in RecordingPush.received)
    assert len(RecordingPush.received) == steps + 2 + steps
    bad = results[1]
    assert bad.error is not None and bad.error.startswith("NonFiniteActionError: the policy's action for step 2 holds")
    assert "not sent to the simulator" in bad.error and bad.length == 2 and not bad.success
    assert [r.error for r in (results[0], results[2])] == [None, None] and results[2].length == steps
    assert summarize_task(results)["errors"] == 1
    with pytest.raises(EpisodeErrorsError, match=r"1 of 2 evaluation episodes .* raised; the first: NonFiniteAction"):
        checked_episodes(ExpertThatDiverges(bad_call=3), ENV_ID, 2, max_episode_steps=steps,
                         env_factory=lambda: RecordingPush("push-v3"))
