"""Data-parallel training on N processes (torch.distributed: gloo on CPU, NCCL on GPUs) with the same result as
one process at the same global batch.

Each step the global batch of ``batch_size`` windows (the trainer's seeded ``EpochOrder``) is cut into
micro-batches of ``micro_batch_size``; rank ``r`` computes micro-batches ``m ≡ r (mod N)``, each with torch's RNG
seeded from ``(seed, step, m)`` (so the diffusion noise and timesteps of a window do not depend on which process
draws them). Rank losses are scaled so that DDP's gradient average equals the gradient of the global-batch mean
loss; every rank then clips and steps identically. Only rank 0 writes metrics and checkpoints.

Compared with ``robopolicy.train.trainer.Trainer`` this loop reuses its pieces (spec, policy, normalizer,
windows, ``EpochOrder``, warm-up cosine, EMA, checkpoint format) but drops an epoch's last incomplete batch, has
no validation pass and writes non-resumable checkpoints. Launch with ``launch_training`` (spawns the processes
on 127.0.0.1) or under an external launcher that sets ``RANK``/``WORLD_SIZE``/``MASTER_ADDR``/``MASTER_PORT``::

    accelerate launch --num_processes 4 -m robopolicy.scale.launch run_dir=runs/train/ddp <train overrides>
    python -m robopolicy.scale.launch processes=2 <train overrides>
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
import torch.distributed as dist
from omegaconf import DictConfig, OmegaConf
from torch.nn.parallel import DistributedDataParallel

from robopolicy.errors import RobopolicyError

LOOPBACK = "127.0.0.1"
LAUNCH_KEYS = ("launcher", "processes", "micro_batch_size")  # command-line keys read here, not by train.yaml
LAUNCHERS = ("none", "accelerate")  # none: one process (the Trainer); accelerate: this data-parallel loop
LAUNCHER_ENV = ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT")


class LaunchError(RobopolicyError):
    """A data-parallel layout that cannot reproduce the global batch, or a launcher problem."""


@dataclass
class DataParallelResult:
    run_dir: Path
    steps: int
    losses: dict[int, float]  # step -> global-batch loss
    checkpoint: Path


class LossOf(torch.nn.Module):
    """``forward(batch) = policy.loss(batch)[0]``: lets DDP see the loss computation as the forward pass."""

    def __init__(self, policy: torch.nn.Module):
        super().__init__()
        self.policy = policy

    def forward(self, batch: dict[str, Any]) -> torch.Tensor:
        return self.policy.loss(batch)[0]


def micro_batch_seed(seed: int, step: int, micro_batch: int) -> int:
    """Seed of torch's RNG for one micro-batch: the same whatever process computes it."""
    return int(np.random.SeedSequence([seed, step, micro_batch]).generate_state(1)[0])


def check_layout(batch_size: int, micro_batch_size: int, processes: int) -> int:
    """Number of micro-batches per global batch; raises unless every process gets the same number."""
    if micro_batch_size < 1 or batch_size % micro_batch_size:
        raise LaunchError(f"micro_batch_size={micro_batch_size} must divide batch_size={batch_size}")
    micro_batches = batch_size // micro_batch_size
    if micro_batches % processes:
        raise LaunchError(f"batch_size={batch_size} / micro_batch_size={micro_batch_size} = {micro_batches} "
                          f"micro-batches cannot be split evenly over processes={processes}; choose "
                          f"micro_batch_size in {[d for d in range(1, batch_size + 1) if batch_size % d == 0 and (batch_size // d) % processes == 0]}")
    return micro_batches


