"""V-GPS (Nakamoto et al.): value-guided policy steering at deployment; the policy is any ``Sampler``.

At each decision, ``K`` chunks are sampled from the base policy, ``(B, n*K, Tp, Da)`` in the policy's raw units;
the executed actions the critic scores (the first ``H = critic.spec.action_horizon`` actions of the executed
slice, starting at index ``To - 1``) are converted into the critic's own normalization by the critic
(``ChunkCritic.normalize_actions``: explicit, so a policy with other normalization stats -- one the critic never
saw -- is scored correctly), Q is averaged over the ensemble, and one chunk is kept per sample: the argmax
(``beta = 0``) or a draw from ``softmax(Q / beta)``. ``K = 1`` returns the base policy's chunk unchanged.

``train_vgps_critic`` trains the policy-agnostic critic offline (IQL or Cal-QL, gamma 0.98, sparse success
rewards on the last 3 steps) from an episode store and writes a critic directory.

``VGPSConfig`` holds the defaults and valid ranges of ``robopolicy finetune method=vgps``'s ``finetune.*`` keys
(the one home of those defaults: ``robopolicy.finetune.settings`` registers them as the command's keys).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import numpy as np
import torch

from robopolicy.data.store import EpisodeStore
from robopolicy.errors import RobopolicyError
from robopolicy.finetune.critics import (
    ChunkCritic,
    CriticCompatibilityError,
    CriticSpec,
    check_compatible,
    save_critic,
)
from robopolicy.finetune.offline import CRITIC_METHODS, OfflineCriticConfig, train_critic_offline
from robopolicy.finetune.replay import buffer_from_store
from robopolicy.finetune.rewards import SparseRewardConfig
from robopolicy.policies.protocol import Sampler, executed_slice
from robopolicy.ranges import at_least, between, check_ranges, greater_than, one_of
from robopolicy.runs import MetricsLog

ENSEMBLE_REDUCTIONS = ("mean", "min")


@dataclass
class VGPSCriticSettings:
    """``finetune.critic``: the critic's structure (``CRITIC_STRUCTURE``, passed to ``train_vgps_critic``) and its
    offline training (the rest: ``OfflineCriticConfig``)."""

    method: str = field(default="iql", metadata=one_of(*CRITIC_METHODS))  # iql (expectile) | calql (calibrated CQL)
    gamma: float = field(default=0.98, metadata=between(0.0, 1.0))
    action_horizon: int = field(default=1, metadata=at_least(1))  # executed actions scored per decision
    obs_keys: list[str] | None = None  # None: every state feature of the store
    hidden_dims: list[int] = field(default_factory=lambda: [256, 256])
    num_q: int = field(default=2, metadata=at_least(1))
    language: bool = False  # FiLM on a sentence embedding of the episode instruction
    steps: int = field(default=20_000, metadata=at_least(1))
    batch_size: int = field(default=256, metadata=at_least(1))
    lr: float = field(default=3.0e-4, metadata=greater_than(0.0))
    tau: float = field(default=0.005, metadata=between(0.0, 1.0, low_open=True))
    expectile: float = field(default=0.7, metadata=between(0.0, 1.0, low_open=True, high_open=True))
    calql_alpha: float = field(default=5.0, metadata=at_least(0.0))
    calql_num_actions: int = field(default=10, metadata=at_least(1))
    calql_noise_std: float = field(default=0.3, metadata=at_least(0.0))
    stride: int = field(default=1, metadata=at_least(1))  # a transition every `stride` steps of each episode
    log_every: int = field(default=100, metadata=at_least(1))

    def structure(self) -> dict[str, Any]:
        """The keyword arguments of ``train_vgps_critic`` that shape the critic and its data."""
        return {name: getattr(self, name) for name in CRITIC_STRUCTURE}

    def offline(self) -> OfflineCriticConfig:
        """The offline training settings (every key that is not structure)."""
        return OfflineCriticConfig(**{f.name: getattr(self, f.name) for f in fields(self)
                                      if f.name not in CRITIC_STRUCTURE})


CRITIC_STRUCTURE = ("gamma", "action_horizon", "obs_keys", "hidden_dims", "num_q", "language", "stride")


@dataclass
class VGPSSteeringSettings:
    """``finetune.steering``: evaluated after training when ``policy=`` and ``env=`` are given."""

    K: list[int] = field(default_factory=lambda: [1, 10])  # samples per decision, each K evaluated
    beta: float = field(default=0.0, metadata=at_least(0.0))  # softmax temperature over Q; 0: argmax
    # each K first on these many tuning seeds; the best there is summary.json's selection.chosen_K (0: no selection)
    select_episodes: int = field(default=30, metadata=at_least(0))
    select_seed: int = field(default=200_000, metadata=at_least(0))  # tuning seeds: disjoint from eval.seed's


@dataclass
class VGPSConfig:
    """``robopolicy finetune method=vgps``: a critic trained offline on a store, then K-sample steering."""

    critic: VGPSCriticSettings = field(default_factory=VGPSCriticSettings)
    steering: VGPSSteeringSettings = field(default_factory=VGPSSteeringSettings)

    def __post_init__(self) -> None:
        check_ranges(self, VGPSConfig, "vgps")


def policy_action_range(policy: Any) -> tuple[np.ndarray, np.ndarray] | None:
    """The policy's action range in raw units from its normalizer, or None when it has no action stats.

    ``limits``/``quantile``: ``[low, low + span]``; ``gaussian``: mean +- one std (inside the data range).
    """
    normalizer = getattr(policy, "normalizer", None)
    key = policy.spec.action_key
    if normalizer is None or key not in normalizer or normalizer.mode(key) == "identity":
        return None
    low, span = (t.detach().cpu().numpy().reshape(-1) for t in normalizer.stats(key))
    if normalizer.mode(key) == "gaussian":
        return low - span, low + span
    return low, low + span


class ValueGuidedSampler:
    """A ``Sampler`` that re-ranks K samples of ``base`` with a critic. ``beta = 0``: argmax."""

    def __init__(self, base: Sampler, critic: ChunkCritic, K: int = 10, beta: float = 0.0,
                 ensemble_reduction: str = "min", generator: torch.Generator | None = None):
        if K < 1:
            raise RobopolicyError(f"K (samples per decision) must be >= 1, got {K}")
        if beta < 0:
            raise RobopolicyError(f"beta (softmax temperature) must be >= 0, got {beta}")
        if ensemble_reduction not in ENSEMBLE_REDUCTIONS:
            raise RobopolicyError(f"unknown ensemble_reduction {ensemble_reduction!r}; valid: {ENSEMBLE_REDUCTIONS}")
        self.base, self.critic, self.K, self.beta = base, critic.eval(), int(K), float(beta)
        self.ensemble_reduction = ensemble_reduction
        self.generator = generator
        self.spec = base.spec
        self.check_critic()

    def check_critic(self) -> None:
        """Refuse a critic built for another action dim / horizon / action units, or other observations."""
        spec = self.spec
        action_range = policy_action_range(self.base)
        check_compatible(self.critic, spec.action_dim, spec.exec_horizon,
                         *(action_range if action_range is not None else (None, None)))
        for key, dim in self.critic.spec.obs_dims.items():
            have = spec.obs_features.get(key)
            if have is None or int(np.prod(have.shape)) != dim:
                raise CriticCompatibilityError(
                    f"critic reads observation {key!r} of size {dim}; the policy reads "
                    f"{ {k: f.shape for k, f in spec.obs_features.items()} }")
        if self.critic.spec.language and not spec.language:
            raise CriticCompatibilityError("the critic is language-conditioned but the policy's observations carry "
                                           "no 'task' instruction (spec.language is false)")

    @property
    def noise_shape(self) -> tuple[int, int] | None:
        """The base's noise shape when K = 1 (then this sampler is the base); None for K > 1 (a random choice)."""
        return self.base.noise_shape if self.K == 1 else None

    @torch.no_grad()
    def score(self, obs: dict[str, Any], chunks: torch.Tensor) -> torch.Tensor:
        """Q of the executed actions of raw chunks ``(B, M, Tp, Da)`` -> ``(B, M)``, in one batched critic call.

        The observation features (and the instruction embedding of a language critic) are computed once per
        observation, ``(B, D)``, and repeated over the M candidates; only the actions differ per candidate.
        """
        b, m = chunks.shape[:2]
        critic = self.critic
        first = executed_slice(self.spec.obs_horizon, self.spec.exec_horizon).start
        scored = chunks[:, :, first:first + critic.spec.action_horizon]               # (B, M, H, Da) raw
        features = critic.features(obs)                                               # (B, D), once per obs
        device = features.device
        tasks = obs.get("task")
        if isinstance(tasks, str):
            tasks = [tasks] * b
        embedding = critic.embed(tasks)                                               # (B, E) or None
        actions = critic.normalize_actions(scored.reshape(b * m, *scored.shape[2:]).to(device))  # (B*M, H*Da)
        q = critic.q(features.repeat_interleave(m, 0), actions,
                     None if embedding is None else embedding.repeat_interleave(m, 0))  # (E, B*M)
        q = q.mean(0) if self.ensemble_reduction == "mean" else q.min(0).values
        return q.reshape(b, m)

    def select(self, q: torch.Tensor) -> torch.Tensor:
        """Indices ``(...,)`` into the last axis of ``q (..., K)``: argmax, or a softmax(Q / beta) draw."""
        if self.beta == 0:
            return q.argmax(-1)
        probs = torch.softmax(q / self.beta, dim=-1)
        flat = torch.multinomial(probs.reshape(-1, q.shape[-1]), 1, generator=self.generator)
        return flat.reshape(q.shape[:-1])

    @torch.no_grad()
    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        """Raw-unit chunks ``(B, n, Tp, Da)``. ``noise``: ``(B, n, Tp, Da)`` (K = 1) or ``(B, n, K, Tp, Da)``."""
        if self.K == 1:
            return self.base.sample(obs, n=n, noise=noise)
        b = len(next(v for k, v in obs.items() if k != "task"))
        candidate_noise = None
        if noise is not None:
            noise = torch.as_tensor(noise, dtype=torch.float32)
            if noise.ndim != 5 or noise.shape[2] != self.K:
                raise RobopolicyError(f"V-GPS with K={self.K} takes noise (B, n, K, Tp, Da); got {tuple(noise.shape)}")
            candidate_noise = noise.reshape(b, n * self.K, *noise.shape[3:])
        chunks = self.base.sample(obs, n=n * self.K, noise=candidate_noise)          # (B, n*K, Tp, Da)
        q = self.score(obs, chunks).reshape(b, n, self.K)
        choice = self.select(q)                                                     # (B, n)
        chunks = chunks.reshape(b, n, self.K, *chunks.shape[2:])
        index = choice[:, :, None, None, None].expand(b, n, 1, *chunks.shape[3:]).to(chunks.device)
        return chunks.gather(2, index).squeeze(2)


