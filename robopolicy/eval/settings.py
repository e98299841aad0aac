"""Typed schemas of ``configs/collect.yaml`` and ``configs/eval.yaml``, registered in Hydra's ConfigStore.

The YAML files list these schemas first in their defaults, so a misspelt key or a value of the wrong type fails
at compose time with the valid keys listed, and every numeric setting is range-checked at start-up
(``robopolicy.ranges``): ``episodes=0`` or ``episodes=abc`` is one line naming the key, the value and the valid
range, before any simulator starts. ``tests/test_config_schemas.py`` checks that each YAML default equals its
dataclass default, so the CLI and the Python API cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hydra.core.config_store import ConfigStore
from omegaconf import MISSING

from robopolicy.eval.sequential import DEFAULT_ANYTIME_SHARE, DEFAULT_PRIOR, valid_range
from robopolicy.eval.stats import SIGNIFICANCE
from robopolicy.execution import ExecutionSettings
from robopolicy.ranges import at_least, episodes_limit


@dataclass
class CollectConfig:
    """``robopolicy collect``: scripted-expert or policy rollouts into an episode store."""

    env: str = "metaworld/push-v3"
    source: str = "expert"
    episodes: int = field(default=10, metadata={**at_least(1), **episodes_limit(
        "collect in several runs into the same out=, each with its own seed= range")})
    action_noise: float = field(default=0.0, metadata=at_least(0.0))
    out: str | None = None
    cameras: list[str] = field(default_factory=list)
    image_size: int = field(default=84, metadata=at_least(8))
    state: bool = True
    seed: int = field(default=0, metadata=at_least(0))
    max_steps: int | None = field(default=None, metadata=at_least(1))
    stop_on_success: bool = True
    steps_after_success: int = field(default=0, metadata=at_least(0))
    overwrite: bool = False
    device: str = "cpu"
    progress: bool = True


@dataclass
class EvalConfig:
    """``robopolicy eval``: vectorized rollouts of a checkpoint, success with Wilson intervals."""

    checkpoint: str = MISSING
    env_id: str = MISSING
    episodes: int = field(default=50, metadata={**at_least(1), **episodes_limit(
        "split the evaluation into several runs with disjoint seed= ranges")})
    seed: int = field(default=0, metadata=at_least(0))
    workers: int = field(default=1, metadata=at_least(1))
    envs_per_worker: int = field(default=4, metadata=at_least(1))
    stop_on_success: bool = True
    max_episode_steps: int | None = field(default=None, metadata=at_least(1))
    env_kwargs: dict[str, Any] = field(default_factory=dict)
    videos: int = field(default=2, metadata=at_least(0))
    camera: str | None = None
    video_size: int = field(default=128, metadata=at_least(8))
    run_dir: str | None = None
    name: str = ""
    device: str = "cpu"
    precision: str = "fp32"
    inference_steps: int | None = field(default=None, metadata=at_least(1))
    noise_scale: float | None = field(default=None, metadata=at_least(0.0))
    threads: int = field(default=1, metadata=at_least(1))
    progress: bool = True
    steer: str | None = None
    critic: str | None = None
    K: int = field(default=1, metadata=at_least(1))
    beta: float = field(default=0.0, metadata=at_least(0.0))
    ensemble: str = "min"
    backend: str = "local"
    address: str | None = None
    execution: ExecutionSettings = field(default_factory=ExecutionSettings)
    latency: Any = "0"
    replan_every: int | None = field(default=None, metadata=at_least(1))
    # Two policies on the same seeds (compare=<checkpoint>: it against policy=, a paired verdict)
    compare: str | None = None
    alpha: float = field(default=SIGNIFICANCE, metadata=valid_range("alpha"))
    sequential: bool = False
    sequential_prior: float = field(default=DEFAULT_PRIOR, metadata=valid_range("prior"))
    sequential_anytime_share: float = field(default=DEFAULT_ANYTIME_SHARE, metadata=valid_range("anytime_share"))


SCHEMAS: dict[str, type] = {"collect": CollectConfig, "eval": EvalConfig}


def register_schemas() -> None:
    for name, node in SCHEMAS.items():
        ConfigStore.instance().store(name=f"{name}_schema", node=node)


register_schemas()