def train_data_parallel(cfg: DictConfig, run_dir: Path, micro_batch_size: int) -> dict[int, float]:
    """The training loop of one process of an initialized process group; returns the losses (rank 0 logs)."""
    from robopolicy import checkpoint as ckpt
    from robopolicy.data.normalizer import Normalizer
    from robopolicy.data.sampler import WindowSampler, split_episodes
    from robopolicy.data.store import EpisodeStore
    from robopolicy.policies.policy_config import resolve_policy_config
    from robopolicy.policies.registry import build_policy
    from robopolicy.runs import MetricsLog
    from robopolicy.train.ema import EMA
    from robopolicy.train.spec import derive_spec
    from robopolicy.train.trainer import (
        NORMALIZED_KINDS,
        EpochOrder,
        seed_everything,
        to_device,
        warmup_cosine,
    )

    rank, world = dist.get_rank(), dist.get_world_size()
    micro_batches = check_layout(int(cfg.batch_size), micro_batch_size, world)
    device = torch.device(f"cuda:{rank % torch.cuda.device_count()}" if str(cfg.device).startswith("cuda")
                          else cfg.device)
    seed = int(cfg.seed)
    raw_policy_cfg = OmegaConf.to_container(cfg.policy, resolve=True)
    name = str(raw_policy_cfg["name"])
    policy_cfg = resolve_policy_config(name, raw_policy_cfg)
    store = EpisodeStore.open(cfg.dataset, mode="r")
    spec = derive_spec(store, policy_cfg, cfg.obs_keys, cfg.action_key)
    seed_everything(seed)
    modes = {k: cfg.normalizer[f.kind] for k, f in spec.obs_features.items() if f.kind in NORMALIZED_KINDS}
    modes[spec.action_key] = cfg.normalizer["action"]
    policy = build_policy(name, policy_cfg, spec, Normalizer.fit(store, modes)).to(device)
    train_eps, _ = split_episodes(store.num_episodes, cfg.val_fraction, seed)
    windows = WindowSampler(store, list(spec.obs_features), spec.action_key, spec.obs_horizon, spec.pred_horizon,
                            spec.exec_horizon, episodes=train_eps, in_memory=cfg.in_memory,
                            include_task=spec.language)
    model = DistributedDataParallel(LossOf(policy), device_ids=[device.index] if device.type == "cuda" else None)
    trainable = [p for p in policy.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(trainable, lr=cfg.lr, betas=tuple(cfg.betas), weight_decay=cfg.weight_decay)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: warmup_cosine(s, int(cfg.warmup_steps), int(cfg.steps)))
    ema = EMA(policy, cfg.ema.decay, cfg.ema.warmup_offset) if cfg.ema.enabled and rank == 0 else None
    order = EpochOrder(len(windows), int(cfg.batch_size), seed)
    mine = [m for m in range(micro_batches) if m % world == rank]
    loss_scale = micro_batch_size * world / int(cfg.batch_size)  # DDP averages over ranks: Σ_m loss_m·µ / B
    clip = cfg.grad_clip if cfg.grad_clip is not None else float("inf")
    policy_info = {"kind": "policy", "name": name, "config": getattr(policy, "policy_config", policy_cfg),
                   "spec": spec.to_dict()}
    losses: dict[int, float] = {}
    metrics = MetricsLog(run_dir / "metrics.jsonl") if rank == 0 else None
    checkpoint = None

    def full_batches():
        while True:
            for batch in order.epoch_batches(order.epoch):
                if len(batch) == int(cfg.batch_size):
                    yield batch
            order.epoch += 1

    batches = full_batches()
    for step in range(1, int(cfg.steps) + 1):
        indices = next(batches)
        model.train()
        optimizer.zero_grad(set_to_none=True)
        loss_sum = torch.zeros((), dtype=torch.float64, device=device)
        for j, m in enumerate(mine):
            torch.manual_seed(micro_batch_seed(seed, step, m))
            batch = to_device(windows.get_batch(indices[m * micro_batch_size:(m + 1) * micro_batch_size]), device)
            sync = contextlib.nullcontext() if j == len(mine) - 1 else model.no_sync()
            with sync:
                loss = model(batch)
                (loss * loss_scale).backward()
            loss_sum += loss.detach().double() * micro_batch_size
        dist.all_reduce(loss_sum)
        grad_norm = float(torch.nn.utils.clip_grad_norm_(trainable, clip))
        global_loss = float(loss_sum) / int(cfg.batch_size)
        if not (np.isfinite(global_loss) and np.isfinite(grad_norm)):
            raise RobopolicyError(f"data-parallel training diverged at step {step}: loss {global_loss}, "
                                  f"grad norm {grad_norm}; lower lr (now {cfg.lr})")
        lr = optimizer.param_groups[0]["lr"]
        optimizer.step()
        scheduler.step()
        losses[step] = global_loss
        if rank == 0:
            if ema is not None:
                ema.update(policy)
            metrics.log(step, loss=global_loss, grad_norm=grad_norm, lr=lr, processes=world)
            if step % int(cfg.ckpt_every) == 0 or step == int(cfg.steps):
                published = ema.shadow if ema is not None else policy
                path = run_dir / ckpt.CHECKPOINTS_SUBDIR / ckpt.checkpoint_name(step)
                checkpoint = ckpt.save_checkpoint(path, published.state_dict(), policy_info, step)
                ckpt.write_pointer(run_dir, "latest", checkpoint)
    if metrics is not None:
        metrics.close()
    dist.barrier()
    return losses


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def _backend(device: str) -> str:
    return "nccl" if str(device).startswith("cuda") else "gloo"


def _spawned_worker(rank: int, world: int, cfg_yaml: str, run_dir: str, port: int, micro_batch_size: int) -> None:
    torch.set_num_threads(1)
    cfg = OmegaConf.create(cfg_yaml)
    dist.init_process_group(_backend(cfg.device), init_method=f"tcp://{LOOPBACK}:{port}", rank=rank,
                            world_size=world)
    try:
        train_data_parallel(cfg, Path(run_dir), micro_batch_size)
    finally:
        dist.destroy_process_group()


