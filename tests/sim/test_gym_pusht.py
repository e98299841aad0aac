import numpy as np
import pytest

from robopolicy.sim import make_env
from tests.sim.helpers import check_observation_matches_spec, check_seeding


@pytest.mark.parametrize("env_id,camera", [("gym/Hopper-v5", "track"), ("pusht", "top")])
def test_seeding_and_spec(env_id, camera):
    env = make_env(env_id, cameras=(camera,), image_size=32, seed=0)
    check_seeding(env)
    obs, _ = env.reset(seed=0)
    check_observation_matches_spec(env, obs)
    assert (env.expert() is None) == (env_id != "pusht")  # PushT has our scripted expert, Gymnasium none
    env.close()


def test_pusht_actions_are_in_workspace_pixels_and_success_is_reported():
    env = make_env("pusht")
    np.testing.assert_array_equal(env.action_space.low, [0, 0])
    np.testing.assert_array_equal(env.action_space.high, [512, 512])
    obs, _ = env.reset(seed=0)
    target = obs["state"][:2] + 30.0
    for _ in range(5):
        obs, _, _, _, info = env.step(target)
    assert np.linalg.norm(obs["state"][:2] - target) < 5.0  # the PD-controlled agent reaches its target
    assert info["is_success"] is False and "coverage" in info
    env.close()


def test_episode_truncates_at_max_episode_steps():
    env = make_env("gym/InvertedPendulum-v5", max_episode_steps=3)
    env.reset(seed=0)
    flags = [env.step(np.zeros(1))[3] for _ in range(3)]
    assert flags == [False, False, True] or env.elapsed_steps < 3  # terminated early is allowed
    env.close()


def test_reset_without_seed_draws_a_reproducible_seed():
    seeds = []
    for _ in range(2):
        env = make_env("pusht", seed=7)
        seeds.append([env.reset()[1]["seed"] for _ in range(3)])
        env.close()
    assert seeds[0] == seeds[1] and len(set(seeds[0])) == 3


def test_pusht_state_is_the_agent_and_the_t_keypoints_continuous_across_the_angle_wrap():
    """The state is (agent xy, the T's 8 keypoints xy): a block turned a hair either side of angle 0 gives nearly
    the same state, where gym-pusht's pose state (angle mod 2 pi) jumps by ~2 pi (19 of the 50 expert demos cross
    it, 0.79 rad from the goal's angle)."""
    env = make_env("pusht")
    obs, _ = env.reset(seed=0)
    assert obs["state"].shape == (18,)
    np.testing.assert_allclose(obs["state"][:2], np.asarray(env.sim.agent.position), atol=1e-4)
    states, poses = [], []
    for angle in (-1e-3, 1e-3):
        env.sim.block.angle = angle
        states.append(env._keypoint_state())
        poses.append(env.sim.get_obs()[4])  # gym-pusht's own pose state: the angle mod 2 pi
    assert np.abs(states[0] - states[1]).max() < 0.5   # 2 mrad moves a keypoint ~75 px out by 0.15 px
    assert abs(poses[0] - poses[1]) > 6.0
    centroid = states[1][2:].reshape(8, 2).mean(axis=0)
    assert np.linalg.norm(centroid - np.asarray(env.sim.block.position)) < 60  # the keypoints are on the block
    env.close()
