"""The typed schema of ``configs/train.yaml``, registered in Hydra's ConfigStore.

Importing this module registers ``train_schema``; ``train.yaml`` lists it first in its defaults, so a key that
is not declared here (``stpes=10``) or a value of the wrong type (``steps=ten``) fails at compose time with the
valid keys listed (``robopolicy.config.compose`` turns Hydra's error into a ``ConfigError``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hydra.core.config_store import ConfigStore
from omegaconf import MISSING, DictConfig

from robopolicy.config import compose
from robopolicy.errors import ConfigError
from robopolicy.models.lora import LoRAConfig
from robopolicy.ranges import at_least, between, greater_than, one_of

SCHEMA_NAME = "train_schema"
# what of init_from's policy trains: every weight | low-rank adapters on the frozen policy | the action head only
ADAPTERS = ("full", "lora", "head")


@dataclass
class EMAConfig:
    """Exponential moving average of the weights; when enabled, the EMA weights are the published policy."""

    enabled: bool = True
    decay: float = field(default=0.999, metadata=between(0.0, 1.0))
    # Effective decay is min(decay, (1 + step) / (warmup_offset + step)): early averages do not drag in
    # the random initialisation (the Diffusion Policy / diffusers EMA warm-up).
    warmup_offset: float = field(default=10.0, metadata=greater_than(0.0))


@dataclass
class NormalizerModes:
    """Normalizer mode per feature kind (``limits``, ``gaussian``, ``quantile``, ``identity``); images are never
    normalized (their encoders scale uint8 to [0, 1])."""

    state: str = "limits"
    action: str = "limits"


@dataclass
class TrainConfig:
    """Behaviour cloning from an episode store. ``policy`` is filled by the ``policy=<name>`` group option: the
    policy's defaults from ``robopolicy.policies.policy_config`` (registered below)."""

    policy: Any = MISSING
    # one episode store (a path), or a mixture: a list of stores with the same features, drawn with dataset_weights
    dataset: Any = MISSING
    # one positive weight per store of a dataset list (each store's share of every batch is weight / sum);
    # null: equal weights. Only with a list of stores.
    dataset_weights: list[float] | None = None
    obs_keys: list[str] | None = None  # None: every state and image feature of the store
    action_key: str = "action"
    run_dir: str | None = None  # null: runs/train/<timestamp>[-<name>]
    name: str = ""
    seed: int = 0
    device: str = "cpu"
    # the BC suite's recipe (experiments/bc_suite.py STEPS: 50 demos, 100 episodes per task; multi-task VLA jobs
    # use steps=9000)
    steps: int = field(default=3_000, metadata=at_least(1))
    batch_size: int = field(default=64, metadata=at_least(1))
    lr: float = field(default=1e-4, metadata=greater_than(0.0))
    betas: list[float] = field(default_factory=lambda: [0.95, 0.999])
    weight_decay: float = field(default=1e-6, metadata=at_least(0.0))
    warmup_steps: int = field(default=500, metadata=at_least(0))
    # max global grad norm; null disables clipping
    grad_clip: float | None = field(default=1.0, metadata=greater_than(0.0))
    ema: EMAConfig = field(default_factory=EMAConfig)
    normalizer: NormalizerModes = field(default_factory=NormalizerModes)
    # share of episodes held out for the validation loss; 0: every episode trains (few-shot data: 1 demo),
    # no validation loss and no best.json (evaluate the latest checkpoint)
    val_fraction: float = field(default=0.1, metadata=between(0.0, 1.0, high_open=True))
    val_every: int = field(default=500, metadata=at_least(1))
    # batches of held-out windows per validation (fixed, so val loss is comparable)
    val_batches: int = field(default=8, metadata=at_least(1))
    ckpt_every: int = field(default=1000, metadata=at_least(1))
    log_every: int = field(default=50, metadata=at_least(1))
    num_workers: int = field(default=0, metadata=at_least(0))
    # null: in memory when the decoded episodes take at most half the available memory, else streamed from disk
    # (chunk-aware order, bounded chunk cache); the run says which it chose. true/false force one.
    in_memory: bool | None = None
    # a store whose every episode is marked failed is refused (cloning imitates failures); true trains anyway
    allow_failed_demos: bool = False
    # which episodes train and validate: all | successful (those marked success; robomimic's filter key) | a list of
    # episode indices ([0,3,7]); the split holds out whole episodes of the selection
    episodes: Any = "all"
    # disk mode: bytes of the decoded-chunk cache (null: min(1 GiB, a quarter of the available memory))
    cache_bytes: int | None = field(default=None, metadata=at_least(0))
    resume: bool = False  # true: continue exactly from <run_dir>/latest.json
    init_from: str | None = None  # checkpoint or run dir whose weights (and normalizer) a fresh run starts from
    # what of init_from's policy trains: full (every weight) | lora (low-rank adapters, the rest frozen; checkpoints
    # are saved merged) | head (the action head, the observation encoder frozen); lora and head need init_from
    adapter: str = field(default="full", metadata=one_of(*ADAPTERS))
    lora: LoRAConfig = field(default_factory=LoRAConfig)  # adapter=lora's rank, alpha and target modules
    threads: int = field(default=1, metadata=at_least(1))  # torch intra-op threads (CPU)
    # fp32 | bf16 | fp16 (fp16: GPU only): Accelerate's autocast of the training forward; weights stay fp32
    mixed_precision: str = "fp32"
    # a language-conditioned policy trains on its instructions rephrased (robopolicy.data.instructions.paraphrases),
    # each window's wording fixed by (seed, window); validation and evaluation keep the instructions as stored
    paraphrase_instructions: bool = False
    # AdamW's fused kernel (one pass per update); null: from robopolicy.train.optim.FUSED_MIN_PARAMS trainable
    # parameters up (real sizes), torch's per-tensor loop below (the sizes the learning-test margins were measured at)
    fused_optimizer: bool | None = None


