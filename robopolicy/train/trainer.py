"""Behaviour cloning: one loop for every head (diffusion, flow, VLA) over ``policy.loss(batch)``.

AdamW with a linear warm-up then cosine decay of the learning rate, global-norm gradient clipping, an optional
EMA copy of the weights (the EMA copy is what is validated and saved as the policy), validation loss on held-out
episodes, TensorBoard scalars + ``metrics.jsonl``, and atomic, exactly resumable checkpoints (see
``robopolicy.checkpoint``). Batches are ``WindowSampler`` windows ``{obs_key: (B, To, ...),
action: (B, Tp, Da), *_is_pad, ...}``; the data order is a seeded permutation per epoch, so a resumed run
sees the same batches as an uninterrupted one. ``init_from=<checkpoint>`` starts a fresh run from a checkpoint's
published weights, normalizer, policy config and spec (fine-tuning; the result stays mergeable with it).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from omegaconf import DictConfig, OmegaConf
from torch.utils.data import DataLoader
from tqdm.auto import tqdm

from robopolicy import checkpoint as ckpt
from robopolicy.data.normalizer import Normalizer
from robopolicy.data.sampler import WindowSampler, split_episodes
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError, TrainingDivergedError
from robopolicy.policies.policy_config import POLICY_SECTIONS, resolve_policy_config
from robopolicy.policies.protocol import PolicySpec
from robopolicy.runs import MetricsLog, make_run_dir, refuse_existing_run
from robopolicy.train.ema import EMA
from robopolicy.train.spec import check_dataset, derive_spec

NORMALIZED_KINDS = ("state", "action")  # images are scaled by their encoders, not by the normalizer
VAL_SEED_OFFSET = 10_007  # validation noise is seeded from seed + this, so every validation sees the same noise


def warmup_cosine(step: int, warmup_steps: int, total_steps: int) -> float:
    """Learning-rate factor: linear 0 -> 1 over ``warmup_steps``, then cosine 1 -> 0 at ``total_steps``."""
    if step < warmup_steps:
        return (step + 1) / warmup_steps
    progress = (step - warmup_steps) / max(1, total_steps - warmup_steps)
    return 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))


class EpochOrder:
    """Seeded shuffled batches of window indices; ``(epoch, cursor)`` is the whole state."""

    def __init__(self, num_windows: int, batch_size: int, seed: int):
        self.num_windows, self.batch_size, self.seed = num_windows, batch_size, seed
        self.epoch, self.cursor = 0, 0

    def epoch_batches(self, epoch: int) -> list[np.ndarray]:
        perm = np.random.default_rng([self.seed, epoch]).permutation(self.num_windows)
        return [perm[i: i + self.batch_size] for i in range(0, self.num_windows, self.batch_size)]

    def state_dict(self) -> dict[str, int]:
        return {"epoch": self.epoch, "cursor": self.cursor}

    def load_state_dict(self, state: dict[str, int]) -> None:
        self.epoch, self.cursor = int(state["epoch"]), int(state["cursor"])


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


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed % 2**32)
    torch.manual_seed(seed)


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
    """Build everything a BC run needs from a composed ``train`` config, then ``run()``."""

    def __init__(self, cfg: DictConfig):
        self.cfg = cfg
        torch.set_num_threads(int(cfg.threads))
        self.device = torch.device(cfg.device)
        raw_policy_cfg = OmegaConf.to_container(cfg.policy, resolve=True)
        if "name" not in raw_policy_cfg:
            raise RobopolicyError(f"the policy config has no 'name'; valid names: {', '.join(POLICY_SECTIONS)}")
        self.policy_name = str(raw_policy_cfg["name"])
        self.policy_cfg: dict[str, Any] = resolve_policy_config(self.policy_name, raw_policy_cfg)
        self.store = EpisodeStore.open(cfg.dataset, mode="r")
        resume_from = self._resume_checkpoint()
        # init_from only starts a fresh run; a resumed run continues from its own checkpoint
        init_from = self._init_checkpoint() if resume_from is None else None
        if resume_from is not None or init_from is not None:
            # the checkpoint's spec and policy config win over the current config
            info = ckpt.read_policy_info(resume_from or init_from)
            if init_from is not None:
                self._check_init_policy(init_from, info)
            spec, self.policy_cfg = PolicySpec.from_dict(info["spec"]), info["config"]
            check_dataset(spec, self.store)
        else:
            spec = derive_spec(self.store, self.policy_cfg, cfg.obs_keys, cfg.action_key)
        self.spec = spec
        seed_everything(int(cfg.seed))
        self.policy = self._build_policy()
        self.init_checkpoint: Path | None = init_from
        if init_from is not None:  # before the EMA copy is taken, so the average starts from these weights
            weights, _ = ckpt.load_model_state(init_from)
            self.policy.load_state_dict(weights)
        self.ema = EMA(self.policy, cfg.ema.decay, cfg.ema.warmup_offset) if cfg.ema.enabled else None
        self.trainable = [p for p in self.policy.parameters() if p.requires_grad]
        self.optimizer = torch.optim.AdamW(self.trainable, lr=cfg.lr, betas=tuple(cfg.betas),
                                           weight_decay=cfg.weight_decay)
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(
            self.optimizer, lambda s: warmup_cosine(s, int(cfg.warmup_steps), int(cfg.steps)))
        train_eps, val_eps = split_episodes(self.store.num_episodes, cfg.val_fraction, int(cfg.seed))
        self.train_data = self._sampler(train_eps)
        self.val_data = self._sampler(val_eps)
        self.order = EpochOrder(len(self.train_data), int(cfg.batch_size), int(cfg.seed))
        self.step = 0
        self.best_val: float | None = None
        self.run_dir = make_run_dir("train", cfg, run_dir=cfg.run_dir, name=cfg.name)
        self.last_checkpoint: Path | None = None
        self.best_checkpoint: Path | None = None
        if resume_from is not None:
            self._restore(resume_from)

    # ------------------------------------------------------------------ set-up
    def _resume_checkpoint(self) -> Path | None:
        if not self.cfg.resume:
            refuse_existing_run(self.cfg.run_dir, "train", resume_hint="resume=true")
            return None
        if not self.cfg.run_dir:
            raise RobopolicyError("resume=true needs run_dir=<the run to continue>")
        if not (Path(self.cfg.run_dir) / "latest.json").exists():
            raise ckpt.CheckpointError(f"{self.cfg.run_dir}: nothing to resume (no latest.json)")
        return ckpt.read_pointer(self.cfg.run_dir, "latest")

    def _init_checkpoint(self) -> Path | None:
        if not self.cfg.get("init_from"):
            return None
        return ckpt.resolve_checkpoint(self.cfg.init_from)

    def _check_init_policy(self, path: Path, info: dict[str, Any]) -> None:
        kind = info.get("kind", "policy")
        if kind != "policy":
            raise ckpt.CheckpointError(f"init_from={path} is a checkpoint of kind {kind!r}; training starts only "
                                       "from a plain policy checkpoint (kind 'policy')")
        if info.get("name") != self.policy_name:
            raise RobopolicyError(f"init_from={path} holds a {info.get('name')!r} policy but policy="
                                  f"{self.policy_name}; pass policy={info.get('name')}")

    def _build_policy(self) -> torch.nn.Module:
        from robopolicy.policies.registry import build_policy

        modes = {k: self.cfg.normalizer[kind] for k, f in self.spec.obs_features.items()
                 if (kind := f.kind) in NORMALIZED_KINDS}
        modes[self.spec.action_key] = self.cfg.normalizer["action"]
        normalizer = Normalizer.fit(self.store, modes)
        return build_policy(self.policy_name, self.policy_cfg, self.spec, normalizer).to(self.device)

    def _sampler(self, episodes: np.ndarray) -> WindowSampler:
        s = self.spec
        return WindowSampler(self.store, list(s.obs_features), s.action_key, s.obs_horizon, s.pred_horizon,
                             s.exec_horizon, episodes=episodes, in_memory=self.cfg.in_memory, include_task=s.language)

    @property
    def published(self) -> torch.nn.Module:
        """The weights that are validated and saved as the policy: the EMA copy when enabled."""
        return self.ema.shadow if self.ema is not None else self.policy

    # ------------------------------------------------------------------ loop
    def _batches(self):
        """Yields ``(epoch, batch index, batch)`` forever, continuing from ``self.order``'s state."""
        while True:
            batches = self.order.epoch_batches(self.order.epoch)[self.order.cursor:]
            # Own generator: creating a loader must not draw from the global RNG (resume would shift it).
            generator = torch.Generator().manual_seed(int(self.cfg.seed) + self.order.epoch)
            loader = DataLoader(_BatchesOf(self.train_data), sampler=batches, batch_size=None,
                                num_workers=int(self.cfg.num_workers), generator=generator)
            for batch in loader:
                index = self.order.cursor
                self.order.cursor += 1
                yield self.order.epoch, index, batch
            self.order.epoch, self.order.cursor = self.order.epoch + 1, 0

    def train_step(self, batch: dict[str, Any], epoch: int, batch_index: int) -> tuple[float, float, float]:
        """One optimizer update; returns (loss, gradient norm before clipping, learning rate used)."""
        self.policy.train()
        loss, _ = self.policy.loss(to_device(batch, self.device))
        if not torch.isfinite(loss):
            self._diverged("loss", float(loss.detach()), epoch, batch_index)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        clip = self.cfg.grad_clip if self.cfg.grad_clip is not None else float("inf")
        grad_norm = float(torch.nn.utils.clip_grad_norm_(self.trainable, clip))
        if not math.isfinite(grad_norm):
            self._diverged("gradient norm", grad_norm, epoch, batch_index)
        lr = self.optimizer.param_groups[0]["lr"]
        self.optimizer.step()
        self.scheduler.step()
        if self.ema is not None:
            self.ema.update(self.policy)
        self.step += 1
        return float(loss.detach()), grad_norm, lr

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
                loss, _ = model.loss(to_device(self.val_data.get_batch(idx), self.device))
                total += float(loss) * len(idx)
                count += len(idx)
        return total / count

    def run(self, until_step: int | None = None) -> TrainResult:
        """Train to ``cfg.steps`` (or pause at ``until_step`` with a resumable checkpoint) and return a summary."""
        from torch.utils.tensorboard import SummaryWriter

        cfg, stop = self.cfg, int(self.cfg.steps) if until_step is None else min(until_step, int(self.cfg.steps))
        start_time, losses, val_loss, window = time.perf_counter(), {}, None, []
        writer = SummaryWriter(str(self.run_dir / "tensorboard"), purge_step=self.step + 1)
        bar = tqdm(total=int(cfg.steps), initial=self.step, desc="train", dynamic_ncols=True, leave=False)
        try:
            with MetricsLog(self.run_dir / "metrics.jsonl") as metrics:
                batches = self._batches()
                while self.step < stop:
                    epoch, batch_index, batch = next(batches)
                    loss, grad_norm, lr = self.train_step(batch, epoch, batch_index)
                    losses[self.step] = loss
                    window.append(loss)
                    bar.update(1)
                    if self.step % cfg.log_every == 0 or self.step == stop:
                        metrics.log(self.step, train_loss=float(np.mean(window)), loss=loss, grad_norm=grad_norm,
                                    lr=lr, epoch=epoch)
                        writer.add_scalar("train/loss", float(np.mean(window)), self.step)
                        writer.add_scalar("train/grad_norm", grad_norm, self.step)
                        writer.add_scalar("train/lr", lr, self.step)
                        bar.set_postfix(loss=f"{np.mean(window):.4f}", refresh=False)
                        window = []
                    if self.step % cfg.val_every == 0 or self.step == int(cfg.steps):
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
            writer.close()
        tail = list(losses.values())[-max(1, int(cfg.log_every)):]
        return TrainResult(self.run_dir, self.step, float(np.mean(tail)) if tail else float("nan"), val_loss,
                           self.best_val, time.perf_counter() - start_time, self.last_checkpoint,
                           self.best_checkpoint, losses)

    # ------------------------------------------------------------------ checkpoints
    def policy_info(self) -> dict[str, Any]:
        config = getattr(self.policy, "policy_config", self.policy_cfg)
        return {"kind": "policy", "name": self.policy_name, "config": config, "spec": self.spec.to_dict()}

    def save(self) -> Path:
        """Write ``checkpoints/step_<N>`` (resumable) and point ``latest.json`` at it; idempotent per step."""
        path = self.run_dir / ckpt.CHECKPOINTS_SUBDIR / ckpt.checkpoint_name(self.step)
        if self.last_checkpoint == path:
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
        if self.ema is not None:  # model.safetensors holds the EMA weights; the raw training weights go here
            tensors.update({f"training_policy.{k}": v for k, v in self.policy.state_dict().items()})
        self.last_checkpoint = ckpt.save_checkpoint(path, self.published.state_dict(), self.policy_info(),
                                                    self.step, tensors, state)
        ckpt.write_pointer(self.run_dir, "latest", self.last_checkpoint)
        return self.last_checkpoint

    def _restore(self, path: Path) -> None:
        weights, meta = ckpt.load_model_state(path)
        tensors, state = ckpt.load_trainer_state(path)
        self.published.load_state_dict(weights)
        if self.ema is not None:
            prefix = "training_policy."
            self.policy.load_state_dict({k[len(prefix):]: v for k, v in tensors.items() if k.startswith(prefix)})
            self.ema.updates = int(state["ema_updates"])
        self.optimizer.load_state_dict(ckpt.unflatten_state(state["optimizer"], tensors))
        self.scheduler.load_state_dict(ckpt.unflatten_state(state["scheduler"], tensors))
        self.order.load_state_dict(state["data_order"])
        set_rng_state(ckpt.unflatten_state(state["rng"], tensors))
        self.step, self.best_val = int(state["step"]), state["best_val"]
        self.last_checkpoint = path
        best = self.run_dir / "best.json"
        self.best_checkpoint = ckpt.read_pointer(self.run_dir, "best") if best.exists() else None
