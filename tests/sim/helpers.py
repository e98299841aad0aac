"""Shared checks for simulator adapter tests."""

from __future__ import annotations

import numpy as np


def rollout_observations(env, seed: int, steps: int, action_seed: int = 0) -> list[dict[str, np.ndarray]]:
    """Observations of an episode under a fixed sequence of random actions (drawn from ``action_seed``)."""
    obs, info = env.reset(seed=seed)
    assert info["seed"] == seed and env.last_seed == seed
    rng = np.random.default_rng(action_seed)
    out = [obs]
    for _ in range(steps):
        obs, _, _, _, info = env.step(rng.uniform(env.action_space.low, env.action_space.high))
        assert isinstance(info["is_success"], bool)
        out.append(obs)
    return out


def identical(a: list[dict[str, np.ndarray]], b: list[dict[str, np.ndarray]]) -> bool:
    return len(a) == len(b) and all(x.keys() == y.keys() and all(np.array_equal(x[k], y[k]) for k in x)
                                    for x, y in zip(a, b))


def check_seeding(env, steps: int = 8) -> None:
    """Same seed and actions -> bit-identical observations, even after another seed ran in between;
    different seeds -> different initial states."""
    first = rollout_observations(env, seed=3, steps=steps)
    other = rollout_observations(env, seed=4, steps=steps)
    again = rollout_observations(env, seed=3, steps=steps)
    assert identical(first, again)
    assert not np.array_equal(first[0]["state"], other[0]["state"])


def check_observation_matches_spec(env, obs: dict[str, np.ndarray]) -> None:
    spec = env.feature_spec
    assert {"action", "reward", "done"} <= set(spec)
    assert spec["action"].shape == env.action_space.shape and spec["action"].kind == "action"
    assert spec["reward"].shape == () and spec["reward"].dtype == "float32" and spec["reward"].kind == "reward"
    assert spec["done"].shape == () and spec["done"].dtype == "bool" and spec["done"].kind == "done"
    obs_keys = [k for k, f in spec.items() if f.kind in ("state", "image")]
    assert sorted(obs_keys) == sorted(obs)
    for key in obs_keys:
        assert obs[key].shape == spec[key].shape, key
        assert obs[key].dtype == np.dtype(spec[key].dtype), key
        assert env.observation_space[key].contains(obs[key]) or spec[key].kind == "state"
    for cam in env.cameras:
        image = obs[cam]
        assert image.dtype == np.uint8 and image.shape == (env.image_size, env.image_size, 3)
        assert image.min() != image.max(), f"camera {cam} rendered a constant image"


def expert_successes(env, seeds, max_steps: int | None = None) -> int:
    wins = 0
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        act = env.expert()
        for _ in range(max_steps or env.max_episode_steps):
            obs, _, terminated, truncated, info = env.step(act(obs))
            if info["is_success"] or terminated or truncated:
                break
        wins += int(info["is_success"])
    return wins
