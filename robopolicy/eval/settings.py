"""Typed schemas of ``configs/collect.yaml`` and ``configs/eval.yaml``, registered in Hydra's ConfigStore.

The YAML files list these schemas first in their defaults, so a misspelt key or a value of the wrong type fails
at compose time with the valid keys listed, and every numeric setting is range-checked at start-up
(``robopolicy.ranges``): ``episodes=0`` or ``episodes=abc`` is one line naming the key, the value and the valid
range, before any simulator starts. ``configs/eval.yaml`` states no value: every eval default lives here once
(``EvalSettings``, the Python API's, takes its defaults from ``EvalConfig``); ``tests/test_config_schemas.py``
checks that no other dataclass restates them.
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

    env: str = "metaworld/push-v3"  # a registered id (robopolicy.sim.registered_envs()), or metaworld/mt10 for all ten
    source: str = "expert"  # "expert" (the env's scripted expert) or a policy checkpoint directory
    # per task (metaworld/mt10 collects this many for each of its ten tasks)
    episodes: int = field(default=10, metadata={**at_least(1), **episodes_limit(
        "collect in several runs into the same out=, each with its own seed= range")})
    # std of Gaussian noise added to every action, in action units (then clipped)
    action_noise: float = field(default=0.0, metadata=at_least(0.0))
    out: str | None = None  # store path (required); appended to when it exists and its features match
    cameras: list[str] = field(default_factory=list)  # camera observations to record, e.g. [corner]
    image_size: int = field(default=84, metadata=at_least(8))  # camera images are image_size x image_size
    state: bool = True  # record the state vector
    proprio: bool = False  # also record `proprio`: the robot's own state and the goal, no object poses (pixels)
    seed: int = field(default=0, metadata=at_least(0))  # episode i uses seed + i: rerunning gives the same episodes
    # per-episode step limit; null = the env's max_episode_steps
    max_steps: int | None = field(default=None, metadata=at_least(1))
    stop_on_success: bool = True  # end an episode at its first successful step (demos stay short)
    # with stop_on_success, keep recording this many steps after success
    steps_after_success: int = field(default=0, metadata=at_least(0))
    overwrite: bool = False  # replace an existing store at `out` instead of appending
    device: str = "cpu"  # where a policy checkpoint runs
    progress: bool = True


@dataclass
class EvalConfig:
    """``robopolicy eval``: vectorized rollouts of a checkpoint, success with Wilson intervals. The one home of
    its defaults (``configs/eval.yaml`` only lists this schema; ``EvalSettings`` takes its defaults from here)."""

    checkpoint: str = MISSING  # policy=: a checkpoint directory, or a training run directory (its latest checkpoint)
    env_id: str = MISSING  # env=: an env id from robopolicy.sim.registered_envs(), or metaworld/mt10
    episodes: int = field(default=50, metadata={**at_least(1), **episodes_limit(  # per task
        "split the evaluation into several runs with disjoint seed= ranges")})
    seed: int = field(default=0, metadata=at_least(0))  # episode i resets with seed + i; same seeds, same results
    # 1: step the envs in this process; N > 1: N spawned worker processes
    workers: int = field(default=1, metadata=at_least(1))
    # envs stepped per worker; the policy is called once per round on all of them
    envs_per_worker: int = field(default=4, metadata=at_least(1))
    stop_on_success: bool = True  # end an episode at its first success (Meta-World never terminates by itself)
    max_episode_steps: int | None = field(default=None, metadata=at_least(1))  # null: the env's own limit
    env_kwargs: dict[str, Any] = field(default_factory=dict)  # extra make_env arguments (e.g. reward_shaping)
    videos: int = field(default=2, metadata=at_least(0))  # mp4s per outcome (successes, failures) per task; 0: none
    camera: str | None = None  # video camera; null: the simulator's default camera
    # video resolution when the policy reads no camera (else the policy's image size)
    video_size: int = field(default=128, metadata=at_least(8))
    run_dir: str | None = None  # null: runs/eval/<timestamp>[-<name>]
    name: str = ""
    device: str = "cpu"
    precision: str = "fp32"  # fp32 | bf16: inference precision of diffusion and flow policies (bf16: faster batches)
    # null: the policy's trained number of denoising steps; K: sample with K (fewer: faster chunks)
    inference_steps: int | None = field(default=None, metadata=at_least(1))
    # null: initial noise N(0, I); s: N(0, s^2 I); 0: every chain starts at zero (one chunk per obs)
    noise_scale: float | None = field(default=None, metadata=at_least(0.0))
    threads: int = field(default=1, metadata=at_least(1))  # torch threads for policy inference
    progress: bool = True
    # Value-guided steering (V-GPS): sample K chunks, score them with a critic, take argmax (beta=0) or
    # softmax(Q/beta). DSRL- and DPPO-fine-tuned policies need no steering here: pass their directory as policy=.
    steer: str | None = None  # null | vgps
    critic: str | None = None  # steer=vgps: a critic directory from `robopolicy finetune method=vgps`
    K: int = field(default=1, metadata=at_least(1))  # candidate chunks per decision (K=1: the base policy)
    beta: float = field(default=0.0, metadata=at_least(0.0))  # 0: argmax; > 0: sample softmax(Q / beta)
    ensemble: str = "min"  # steer=vgps: a candidate's score over the critic's Q ensemble: min (pessimistic) | mean
    # Scale-out: backend=ray runs episodes on Ray actors (workers = actors), same seeds and results as local.
    backend: str = "local"  # local | ray
    # backend=ray: null starts a local Ray with `workers` CPUs; "auto" or "ray://host:10001" joins a cluster
    address: str | None = None
    # Latency-aware evaluation: the env keeps stepping while the policy thinks (docs/evaluation.md#latency).
    execution: ExecutionSettings = field(default_factory=ExecutionSettings)
    # steps (4), uniform(2,6), 120ms, normal(120,30)ms, uniform(50,150)ms, trace(<file or deploy run>), or a
    # list [0,1,2,4,8]: one evaluation per value on the same seeds
    latency: Any = "0"
    # steps between observations sent to the policy; null: the policy's exec_horizon (Ta)
    replan_every: int | None = field(default=None, metadata=at_least(1))
    # Two policies on the same seeds: compare=<checkpoint> runs it and policy= pair by pair, reports both success
    # rates and the paired verdict ("improved": compare= succeeds more often). sequential=true stops once an
    # anytime-valid test has decided (episodes is the budget); fixed size (exact McNemar on all episodes) is the
    # default.
    compare: str | None = None
    alpha: float = field(default=SIGNIFICANCE, metadata=valid_range("alpha"))  # two-sided level, in (0, 0.5)
    sequential: bool = False
    # Beta(a, a) mixture prior of the e-process (robopolicy/eval/sequential.py)
    sequential_prior: float = field(default=DEFAULT_PRIOR, metadata=valid_range("prior"))
    # share of alpha spent at every pair; the rest goes to one look at the budget
    sequential_anytime_share: float = field(default=DEFAULT_ANYTIME_SHARE, metadata=valid_range("anytime_share"))


def resolve_execution(execution: ExecutionSettings, latencies: list[Any],
                      replan_every: int | None) -> ExecutionSettings | None:
    """The execution episodes run with: None (the plain synchronous harness) for strategy sync at latency 0 with
    no ``replan_every``, else ``execution``. ``latencies``: every latency the command evaluates (a list of one
    for a single value): a ``latency=[0,4]`` sweep runs its 0 through the latency-aware harness too."""
    plain = execution.strategy == "sync" and list(latencies) in ([0], ["0"]) and replan_every is None
    return None if plain else execution


SCHEMAS: dict[str, type] = {"collect": CollectConfig, "eval": EvalConfig}


def register_schemas() -> None:
    for name, node in SCHEMAS.items():
        ConfigStore.instance().store(name=f"{name}_schema", node=node)


register_schemas()
