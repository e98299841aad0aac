"""``train resume=true`` continues the run it names, not another one: the settings that shaped the run are checked.

A run directory keeps the config it was started with (``config.yaml``, never rewritten) and, in ``run.json``, the
identity of its dataset (episode boundaries, labels and action data hashed) and one entry per resume in
``resumes``. On resume every setting is compared with the run's own (its ``config.yaml`` with the changes earlier
resumes recorded): a setting that may change on resume (``RESUME_MAY_CHANGE`` in ``robopolicy.train.config``:
budget, cadence, threads, device) is allowed and recorded; any other difference (architecture, lr, optimizer,
batch size, seed, obs keys, another dataset or changed dataset content, ...) is refused in one line naming each
key with its old and new value, before anything is written.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from omegaconf import DictConfig, ListConfig, OmegaConf

from robopolicy.data.features import features_of_kind
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import ConfigError
from robopolicy.train.config import RESUME_IGNORED, RESUME_MAY_CHANGE

DATASET_KEY = "dataset"
HASH_ROWS = 1 << 16  # action rows hashed per read: bounded memory whatever the store's size
SHOWN_DIFFERENCES = 8  # keys named in the refusal; the rest are counted


class ResumeMismatchError(ConfigError):
    """``resume=true`` with a setting that shapes the run changed; the message names each key, old -> new."""


def dataset_identity(store: EpisodeStore) -> dict[str, Any]:
    """What identifies a store's content for a training run: episode count, steps and a sha256 (16 hex digits) of
    its features, episode boundaries, per-episode labels, task table and every action-kind array."""
    digest = hashlib.sha256()
    digest.update(json.dumps({k: f.to_dict() for k, f in store.features.items()}, sort_keys=True).encode())
    digest.update(np.ascontiguousarray(store.episode_ends).tobytes())
    for name in ("task_index", "success", "seed"):
        digest.update(np.ascontiguousarray(store.column(name)).tobytes())
    digest.update("\n".join(store.tasks).encode())
    for key in features_of_kind(store.features, "action"):
        for start in range(0, store.num_steps, HASH_ROWS):
            rows = store.read_steps(key, start, min(start + HASH_ROWS, store.num_steps))
            digest.update(np.ascontiguousarray(rows).tobytes())
    return {"episodes": store.num_episodes, "steps": store.num_steps, "sha256": digest.hexdigest()[:16]}


def _flatten(node: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            out.update(_flatten(value, f"{prefix}{key}."))
        return out
    return {prefix[:-1]: node}


def _run_settings(run_dir: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the run's settings as it last ran: config.yaml with earlier resumes' changes applied, its run.json)."""
    config = run_dir / "config.yaml"
    if not config.is_file():
        raise ConfigError(f"train resume=true: run_dir={run_dir} has no config.yaml, so what shaped the run is not "
                          "known; give a fresh run_dir= with init_from= to start from its weights")
    settings = _flatten(OmegaConf.to_container(OmegaConf.load(config), resolve=True))
    info_file = run_dir / "run.json"
    info = json.loads(info_file.read_text()) if info_file.is_file() else {}
    for resume in info.get("resumes", []):
        settings.update({key: change["now"] for key, change in resume.get("changed", {}).items()
                         if key != DATASET_KEY})
    return settings, info


def _show(value: Any) -> str:
    return "null" if value is None else json.dumps(value) if isinstance(value, (list, dict)) else str(value)


def _paths(value: Any) -> list[str]:
    """A dataset setting as a list of paths (one store: a list of one)."""
    return [str(v) for v in value] if isinstance(value, (list, tuple, ListConfig)) else [str(value)]


def _describe(paths: list[str], identities: list[dict[str, Any]]) -> str:
    return ", ".join(f"{p} ({i.get('episodes')} episodes, {i.get('steps')} steps, sha256 {i.get('sha256')})"
                     for p, i in zip(paths, identities))


def changes_on_resume(cfg: DictConfig, run_dir: str | Path,
                      store: EpisodeStore | Sequence[EpisodeStore]) -> dict[str, dict[str, Any]]:
    """The allowed changes of a resume, ``{key: {"was": old, "now": new}}``; raises ``ResumeMismatchError`` naming
    every changed setting that shapes the run (old and new values) before anything is written. ``store``: the
    run's store, or a mixture's stores (their list, order and weights shape the run as one store's content does)."""
    run_dir = Path(run_dir)
    old, info = _run_settings(run_dir)
    new = _flatten(OmegaConf.to_container(cfg, resolve=True))
    refused: list[str] = []
    allowed: dict[str, dict[str, Any]] = {}
    for key in sorted(old.keys() & new.keys()):  # a key the run's config lacks was added since: its checkpoint decides
        top = key.split(".", 1)[0]
        if top in RESUME_IGNORED or top == DATASET_KEY or old[key] == new[key]:
            continue
        if top in RESUME_MAY_CHANGE:
            allowed[key] = {"was": old[key], "now": new[key]}
        else:
            refused.append(f"{key}: {_show(old[key])} -> {_show(new[key])}")
    recorded = info.get(DATASET_KEY)
    now_paths, old_paths = _paths(cfg.dataset), _paths(old.get(DATASET_KEY))
    mixture = isinstance(store, Sequence)
    now_value: Any = now_paths if mixture else str(cfg.dataset)
    if recorded is not None:
        if mixture:
            identity: Any = [dataset_identity(s) for s in store]
            was = recorded.get("identity")
            was_list = was if isinstance(was, list) else [was or {}]
            if identity != was:
                refused.insert(0, f"dataset: [{_describe(_paths(recorded.get('path')), was_list)}] -> "
                                  f"[{_describe(now_paths, identity)}]")
            elif now_paths != old_paths:  # the same stores, in the same order, moved
                allowed[DATASET_KEY] = {"was": old.get(DATASET_KEY), "now": now_value}
        else:
            identity = dataset_identity(store)
            if identity != recorded.get("identity"):
                was = recorded.get("identity") or {}
                if isinstance(was, list):  # a mixture's run resumed on one store
                    was_text = f"[{_describe(_paths(recorded.get('path')), was)}]"
                else:
                    was_text = _describe([str(recorded.get("path"))], [was])
                refused.insert(0, f"dataset: {was_text} -> {_describe([str(cfg.dataset)], [identity])}")
            elif str(cfg.dataset) != str(old.get(DATASET_KEY)):  # the same content at another path: a moved store
                allowed[DATASET_KEY] = {"was": old.get(DATASET_KEY), "now": str(cfg.dataset)}
    elif now_paths != old_paths:  # a run from before identities were recorded: the path
        refused.insert(0, f"dataset: {old.get(DATASET_KEY)} -> {cfg.dataset}")
    if refused:
        more = len(refused) - SHOWN_DIFFERENCES
        shown = "; ".join(refused[:SHOWN_DIFFERENCES]) + (f"; and {more} more" if more > 0 else "")
        raise ResumeMismatchError(
            f"train resume=true: run_dir={run_dir} was trained with other settings that shape the run ({shown}); "
            "resume with the run's own values (its config.yaml), or give a fresh run_dir= (init_from="
            f"{run_dir} starts a new run from its weights). May change on resume: {', '.join(RESUME_MAY_CHANGE)}")
    return allowed