def train_vgps_critic(store_path: str | Path, out_dir: str | Path, critic_cfg: OfflineCriticConfig,
                      reward_cfg: SparseRewardConfig, gamma: float = 0.98, action_horizon: int = 1,
                      obs_keys: Sequence[str] | None = None, hidden_dims: Sequence[int] = (256, 256),
                      num_q: int = 2, language: bool = False, stride: int = 1, seed: int = 0,
                      metrics: MetricsLog | None = None, progress: bool = True) -> tuple[ChunkCritic, dict[str, float]]:
    """Train a critic offline on every chunk transition of a store; saves it to ``out_dir``."""
    store = EpisodeStore.open(store_path)
    if obs_keys is None:
        obs_keys = [k for k, f in store.features.items() if f.kind == "state"]
    if not obs_keys:
        raise RobopolicyError(f"{store_path}: the critic reads state features; the store has "
                              f"{ {k: f.kind for k, f in store.features.items()} }")
    buffer = buffer_from_store(store, obs_keys, 1, action_horizon, gamma, reward_cfg, stride=stride, progress=progress)
    action_key = "action"
    spec = CriticSpec({k: int(np.prod(store.features[k].shape)) for k in obs_keys},
                      int(store.features[action_key].shape[0]), action_horizon, list(hidden_dims), num_q, language)
    torch.manual_seed(seed)  # the critic's initial weights depend on the seed, not on what ran before
    critic = ChunkCritic(spec)
    losses = train_critic_offline(critic, buffer, critic_cfg, seed=seed, metrics=metrics, progress=progress)
    save_critic(critic, out_dir, {"method": critic_cfg.method, "gamma": gamma, "dataset": str(store_path),
                                  "transitions": len(buffer), "reward_last_k": reward_cfg.last_k,
                                  "final_losses": losses})
    return critic, losses


