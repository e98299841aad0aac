"""Data-parallel training: start N processes, each running ``robopolicy.train.trainer.Trainer``.

There is one training loop, the ``Trainer``: through Hugging Face Accelerate it joins the process group these
processes form (gloo on CPU, NCCL on GPUs), wraps the model in DDP and accumulates gradients over micro-batches
seeded by ``(seed, step, micro-batch)``, so N processes give the same weights as one at the same ``batch_size``
and ``micro_batch_size`` (see its module docstring). Resume, ``init_from``, validation, EMA, data-loader workers
and the checkpoint format are the Trainer's; the main process alone writes the run directory.

This module only splits the launch keys off a ``robopolicy train`` command line and starts the processes::

    robopolicy train launcher=accelerate processes=2 [micro_batch_size=M] <train overrides>
    python -m robopolicy.scale.launch processes=2 <train overrides>
    accelerate launch --num_processes 4 -m robopolicy.scale.launch run_dir=runs/train/ddp <train overrides>

``launch_training`` spawns the processes on 127.0.0.1; under an external launcher (``accelerate launch``,
``torchrun``: ``RANK``/``WORLD_SIZE``/``MASTER_ADDR``/``MASTER_PORT`` set) ``main`` runs this process's rank.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from pathlib import Path
from typing import Any

import torch
from omegaconf import DictConfig, OmegaConf
from torch.multiprocessing.spawn import ProcessException

from robopolicy.errors import RobopolicyError
from robopolicy.train.prepare import LayoutError, check_layout
from robopolicy.train.trainer import TrainResult

__all__ = ["LaunchError", "LayoutError", "check_layout", "launch_training", "split_launch_args",
           "train_with_launcher", "main"]

LOOPBACK = "127.0.0.1"
LAUNCH_KEYS = ("launcher", "processes", "micro_batch_size")  # command-line keys read here, not by train.yaml
LAUNCHERS = ("none", "accelerate")  # none: the Trainer in this process; accelerate: N processes, Accelerate + DDP
LAUNCHER_ENV = ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT")


class LaunchError(LayoutError):
    """A launcher problem (bad launch keys, too few GPUs, a failed worker); a ``LayoutError`` too."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def _fresh_run_dir(cfg: DictConfig) -> Path:
    """The run directory every process will share, created empty: ``run_dir`` or ``runs/train/<timestamp>``."""
    from robopolicy.runs import RUNS_ROOT

    if cfg.run_dir:
        path = Path(cfg.run_dir)
        path.mkdir(parents=True, exist_ok=True)
        return path
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = RUNS_ROOT / "train" / (f"{stamp}-{cfg.name}" if cfg.name else stamp)
    base, suffix = path, 1
    while True:
        try:
            path.mkdir(parents=True)
            return path
        except FileExistsError:
            path = base.with_name(f"{base.name}-{suffix}")
            suffix += 1


def _spawned_worker(rank: int, world: int, cfg_yaml: str, port: int, micro_batch_size: int,
                    until_step: int | None, messages: Any) -> None:
    """One rank: join the group through the environment Accelerate reads, train, report to the parent."""
    import torch.distributed as dist

    from robopolicy.train.trainer import Trainer

    os.environ.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(world),
                      MASTER_ADDR=LOOPBACK, MASTER_PORT=str(port))
    cfg = OmegaConf.create(cfg_yaml)
    os.environ.setdefault("OMP_NUM_THREADS", str(cfg.threads))
    try:
        result = Trainer(cfg, micro_batch_size=micro_batch_size).run(until_step)
        if rank == 0:
            messages.put(("result", result))
    except RobopolicyError as e:  # a refusal or a divergence: one line in the parent, no traceback here
        messages.put(("error", type(e), str(e)))
        sys.exit(1)
    finally:
        if dist.is_available() and dist.is_initialized():
            dist.destroy_process_group()


def _raise_worker_error(error: tuple[str, type, str]) -> None:
    _, cls, message = error
    try:
        exc = cls(message)
    except Exception:  # noqa: BLE001 - a class that takes other arguments: keep the message
        exc = RobopolicyError(message)
    raise exc from None


