"""Rewards and terminals for offline data: the store's own rewards, or the sparse success convention.

A store with a per-step ``reward`` feature is used as it is. A store without one but with per-episode success
flags gets the sparse convention of V-GPS / Cal-QL: ``+success_reward`` on the last ``last_k`` steps of each
successful episode, 0 elsewhere, and a terminal at the last step of each successful episode (failed episodes
end by truncation, so their last state is bootstrapped). A store with neither cannot train a critic.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError

REWARD_KEY = "reward"
DONE_KEY = "done"


class MissingRewardError(RobopolicyError):
    """An offline store has no rewards and no success flags to derive them from."""


@dataclass
class SparseRewardConfig:
    """``+success_reward`` on the last ``last_k`` steps of a successful episode (V-GPS uses k=3)."""

    last_k: int = 3  # +success_reward on the last k steps of each successful episode
    success_reward: float = 1.0
    use_store_rewards: bool = True  # False: always apply the sparse convention when success flags exist

    def __post_init__(self) -> None:
        if self.last_k < 1:
            raise RobopolicyError(f"reward.last_k must be >= 1, got {self.last_k}")


def sparse_rewards(length: int, success: bool, cfg: SparseRewardConfig) -> tuple[np.ndarray, np.ndarray]:
    """Per-step ``(reward (L,), done (L,))`` of one episode under the sparse success convention."""
    reward = np.zeros(length, np.float32)
    done = np.zeros(length, bool)
    if success:
        reward[max(0, length - cfg.last_k):] = cfg.success_reward
        done[-1] = True
    return reward, done


def episode_rewards(store: EpisodeStore, i: int, cfg: SparseRewardConfig) -> tuple[np.ndarray, np.ndarray]:
    """Per-step ``(reward (L,), done (L,))`` of episode ``i``: stored rewards, else the sparse convention."""
    meta = store.episode_meta(i)
    if cfg.use_store_rewards and REWARD_KEY in store.features:
        reward = np.asarray(store.episode(i, [REWARD_KEY])[REWARD_KEY], np.float32).reshape(-1)
        if DONE_KEY in store.features:
            done = np.asarray(store.episode(i, [DONE_KEY])[DONE_KEY]).astype(bool).reshape(-1)
        else:
            done = np.zeros(len(reward), bool)
            done[-1] = bool(meta["success"])
        return reward, done
    if meta["success"] is None:
        raise MissingRewardError(_missing_message(store, i))
    return sparse_rewards(meta["length"], meta["success"], cfg)


def check_rewards_available(store: EpisodeStore, cfg: SparseRewardConfig) -> str:
    """Say where rewards will come from (``"store"`` or ``"sparse_success"``), or raise naming the missing field."""
    if store.num_episodes == 0:
        raise MissingRewardError(f"{store.path}: the store has no episodes to train a critic on")
    if cfg.use_store_rewards and REWARD_KEY in store.features:
        note = dense_reward_note(store, cfg)
        if note is not None:
            import logging
            import sys

            logging.getLogger("robopolicy.finetune").warning(note)
            print(f"note: {note}", file=sys.stderr, flush=True)
        return "store"
    unknown = np.flatnonzero(store.column("success") < 0)
    if len(unknown):
        raise MissingRewardError(_missing_message(store, int(unknown[0]), len(unknown)))
    return "sparse_success"


def dense_reward_note(store: EpisodeStore, cfg: SparseRewardConfig, episodes: int = 5) -> str | None:
    """A note when the critic is about to learn a store's own dense per-step rewards although every episode also
    has a success flag (``robopolicy collect`` records the env's shaped reward: Meta-World's is up to 10 per step,
    and a critic trained on it ranked V-GPS candidates worse than random on reach-v3); None otherwise."""
    if (store.column("success") < 0).any():
        return None
    values = np.concatenate([np.asarray(store.episode(i, [REWARD_KEY])[REWARD_KEY], np.float64).reshape(-1)
                             for i in range(min(episodes, store.num_episodes))])
    if np.isin(values, [0.0, cfg.success_reward]).all():
        return None
    return (f"the critic learns {store.path}'s own per-step rewards ({values.min():.3g} to {values.max():.3g} in its "
            "first episodes: a dense, shaped reward), although every episode has a success flag; "
            "reward.use_store_rewards=false learns the sparse success reward instead (V-GPS's convention)")


def _missing_message(store: EpisodeStore, first: int, count: int = 1) -> str:
    return (f"{store.path}: no per-step '{REWARD_KEY}' feature and no success flag for {count} episode(s) "
            f"(first: episode {first}); a critic needs one of them. Add success flags with "
            f"EpisodeStore.open(path, 'a').set_success(i, True|False) (or append episodes with success=...), "
            f"or record a '{REWARD_KEY}' feature (Feature((), 'float32', 'reward')) when collecting")
