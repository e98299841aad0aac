"""Typed schema of ``configs/merge.yaml`` (``robopolicy merge``), registered in Hydra's ConfigStore; numeric
settings are range-checked at start-up (``robopolicy.ranges``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hydra.core.config_store import ConfigStore
from omegaconf import MISSING

from robopolicy.ranges import at_least, between


@dataclass
class AlphaByModule:
    """Per-group alpha overriding ``alpha`` (None: the group follows ``alpha``)."""

    vision: float | None = field(default=None, metadata=between(0.0, 1.0))
    language: float | None = field(default=None, metadata=between(0.0, 1.0))
    trunk: float | None = field(default=None, metadata=between(0.0, 1.0))
    action_head: float | None = field(default=None, metadata=between(0.0, 1.0))


@dataclass
class MergeConfig:
    base: str = MISSING  # the pretrained (generalist) checkpoint, or a training run directory
    finetuned: str = MISSING  # the checkpoint fine-tuned on the new task (same architecture)
    # weight of the fine-tuned model, in [0, 1]; 0 = base, 1 = finetuned (bit-identical)
    alpha: float = field(default=0.5, metadata=between(0.0, 1.0))
    alpha_by_module: AlphaByModule | None = field(default_factory=AlphaByModule)
    # whose normalizer statistics the merged model uses: finetuned | base (never interpolated)
    normalizer: str = "finetuned"
    # output checkpoint directory (sweep: a folder of alpha_<a>/ checkpoints + sweep.md/json)
    out: str = MISSING
    overwrite: bool = False  # replace an existing `out`
    sweep: bool = False  # evaluate every alpha of `alphas` on `envs` and write one table
    # sweep: these replace `alpha`; groups in alpha_by_module stay pinned
    alphas: list[float] = field(default_factory=lambda: [0.0, 0.25, 0.5, 0.75, 1.0])
    # sweep: env ids (e.g. the new task, a perturbed variant, the old tasks)
    envs: list[str] = field(default_factory=list)
    episodes: int = field(default=20, metadata=at_least(1))  # sweep: episodes per env and alpha
    # sweep: episode i resets with seed + i (the same seeds for every alpha)
    seed: int = field(default=0, metadata=at_least(0))
    envs_per_worker: int = field(default=4, metadata=at_least(1))
    max_episode_steps: int | None = field(default=None, metadata=at_least(1))
    device: str = "cpu"
    threads: int = field(default=1, metadata=at_least(1))
    progress: bool = True


SCHEMAS: dict[str, type] = {"merge": MergeConfig}
ConfigStore.instance().store(name="merge_schema", node=MergeConfig)
