"""Offline critic training on chunk transitions: IQL (expectile regression) or Cal-QL (calibrated CQL).

IQL (Kostrikov et al.): V(s) regresses min_e Q_target(s, a) with an asymmetric L2 (expectile tau, 0.7), and
Q(s, a) regresses ``r + gamma^n (1 - done) V(s')``; no actor and no out-of-data action is queried.

Cal-QL (Nakamoto et al.), in-sample: TD target ``r + gamma^n (1 - done) min_e Q_target(s', a'_data)`` (the next
chunk in the data), plus ``alpha * (logsumexp_j Q(s, a_j) - Q(s, a_data))`` over M sampled chunks (uniform in
the critic's normalized range and data chunks with Gaussian noise) where each sampled Q is first raised to the
Monte-Carlo return of the data (``max(Q, mc_return)``): the calibration that keeps Q from collapsing below the
behaviour policy's value. Actions enter in the critic's normalization: ``(B, H*Da)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from tqdm import trange

from robopolicy.errors import RobopolicyError
from robopolicy.finetune.critics import ChunkCritic, flatten_observation
from robopolicy.finetune.divergence import check_finite
from robopolicy.finetune.replay import ChunkReplayBuffer
from robopolicy.runs import MetricsLog
from robopolicy.train.optim import FlatAdam

CRITIC_METHODS = ("iql", "calql")


@dataclass
class OfflineCriticConfig:
    method: str = "iql"
    steps: int = 20000
    batch_size: int = 256
    lr: float = 3.0e-4
    tau: float = 0.005            # target network Polyak rate
    expectile: float = 0.7        # IQL
    calql_alpha: float = 5.0      # Cal-QL regularizer weight
    calql_num_actions: int = 10   # sampled chunks per state in the logsumexp (half uniform, half noisy data)
    calql_noise_std: float = 0.3  # std of the noise added to data chunks (normalized units)
    log_every: int = 100

    def __post_init__(self) -> None:
        if self.method not in CRITIC_METHODS:
            raise RobopolicyError(f"unknown critic method {self.method!r}; valid: {', '.join(CRITIC_METHODS)}")


def fit_scalers(critic: ChunkCritic, buffer: ChunkReplayBuffer) -> None:
    """Set the critic's observation and action ranges from the buffer contents."""
    n = len(buffer)
    obs = {k: torch.from_numpy(v[:n]) for k, v in buffer.obs.items()}
    critic.obs_scaler.fit(flatten_observation(obs, list(critic.spec.obs_dims)))
    critic.action_scaler.fit(buffer.action[:n].reshape(-1, critic.spec.action_dim))


def expectile_loss(diff: torch.Tensor, expectile: float) -> torch.Tensor:
    """``|expectile - 1(diff < 0)| * diff^2``, mean over entries."""
    weight = torch.where(diff < 0, 1 - expectile, expectile)
    return (weight * diff.pow(2)).mean()


def iql_losses(critic: ChunkCritic, batch: dict[str, Any], cfg: OfflineCriticConfig) -> dict[str, torch.Tensor]:
    feats, next_feats = critic.features(batch["obs"]), critic.features(batch["next_obs"])
    emb = critic.embed(batch["obs"].get("task"))
    a = critic.normalize_actions(batch["action"])
    with torch.no_grad():
        q_target = critic.q_target(feats, a, emb).min(0).values
        next_v = critic.v(next_feats, emb).squeeze(-1)
        target = batch["reward"] + batch["discount"] * (1 - batch["done"]) * next_v
    v = critic.v(feats, emb).squeeze(-1)
    q = critic.q(feats, a, emb)
    return {"v_loss": expectile_loss(q_target - v, cfg.expectile), "q_loss": (q - target).pow(2).mean(),
            "q_mean": q.mean().detach()}


def calql_losses(critic: ChunkCritic, batch: dict[str, Any], cfg: OfflineCriticConfig) -> dict[str, torch.Tensor]:
    feats, next_feats = critic.features(batch["obs"]), critic.features(batch["next_obs"])
    emb = critic.embed(batch["obs"].get("task"))
    a = critic.normalize_actions(batch["action"])
    with torch.no_grad():
        next_q = critic.q_target(next_feats, critic.normalize_actions(batch["next_action"]), emb).min(0).values
        target = batch["reward"] + batch["discount"] * (1 - batch["done"]) * next_q
    q_data = critic.q(feats, a, emb)                                                    # (E, B)
    B, M = a.shape[0], cfg.calql_num_actions
    half = M // 2
    uniform = torch.rand(B, M - half, a.shape[1]) * 2 - 1
    noisy = (a[:, None] + cfg.calql_noise_std * torch.randn(B, half, a.shape[1])).clamp(-1, 1)
    sampled = torch.cat([uniform, noisy], dim=1).reshape(B * M, -1)                    # (B*M, H*Da)
    rep = lambda x: None if x is None else x.repeat_interleave(M, dim=0)  # noqa: E731
    q_sampled = critic.q(rep(feats), sampled, rep(emb)).reshape(-1, B, M)              # (E, B, M)
    q_sampled = torch.maximum(q_sampled, batch["mc_return"][None, :, None])            # calibration
    conservative = (torch.logsumexp(q_sampled, dim=-1) - q_data).mean()
    td = (q_data - target).pow(2).mean()
    return {"q_loss": td + cfg.calql_alpha * conservative, "td_loss": td.detach(),
            "conservative": conservative.detach(), "q_mean": q_data.mean().detach()}


def train_critic_offline(critic: ChunkCritic, buffer: ChunkReplayBuffer, cfg: OfflineCriticConfig, seed: int = 0,
                         metrics: MetricsLog | None = None, last_good: Path | None = None,
                         progress: bool = True) -> dict[str, float]:
    """Fit the scalers, then ``cfg.steps`` gradient steps of IQL or Cal-QL; returns the last losses."""
    torch.manual_seed(seed)
    generator = np.random.default_rng(seed)
    fit_scalers(critic, buffer)
    critic.train()
    params = list(critic.q.parameters()) + (list(critic.v.parameters()) if cfg.method == "iql" else [])
    optimizer = FlatAdam(params, lr=cfg.lr)
    losses_fn = iql_losses if cfg.method == "iql" else calql_losses
    last: dict[str, float] = {}
    for step in trange(cfg.steps, desc=f"critic ({cfg.method})", disable=not progress):
        losses = losses_fn(critic, buffer.sample(cfg.batch_size, generator), cfg)
        total = losses["q_loss"] + losses.get("v_loss", 0.0)
        check_finite(f"critic {cfg.method}", total, step, last_good)
        optimizer.zero_grad(set_to_none=True)
        total.backward()
        optimizer.step()
        critic.update_target(cfg.tau)
        if step % cfg.log_every == 0 or step == cfg.steps - 1:
            last = {k: float(v.detach()) for k, v in losses.items()}
            if metrics is not None:
                metrics.log(step, **{f"critic/{k}": v for k, v in last.items()})
    critic.eval()
    return last
