"""Typed schema of ``configs/finetune.yaml``'s own keys (``robopolicy finetune``), registered in Hydra's
ConfigStore, and the registry of methods (``METHODS``). A method's keys under ``finetune.*`` are its config
dataclass's fields (``CONFIG``: ``DSRLConfig``, ``DPPOConfig``, ...), registered here as the ``finetune/<method>``
group option with the dataclass's defaults: the dataclass is the one home of a method's defaults."""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from hydra.core.config_store import ConfigStore

from robopolicy.eval.sequential import DEFAULT_ANYTIME_SHARE, DEFAULT_PRIOR, valid_range
from robopolicy.eval.stats import SIGNIFICANCE
from robopolicy.finetune.rewards import SparseRewardConfig
from robopolicy.ranges import at_least


@dataclass
class FinetuneEvalConfig:
    """Before/after evaluation (and the seed range the tuning seeds must stay clear of), and the paired verdict:
    fixed-size (exact McNemar on all ``episodes``, the default) or sequential (``robopolicy.eval.sequential``:
    the fine-tuned policy's episodes stop once the test has decided; ``episodes`` is then the budget)."""

    episodes: int = field(default=20, metadata=at_least(1))
    # evaluation episodes reset with seed + i: disjoint from training seeds
    seed: int = field(default=100_000, metadata=at_least(0))
    envs_per_worker: int = field(default=4, metadata=at_least(1))
    max_episode_steps: int | None = field(default=None, metadata=at_least(1))
    # also evaluate the base from zero initial noise at the end (robopolicy eval noise_scale=0: no training) on the
    # same seeds, shown beside the fine-tuned policy; on weak clones it can match what RL buys (docs/results.md)
    zero_noise_reference: bool = True
    alpha: float = field(default=SIGNIFICANCE, metadata=valid_range("alpha"))  # the verdict's two-sided level
    # true: the fine-tuned policy runs in batches of envs_per_worker against the base's outcomes and stops once an
    # anytime-valid test has decided. Replayed on the committed results it gives the fixed-size verdict in 98.9% of
    # held-out runs (target 99%) with 46% fewer episodes: not yet the default (docs/finetuning.md)
    sequential: bool = False
    # Beta(a, a) mixture prior of the e-process
    sequential_prior: float = field(default=DEFAULT_PRIOR, metadata=valid_range("prior"))
    # share of alpha spent at every pair; the rest goes to one look at the budget
    sequential_anytime_share: float = field(default=DEFAULT_ANYTIME_SHARE, metadata=valid_range("anytime_share"))


@dataclass
class FinetuneConfig:
    finetune: Any = None  # the method's keys: its CONFIG's fields (the finetune/<method> group option)
    method: str = "dsrl"  # dsrl | vgps | dppo | parl (METHODS)
    checkpoint: str | None = None  # policy=: the base policy (checkpoint directory or training run directory)
    env_id: str | None = None  # env=: an env id from robopolicy.sim.registered_envs()
    dataset: str | None = None  # an episode store: offline data (vgps critic; dsrl variant=na preload)
    run_dir: str | None = None  # null: runs/finetune/<timestamp>[-<name>]
    name: str = ""
    seed: int = field(default=0, metadata=at_least(0))
    device: str = "cpu"
    threads: int = field(default=1, metadata=at_least(1))
    progress: bool = True
    # sparse convention when a store has success flags but no per-step reward
    reward: SparseRewardConfig = field(default_factory=SparseRewardConfig)
    # periodic and final evaluation (success vs env steps)
    eval: FinetuneEvalConfig = field(default_factory=FinetuneEvalConfig)


SCHEMAS: dict[str, type] = {"finetune": FinetuneConfig}
ConfigStore.instance().store(name="finetune_schema", node=FinetuneConfig)


# method -> the module that implements it, the one registry of methods: each module exposes CONFIG (its
# ``finetune.*`` keys, defaults and ranges) and run(cfg, run_dir, metrics) (robopolicy/finetune/__init__.py)
METHODS = {"dsrl": "robopolicy.finetune.dsrl", "vgps": "robopolicy.finetune.vgps",
           "dppo": "robopolicy.finetune.dppo", "parl": "robopolicy.finetune.parl"}


def _plain(value: Any) -> Any:
    """A dataclass default as Hydra takes it: nested dataclasses as dicts, tuples as lists."""
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def method_keys(module: ModuleType) -> dict[str, Any]:
    """A method's ``finetune.*`` keys with their defaults: every field of its ``CONFIG`` but those it lists in
    ``NOT_FINETUNE_KEYS`` (fields the command fills from its own keys, such as ``seed`` from ``seed``, or that the
    command does not offer)."""
    hidden = set(getattr(module, "NOT_FINETUNE_KEYS", ()))
    defaults = module.CONFIG()
    return {f.name: _plain(getattr(defaults, f.name)) for f in dataclasses.fields(module.CONFIG)
            if f.name not in hidden}


def register_method(name: str, module: str) -> None:
    """Make ``method=<name>`` (the ``finetune/<name>`` group option) compose to ``method_keys`` of ``module``."""
    ConfigStore.instance().store(group="finetune", name=name, node=method_keys(importlib.import_module(module)))


for _method, _module in METHODS.items():
    register_method(_method, _module)
