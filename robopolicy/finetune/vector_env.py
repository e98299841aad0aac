"""``VectorChunkEnv``: N in-process envs stepped one action chunk at a time, the online loop of every fine-tuner
(DSRL, DPPO) that acts in chunks. Each env keeps its observation window ``(To, *shape)``; episode ``i`` of the
vector resets with seed ``training_stream(seed).start + i`` (``robopolicy.protocol``: every training seed has a
stream of reset seeds of its own, disjoint from the other seeds' and from the evaluation and tuning seeds), still
skipping any ``reserved`` range it would reach (a policy is never trained on an episode it is then judged on);
rewards are the sparse success signal or the env's own. A task set (``metaworld/mt10``, ``metaworld/ml45``, a list)
runs its tasks in turn, episode by episode, so every batch mixes tasks; each env's observation carries its own
task's instruction. ``stream`` (an actor process's slice of that stream,
``robopolicy.finetune.actors.actor_stream``) replaces the whole stream, and running past its end is refused."""

from __future__ import annotations

from typing import Any

import numpy as np

from robopolicy.errors import RobopolicyError
from robopolicy.finetune.replay import EpisodeRecorder
from robopolicy.protocol import SeedRange, training_stream

TASK_KEY = "task"


def check_known_instructions(spec: Any, instructions: Any) -> None:
    """Refuse, in one line, fine-tuning a language policy in an env whose instruction it was never trained with
    (``spec.extra["instructions"]``, recorded by ``robopolicy train``; nothing to check for a policy without it).
    ``instructions``: ``{task id: instruction}``, or an env id / task set whose envs are made to read them."""
    from robopolicy.eval.rollout import SpecMismatchError
    from robopolicy.policies.protocol import INSTRUCTIONS_KEY

    known = spec.extra.get(INSTRUCTIONS_KEY) if spec.language else None
    if not known:
        return
    if not isinstance(instructions, dict):
        from robopolicy.envs import expand_env_ids, make_env

        envs = {task: make_env(task) for task in expand_env_ids(instructions)}
        instructions = {task: env.instruction for task, env in envs.items()}
        for env in envs.values():
            env.close()
    unknown = {task: text for task, text in instructions.items() if text not in set(known)}
    if unknown:
        task, text = next(iter(unknown.items()))
        more = f" (and {len(unknown) - 1} more task(s))" if len(unknown) > 1 else ""
        raise SpecMismatchError(
            f"the policy was never trained with the instruction {text!r} of env {task}{more}; it knows "
            f"{len(known)}: {', '.join(map(repr, known[:3]))}{', ...' if len(known) > 3 else ''}. Adapt it with demos "
            f"of that task first (robopolicy train init_from=<policy> dataset=<demos> adapter=full|lora|head), "
            f"then fine-tune the adapted policy")


class VectorChunkEnv:
    """N in-process envs stepped chunk by chunk; keeps each env's observation window ``(To, *shape)``."""

    def __init__(self, env_id: str, spec: Any, num_envs: int, seed: int, max_episode_steps: int | None,
                 reserved: dict[str, range] | None = None, stream: SeedRange | None = None):
        from robopolicy.envs import expand_env_ids, make_env
        from robopolicy.eval.rollout import check_policy_matches_env, env_kwargs_for

        kwargs = env_kwargs_for(spec)
        if max_episode_steps:
            kwargs["max_episode_steps"] = max_episode_steps
        self.task_ids = expand_env_ids(env_id)
        self._make = lambda task: make_env(task, **kwargs)  # noqa: E731
        if len(self.task_ids) == 1:
            self.envs = [make_env(env_id, **kwargs) for _ in range(num_envs)]
            check_policy_matches_env(spec, self.envs[0].feature_spec, env_id)
            self._pools: dict[str, list[Any]] | None = None
        else:  # a task set: one env per task to check them all up front (mixed action sizes are refused here)
            self._pools = {task: [self._make(task)] for task in self.task_ids}
            for task, (env,) in self._pools.items():
                check_policy_matches_env(spec, env.feature_spec, task)
            self.envs = [None] * num_envs
        self.spec, self.keys, self.To = spec, list(spec.obs_features), spec.obs_horizon
        first = self.envs[0] if self._pools is None else self._pools[self.task_ids[0]][0]
        check_known_instructions(spec, {task: (first if self._pools is None else self._pools[task][0]).instruction
                                        for task in self.task_ids})
        self.instruction = first.instruction
        self.instructions = [self.instruction] * num_envs  # each env's current task instruction
        self.seed = training_stream(seed).start if stream is None else stream.start
        self.stream = stream
        self.reserved = dict(reserved or {})
        self.skipped: list[str] = []  # the reserved ranges training jumped over (said once each, in the log)
        self.episodes_started = 0
        self.task_episodes = 0  # episodes begun: a task set's n-th episode runs task n mod len(task_ids)
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
        if self._pools is not None:
            self._next_task(i)
        obs, _ = self.envs[i].reset(seed=self.seeds[i])
        return {k: np.repeat(np.asarray(obs[k])[None], self.To, axis=0) for k in self.keys}

    def _next_task(self, i: int) -> None:
        """Env ``i`` hands its env back to its task's pool and takes one of the next task in turn (round robin over
        the set, so every batch mixes tasks and every task gets the same share of episodes)."""
        if self.envs[i] is not None:
            self._pools[self.envs[i].env_id].append(self.envs[i])
        task = self.task_ids[self.task_episodes % len(self.task_ids)]
        self.task_episodes += 1
        pool = self._pools[task]
        self.envs[i] = pool.pop() if pool else self._make(task)
        self.instructions[i] = self.envs[i].instruction

    def observation(self) -> dict[str, Any]:
        obs: dict[str, Any] = {k: np.stack([w[k] for w in self.windows]) for k in self.keys}
        if self.spec.language:
            obs[TASK_KEY] = list(self.instructions)
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
        instructions = list(self.instructions)  # the tasks these chunks ran in (a reset may move an env to the next)
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
                    recorder.finish(i, bool(finished[i]), instructions[i], self.seeds[i])
                self.windows[i] = self._reset(i)
            else:
                self.windows[i] = window
        next_obs: dict[str, Any] = {k: np.stack([w[k] for w in next_windows]) for k in self.keys}
        if self.spec.language:  # a language-conditioned policy reads the instruction with every observation
            next_obs[TASK_KEY] = instructions
        return next_obs, {"reward": reward, "done": done, "steps": steps}, finished

    def close(self) -> None:
        for env in [*self.envs, *(e for pool in (self._pools or {}).values() for e in pool)]:
            if env is not None:
                env.close()