# ``resume=true`` continues the run its run_dir holds (robopolicy.train.resume): these settings may differ from the
# run's own (each change is recorded in run.json's ``resumes``); a change to any other setting is refused, naming it.
RESUME_MAY_CHANGE: dict[str, str] = {
    "steps": "the budget: training continues to the new total (the cosine decay is recomputed for it from the "
             "resumed step on)",
    "log_every": "logging cadence", "val_every": "validation cadence", "ckpt_every": "checkpoint cadence",
    "threads": "CPU threads", "device": "where it runs (numbers are then equal up to the device's arithmetic)",
    "num_workers": "data-loading processes (the same batches)", "cache_bytes": "disk mode's chunk cache size",
    "allow_failed_demos": "a start-up check", "name": "a label (the run_dir is given)",
    "init_from": "not used on resume: the run continues from its own latest checkpoint",
}
RESUME_IGNORED = ("resume", "run_dir")  # what says which run to continue, not how it runs

SCHEMAS: dict[str, type] = {"train": TrainConfig}  # robopolicy.config.compose range-checks against it


def register_schema() -> None:
    """``TrainConfig`` as ``train_schema``, and each policy's defaults as the ``policy=<name>`` group option: what
    ``resolve_policy_config(name, {})`` gives, so ``robopolicy/policies/policy_config.py`` is their one home."""
    from robopolicy.policies.policy_config import POLICY_SECTIONS, resolve_policy_config

    ConfigStore.instance().store(name=SCHEMA_NAME, node=TrainConfig)
    for name in POLICY_SECTIONS:
        ConfigStore.instance().store(group="policy", name=name, node=resolve_policy_config(name, {}))


register_schema()


def compose_train_config(overrides: list[str] | None = None) -> DictConfig:
    """``configs/train.yaml`` + overrides, validated against ``TrainConfig``; raises ``ConfigError``."""
    cfg = compose("train", overrides)
    missing = [k for k in ("dataset",) if cfg.get(k) is None or str(cfg[k]) == "???"]
    if missing:
        raise ConfigError(f"train needs {', '.join(missing)}=<path to an episode store> "
                          f"(e.g. robopolicy train policy=diffusion_unet dataset=datasets/pusht.zarr)")
    return cfg
