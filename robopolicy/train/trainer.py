"""Behaviour cloning: one loop for every head (diffusion, flow, VLA) over ``policy.loss(batch)``.

AdamW with a linear warm-up then cosine decay of the learning rate, global-norm gradient clipping, an optional
EMA copy of the weights (the EMA copy is what is validated and saved as the policy), validation loss on held-out
episodes, TensorBoard scalars + ``metrics.jsonl``, and atomic, exactly resumable checkpoints (see
``robopolicy.checkpoint``). Batches are ``WindowSampler`` windows ``{obs_key: (B, To, ...),
action: (B, Tp, Da), *_is_pad, ...}``; the data order is a seeded permutation per epoch, so a resumed run
sees the same batches as an uninterrupted one. ``init_from=<checkpoint>`` starts a fresh run from a checkpoint's
published weights, normalizer, policy config and spec (fine-tuning; the result stays mergeable with it);
``adapter=lora|head`` trains only low-rank adapters (saved merged) or the action head of it
(``robopolicy.train.adapters``). ``dataset=[a,b] dataset_weights=[wa,wb]`` draws the windows from a weighted
mixture of stores (``robopolicy.train.mixture``, ``robopolicy.data.mixture.MixtureSampler``).

The same loop runs on one process and data-parallel: Hugging Face Accelerate places the model, wraps it in DDP
when the process belongs to a launched group (gloo on CPU, NCCL on GPUs), accumulates gradients over
micro-batches and applies ``mixed_precision`` (bf16/fp16 autocast). With ``micro_batch_size`` (always set under a
launcher) every global batch of ``batch_size`` windows is cut into micro-batches; process ``r`` of ``N`` computes
micro-batches ``m ≡ r (mod N)``, each with torch's RNG seeded from ``(seed, step, m)``, and Accelerate's
``1 / accumulation steps`` loss scaling with DDP's mean over processes makes the gradient that of the
global-batch mean loss: the same weights on 1, 2 or 4 processes with the same ``batch_size`` and
``micro_batch_size``. Without it (one process only) the whole batch is one forward drawing from the global RNG.
Only the main process writes the run directory (metrics, TensorBoard, checkpoints, pointers) and validates.
"""

from __future__ import annotations

import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from omegaconf import DictConfig
from torch.utils.data import DataLoader
from tqdm.auto import tqdm

from robopolicy import checkpoint as ckpt
from robopolicy.data.sampler import WindowSampler
from robopolicy.errors import ConfigError, TrainingDivergedError
from robopolicy.models.lora import load_lora_state_dict, lora_state_dict, merged_state_dict
from robopolicy.runs import MetricsLog, continue_run_dir, make_run_dir
from robopolicy.train.adapters import ADAPTER_PREFIX, parameter_counts
from robopolicy.train.ema import EMA
from robopolicy.train.optim import adamw, fused_for_trainer
from robopolicy.train.prepare import LayoutError, ResumeState, TrainSetup, prepare  # noqa: F401 (re-export)
from robopolicy.train.resume import dataset_identity

VAL_SEED_OFFSET = 10_007  # validation noise is seeded from seed + this, so every validation sees the same noise


def micro_batch_seed(seed: int, step: int, micro_batch: int) -> int:
    """Seed of torch's RNG for one micro-batch: the same whatever process computes it."""
    return int(np.random.SeedSequence([seed, step, micro_batch]).generate_state(1)[0])


class LossOf(torch.nn.Module):
    """``forward(batch) = policy.loss(batch)[0]``: the loss computation as the forward pass DDP and autocast wrap."""

    def __init__(self, policy: torch.nn.Module):
        super().__init__()
        self.policy = policy

    def forward(self, batch: dict[str, Any]) -> torch.Tensor:
        return self.policy.loss(batch)[0]


def warmup_cosine(step: int, warmup_steps: int, total_steps: int) -> float:
    """Learning-rate factor: linear 0 -> 1 over ``warmup_steps``, then cosine 1 -> 0 at ``total_steps``."""
    if step < warmup_steps:
        return (step + 1) / warmup_steps
    progress = (step - warmup_steps) / max(1, total_steps - warmup_steps)
    return 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))


