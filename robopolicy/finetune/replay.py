"""A replay buffer of chunk-level transitions, loadable from an episode store; online episodes go to a store.

One transition per decision (one chunk)::

    obs       {key: (To, *shape)}   the policy's observation window at the decision step t
    action    (*action_shape)       the executed chunk (H, Da) in raw units, or the noise w (Tp, Da) for DSRL
    reward    ()                    the undiscounted sum of the n <= Ta rewards collected while executing it
    next_obs  {key: (To, *shape)}   the window at t + n
    done      ()                    a terminal was reached inside the chunk (truncation is not a terminal)
    discount  ()                    gamma ** n, the bootstrap factor of the next state
    next_action, mc_return          (offline data only) the next chunk in the data; discounted return-to-go

Windows follow the store convention: positions before the start repeat the first frame; an action chunk past
the end repeats the last action (its reward stops at the end).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from tqdm import tqdm

from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError
from robopolicy.finetune.rewards import SparseRewardConfig, check_rewards_available, episode_rewards

TRANSITION_SCALARS = ("reward", "done", "discount", "mc_return", "task_index")


def chunk_transitions_from_store(store: EpisodeStore, obs_keys: Sequence[str], obs_horizon: int,
                                 action_horizon: int, gamma: float, reward_cfg: SparseRewardConfig,
                                 stride: int = 1, episodes: Sequence[int] | None = None,
                                 action_key: str = "action", progress: bool = True) -> dict[str, Any]:
    """Chunk transitions (see the module doc) of every ``stride``-th step of the chosen episodes.

    Returns arrays with a leading N axis: ``obs``/``next_obs`` dicts of ``(N, To, *shape)``, ``action`` and
    ``next_action`` ``(N, H, Da)``, scalars ``(N,)`` (``steps``: the env steps n of each chunk), and ``tasks``
    (instruction strings, indexed by task_index).
    """
    missing = [k for k in [*obs_keys, action_key] if k not in store.features]
    if missing:
        raise RobopolicyError(f"{store.path} has no feature(s) {missing}; features: {', '.join(store.features)}")
    source = check_rewards_available(store, reward_cfg)
    episodes = range(store.num_episodes) if episodes is None else episodes
    To, H = int(obs_horizon), int(action_horizon)
    parts: dict[str, list[np.ndarray]] = {}
    tasks = list(store.tasks)
    for i in tqdm(episodes, desc=f"transitions ({source} rewards)", disable=not progress, leave=False):
        data = store.episode(i, [*obs_keys, action_key])
        reward, done = episode_rewards(store, i, reward_cfg)
        L = len(reward)
        t = np.arange(L)
        n = np.minimum(H, L - t)
        csum = np.concatenate([[0.0], np.cumsum(reward, dtype=np.float64)])
        chunk_reward = (csum[t + n] - csum[t]).astype(np.float32)
        dcum = np.concatenate([[0], np.cumsum(done)])
        chunk_done = (dcum[t + n] - dcum[t]) > 0
        discount = np.power(gamma, n).astype(np.float32)
        mc = np.zeros(L + 1, np.float64)  # discounted chunk-level return-to-go from each step
        for s in range(L - 1, -1, -1):
            mc[s] = chunk_reward[s] + (0.0 if chunk_done[s] else discount[s] * mc[s + n[s]])
        keep = t[::stride]
        window = np.clip(keep[:, None] - To + 1 + np.arange(To), 0, L - 1)
        next_t = keep + n[keep]
        next_window = np.clip(next_t[:, None] - To + 1 + np.arange(To), 0, L - 1)
        chunk = np.clip(keep[:, None] + np.arange(H), 0, L - 1)
        next_chunk = np.clip(next_t[:, None] + np.arange(H), 0, L - 1)
        for k in obs_keys:
            parts.setdefault(f"obs/{k}", []).append(data[k][window])
            parts.setdefault(f"next_obs/{k}", []).append(data[k][next_window])
        parts.setdefault("action", []).append(data[action_key][chunk].astype(np.float32))
        parts.setdefault("next_action", []).append(data[action_key][next_chunk].astype(np.float32))
        parts.setdefault("reward", []).append(chunk_reward[keep])
        parts.setdefault("done", []).append(chunk_done[keep].astype(np.float32))
        parts.setdefault("discount", []).append(discount[keep])
        parts.setdefault("steps", []).append(n[keep].astype(np.int64))
        parts.setdefault("mc_return", []).append(mc[keep].astype(np.float32))
        task_index = store.episode_meta(i)["task_index"]
        parts.setdefault("task_index", []).append(np.full(len(keep), task_index, np.int64))
    if not parts:
        raise RobopolicyError(f"{store.path}: no episodes selected")
    flat = {k: np.concatenate(v) for k, v in parts.items()}
    out: dict[str, Any] = {"obs": {}, "next_obs": {}, "tasks": tasks}
    for k, v in flat.items():
        if "/" in k:
            group, key = k.split("/", 1)
            out[group][key] = v
        else:
            out[k] = v
    return out


class ChunkReplayBuffer:
    """A ring buffer of chunk transitions held as numpy arrays; ``sample`` returns torch tensors."""

    def __init__(self, capacity: int, obs_shapes: dict[str, tuple[int, ...]], obs_dtypes: dict[str, str],
                 obs_horizon: int, action_shape: tuple[int, ...], with_offline_fields: bool = False):
        self.capacity = int(capacity)
        self.obs_keys = list(obs_shapes)
        self.size = 0
        self.pointer = 0
        self.tasks: list[str] = []
        self.obs = {k: np.zeros((capacity, obs_horizon, *s), obs_dtypes[k]) for k, s in obs_shapes.items()}
        self.next_obs = {k: np.zeros_like(v) for k, v in self.obs.items()}
        self.action = np.zeros((capacity, *action_shape), np.float32)
        self.scalars = {k: np.zeros(capacity, np.int64 if k == "task_index" else np.float32)
                        for k in TRANSITION_SCALARS}
        self.scalars["task_index"][:] = -1
        self.next_action = np.zeros_like(self.action) if with_offline_fields else None

    def __len__(self) -> int:
        return self.size

    def task_indices(self, tasks: Sequence[str] | None) -> np.ndarray | None:
        """Intern instruction strings and return their indices into ``self.tasks``."""
        if tasks is None:
            return None
        out = []
        for t in tasks:
            if t not in self.tasks:
                self.tasks.append(t)
            out.append(self.tasks.index(t))
        return np.asarray(out, np.int64)

    def add(self, obs: dict[str, np.ndarray], action: np.ndarray, reward: np.ndarray, next_obs: dict[str, np.ndarray],
            done: np.ndarray, discount: np.ndarray, tasks: Sequence[str] | None = None,
            next_action: np.ndarray | None = None, mc_return: np.ndarray | None = None) -> None:
        """Append a batch of B transitions (arrays with a leading B axis); the oldest are overwritten."""
        b = len(reward)
        if b > self.capacity:
            raise RobopolicyError(f"cannot add {b} transitions to a buffer of capacity {self.capacity}")
        idx = (self.pointer + np.arange(b)) % self.capacity
        for k in self.obs_keys:
            self.obs[k][idx] = np.asarray(obs[k])
            self.next_obs[k][idx] = np.asarray(next_obs[k])
        self.action[idx] = np.asarray(action, np.float32)
        self.scalars["reward"][idx] = reward
        self.scalars["done"][idx] = done
        self.scalars["discount"][idx] = discount
        self.scalars["mc_return"][idx] = 0.0 if mc_return is None else mc_return
        task_index = self.task_indices(tasks)
        self.scalars["task_index"][idx] = -1 if task_index is None else task_index
        if self.next_action is not None:
            if next_action is None:
                raise RobopolicyError("this buffer holds offline fields: pass next_action")
            self.next_action[idx] = next_action
        self.pointer = int((self.pointer + b) % self.capacity)
        self.size = min(self.capacity, self.size + b)

    def add_offline(self, transitions: dict[str, Any]) -> None:
        """Append the output of ``chunk_transitions_from_store`` (in capacity-sized pieces)."""
        tasks = transitions["tasks"]
        ti = transitions["task_index"]
        names = None if (ti < 0).all() else [tasks[i] if i >= 0 else "" for i in ti]
        self.add(transitions["obs"], transitions["action"], transitions["reward"], transitions["next_obs"],
                 transitions["done"], transitions["discount"], names,
                 transitions["next_action"] if self.next_action is not None else None, transitions["mc_return"])

    def sample(self, batch_size: int, generator: np.random.Generator, device: str = "cpu") -> dict[str, Any]:
        """A uniform batch: ``obs``/``next_obs`` dicts of ``(B, To, *shape)`` tensors, ``action`` ``(B, ...)``,
        scalars ``(B,)``; ``obs["task"]`` (list of B strings) when transitions carry instructions."""
        if self.size == 0:
            raise RobopolicyError("cannot sample from an empty replay buffer")
        idx = generator.integers(0, self.size, size=batch_size)

        def as_tensor(a: np.ndarray) -> torch.Tensor:
            return torch.from_numpy(np.ascontiguousarray(a[idx])).to(device)

        batch: dict[str, Any] = {"obs": {k: as_tensor(v) for k, v in self.obs.items()},
                                 "next_obs": {k: as_tensor(v) for k, v in self.next_obs.items()},
                                 "action": as_tensor(self.action)}
        for k, v in self.scalars.items():
            batch[k] = as_tensor(v)
        if self.next_action is not None:
            batch["next_action"] = as_tensor(self.next_action)
        task_index = self.scalars["task_index"][idx]
        if (task_index >= 0).any():
            names = [self.tasks[i] if i >= 0 else "" for i in task_index]
            batch["obs"]["task"] = names
            batch["next_obs"]["task"] = names
        return batch


def buffer_from_store(store: EpisodeStore, obs_keys: Sequence[str], obs_horizon: int, action_horizon: int,
                      gamma: float, reward_cfg: SparseRewardConfig, stride: int = 1,
                      extra_capacity: int = 0, progress: bool = True) -> ChunkReplayBuffer:
    """A buffer preloaded with every chunk transition of a store, with room for ``extra_capacity`` more."""
    data = chunk_transitions_from_store(store, obs_keys, obs_horizon, action_horizon, gamma, reward_cfg,
                                        stride=stride, progress=progress)
    n = len(data["reward"])
    buffer = ChunkReplayBuffer(n + extra_capacity, {k: store.features[k].shape for k in obs_keys},
                               {k: store.features[k].dtype for k in obs_keys}, obs_horizon,
                               data["action"].shape[1:], with_offline_fields=True)
    buffer.add_offline(data)
    return buffer


class EpisodeRecorder:
    """Collects the steps of one running episode per env and appends finished ones to an episode store."""

    def __init__(self, path: str | Path, features: dict[str, Any], fps: float, robot: str = "",
                 policy_id: str | None = None):
        path = Path(path)
        self.store = (EpisodeStore.open(path, mode="a") if path.exists()
                      else EpisodeStore.create(path, features=features, fps=fps, robot=robot))
        self.keys = list(self.store.features)
        self.policy_id = policy_id
        self.running: dict[int, dict[str, list[np.ndarray]]] = {}

    def record(self, env_index: int, step: dict[str, Any]) -> None:
        """One env step: ``step`` holds every store feature for that step (obs before the action, action, ...)."""
        episode = self.running.setdefault(env_index, {k: [] for k in self.keys})
        for k in self.keys:
            episode[k].append(np.asarray(step[k]))

    def finish(self, env_index: int, success: bool, task: str | None, seed: int) -> int | None:
        """Append the env's episode to the store (source "rollout"); returns its index."""
        episode = self.running.pop(env_index, None)
        if not episode or not episode[self.keys[0]]:
            return None
        arrays = {k: np.stack(v) for k, v in episode.items()}
        return self.store.append_episode(arrays, task=task, success=success, source="rollout", seed=seed,
                                         policy_id=self.policy_id)
