"""Everything a behaviour-cloning run is built from, made once: ``prepare(cfg) -> TrainSetup``; ``Trainer`` trains it.

In order (the order is part of the seeded result: the policy is initialised from ``seed`` after every check):
the Accelerate placement and the micro-batch layout of this process; the policy config; the stores (one, or a
weighted mixture), the episodes they train on and the checks on them; the spec (derived from the data, or a
checkpoint's when resuming or starting ``init_from=`` one); on resume, the refusal of a changed setting that
shapes the run, then the checkpoint read once (weights, trainer tensors and state) with its layout checked; the
seeded policy (normalizer fitted on the selected episodes, ``init_from`` weights loaded, ``adapter=`` applied);
the train / validation split, the memory-or-disk choice and the seeded batch order. Nothing is written: a refused
resume leaves the run directory as it was.
"""

from __future__ import annotations

import logging
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from omegaconf import DictConfig, OmegaConf

from robopolicy import checkpoint as ckpt
from robopolicy.data.mixture import MixtureSampler, check_mixture, fit_normalizer
from robopolicy.data.normalizer import Normalizer
from robopolicy.data.sampler import WindowSampler, choose_in_memory, split_episodes
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.policies.policy_config import POLICY_SECTIONS, resolve_policy_config, stored_policy_config
from robopolicy.policies.protocol import INSTRUCTIONS_KEY, PolicySpec
from robopolicy.runs import refuse_existing_run
from robopolicy.train.adapters import adapt, check_adapter, parameter_counts
from robopolicy.train.mixture import mixture_of
from robopolicy.train.resume import changes_on_resume
from robopolicy.train.spec import (
    check_dataset,
    check_demonstrations,
    check_split,
    derive_spec,
    select_episodes,
)

NORMALIZED_KINDS = ("state", "action")  # images are scaled by their encoders, not by the normalizer
MIXED_PRECISION = {"fp32": "no", "bf16": "bf16", "fp16": "fp16"}  # config value -> Accelerate's name


class LayoutError(RobopolicyError):
    """A process layout (processes, micro-batch size, device) that cannot reproduce the global batch."""