class _BatchesOf(torch.utils.data.Dataset):
    """Maps an array of window indices to a stacked batch (the sampler's vectorized path)."""

    def __init__(self, sampler: WindowSampler):
        self.sampler = sampler

    def __getitem__(self, indices: np.ndarray) -> dict[str, Any]:
        return self.sampler.get_batch(indices)


@dataclass
class TrainResult:
    run_dir: Path
    steps: int
    final_train_loss: float
    final_val_loss: float | None
    best_val_loss: float | None
    wall_time_s: float
    checkpoint: Path | None
    best_checkpoint: Path | None
    losses: dict[int, float] = field(default_factory=dict)  # step -> train loss of that step
    # {"trainable", "total", "fraction"} of the trained policy's parameters (adapter=lora / head: a fraction)
    parameters: dict[str, Any] = field(default_factory=dict)
    # a mixture run: windows drawn from each store by the training batches so far (store order); else None
    source_counts: list[int] | None = None


def rng_state() -> dict[str, Any]:
    state = {"python": random.getstate(), "numpy": np.random.get_state(), "torch": torch.get_rng_state()}
    if torch.cuda.is_available():
        state["cuda"] = torch.cuda.get_rng_state_all()
    return state


def set_rng_state(state: dict[str, Any]) -> None:
    random.setstate(state["python"])
    np.random.set_state(state["numpy"])
    torch.set_rng_state(state["torch"])
    if "cuda" in state and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["cuda"])


def to_device(batch: dict[str, Any], device: torch.device) -> dict[str, Any]:
    out = {}
    for k, v in batch.items():
        if isinstance(v, np.ndarray):
            v = torch.from_numpy(v)
        out[k] = v.to(device, non_blocking=True) if isinstance(v, torch.Tensor) else v
    return out