def launch_training(cfg_overrides: list[str], processes: int, micro_batch_size: int | None = None
                    ) -> DataParallelResult:
    """``robopolicy train <overrides>`` on ``processes`` spawned processes (one per GPU when ``device=cuda``).

    ``micro_batch_size`` (default ``batch_size // processes``) fixes the noise layout: runs with the same
    ``batch_size`` and ``micro_batch_size`` give the same weights whatever ``processes`` divides the count.
    """
    from robopolicy import checkpoint as ckpt
    from robopolicy.runs import make_run_dir, refuse_existing_run
    from robopolicy.train.config import compose_train_config

    if processes < 1:
        raise LaunchError(f"processes must be >= 1, got {processes}")
    cfg = compose_train_config(cfg_overrides)
    unsupported = [k for k in ("resume", "init_from") if cfg.get(k)]
    if unsupported:  # the data-parallel loop does not implement them: refuse rather than silently train from scratch
        raise LaunchError(f"launcher data-parallel training does not support {' or '.join(unsupported)} yet; "
                          "run single-process (drop launcher=) to continue or initialise a run")
    refuse_existing_run(cfg.run_dir, "train")
    if str(cfg.device).startswith("cuda") and processes > torch.cuda.device_count():
        raise LaunchError(f"processes={processes} with device={cfg.device} needs that many GPUs; "
                          f"this machine has {torch.cuda.device_count()}")
    micro = micro_batch_size or int(cfg.batch_size) // processes
    check_layout(int(cfg.batch_size), micro, processes)
    run_dir = make_run_dir("train", cfg, cfg.run_dir, cfg.name)
    torch.multiprocessing.start_processes(
        _spawned_worker, args=(processes, OmegaConf.to_yaml(cfg, resolve=True), str(run_dir), _free_port(), micro),
        nprocs=processes, start_method="spawn", join=True)
    import json

    records = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    losses = {int(r["step"]): float(r["loss"]) for r in records if "loss" in r}
    return DataParallelResult(run_dir, max(losses), losses, ckpt.read_pointer(run_dir, "latest"))


def split_launch_args(argv: list[str]) -> tuple[dict[str, Any], list[str]]:
    """``launcher=/processes=/micro_batch_size=`` out of a ``robopolicy train`` command line, and the rest."""
    launch: dict[str, Any] = {}
    for key, _, value in (a.partition("=") for a in argv):
        if key == "launcher":
            if value not in LAUNCHERS:
                raise LaunchError(f"launcher={value!r} is not a launcher; valid: {', '.join(LAUNCHERS)}")
            launch[key] = value
        elif key in LAUNCH_KEYS:
            try:
                launch[key] = int(value)
            except ValueError:
                raise LaunchError(f"{key}={value!r} must be an integer") from None
    return launch, [a for a in argv if a.partition("=")[0] not in LAUNCH_KEYS]


def train_with_launcher(argv: list[str]) -> tuple[int | None, list[str]]:
    """For ``robopolicy train``: ``(exit code, overrides)``. With ``launcher=accelerate processes=N`` the run
    happens here (exit code 0); with no launcher (or ``launcher=none``) the exit code is None and the caller runs
    its single-process ``Trainer`` on the returned overrides (launch keys removed)."""
    launch, overrides = split_launch_args(argv)
    if launch.get("launcher", "none") == "none":
        if "processes" in launch and launch["processes"] != 1:
            raise LaunchError(f"processes={launch['processes']} needs launcher=accelerate")
        return None, overrides
    processes = launch.get("processes", 1)
    result = launch_training(overrides, processes, launch.get("micro_batch_size"))
    print(f"trained {result.steps} steps on {processes} processes; final loss "
          f"{result.losses[result.steps]:.4f}; checkpoint: {result.checkpoint}")
    return 0, overrides


def main(argv: list[str]) -> int:
    """``python -m robopolicy.scale.launch [processes=N] [micro_batch_size=M] <train overrides>``; under an
    external launcher (``accelerate launch``, ``torchrun``: ``RANK`` etc. set) it runs this process's rank."""
    launch, overrides = split_launch_args(argv)
    if all(k in os.environ for k in LAUNCHER_ENV):
        from robopolicy.train.config import compose_train_config

        cfg = compose_train_config(overrides)
        if not cfg.run_dir:
            raise LaunchError("under an external launcher every rank must write to one place: pass run_dir=")
        torch.set_num_threads(int(cfg.threads))
        dist.init_process_group(_backend(cfg.device), init_method="env://")
        try:
            if dist.get_rank() == 0:
                from robopolicy.runs import make_run_dir

                make_run_dir("train", cfg, cfg.run_dir, cfg.name)
            dist.barrier()
            micro = launch.get("micro_batch_size") or int(cfg.batch_size) // dist.get_world_size()
            train_data_parallel(cfg, Path(cfg.run_dir), micro)
        finally:
            dist.destroy_process_group()
        return 0
    code, _ = train_with_launcher([*argv, "launcher=accelerate"])
    return code or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