# ------------------------------ the method's two names, read by the command (robopolicy/finetune/__init__.py)
CONFIG = VGPSConfig


def run(cfg: Any, run_dir: Path, metrics: MetricsLog) -> dict[str, Any]:
    """``robopolicy finetune method=vgps dataset=<store> [policy=<ckpt> env=<id>]``: the hook
    ``robopolicy.finetune.cli`` calls. Trains the critic; with a policy and an env, also evaluates the base and
    each K of ``finetune.steering.K`` (the K to deploy last, chosen on tuning seeds: ``select_k``)."""
    from omegaconf import OmegaConf

    from robopolicy.config import dataclass_from
    from robopolicy.finetune.command import announce_base, evaluate, require

    require(cfg, "dataset")
    values = OmegaConf.to_container(cfg.finetune, resolve=True)
    critic_values, steering_values = values.pop("critic", None) or {}, values.pop("steering", None) or {}
    vgps_cfg = dataclass_from(VGPSConfig, values, critic=dataclass_from(VGPSCriticSettings, critic_values),
                              steering=dataclass_from(VGPSSteeringSettings, steering_values))
    reward_cfg = dataclass_from(SparseRewardConfig, OmegaConf.to_container(cfg.reward, resolve=True))
    critic, losses = train_vgps_critic(cfg.dataset, run_dir / "critic", vgps_cfg.critic.offline(), reward_cfg,
                                       seed=cfg.seed, metrics=metrics, progress=cfg.progress,
                                       **vgps_cfg.critic.structure())
    out: dict[str, Any] = {"critic": str(run_dir / "critic"), "final_losses": losses, "evaluations": []}
    if cfg.checkpoint and cfg.env_id:
        from robopolicy import load_policy

        base = load_policy(cfg.checkpoint, device=cfg.device)
        steering = vgps_cfg.steering
        samplers = {int(k): ValueGuidedSampler(base, critic, K=int(k), beta=float(steering.beta)) for k in steering.K}
        if steering.select_episodes:
            out["selection"] = select_k(samplers, cfg)
        before = evaluate(base, cfg, "base")   # the paired verdict's base; K = 1 is exactly it (not run again)
        announce_base(before)
        out["evaluations"].append({**before, "K": None})
        for k, policy in samplers.items():
            record = {**before, "policy": f"vgps K={k}"} if k == 1 else evaluate(policy, cfg, f"vgps K={k}")
            out["evaluations"].append({**record, "K": k})
        if (chosen := out.get("selection", {}).get("chosen_K")) is not None:   # the verdict judges the last
            out["evaluations"].sort(key=lambda e: e.get("K") == chosen)        # evaluation: the K to deploy
    return out