class Trainer:
    """Train what ``prepare`` built (a ``TrainSetup``), then ``run()``: the optimizer, the EMA copy, the loop,
    validation and checkpoints. ``Trainer(cfg, micro_batch_size)`` with a composed ``train`` config prepares it
    first (``robopolicy.train.prepare``).

    ``micro_batch_size``: cut every global batch into micro-batches of this many windows, each seeded from
    ``(seed, step, micro-batch)`` (gradient accumulation on one process; required, default
    ``batch_size / processes``, in a launched group). ``None`` on one process: one forward per batch.
    """

    def __init__(self, setup: TrainSetup | DictConfig, micro_batch_size: int | None = None):
        if not isinstance(setup, TrainSetup):  # a composed config: prepare it here
            setup = prepare(setup, micro_batch_size)
        elif micro_batch_size is not None:
            raise TypeError("micro_batch_size is part of a prepared TrainSetup: pass it to prepare()")
        cfg = setup.cfg
        self.setup, self.cfg, self.accelerator, self.device = setup, cfg, setup.accelerator, setup.accelerator.device
        self.is_main = self.accelerator.is_main_process
        layout = setup.layout
        self.processes, self.rank, self.micro_batch_size = layout.processes, layout.rank, layout.micro_batch_size
        self.micro_batches, self.accumulation = layout.micro_batches, layout.accumulation
        self.policy_name, self.policy_cfg, self.spec = setup.policy_name, setup.policy_cfg, setup.spec
        self.adapter, self.adapter_info, self.mixture = setup.adapter, setup.adapter_info, setup.mixture
        self.stores, self.store, self.episodes = setup.stores, setup.stores[0], setup.episodes_of[0]
        self.in_memory, self.data_mode = setup.in_memory_of[0], setup.data_mode
        self.train_data, self.val_data, self.order = setup.train_data, setup.val_data, setup.order
        self.policy, self.init_checkpoint = setup.policy, setup.init_checkpoint
        self.ema = EMA(self.policy, cfg.ema.decay, cfg.ema.warmup_offset) if cfg.ema.enabled else None
        self.trainable = [p for p in self.policy.parameters() if p.requires_grad]
        self.parameters = parameter_counts(self.policy)
        self.fused_optimizer = fused_for_trainer(self.trainable, cfg.get("fused_optimizer"))
        try:
            self.optimizer = adamw(self.trainable, fused=self.fused_optimizer, lr=cfg.lr, betas=tuple(cfg.betas),
                                   weight_decay=cfg.weight_decay)
        except ValueError as e:
            raise ConfigError(f"fused_optimizer=true: {e}; set fused_optimizer=null or false") from None
        if self.is_main and self.fused_optimizer:  # the loop is the default for small models; say when the kernel is used
            count = sum(p.numel() for p in self.trainable) / 1e6
            setting = cfg.get("fused_optimizer")
            print(f"optimizer: AdamW, fused kernel ({count:.0f}M trainable parameters; fused_optimizer="
                  f"{'null' if setting is None else str(setting).lower()})", file=sys.stderr, flush=True)
        # Not handed to Accelerate: its scheduler wrapper steps once per process (a per-process-batch
        # convention); here a step is one global batch whatever the number of processes.
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(
            self.optimizer, lambda s: warmup_cosine(s, int(cfg.warmup_steps), int(cfg.steps)))
        self.source_counts = np.zeros(len(self.stores), dtype=np.int64) if self.mixture is not None else None
        self.step = 0
        self.best_val: float | None = None
        self.last_checkpoint: Path | None = None
        self.best_checkpoint: Path | None = None
        # Device placement, DDP (its construction is the first collective) and the optimizer wrapper (steps
        # through the fp16 gradient scaler, if any); restoring after it keeps the saved state where it was saved.
        self.loss_model, self.step_optimizer = self.accelerator.prepare(LossOf(self.policy), self.optimizer)
        if setup.resume is not None:
            self._restore(setup.resume)
        self.accelerator.wait_for_everyone()  # every process has read run_dir before the main one writes it
        if not self.is_main:
            self.run_dir = Path(cfg.run_dir)
        elif setup.resume is not None:  # config.yaml keeps the run's own settings; run.json records this resume
            self.run_dir = continue_run_dir(cfg.run_dir, "train", {"step": self.step, "changed": setup.resume.changes})
        else:
            if self.mixture is None:
                details = {"dataset": {"path": str(cfg.dataset), "identity": dataset_identity(self.store)}}
            else:
                details = {"dataset": {"path": list(self.mixture[0]),
                                       "identity": [dataset_identity(s) for s in self.stores]},
                           "mixture": self.train_data.describe()}
            if self.adapter != "full":
                details["adapter"] = {**self.adapter_info, "parameters": self.parameters}
            self.run_dir = make_run_dir("train", cfg, run_dir=cfg.run_dir, name=cfg.name, details=details)

    @property
    def published(self) -> torch.nn.Module:
        """The weights that are validated and saved as the policy: the EMA copy when enabled."""
        return self.ema.shadow if self.ema is not None else self.policy

    # ------------------------------------------------------------------ loop
    def _my_windows(self, indices: np.ndarray) -> np.ndarray:
        """The windows of a global batch this process computes: its micro-batches, in order."""
        if self.micro_batch_size is None:
            return indices
        size = self.micro_batch_size
        return np.concatenate([indices[m * size: (m + 1) * size] for m in self.micro_batches])

    def _batches(self):
        """Yields ``(epoch, batch index, batch)`` forever, continuing from ``self.order``'s state; ``batch`` holds
        this process's windows of the global batch."""
        while True:
            batches = [self._my_windows(b) for b in self.order.epoch_batches(self.order.epoch)[self.order.cursor:]]
            # Own generator: creating a loader must not draw from the global RNG (resume would shift it).
            generator = torch.Generator().manual_seed(int(self.cfg.seed) + self.order.epoch)
            loader = DataLoader(_BatchesOf(self.train_data), sampler=batches, batch_size=None,
                                num_workers=int(self.cfg.num_workers), generator=generator)
            for batch in loader:
                index = self.order.cursor
                self.order.cursor += 1
                yield self.order.epoch, index, batch
            self.order.epoch, self.order.cursor = self.order.epoch + 1, 0

    def _micro_batches(self, batch: dict[str, Any]):
        """``(micro-batch index, windows)`` of this process's part of a global batch."""
        if self.micro_batch_size is None:
            yield None, batch
            return
        size = self.micro_batch_size
        for j, m in enumerate(self.micro_batches):
            yield m, {k: v[j * size: (j + 1) * size] for k, v in batch.items()}

    def train_step(self, batch: dict[str, Any], epoch: int, batch_index: int) -> tuple[float, float, float]:
        """One optimizer update on a global batch; returns (global-batch loss, gradient norm before clipping,
        learning rate used). Every process returns the same numbers."""
        self.loss_model.train()
        self.optimizer.zero_grad(set_to_none=True)
        weighted = torch.zeros((), dtype=torch.float64, device=self.device)  # Σ windows · micro-batch loss
        for m, windows in self._micro_batches(batch):
            if m is not None:
                torch.manual_seed(micro_batch_seed(int(self.cfg.seed), self.step + 1, m))
            with self.accelerator.accumulate(self.loss_model):  # DDP syncs on the last micro-batch only
                loss = self.loss_model(to_device(windows, self.device))
                self.accelerator.backward(loss)  # loss / accumulation; DDP then averages over processes
            weighted += loss.detach().double() * len(windows[self.spec.action_key])
        windows = (int(self.cfg.batch_size) if self.micro_batch_size is not None
                   else len(batch[self.spec.action_key]))
        global_loss = float(self.accelerator.reduce(weighted, reduction="sum")) / windows
        if not math.isfinite(global_loss):
            self._diverged("loss", global_loss, epoch, batch_index)
        clip = self.cfg.grad_clip if self.cfg.grad_clip is not None else float("inf")
        grad_norm = float(self.accelerator.clip_grad_norm_(self.trainable, clip))
        # fp16: a non-finite norm is an overflow the gradient scaler skips (and lowers its scale), not a divergence
        if not math.isfinite(grad_norm) and self.accelerator.scaler is None:
            self._diverged("gradient norm", grad_norm, epoch, batch_index)
        lr = self.optimizer.param_groups[0]["lr"]
        self.step_optimizer.step()
        if not self.step_optimizer.step_was_skipped:
            self.scheduler.step()
        if self.ema is not None:
            self.ema.update(self.policy)
        self.step += 1
        return global_loss, grad_norm, lr

    def _diverged(self, what: str, value: float, epoch: int, batch_index: int) -> None:
        last = str(self.last_checkpoint) if self.last_checkpoint else "none saved yet"
        raise TrainingDivergedError(f"training diverged: {what} is {value} at step {self.step + 1} (epoch {epoch}, "
                                    f"batch {batch_index}); last good checkpoint: {last}. Lower lr (now "
                                    f"{self.cfg.lr}) or check the dataset for extreme values")

    @torch.no_grad()
    def validate(self) -> float:
        """Mean loss of the published weights over the first ``val_batches`` held-out batches, fixed noise."""
        model = self.published.eval()
        order = np.random.default_rng(int(self.cfg.seed)).permutation(len(self.val_data))
        size = int(self.cfg.batch_size)
        chunks = [order[i: i + size] for i in range(0, len(order), size)][: int(self.cfg.val_batches)]
        total, count = 0.0, 0
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(int(self.cfg.seed) + VAL_SEED_OFFSET)
            for idx in chunks:
                batch = self.val_data.get_batch(idx)
                batch.pop("source", None)  # a mixture's store of each window: not an input
                loss, _ = model.loss(to_device(batch, self.device))
                total += float(loss) * len(idx)
                count += len(idx)
        return total / count

    def run(self, until_step: int | None = None) -> TrainResult:
        """Train to ``cfg.steps`` (or pause at ``until_step`` with a resumable checkpoint) and return a summary.

        In a launched group every process trains; the main one alone validates and writes (its result has the
        validation losses)."""
        from torch.utils.tensorboard import SummaryWriter

        cfg, stop = self.cfg, int(self.cfg.steps) if until_step is None else min(until_step, int(self.cfg.steps))
        main = self.is_main
        start_time, losses, val_loss, window = time.perf_counter(), {}, None, []
        writer = SummaryWriter(str(self.run_dir / "tensorboard"), purge_step=self.step + 1) if main else None
        bar = tqdm(total=int(cfg.steps), initial=self.step, desc="train", dynamic_ncols=True, leave=False,
                   disable=not main)
        try:
            with MetricsLog(self.run_dir / "metrics.jsonl") if main else _NoLog() as metrics:
                batches = self._batches()
                while self.step < stop:
                    epoch, batch_index, batch = next(batches)
                    if self.source_counts is not None:  # which store each window came from (a mixture)
                        self.source_counts += np.bincount(np.asarray(batch.pop("source")), minlength=len(self.stores))
                    loss, grad_norm, lr = self.train_step(batch, epoch, batch_index)
                    losses[self.step] = loss
                    window.append(loss)
                    bar.update(1)
                    if main and (self.step % cfg.log_every == 0 or self.step == stop):
                        metrics.log(self.step, train_loss=float(np.mean(window)), loss=loss, grad_norm=grad_norm,
                                    lr=lr, epoch=epoch)
                        writer.add_scalar("train/loss", float(np.mean(window)), self.step)
                        writer.add_scalar("train/grad_norm", grad_norm, self.step)
                        writer.add_scalar("train/lr", lr, self.step)
                        bar.set_postfix(loss=f"{np.mean(window):.4f}", refresh=False)
                    if self.step % cfg.log_every == 0 or self.step == stop:
                        window = []
                    if main and self.val_data is not None and (self.step % cfg.val_every == 0
                                                               or self.step == int(cfg.steps)):
                        val_loss = self.validate()
                        metrics.log(self.step, val_loss=val_loss)
                        writer.add_scalar("val/loss", val_loss, self.step)
                        if self.best_val is None or val_loss < self.best_val:
                            self.best_val = val_loss
                            self.best_checkpoint = self.save()
                            ckpt.write_pointer(self.run_dir, "best", self.best_checkpoint, val_loss=val_loss)
                    if self.step % cfg.ckpt_every == 0 or self.step == stop:
                        self.save()
        finally:
            bar.close()
            if writer is not None:
                writer.close()
        self.accelerator.wait_for_everyone()  # the main process's last writes are done when any returns
        tail = list(losses.values())[-max(1, int(cfg.log_every)):]
        return TrainResult(self.run_dir, self.step, float(np.mean(tail)) if tail else float("nan"), val_loss,
                           self.best_val, time.perf_counter() - start_time, self.last_checkpoint,
                           self.best_checkpoint, losses, dict(self.parameters),
                           None if self.source_counts is None else self.source_counts.tolist())

    # ------------------------------------------------------------------ checkpoints
    def policy_info(self) -> dict[str, Any]:
        config = getattr(self.policy, "policy_config", self.policy_cfg)
        info = {"kind": "policy", "name": self.policy_name, "config": config, "spec": self.spec.to_dict()}
        if self.adapter != "full":  # how it was adapted; a lora checkpoint's weights are already merged
            info["adapter"] = {**self.adapter_info, "parameters": self.parameters}
        if self.mixture is not None:
            info["mixture"] = self.train_data.describe()
        return info

    def save(self) -> Path:
        """Write ``checkpoints/step_<N>`` (resumable) and point ``latest.json`` at it; idempotent per step.

        Only the main process writes; the others just record the path (every process holds the same state)."""
        path = self.run_dir / ckpt.CHECKPOINTS_SUBDIR / ckpt.checkpoint_name(self.step)
        if self.last_checkpoint == path:
            return path
        if not self.is_main:
            self.last_checkpoint = path
            return path
        tensors: dict[str, torch.Tensor] = {}
        state = {
            "step": self.step,
            "best_val": self.best_val,
            "data_order": self.order.state_dict(),
            "scheduler": ckpt.flatten_state(self.scheduler.state_dict(), "scheduler", tensors),
            "optimizer": ckpt.flatten_state(self.optimizer.state_dict(), "optimizer", tensors),
            "rng": ckpt.flatten_state(rng_state(), "rng", tensors),
            "ema_updates": self.ema.updates if self.ema is not None else None,
        }
        if self.micro_batch_size is not None:  # the layout fixes the numbers: a resume must keep it
            state["micro_batch_size"] = self.micro_batch_size
        if self.accelerator.scaler is not None:  # fp16: the gradient scaler's scale and growth tracker
            state["grad_scaler"] = ckpt.flatten_state(self.accelerator.scaler.state_dict(), "grad_scaler", tensors)
        if self.source_counts is not None:
            state["source_counts"] = self.source_counts.tolist()
        lora = self.adapter == "lora"
        # model.safetensors holds the EMA weights; the raw training weights go here (a lora run's always: the
        # wrapped model, base and adapters, is what a resume rebuilds; its published weights are saved merged)
        if self.ema is not None or lora:
            tensors.update({f"training_policy.{k}": v for k, v in self.policy.state_dict().items()})
        if lora:  # the published adapters alone, beside the merged weights
            tensors.update({f"{ADAPTER_PREFIX}{k}": v for k, v in lora_state_dict(self.published).items()})
        weights = merged_state_dict(self.published) if lora else self.published.state_dict()
        self.last_checkpoint = ckpt.save_checkpoint(path, weights, self.policy_info(), self.step, tensors, state)
        ckpt.write_pointer(self.run_dir, "latest", self.last_checkpoint)
        return self.last_checkpoint

    def _restore(self, resume: ResumeState) -> None:
        """Continue from the checkpoint ``prepare`` read: weights, optimizer, scheduler, data order, RNG, step."""
        weights, tensors, state = resume.weights, resume.tensors, resume.state
        prefix = "training_policy."
        training = {k[len(prefix):]: v for k, v in tensors.items() if k.startswith(prefix)}
        if self.adapter == "lora":  # the wrapped model: base and adapters; the EMA copy shares the frozen base
            self.policy.load_state_dict(training)
            if self.ema is not None:
                self.ema.shadow.load_state_dict(training)
                load_lora_state_dict(self.ema.shadow, {k[len(ADAPTER_PREFIX):]: v for k, v in tensors.items()
                                                       if k.startswith(ADAPTER_PREFIX)})
        else:
            self.published.load_state_dict(weights)
            if self.ema is not None:
                self.policy.load_state_dict(training)
        if self.ema is not None:
            self.ema.updates = int(state["ema_updates"])
        if self.source_counts is not None and "source_counts" in state:
            self.source_counts = np.asarray(state["source_counts"], dtype=np.int64)
        self.optimizer.load_state_dict(ckpt.unflatten_state(state["optimizer"], tensors))
        self.scheduler.load_state_dict(ckpt.unflatten_state(state["scheduler"], tensors))
        if "grad_scaler" in state and self.accelerator.scaler is not None:
            self.accelerator.scaler.load_state_dict(ckpt.unflatten_state(state["grad_scaler"], tensors))
        self.order.load_state_dict(state["data_order"])
        set_rng_state(ckpt.unflatten_state(state["rng"], tensors))
        self.step, self.best_val = int(state["step"]), state["best_val"]
        self.last_checkpoint = resume.path
        run_dir = Path(self.cfg.run_dir)
        self.best_checkpoint = ckpt.read_pointer(run_dir, "best") if (run_dir / "best.json").exists() else None


class _NoLog:
    """The metrics log of a process that writes nothing (not the main one)."""

    def __enter__(self) -> _NoLog:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def log(self, step: int, **values: Any) -> None:
        return None