def check_layout(batch_size: int, micro_batch_size: int, processes: int) -> int:
    """Number of micro-batches per global batch; raises unless every process gets the same number."""
    if micro_batch_size < 1 or batch_size % micro_batch_size:
        raise LayoutError(f"micro_batch_size={micro_batch_size} must divide batch_size={batch_size}")
    micro_batches = batch_size // micro_batch_size
    if micro_batches % processes:
        valid = [d for d in range(1, batch_size + 1) if batch_size % d == 0 and (batch_size // d) % processes == 0]
        raise LayoutError(f"batch_size={batch_size} / micro_batch_size={micro_batch_size} = {micro_batches} "
                          f"micro-batches cannot be split evenly over processes={processes}; choose "
                          f"micro_batch_size in {valid}")
    return micro_batches


def in_process_group() -> bool:
    """Whether this process is (or is about to become) one rank of a launched group."""
    import torch.distributed as dist

    return ((dist.is_available() and dist.is_initialized()) or int(os.environ.get("WORLD_SIZE", "1")) > 1
            or "LOCAL_RANK" in os.environ)


def make_accelerator(device: str, mixed_precision: str):
    """An ``accelerate.Accelerator`` for ``device`` (``cpu``, ``cuda``, ``cuda:1``) and ``mixed_precision``.

    In a launched group (``RANK``/``WORLD_SIZE``/... set, by ``robopolicy.scale.launch``, ``accelerate launch`` or
    ``torchrun``) Accelerate joins it and picks this rank's device. On one process, Accelerate's process-wide
    state (fixed by the first ``Accelerator``) is reset first, so that a process building several trainers
    (tests, notebooks) gets each on the device and precision its config asks for.
    """
    from accelerate import Accelerator
    from accelerate.state import AcceleratorState, GradientState
    from accelerate.utils import GradientAccumulationPlugin

    if mixed_precision not in MIXED_PRECISION:
        raise RobopolicyError(f"mixed_precision={mixed_precision!r} is not a precision; valid: "
                              f"{', '.join(MIXED_PRECISION)}")
    target = torch.device(device)
    if mixed_precision == "fp16" and target.type != "cuda":
        raise RobopolicyError(f"mixed_precision=fp16 needs device=cuda (got device={device}); on CPU use bf16 or fp32")
    # The gradient-accumulation count is set once the layout is known; the trainer keeps the data loader.
    kwargs = {"cpu": target.type == "cpu", "mixed_precision": MIXED_PRECISION[mixed_precision],
              "gradient_accumulation_plugin": GradientAccumulationPlugin(num_steps=1, sync_with_dataloader=False)}
    if in_process_group():
        return Accelerator(**kwargs)
    AcceleratorState._reset_state(reset_partial_state=True)
    GradientState._reset_state()
    previous = os.environ.get("ACCELERATE_TORCH_DEVICE")
    os.environ["ACCELERATE_TORCH_DEVICE"] = str(target)  # Accelerate's own override: honours cuda:<index>
    try:
        return Accelerator(**kwargs)
    finally:
        if previous is None:
            os.environ.pop("ACCELERATE_TORCH_DEVICE", None)
        else:
            os.environ["ACCELERATE_TORCH_DEVICE"] = previous


def resume_point(cfg: DictConfig) -> Path | None:
    """The checkpoint a ``resume=true`` run continues from; without resume, refuses a run_dir holding a run."""
    if not cfg.resume:
        refuse_existing_run(cfg.run_dir, "train", resume_hint="resume=true")
        return None
    if not cfg.run_dir:
        raise RobopolicyError("resume=true needs run_dir=<the run to continue>")
    if not (Path(cfg.run_dir) / "latest.json").exists():
        raise ckpt.CheckpointError(f"{cfg.run_dir}: nothing to resume (no latest.json)")
    return ckpt.read_pointer(cfg.run_dir, "latest")


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed % 2**32)
    torch.manual_seed(seed)


@dataclass(frozen=True)
class Layout:
    """Which micro-batches of each global batch this process computes (``micro_batch_size=None``: the whole batch
    in one forward, on one process)."""

    processes: int
    rank: int
    micro_batch_size: int | None
    micro_batches: list[int]

    @property
    def accumulation(self) -> int:
        return len(self.micro_batches)


@dataclass
class ResumeState:
    """The checkpoint a resumed run continues from, read once, and the allowed setting changes it records."""

    path: Path
    weights: dict[str, torch.Tensor]  # the published weights (model.safetensors)
    tensors: dict[str, torch.Tensor]  # trainer.safetensors: optimizer, training weights, RNG tensors
    state: dict[str, Any]             # trainer.json: step, scheduler, data order, RNG structure, ...
    changes: dict[str, dict[str, Any]]


@dataclass
class TrainSetup:
    """What ``prepare`` builds and ``Trainer`` trains: data, spec, the seeded policy and the resume state."""

    cfg: DictConfig
    accelerator: Any
    layout: Layout
    policy_name: str
    policy_cfg: dict[str, Any]
    adapter: str                     # full | lora | head
    adapter_info: dict[str, Any]
    mixture: Any                     # None: one store; else (paths, weights)
    stores: list[EpisodeStore]
    episodes_of: list[np.ndarray]    # each store's selected episodes
    spec: PolicySpec
    policy: torch.nn.Module
    init_checkpoint: Path | None
    in_memory_of: list[bool]
    data_mode: str
    train_data: WindowSampler | MixtureSampler
    val_data: WindowSampler | MixtureSampler | None  # None: val_fraction=0, no validation
    order: Any                       # the seeded, resumable batch order of train_data
    resume: ResumeState | None


def prepare(cfg: DictConfig, micro_batch_size: int | None = None) -> TrainSetup:
    """Build everything a BC run needs from a composed ``train`` config; writes nothing.

    ``micro_batch_size``: cut every global batch into micro-batches of this many windows (required, default
    ``batch_size / processes``, in a launched group; ``None`` on one process: one forward per batch)."""
    accelerator = make_accelerator(str(cfg.device), str(cfg.get("mixed_precision", "fp32")))
    torch.set_num_threads(int(cfg.threads))
    device = accelerator.device
    if device.type != torch.device(cfg.device).type:
        raise LayoutError(f"device={cfg.device} but the launcher placed this process on {device}; launch "
                          f"with device={device.type} or give the processes {cfg.device} devices")
    layout = _layout(cfg, accelerator, micro_batch_size)
    is_main = accelerator.is_main_process
    raw_policy_cfg = OmegaConf.to_container(cfg.policy, resolve=True)
    if "name" not in raw_policy_cfg:
        raise RobopolicyError(f"the policy config has no 'name'; valid names: {', '.join(POLICY_SECTIONS)}")
    policy_name = str(raw_policy_cfg["name"])
    policy_cfg: dict[str, Any] = resolve_policy_config(policy_name, raw_policy_cfg)
    adapter = check_adapter(cfg)
    mixture = mixture_of(cfg)  # None: one store, as always
    selection = cfg.get("episodes", "all")
    if mixture is None:
        stores = [EpisodeStore.open(cfg.dataset, mode="r")]
    else:
        if not isinstance(selection, str):
            raise ConfigError(f"train episodes={list(selection)} picks episodes of one store; a mixture of "
                              f"{len(mixture[0])} stores takes episodes=all or episodes=successful")
        stores = [EpisodeStore.open(path, mode="r") for path in mixture[0]]
        check_mixture(stores, mixture[1])  # one line naming the store, before anything is built
    store = stores[0]  # a mixture's stores share its features: the first one stands for them
    episodes_of: list[np.ndarray] = []
    validate = float(cfg.val_fraction) > 0  # 0: every episode trains (few-shot), no validation loss
    for s in stores:
        check_split(s, validate)
        episodes_of.append(select_episodes(s, selection, minimum=2 if validate else 1))
        if not (isinstance(selection, str) and selection == "successful"):
            check_demonstrations(s, bool(cfg.get("allow_failed_demos", False)))
    resume_from = resume_point(cfg)
    # init_from only starts a fresh run; a resumed run continues from its own checkpoint
    init_from = ckpt.resolve_checkpoint(cfg.init_from) if resume_from is None and cfg.get("init_from") else None
    if resume_from is not None or init_from is not None:
        # the checkpoint's spec and policy config win over the current config
        info = ckpt.read_policy_info(resume_from or init_from)
        if init_from is not None:
            _check_init_policy(init_from, info, policy_name)
        spec, policy_cfg = PolicySpec.from_dict(info["spec"]), stored_policy_config(info["name"], info["config"])
        for s in stores:
            check_dataset(spec, s)
    else:
        spec = derive_spec(store, policy_cfg, cfg.obs_keys, cfg.action_key)
    if spec.language and resume_from is None:  # what it learns from: the fine-tuners refuse other instructions
        known = set(spec.extra.get(INSTRUCTIONS_KEY) or []) if init_from is not None else set()
        spec.extra = {**spec.extra, INSTRUCTIONS_KEY: sorted(known | trained_instructions(stores, episodes_of))}
    resume = None
    if resume_from is not None:
        # a resume continues the run it names: a changed setting that shapes it is refused, naming each key
        changes = changes_on_resume(cfg, cfg.run_dir, store if mixture is None else stores)
        weights, tensors, state = ckpt.load_resumable(resume_from)  # read-only: a refused resume changes nothing
        _check_resume_layout(resume_from, state, layout.micro_batch_size)
        resume = ResumeState(resume_from, weights, tensors, state, changes)
    seed_everything(int(cfg.seed))
    policy = _build_policy(cfg, policy_name, policy_cfg, spec, mixture, stores, episodes_of, device)
    if init_from is not None:  # before the EMA copy is taken, so the average starts from these weights
        weights, _ = ckpt.load_model_state(init_from)
        policy.load_state_dict(weights)
    # lora / head: freeze (and wrap) the loaded policy; a resume rebuilds the same wrapping, then restores it
    adapter_info = adapt(policy, adapter, cfg)

    splits = []  # (train, validation) episodes of each store, split as one store is
    for episodes in episodes_of:
        if validate:
            train_at, val_at = split_episodes(len(episodes), cfg.val_fraction, int(cfg.seed))
            splits.append((episodes[train_at], episodes[val_at]))
        else:
            splits.append((episodes, episodes[:0]))
    in_memory_of, modes = [], []
    data_keys = [*spec.obs_features, spec.action_key]
    for s, episodes in zip(stores, episodes_of):
        in_memory, mode = choose_in_memory(s, data_keys, episodes, cfg.get("in_memory"))
        in_memory_of.append(in_memory)
        modes.append(mode if mixture is None else f"{s.path}: {mode}")
    data_mode = "; ".join(modes)
    if is_main:
        logging.getLogger("robopolicy.train").info("data: %s", data_mode)
        print(f"data: {data_mode}", file=sys.stderr, flush=True)
        for s, episodes, (train_part, val_part) in zip(stores, episodes_of, splits):
            if len(episodes) < s.num_episodes:
                where = "" if mixture is None else f"{s.path}: "
                print(f"episodes: {where}{len(episodes)} of {s.num_episodes} (episodes={selection}): "
                      f"{len(train_part)} train, {len(val_part)} validate", file=sys.stderr, flush=True)
        if adapter != "full":
            count = parameter_counts(policy)
            print(f"adapter: {adapter}, {count['trainable']:,} of {count['total']:,} parameters train "
                  f"({count['fraction']:.2%})", file=sys.stderr, flush=True)
    train_samplers = [_sampler(cfg, spec, s, t, m) for (t, _), s, m in zip(splits, stores, in_memory_of)]
    val_samplers = ([_sampler(cfg, spec, s, v, m) for (_, v), s, m in zip(splits, stores, in_memory_of)]
                    if validate else None)
    if mixture is None:
        train_data, val_data = train_samplers[0], val_samplers[0] if validate else None
    else:  # weighted draws for training; validation: every store's held-out windows, unweighted
        names = [str(s.path) for s in stores]
        train_data = MixtureSampler(train_samplers, mixture[1], names)
        val_data = MixtureSampler(val_samplers, mixture[1], names) if validate else None
    if cfg.get("paraphrase_instructions") and spec.language:
        for sampler in getattr(train_data, "samplers", [train_data]):
            sampler.paraphrase_seed = int(cfg.seed)   # training only: validation keeps the stored wording
    full_batches = layout.micro_batch_size is not None
    if full_batches and len(train_data) < int(cfg.batch_size):
        raise LayoutError(f"the training split has {len(train_data)} windows, fewer than batch_size="
                          f"{cfg.batch_size}; with micro_batch_size every step is a full batch: lower batch_size")
    # seeded batches per epoch, resumable; from disk in a chunk-aware order (WindowSampler.epoch_permutation)
    order = train_data.batch_order(int(cfg.batch_size), int(cfg.seed), drop_last=full_batches)
    return TrainSetup(cfg, accelerator, layout, policy_name, policy_cfg, adapter, adapter_info, mixture, stores,
                      episodes_of, spec, policy, init_from, in_memory_of, data_mode, train_data, val_data, order,
                      resume)


def _layout(cfg: DictConfig, accelerator: Any, micro_batch_size: int | None) -> Layout:
    """Which micro-batches of each global batch this process computes; sets Accelerate's accumulation count."""
    processes, rank = accelerator.num_processes, accelerator.process_index
    batch_size = int(cfg.batch_size)
    if micro_batch_size is None and processes > 1:
        micro_batch_size = max(1, batch_size // processes)
    if processes > 1 and not cfg.run_dir:
        raise LayoutError("data-parallel training needs run_dir= (every process must name the same run)")
    if micro_batch_size is None:
        micro_batches = [0]
    else:
        count = check_layout(batch_size, micro_batch_size, processes)
        micro_batches = list(range(rank, count, processes))  # m ≡ rank (mod processes)
    layout = Layout(processes, rank, micro_batch_size, micro_batches)
    accelerator.gradient_accumulation_steps = layout.accumulation
    return layout


def _check_init_policy(path: Path, info: dict[str, Any], policy_name: str) -> None:
    kind = info.get("kind", "policy")
    if kind != "policy":
        raise ckpt.CheckpointError(f"init_from={path} is a checkpoint of kind {kind!r}; training starts only "
                                   "from a plain policy checkpoint (kind 'policy')")
    if info.get("name") != policy_name:
        raise RobopolicyError(f"init_from={path} holds a {info.get('name')!r} policy but policy="
                              f"{policy_name}; pass policy={info.get('name')}")


def _check_resume_layout(path: Path, state: dict[str, Any], micro_batch_size: int | None) -> None:
    """The layout fixes the numbers: a resume must keep the micro-batch size it was trained with."""
    saved_layout = state.get("micro_batch_size")
    if saved_layout != micro_batch_size:
        was = (f"micro_batch_size={saved_layout}" if saved_layout is not None
               else "one process without micro_batch_size")
        now = (f"micro_batch_size={micro_batch_size}" if micro_batch_size is not None
               else "one process without micro_batch_size")
        fix = (f"pass micro_batch_size={saved_layout} (with a processes count that splits it)"
               if saved_layout is not None else "resume it with plain `robopolicy train` (no launcher)")
        raise LayoutError(f"resume: {path} was trained with {was} but this run uses {now}; {fix} to "
                          "continue it exactly")


def trained_instructions(stores: list[EpisodeStore], episodes_of: list[np.ndarray]) -> set[str]:
    """The instructions (as stored, before any paraphrase) of the episodes a run trains on."""
    names: set[str] = set()
    for s, episodes in zip(stores, episodes_of):
        index = np.asarray(s.column("task_index"))[np.asarray(episodes, dtype=np.int64)]
        names |= {s.tasks[i] for i in np.unique(index) if i >= 0}
    return names


def _build_policy(cfg: DictConfig, policy_name: str, policy_cfg: dict[str, Any], spec: PolicySpec, mixture: Any,
                  stores: list[EpisodeStore], episodes_of: list[np.ndarray], device: torch.device) -> torch.nn.Module:
    from robopolicy.policies.registry import build_policy

    modes = {k: cfg.normalizer[kind] for k, f in spec.obs_features.items() if (kind := f.kind) in NORMALIZED_KINDS}
    modes[spec.action_key] = cfg.normalizer["action"]
    if mixture is None:
        store, episodes = stores[0], episodes_of[0]
        subset = episodes if len(episodes) < store.num_episodes else None
        normalizer = Normalizer.fit(store, modes, episodes=subset)   # statistics of the selected episodes
    else:  # one normalizer over every store's selected episodes
        normalizer = fit_normalizer(stores, modes, [e if len(e) < s.num_episodes else None
                                                    for s, e in zip(stores, episodes_of)])
    return build_policy(policy_name, policy_cfg, spec, normalizer).to(device)


def _sampler(cfg: DictConfig, spec: PolicySpec, store: EpisodeStore, episodes: np.ndarray,
             in_memory: bool) -> WindowSampler:
    cache = cfg.get("cache_bytes")
    return WindowSampler(store, list(spec.obs_features), spec.action_key, spec.obs_horizon, spec.pred_horizon,
                         spec.exec_horizon, episodes=episodes, in_memory=in_memory, include_task=spec.language,
                         cache_bytes=None if cache is None or in_memory else int(cache))
