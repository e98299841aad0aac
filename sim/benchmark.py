"""Measure simulator speed and scripted-expert success; print Markdown tables (pasted into docs/simulators.md).

    python -m robopolicy.sim.benchmark --speed --experts --episodes 10 --lift-episodes 20

Speed: env steps/s of one env with random actions, state only and with one 84x84 camera (rendering is
software, llvmpipe, here). Experts: success over seeds 0..N-1 with the env's own step limit.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from robopolicy.sim import make_env, mt10_env_ids

SPEED_ENVS = {  # env id -> its camera for the image measurement
    "metaworld/reach-v3": "corner", "metaworld/push-v3": "corner", "metaworld/pick-place-v3": "corner",
    "robosuite/Lift": "agentview", "robosuite/PickPlaceCan": "agentview",
    "robosuite/NutAssemblySquare": "agentview", "gym/Hopper-v5": "track", "pusht": "top",
}
SPEED_IMAGE_SIZE = 84


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def steps_per_second(env_id: str, cameras: tuple[str, ...], steps: int) -> float:
    env = make_env(env_id, cameras=cameras, image_size=SPEED_IMAGE_SIZE, seed=0)
    env.reset(seed=0)
    for _ in range(5):  # warm-up (first render creates the GL context)
        env.step(env.action_space.sample())
    start = time.perf_counter()
    for _ in range(steps):
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        if terminated or truncated:
            env.reset()
    rate = steps / (time.perf_counter() - start)
    env.close()
    return rate


def expert_success(env_id: str, episodes: int) -> tuple[int, float]:
    env = make_env(env_id, seed=0)
    wins, steps = 0, 0
    for seed in range(episodes):
        obs, _ = env.reset(seed=seed)
        act = env.expert()
        for _ in range(env.max_episode_steps):
            obs, _, terminated, truncated, info = env.step(act(obs))
            steps += 1
            if info["is_success"] or terminated or truncated:
                break
        wins += int(info["is_success"])
    env.close()
    return wins, steps / episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--experts", action="store_true")
    parser.add_argument("--episodes", type=int, default=10, help="per Meta-World task and for PickPlaceCan")
    parser.add_argument("--lift-episodes", type=int, default=20)
    parser.add_argument("--steps", type=int, default=300, help="steps per speed measurement (state)")
    args = parser.parse_args()
    os.environ.setdefault("MUJOCO_GL", "egl")
    if args.speed:
        print("| env | steps/s (state) | steps/s (state + one 84x84 camera) |\n|---|---|---|")
        for env_id, camera in SPEED_ENVS.items():
            state_rate = steps_per_second(env_id, (), args.steps)
            image_rate = steps_per_second(env_id, (camera,), max(args.steps // 5, 20))
            print(f"| {env_id} | {state_rate:.0f} | {image_rate:.0f} ({camera}) |", flush=True)
    if args.experts:
        print("\n| env | episodes | successes | rate | 95% Wilson interval | mean steps |\n|---|---|---|---|---|---|")
        runs = [(e, args.episodes) for e in mt10_env_ids()]
        runs += [("robosuite/Lift", args.lift_episodes), ("robosuite/PickPlaceCan", args.episodes),
                 ("pusht", args.episodes)]
        for env_id, n in runs:
            wins, mean_steps = expert_success(env_id, n)
            low, high = wilson_interval(wins, n)
            print(f"| {env_id} | {n} | {wins} | {wins / n:.2f} | [{low:.2f}, {high:.2f}] | {mean_steps:.0f} |",
                  flush=True)
    if not (args.speed or args.experts):
        parser.print_help()


if __name__ == "__main__":
    main()
