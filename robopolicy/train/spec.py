"""The ``PolicySpec`` a training run derives from its dataset and policy config, and the check that they agree.

Observation features and the action dim come from the store's features, the horizons and the language flag from
the policy config, the control rate from the store's fps. A dataset that lacks a key the policy reads, or has it
with another shape, is refused before anything trains, with the missing / mismatched keys named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from robopolicy.data.features import Feature, describe_mismatch, features_of_kind
from robopolicy.data.store import SUCCESS_UNKNOWN, EpisodeStore
from robopolicy.errors import RobopolicyError
from robopolicy.policies.protocol import PolicySpec
from robopolicy.policies.registry import policy_spec_from_config

OBS_KINDS = ("state", "image")  # feature kinds a policy reads as observations by default


class DatasetMismatchError(RobopolicyError):
    """The dataset does not provide what the policy reads or predicts."""


def default_obs_keys(features: Mapping[str, Feature]) -> list[str]:
    """Every state and image feature, in store order."""
    return features_of_kind(features, *OBS_KINDS)


def derive_spec(store: EpisodeStore, policy_cfg: Mapping[str, Any], obs_keys: Sequence[str] | None,
                action_key: str = "action") -> PolicySpec:
    """``PolicySpec`` from the store's features + fps and the policy config's horizons + language flag."""
    keys = list(obs_keys) if obs_keys is not None else default_obs_keys(store.features)
    if not keys:
        raise DatasetMismatchError(f"{store.path}: no state or image features to observe; features: "
                                   f"{', '.join(f'{k} ({f.kind})' for k, f in store.features.items())}")
    missing = [k for k in (*keys, action_key) if k not in store.features]
    if missing:
        raise DatasetMismatchError(f"{store.path}: the policy needs {missing} but the dataset has no such "
                                   f"feature(s); dataset features: {', '.join(store.features)}")
    spec = policy_spec_from_config(policy_cfg, store.features, keys, action_key, control_rate=float(store.fps))
    check_dataset(spec, store)
    return spec


class FailedDemonstrationsError(RobopolicyError):
    """Every episode of the demonstration store is marked failed: cloning it would imitate failures."""


def check_demonstrations(store: EpisodeStore, allow_failed: bool = False) -> None:
    """Refuse a store whose episodes all carry ``success = false`` (episodes of unknown success pass), unless
    ``allow_failed``: behaviour cloning learns to do what the demos do."""
    rate = store.success_rate()
    if rate == 0.0 and not allow_failed:
        raise FailedDemonstrationsError(
            f"every episode with a success flag in {store.path} failed ({store.num_episodes} episodes, success rate "
            "0): cloning them teaches the failure. Collect again with less action_noise or another source, or pass "
            "allow_failed_demos=true to train on them anyway")


EPISODE_SELECTIONS = ("all", "successful")


def select_episodes(store: EpisodeStore, episodes: Any, minimum: int = 2) -> np.ndarray:
    """The store's episode indices a run trains and validates on: ``all``, ``successful`` (marked success; episodes
    of unknown success are left out) or a list of indices. Refused with a one-line error naming the bad value: an
    unknown name, an index outside the store, a repeated index, or a selection of fewer than ``minimum`` episodes
    (2 with a validation split, which holds out whole episodes; 1 with ``val_fraction=0``)."""
    n = store.num_episodes
    if isinstance(episodes, str):
        if episodes not in EPISODE_SELECTIONS:
            raise DatasetMismatchError(f"episodes={episodes}: valid values are {', '.join(EPISODE_SELECTIONS)} or a "
                                       f"list of episode indices (e.g. episodes=[0,1,2])")
        if episodes == "all":
            return np.arange(n, dtype=np.int64)
        success = np.asarray(store.column("success"))
        chosen = np.flatnonzero(success == 1).astype(np.int64)
        why = (f"{int((success == 0).sum())} failed, {int((success == SUCCESS_UNKNOWN).sum())} of unknown success "
               f"left out")
    else:
        try:
            chosen = np.asarray([int(i) for i in episodes], dtype=np.int64)
        except (TypeError, ValueError):
            raise DatasetMismatchError(f"episodes={episodes}: give all, successful or a list of episode indices "
                                       f"(integers)") from None
        bad = [int(i) for i in chosen if not 0 <= i < n]
        if bad:
            raise DatasetMismatchError(f"episodes: {bad} not in {store.path}, whose episodes are 0..{n - 1}")
        if len(np.unique(chosen)) != len(chosen):
            raise DatasetMismatchError(f"episodes: an index is repeated in {list(map(int, chosen))}")
        chosen = np.sort(chosen)
        why = "the indices given"
    if len(chosen) < minimum:
        raise DatasetMismatchError(
            f"episodes={episodes} selects {len(chosen)} of {n} episode(s) of {store.path} ({why}); "
            + ("training holds out whole episodes for validation, so it needs at least 2 (or val_fraction=0: every "
               "episode trains, no validation)" if minimum > 1 else "there is nothing to train on"))
    return chosen


def check_split(store: EpisodeStore, validate: bool = True) -> None:
    """Refuse a store too small for the train/validation split (one episode each side at least), or an empty one."""
    if store.num_episodes < (2 if validate else 1):
        raise DatasetMismatchError(
            f"{store.path} has {store.num_episodes} episode(s); "
            + ("training holds out whole episodes for validation, so it needs at least 2 (or val_fraction=0: every "
               "episode trains)" if validate else "there is nothing to train on")
            + ". Collect more (robopolicy collect ... episodes=N appends to the store)")


def check_dataset(spec: PolicySpec, store: EpisodeStore) -> None:
    """Raise ``DatasetMismatchError`` naming every key the policy needs that the dataset lacks or shapes differently."""
    wanted = dict(spec.obs_features)
    wanted[spec.action_key] = Feature((spec.action_dim,), "float32", "action")
    problems = describe_mismatch(wanted, store.features, expected_name="policy", actual_name=f"dataset {store.path}")
    if spec.language and not store.tasks:
        problems.append(f"the policy is language-conditioned but dataset {store.path} has no task instructions")
    if problems:
        raise DatasetMismatchError("dataset does not match the policy spec: " + "; ".join(problems))