def select_k(samplers: dict[int, Any], cfg: Any) -> dict[str, Any]:
    """Each K on the tuning seeds (``steering.select_seed``, ``select_episodes``; disjoint from the evaluation
    seeds): the K to deploy is the best there, ties to the smaller K, so a critic that ranks worse than chance
    leaves the user with K = 1 (the policy's own samples) rather than a steering that hurts."""
    from robopolicy.eval.rollout import success_outcomes
    from robopolicy.finetune.selection import refuse_overlap

    steering = cfg.finetune.steering
    tune = range(int(steering.select_seed), int(steering.select_seed) + int(steering.select_episodes))
    refuse_overlap(tune, range(int(cfg.eval.seed), int(cfg.eval.seed) + int(cfg.eval.episodes)),
                   "finetune.steering.select_seed, select_episodes", "eval.seed, eval.episodes", what="K",
                   move="finetune.steering.select_seed")
    tuning = {k: sum(success_outcomes(policy, cfg.env_id, len(tune), base_seed=tune.start,
                                      envs_per_worker=cfg.eval.envs_per_worker,
                                      max_episode_steps=cfg.eval.max_episode_steps))
              for k, policy in sorted(samplers.items())}
    chosen = max(tuning, key=lambda k: (tuning[k], -k))
    return {"tuning_successes": tuning, "episodes": len(tune), "tuning_seed": tune.start, "chosen_K": chosen}
