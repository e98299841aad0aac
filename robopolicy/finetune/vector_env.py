"""``VectorChunkEnv``: N in-process envs stepped one action chunk at a time, the online loop of every fine-tuner
(DSRL, DPPO) that acts in chunks. Each env keeps its observation window ``(To, *shape)``; episode ``i`` of the
vector resets with seed ``training_stream(seed).start + i`` (``robopolicy.protocol``: every training seed has a
stream of reset seeds of its own, disjoint from the other seeds' and from the evaluation and tuning seeds), still
skipping any ``reserved`` range it would reach (a policy is never trained on an episode it is then judged on);
rewards are the sparse success signal or the env's own. ``stream`` (an actor process's slice of that stream,
``robopolicy.finetune.actors.actor_stream``) replaces the whole stream, and running past its end is refused."""

from __future__ import annotations

from typing import Any

import numpy as np

from robopolicy.errors import RobopolicyError
from robopolicy.finetune.replay import EpisodeRecorder
from robopolicy.protocol import SeedRange, training_stream

TASK_KEY = "task"


class VectorChunkEnv:
    """N in-process envs stepped chunk by chunk; keeps each env's observation window ``(To, *shape)``."""

    def __init__(self, env_id: str, spec: Any, num_envs: int, seed: int, max_episode_steps: int | None,
                 reserved: dict[str, range] | None = None, stream: SeedRange | None = None):
        from robopolicy.eval.rollout import check_policy_matches_env, env_kwargs_for
        from robopolicy.sim import make_env

        kwargs = env_kwargs_for(spec)
        if max_episode_steps:
            kwargs["max_episode_steps"] = max_episode_steps
        self.envs = [make_env(env_id, **kwargs) for _ in range(num_envs)]
        check_policy_matches_env(spec, self.envs[0].feature_spec, env_id)
        self.spec, self.keys, self.To = spec, list(spec.obs_features), spec.obs_horizon
        self.instruction = self.envs[0].instruction
        self.seed = training_stream(seed).start if stream is None else stream.start
        self.stream = stream
        self.reserved = dict(reserved or {})
        self.skipped: list[str] = []  # the reserved ranges training jumped over (said once each, in the log)
        self.episodes_started = 0
        self.seeds = [0] * num_envs
        self.windows = [self._reset(i) for i in range(num_envs)]

    def _reset(self, i: int) -> dict[str, np.ndarray]:
        seed = self.seed + self.episodes_started
        for name, seeds in self.reserved.items():
            if seed in seeds:
                self.episodes_started += seeds.stop - seed
                seed = seeds.stop
                if name not in self.skipped:
                    import logging

                    self.skipped.append(name)
                    logging.getLogger("robopolicy.finetune").warning(
                        "training episodes reached the %s %d..%d; they skip to seed %d", name, seeds.start,
                        seeds.stop - 1, seed)
        if self.stream is not None and seed not in self.stream:
            raise RobopolicyError(f"training episodes ran past their reset-seed stream {self.stream} (seed {seed}); "
                                  "use fewer actors or fewer env steps per run")
        self.seeds[i] = seed
        self.episodes_started += 1
        obs, _ = self.envs[i].reset(seed=self.seeds[i])
        return {k: np.repeat(np.asarray(obs[k])[None], self.To, axis=0) for k in self.keys}

    def observation(self) -> dict[str, Any]:
        obs: dict[str, Any] = {k: np.stack([w[k] for w in self.windows]) for k in self.keys}
        if self.spec.language:
            obs[TASK_KEY] = [self.instruction] * len(self.envs)
        return obs

    def step_chunks(self, actions: np.ndarray, sparse_reward: bool, recorder: EpisodeRecorder | None,
                    reward_offset: float = 0.0) -> tuple[dict[str, Any], dict[str, np.ndarray], list[bool | None]]:
        """Execute ``actions`` ``(N, Ta, Da)``; returns next windows (before any reset), per-env ``reward``
        (summed, ``reward_offset`` subtracted per step; the store records the reward without it), ``done``
        (terminal), ``steps`` (n), and the success flag of each env whose episode ended."""
        n_envs = len(self.envs)
        reward, done, steps = np.zeros(n_envs, np.float32), np.zeros(n_envs, np.float32), np.zeros(n_envs, np.int64)
        finished: list[bool | None] = [None] * n_envs
        next_windows = []
        for i, env in enumerate(self.envs):
            window = self.windows[i]
            success = False
            for a in actions[i]:
                obs, r, terminated, truncated, info = env.step(a)
                success = bool(info["is_success"])
                r = float(success) if sparse_reward else r
                terminated = terminated or (sparse_reward and success)
                if recorder is not None:
                    recorder.record(i, {**{k: window[k][-1] for k in self.keys}, "action": a, "reward": r,
                                        "done": terminated})
                window = {k: np.concatenate([window[k][1:], np.asarray(obs[k])[None]]) for k in self.keys}
                reward[i] += r - reward_offset
                steps[i] += 1
                if terminated or truncated:
                    done[i] = float(terminated)
                    finished[i] = success
                    break
            next_windows.append(window)
            if finished[i] is not None:
                if recorder is not None:
                    recorder.finish(i, bool(finished[i]), self.instruction, self.seeds[i])
                self.windows[i] = self._reset(i)
            else:
                self.windows[i] = window
        next_obs: dict[str, Any] = {k: np.stack([w[k] for w in next_windows]) for k in self.keys}
        if self.spec.language:  # a language-conditioned policy reads the instruction with every observation
            next_obs[TASK_KEY] = [self.instruction] * len(self.envs)
        return next_obs, {"reward": reward, "done": done, "steps": steps}, finished

    def close(self) -> None:
        for env in self.envs:
            env.close()