def launch_training(cfg_overrides: list[str], processes: int, micro_batch_size: int | None = None,
                    until_step: int | None = None) -> TrainResult:
    """``robopolicy train <overrides>`` on ``processes`` processes (one per GPU when ``device=cuda``); returns the
    main process's ``TrainResult``. One process runs here; more are spawned on 127.0.0.1.

    ``micro_batch_size`` (default ``batch_size // processes``) fixes the noise layout: runs with the same
    ``batch_size`` and ``micro_batch_size`` give the same weights whatever ``processes`` divides the count.
    ``until_step`` pauses with a resumable checkpoint, as ``Trainer.run`` does.
    """
    from robopolicy import checkpoint as ckpt
    from robopolicy.train.config import compose_train_config
    from robopolicy.train.prepare import resume_point
    from robopolicy.train.trainer import Trainer

    if processes < 1:
        raise LaunchError(f"processes must be >= 1, got {processes}")
    cfg = compose_train_config(cfg_overrides)
    if str(cfg.device).startswith("cuda") and processes > torch.cuda.device_count():
        raise LaunchError(f"processes={processes} with device={cfg.device} needs that many GPUs; "
                          f"this machine has {torch.cuda.device_count()}")
    micro = micro_batch_size or max(1, int(cfg.batch_size) // processes)
    check_layout(int(cfg.batch_size), micro, processes)
    if processes == 1:
        return Trainer(cfg, micro_batch_size=micro).run(until_step)
    # Refusals before any process starts (the workers repeat them, read-only): one line, no spawn.
    resume_point(cfg)
    if not cfg.resume:
        if cfg.get("init_from"):
            ckpt.resolve_checkpoint(cfg.init_from)
        cfg.run_dir = str(_fresh_run_dir(cfg))  # every process must name the same directory
    context = torch.multiprocessing.get_context("spawn")
    messages = context.SimpleQueue()
    received: list[tuple] = []
    workers = torch.multiprocessing.start_processes(
        _spawned_worker, args=(processes, OmegaConf.to_yaml(cfg, resolve=True), _free_port(), micro, until_step,
                               messages), nprocs=processes, start_method="spawn", join=False)
    try:
        while not workers.join(timeout=0.2):  # drain while they run: a full pipe would block a worker's put
            while not messages.empty():
                received.append(messages.get())
    except ProcessException:
        while not messages.empty():
            received.append(messages.get())
        errors = [m for m in received if m[0] == "error"]
        if errors:
            _raise_worker_error(errors[0])
        raise
    while not messages.empty():
        received.append(messages.get())
    results = [m[1] for m in received if m[0] == "result"]
    if not results:
        raise LaunchError(f"data-parallel training on {processes} processes ended without a result from rank 0")
    return results[0]


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


def train_with_launcher(argv: list[str]) -> tuple[TrainResult | None, list[str]]:
    """For ``robopolicy train``: ``(result, overrides)``. With ``launcher=accelerate processes=N`` (or a
    ``micro_batch_size`` on one process) the run happens here and its ``TrainResult`` is returned; with neither
    the result is None and the caller runs its ``Trainer`` on the returned overrides (launch keys removed)."""
    launch, overrides = split_launch_args(argv)
    processes = launch.get("processes", 1)
    if launch.get("launcher", "none") == "none":
        if processes != 1:
            raise LaunchError(f"processes={processes} needs launcher=accelerate")
        if "micro_batch_size" not in launch:
            return None, overrides
    return launch_training(overrides, processes, launch.get("micro_batch_size")), overrides


def _run_this_rank(launch: dict[str, Any], overrides: list[str]) -> TrainResult:
    """Under an external launcher: this process is one rank of the group it set up in the environment."""
    import torch.distributed as dist

    from robopolicy.train.config import compose_train_config
    from robopolicy.train.trainer import Trainer

    cfg = compose_train_config(overrides)
    if not cfg.run_dir:
        raise LaunchError("under an external launcher every rank must write to one place: pass run_dir=")
    try:
        return Trainer(cfg, micro_batch_size=launch.get("micro_batch_size")).run()
    finally:
        if dist.is_available() and dist.is_initialized():
            dist.destroy_process_group()


def main(argv: list[str]) -> int:
    """``python -m robopolicy.scale.launch [processes=N] [micro_batch_size=M] <train overrides>``; under an
    external launcher (``accelerate launch``, ``torchrun``: ``RANK`` etc. set) it runs this process's rank."""
    launch, overrides = split_launch_args(argv)
    if all(k in os.environ for k in LAUNCHER_ENV):
        result = _run_this_rank(launch, overrides)
        if os.environ["RANK"] != "0":
            return 0
    else:
        result, _ = train_with_launcher([*argv, "launcher=accelerate"])
    print(f"trained {result.steps} steps; final train loss {result.final_train_loss:.4f}; "
          f"checkpoint: {result.checkpoint}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
