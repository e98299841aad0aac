import numpy as np
import pytest

from robopolicy.sim import make_env
from robopolicy.sim.rendering import CameraError
from tests.sim.helpers import check_observation_matches_spec, check_seeding, expert_successes

IMAGE_SIZE = 32  # small images keep the software renderer quick


@pytest.fixture(scope="module")
def push_env():
    env = make_env("metaworld/push-v3", cameras=("corner",), image_size=IMAGE_SIZE, seed=0)
    yield env
    env.close()


def test_push_seeding_reproduces_state_and_images(push_env):
    check_seeding(push_env)


def test_pick_place_seeding_reproduces_episodes():
    env = make_env("metaworld/pick-place-v3", seed=0)
    check_seeding(env, steps=20)
    env.close()


def test_seeds_change_object_and_goal_positions(push_env):
    starts = np.stack([push_env.reset(seed=s)[0]["state"] for s in range(5)])
    puck, goal = starts[:, 4:7], starts[:, -3:]
    assert len({tuple(p) for p in puck.round(4)}) == 5
    assert len({tuple(g) for g in goal.round(4)}) == 5


def test_observation_matches_feature_spec(push_env):
    obs, _ = push_env.reset(seed=1)
    check_observation_matches_spec(push_env, obs)
    assert push_env.feature_spec["state"].shape == (39,)
    assert push_env.feature_spec["action"].shape == (4,)
    assert push_env.fps == 80.0 and push_env.max_episode_steps == 500
    assert push_env.instruction == "push the puck to the goal"


def test_images_follow_the_arm(push_env):
    push_env.reset(seed=2)
    before = push_env.render().copy()
    for _ in range(15):
        push_env.step(np.array([0.0, 0.0, 1.0, 0.0]))  # move the hand up
    assert np.abs(before.astype(int) - push_env.render().astype(int)).sum() > 0


def test_unknown_camera_lists_the_valid_ones():
    with pytest.raises(CameraError, match="corner"):
        make_env("metaworld/reach-v3", cameras=("nope",))


@pytest.mark.parametrize("task", ["reach-v3", "push-v3"])
def test_expert_succeeds(task):
    env = make_env(f"metaworld/{task}")
    assert expert_successes(env, seeds=range(5)) >= 4
    env.close()


def test_expert_works_with_camera_only_observations():
    env = make_env("metaworld/reach-v3", cameras=("corner",), image_size=IMAGE_SIZE, state=False)
    obs, _ = env.reset(seed=0)
    assert set(obs) == {"corner"}
    assert expert_successes(env, seeds=[0]) == 1
    env.close()


def test_proprio_is_the_hand_gripper_and_goal_without_object_poses():
    env = make_env("metaworld/push-v3", cameras=("corner",), image_size=IMAGE_SIZE, state=False, proprio=True)
    obs, _ = env.reset(seed=3)
    check_observation_matches_spec(env, obs)
    assert set(obs) == {"proprio", "corner"} and env.feature_spec["proprio"].shape == (7,)
    full = env.raw_obs
    np.testing.assert_array_equal(obs["proprio"], np.concatenate([full[:4], full[36:39]]).astype(np.float32))
    assert expert_successes(env, seeds=[3]) == 1  # the expert reads the simulator, whatever the observation
    env.close()


def test_proprio_on_an_adapter_without_one_names_those_with_one():
    from robopolicy.errors import RobopolicyError

    with pytest.raises(RobopolicyError, match="no proprioception.*metaworld, robosuite"):
        make_env("gym/Hopper-v5", proprio=True)  # refused while it builds its observation space
