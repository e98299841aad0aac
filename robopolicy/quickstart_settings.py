"""Typed schema of ``configs/quickstart.yaml`` (registered in Hydra's ConfigStore like every command's).

A misspelt key (``robopolicy quickstart eval.episode=10``) fails at compose time with the valid keys listed, and
numeric settings are range-checked at start-up (``robopolicy.ranges``), before any stage runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hydra.core.config_store import ConfigStore

from robopolicy.ranges import at_least

TRAIN_OVERRIDES = [
    "lr=1e-3", "ema.enabled=false", "policy.obs_horizon=2", "policy.pred_horizon=8", "policy.exec_horizon=4",
    "policy.unet.down_dims=[16,32]", "policy.unet.step_embed_dim=16", "policy.state_encoder.hidden_dims=[32]",
    "policy.state_encoder.out_dim=16", "policy.diffusion.num_inference_steps=4",
    # epsilon, not the x_0 default: DSRL steers an epsilon base further (ten seeds of the DSRL recipe: mean gain
    # +25 vs +15 of 50; docs/results_archive.md, "Learning-test margins")
    "policy.diffusion.prediction_type=epsilon",
]
# DSRL's defaults are the RL suite's DSRL-SAC recipe; the quickstart only sizes it to reach-v3 and selects more often
FINETUNE_OVERRIDES = [
    "finetune.max_episode_steps=60", "finetune.select_every=2500", "finetune.checkpoint_every=5000",
    "eval.episodes=10", "eval.max_episode_steps=60",
]


@dataclass
class QuickstartCollect:
    # datasets/recipes/reach_noisy20.yaml: 20 noisy (0.3) expert demos, a weak clone's data
    recipe: str = "reach_noisy20"


@dataclass
class QuickstartTrain:
    policy: str = "diffusion_unet"
    steps: int = field(default=1500, metadata=at_least(1))
    warmup_steps: int = field(default=2, metadata=at_least(0))
    batch_size: int = field(default=32, metadata=at_least(1))
    # a small U-Net (To=2, Tp=8, Ta=4, 4 DDIM steps): seconds per hundred steps on CPU. Epsilon prediction, not the
    # x_0 default: DSRL steers an epsilon base further (TRAIN_OVERRIDES)
    overrides: list[str] = field(default_factory=lambda: TRAIN_OVERRIDES.copy())


@dataclass
class QuickstartEval:
    episodes: int = field(default=50, metadata=at_least(1))
    # the first evaluation seed: the development split's (robopolicy.protocol.DEVELOPMENT_SEEDS), apart from the
    # demonstration seeds 0+ and the tuning seeds 200,000+
    seed: int = field(default=100_000, metadata=at_least(0))
    # reach-v3 episodes of the DSRL recipe (the expert reaches in ~20-40 steps)
    max_episode_steps: int = field(default=60, metadata=at_least(1))
    videos: int = field(default=1, metadata=at_least(0))  # mp4s per outcome (success, failure)


@dataclass
class QuickstartFinetune:
    enabled: bool = True
    method: str = "dsrl"
    total_env_steps: int = field(default=15000, metadata=at_least(1))
    # DSRL's defaults are the RL suite's DSRL-SAC recipe (the reference's conventions, a zero-initialised noise
    # policy); the quickstart sizes it to reach-v3 and keeps the best policy of every 2.5k env steps on 30 tuning
    # episodes (seeds 200,000+, disjoint from the evaluation seeds)
    overrides: list[str] = field(default_factory=lambda: FINETUNE_OVERRIDES.copy())


@dataclass
class QuickstartConfig:
    """``robopolicy quickstart``: collect -> train -> evaluate -> fine-tune -> evaluate -> paired verdict."""

    env: str = "metaworld/reach-v3"
    run_dir: str | None = None  # null: runs/quickstart/<timestamp>
    seed: int = field(default=0, metadata=at_least(0))
    # torch threads per process: on 2 shared cores, 2 threads measured 18x slower per step
    threads: int = field(default=1, metadata=at_least(1))
    collect: QuickstartCollect = field(default_factory=QuickstartCollect)
    train: QuickstartTrain = field(default_factory=QuickstartTrain)
    eval: QuickstartEval = field(default_factory=QuickstartEval)
    finetune: QuickstartFinetune = field(default_factory=QuickstartFinetune)


SCHEMAS: dict[str, type] = {"quickstart": QuickstartConfig}


def register_schemas() -> None:
    ConfigStore.instance().store(name="quickstart_schema", node=QuickstartConfig)


register_schemas()
