"""DPPO (Ren et al.): PPO on the denoising chain of a diffusion or flow policy (the DenoisingPolicy tier).

Two-level MDP. At a decision the env is at observation window ``obs`` ``{key: (N, To, *shape)}``; the frozen base
encodes it once, ``cond = base.encode(obs)`` ``(N, C)`` (eval mode), and the chain runs K Gaussian steps in
normalized action space, ``x`` ``(N, Tp, Da)``, k = K-1 .. 0::

    mean, std = net_k.denoise_step(x, k, cond, eta=train_eta)     net_k = base for k >= K', copy for k < K'
    x <- mean + max(std, min_sampling_std) * clip(eps, +-noise_clip)

Only the last K' steps (k < K') are policy actions: they run through a trainable deep copy of the policy whose
denoiser alone is trained; the base (encoder and denoiser) stays frozen and runs the first K - K' steps, at
training and at evaluation alike (``DPPOPolicy.sample``). The final ``x`` clipped to ``+-x0_clip`` and
un-normalized is the chunk ``(N, Tp, Da)``; its executed slice runs in the env. The diffusion head also clips its
own x0-prediction (``clip_sample_range``). Training uses DDIM eta = 1 (eta = 0 makes the log-probs degenerate);
evaluation uses eta = 0 (deterministic given the initial noise) by default, or with ``eval_chain="training"`` the
stochastic chain PPO trained (``StochasticChain``; kept on the tuning seeds and saved with the checkpoint), or with
``eval_chain="select"`` whichever of the two the tuning seeds prefer at each selection point.

Stored per decision: ``cond`` ``(C,)`` and the fine-tuned part of the chain ``(K'+1, Tp, Da)``: position i is the
input of step k = K'-1-i and position i+1 its output. After the rollout the old log-probs are recomputed with
the same (floored) std, per element clamped to ``logprob_clamp`` and averaged over ``(Tp, Da)``.

Critic V(cond) (an MLP on the frozen encoder's features). GAE (lambda) over chunk steps with truncation
bootstrapping (``robopolicy.finetune.gae``); rewards scaled by the running std of the discounted return. Each
decision's advantage A is shared by its K' denoising steps: position i gets ``A * gamma_denoise^(K'-1-i)``
(the final step gets A). PPO clip per position: ``eps_i = eps_noisiest + (eps_final - eps_noisiest) *
(e^(rate u) - 1) / (e^rate - 1)`` with ``u = i / (K'-1)`` (u = 1 when K' = 1: a single step is the final one).
Advantages are normalized over the rollout (``normalize_advantages``); minibatches are over (decision x denoising
position) pairs. With ``noise_policy`` (our extension, not the paper's) the chain's initial noise is drawn from a
learned Gaussian ``N(mu(cond), sigma^2)`` (``NoiseStep``; the base's ``N(0, I)`` at the start) and is PPO position 0
of P = K' + 1, before the chain's steps: on a flow head the initial noise decides most of a chunk's outcome, and
without it no log-prob carries that randomness. With ``base_kl_coef`` > 0 each fine-tuned step's KL to the frozen base's step is
added to the loss (``DPPOAgent.base_kl``). With ``eval_chain="training"`` the policy evaluated, kept and saved samples
the training chain, not the eta = 0 one. Logged: clipfrac, approx-KL, ratio stats, explained variance, and
the ratio / approx-KL of the first minibatch of every update (must be 1 and 0).

With ``overlap`` (``robopolicy/finetune/dppo_overlap.py``) a worker process collects each rollout while this one runs
the update's critic epochs (``DPPOAgent.actor_update`` then ``critic_update``: ``update`` in two passes, the same
steps) and any evaluation or selection point; the actor's epochs stay serial with the env steps (on-policy). The
numbers are the in-process run's.
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from robopolicy.checkpoint import load_model_state, refuse_weight_mismatch, save_checkpoint
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.finetune.critics import FiLMMLP
from robopolicy.finetune.gae import RunningReturnScaler, explained_variance, gae_advantages
from robopolicy.finetune.loop import OnlineLoop
from robopolicy.finetune.selection import BestKeeper, SelectionSettings, check_tuning_seeds, reserved_seeds
from robopolicy.finetune.vector_env import VectorChunkEnv
from robopolicy.policies.chunk_policy import ChunkPolicy
from robopolicy.policies.loading import register_loader
from robopolicy.policies.protocol import DenoisingPolicy, tiers_of
from robopolicy.ranges import at_least, between, check_ranges, greater_than, one_of
from robopolicy.runs import MetricsLog
from robopolicy.train.optim import FlatAdam

DPPO_KIND = "dppo"
BASE_PREFIX = "base."
FINETUNED_PREFIX = "finetuned_denoiser."
NOISE_PREFIX = "noise_step."


class DPPOError(RobopolicyError):
    """DPPO cannot run on this policy or with these settings."""


LOGPROB_ACTIONS = ("all", "executed")
# the chains a DPPOPolicy samples with (``chain_named``), and ``DPPOConfig.eval_chain``'s choices: one of them, or
# "select" (the tuning seeds choose between them at every selection point)
SAMPLING_CHAINS = ("deterministic", "training")
EVAL_CHAINS = (*SAMPLING_CHAINS, "select")


@dataclass(frozen=True)
class StochasticChain:
    """The chain PPO trains: each step ``mean + max(std, min_std) * clip(eps, +-noise_clip)`` at DDIM / SDE ``eta``."""

    eta: float
    min_std: float
    noise_clip: float

    @classmethod
    def of(cls, cfg: DPPOConfig) -> StochasticChain:
        return cls(cfg.train_eta, cfg.min_sampling_std, cfg.noise_clip)


def chain_named(name: str, training: StochasticChain) -> StochasticChain | None:
    """``DPPOPolicy.chain`` for a sampling chain's name: None (``"deterministic"``) or ``training``."""
    return training if name == "training" else None


# The defaults are the recipe chosen on the development split (round 3, issue [1/6]): among the RL suite's DPPO
# variants run on at least 15 of its 18 (task, seed) bases per head, the one with the most successes on the bases
# every candidate shared (docs/results_archive.md, "RL suite: rl_suite2"): dppo_diffusion_big_kl_100k (1313 of
# 1500, against 1229-1260) and dppo_flow_big_kl_select_std02_100k (1009 of 1300, against 865-955). They share
# everything but the keys of HEAD_DEFAULTS, which stay None here and take the base's head's value.
HEAD_DEFAULTS = {"flow": {"eval_chain": "select", "min_sampling_std": 0.2, "min_logprob_std": 0.2},
                 "diffusion": {"eval_chain": "deterministic", "min_sampling_std": 0.1, "min_logprob_std": 0.1}}


@dataclass
class DPPOConfig(SelectionSettings):  # + select_every, select_episodes, select_seed
    # K': the last K' of K denoising steps are fine-tuned; None: all K
    finetune_steps: int | None = field(default=3, metadata=at_least(1))
    # real env steps (decisions x executed actions)
    total_env_steps: int = field(default=100_000, metadata=at_least(1))
    # envs stepped in this process; one batched policy call per decision
    num_envs: int = field(default=16, metadata=at_least(1))
    rollout_steps: int = field(default=30, metadata=at_least(1))  # decisions per env between updates
    update_epochs: int = field(default=5, metadata=at_least(1))
    minibatch_size: int = field(default=64, metadata=at_least(1))  # (decision x denoising step) pairs
    gamma: float = field(default=0.99, metadata=between(0.0, 1.0))  # per chunk step
    gae_lambda: float = field(default=0.95, metadata=between(0.0, 1.0))
    # advantage of fine-tuned step i scaled by gamma_denoise^(K'-1-i) (final step: 1)
    gamma_denoise: float = field(default=0.99, metadata=between(0.0, 1.0))
    # 0.02 -> 0.1 (with K' = 3): what learned on reach-v3 over five seeds (docs/results.md); the paper's
    # 0.001 -> 0.01 with K' = 10 collapsed a user's flow policy from 34/50 to 0/50 in 30k env steps
    clip_eps_noisiest: float = field(default=0.02, metadata=greater_than(0.0))
    # ... ramping to this at the final step (the paper's 0.001 -> 0.01 collapsed short CPU runs)
    clip_eps_final: float = field(default=0.1, metadata=greater_than(0.0))
    # curvature of the exponential ramp between the two
    clip_eps_rate: float = field(default=3.0, metadata=greater_than(0.0))
    train_eta: float = field(default=1.0, metadata=greater_than(0.0))  # DDIM / SDE eta of the training chain
    # the std floors when sampling the training chain and in its log-likelihood; None: the head's (HEAD_DEFAULTS:
    # 0.1 for diffusion, 0.2 for flow, whose chain's own ~0.16 explored too little on the development split)
    min_sampling_std: float | None = field(default=None, metadata=greater_than(0.0))
    # std floor in the log-likelihood (None: the head's, 0.1 diffusion / 0.2 flow)
    min_logprob_std: float | None = field(default=None, metadata=greater_than(0.0))
    # sampled noise clipped to +-noise_clip
    noise_clip: float = field(default=3.0, metadata=greater_than(0.0))
    # final normalized action clipped to +-x0_clip
    x0_clip: float = field(default=1.0, metadata=greater_than(0.0))
    logprob_clamp: tuple[float, float] = (-5.0, 2.0)  # per-element log-prob range (DPPO's)
    # the chunk's actions in each step's log-prob: all Tp (what the measured margins used), or the Ta executed ones
    # (the reference's reward_horizon: the actions never executed carry no reward signal, only ratio noise)
    logprob_actions: str = field(default="all", metadata=one_of(*LOGPROB_ACTIONS))
    # the chain the fine-tuned policy samples with when it is evaluated, kept (the tuning seeds) and saved:
    # "deterministic" (eta = 0: the flow head's Euler ODE, the diffusion head's DDIM; deterministic given the initial
    # noise) or "training" (the stochastic chain PPO trains: eta = train_eta, each step's std floored at
    # min_sampling_std). PPO improves the training chain's expected return; on the RL suite a flow policy whose
    # training chain succeeded in ~75% of door-open's episodes scored 11 of 30 with the deterministic chain and 18 of
    # 30 with its training chain (its base: 3 and 4; experiments/results/eval_chains), while push's scored less with
    # it. "select": both chains are candidates at every selection point (the tuning seeds choose; ties keep the
    # deterministic one); needs select_every > 0 and the sparse reward. None: the head's (HEAD_DEFAULTS: select for
    # flow, deterministic for diffusion)
    eval_chain: str | None = field(default=None, metadata=one_of(*EVAL_CHAINS))
    # advantages normalized over the rollout (the reference's norm_adv). With a sparse reward a rollout of a few
    # episodes often has no success; its advantages are then the critic's errors alone, which normalizing scales up
    # to unit size: false keeps them at their (reward-scaled) size
    normalize_advantages: bool = True
    # the chain's initial noise drawn from a learned Gaussian N(mu(s), sigma^2) (mu an MLP on the frozen condition,
    # zero at the start; sigma state-independent, 1 at the start, kept in [min_sampling_std, 1]), a PPO step of its own
    # before the chain's: our extension, not in the paper. On a flow base the initial noise decides most of the
    # outcome (from zero noise door-open's scored 93 of 100, from random noise 16) and DPPO's chain steps carry none
    # of it: their log-probs see only the small step noise. At the start the policy is the base's exactly. Measured on
    # the RL suite (docs/howto/dppo.md): not a fix (door-open's tuning success fell to 0 within 10-25k env steps)
    noise_policy: bool = False
    noise_policy_hidden_dims: tuple[int, ...] = (256, 256)  # its mu MLP on the frozen encoder's features
    # a penalty on each fine-tuned step's KL to the frozen base's step (Gaussians of the same std: the squared mean
    # difference over 2 std^2, averaged as a log-prob), as Flow-GRPO's KL to its reference: where a sparse reward's
    # rollouts hold no success the advantages are noise, and this pulls the copy back toward the base, whose chain
    # succeeds, instead of letting it drift. 0: off (the paper's DPPO)
    base_kl_coef: float = field(default=0.0, metadata=at_least(0.0))
    # stop an update's PPO epochs once a minibatch's approximate KL exceeds this (the reference's target_kl)
    target_kl: float | None = field(default=0.01, metadata=greater_than(0.0))
    # the paper's; 3e-4 made short Reacher runs worse (clipfrac ~0.4-0.6, no gain)
    actor_lr: float = field(default=1.0e-4, metadata=greater_than(0.0))
    critic_lr: float = field(default=1.0e-3, metadata=greater_than(0.0))
    max_grad_norm: float = field(default=1.0, metadata=greater_than(0.0))
    critic_hidden_dims: tuple[int, ...] = (64, 64)  # V(s) MLP on the frozen encoder's features
    # first updates train only V(s) (a random critic gives noise advantages)
    critic_warmup_updates: int = field(default=2, metadata=at_least(0))
    reward_scaling: bool = True  # divide rewards by the running std of the discounted return
    sparse_reward: bool = True          # reward 1 and terminal at success; false: the env's reward
    max_episode_steps: int | None = field(default=None, metadata=at_least(1))  # None: the env's own limit
    eval_every: int = field(default=0, metadata=at_least(0))  # env steps; 0: no periodic evaluation
    eval_episodes: int = field(default=20, metadata=at_least(1))
    eval_seed: int = field(default=100_000, metadata=at_least(0))
    seed: int = field(default=0, metadata=at_least(0))
    # overlap each update's critic epochs (and the evaluation and selection after it) with the next rollout, which
    # one rollout worker process collects with the updated actor (robopolicy/finetune/dppo_overlap.py): the same
    # numbers as false, on 2 processes. Off by default: on 2 cores it saved little (docs/benchmarks/finetune.md)
    overlap: bool = False

    def __post_init__(self) -> None:
        self.logprob_clamp = tuple(self.logprob_clamp)
        self.critic_hidden_dims = tuple(self.critic_hidden_dims)
        self.noise_policy_hidden_dims = tuple(self.noise_policy_hidden_dims)
        check_ranges(self, DPPOConfig, "dppo")
        check_tuning_seeds(self)
        check_settings(self)


def check_settings(settings: Any) -> None:
    """The checks across settings that need no policy (``robopolicy finetune`` runs them at start-up, after the
    ranges; ``settings``: a ``DPPOConfig`` or the command's ``finetune`` mapping): ``eval_chain=select`` needs
    selection on; ``overlap=true`` needs a core for its rollout worker beside the learner's."""
    if getattr(settings, "overlap", False):
        from robopolicy.finetune.dppo_overlap import check_cores

        check_cores()
    if settings.eval_chain in ("select", None) and not (settings.select_every and settings.sparse_reward):
        if settings.eval_chain is None:
            return  # the head's default: a flow head's "select" falls back to "deterministic" (for_head)
        why = "select_every=0" if not settings.select_every else "sparse_reward=false (selection counts successes)"
        raise ConfigError(f"dppo: eval_chain='select' chooses the chain on the tuning seeds, and {why} turns "
                          "selection off; set select_every > 0 with the sparse reward, or eval_chain=deterministic "
                          "or training")


def head_of(policy: Any) -> str:
    """``flow`` or ``diffusion``: the family of a denoising policy's head (a flow head samples an ODE)."""
    from robopolicy.policies.flow import FlowPolicy

    return "flow" if isinstance(policy, FlowPolicy) else "diffusion"


def for_head(cfg: DPPOConfig, policy: Any) -> DPPOConfig:
    """``cfg`` with every None of ``HEAD_DEFAULTS``'s keys set to the policy's head's value (a flow head's
    ``select`` becomes ``deterministic`` when selection is off: there is nothing to choose the chain with)."""
    import dataclasses

    values = {k: v for k, v in HEAD_DEFAULTS[head_of(policy)].items() if getattr(cfg, k) is None}
    if values.get("eval_chain") == "select" and not (cfg.select_every and cfg.sparse_reward):
        values["eval_chain"] = "deterministic"
    return dataclasses.replace(cfg, **values) if values else cfg


def require_denoising(policy: Any) -> None:
    """Refuse a policy without the Denoising tier, naming what is missing and what it has."""
    missing = [m for m in ("encode", "denoise_step", "num_denoising_steps") if not hasattr(policy, m)]
    if missing or not isinstance(policy, DenoisingPolicy) or not isinstance(policy, nn.Module):
        missing = missing or ["an nn.Module (a trainable copy is made of it)"]
        raise DPPOError(f"DPPO needs the DenoisingPolicy tier (encode(obs) -> cond, denoise_step(x_k, k, cond) -> "
                        f"(mean, std), num_denoising_steps) on an nn.Module; {type(policy).__name__} lacks "
                        f"{', '.join(missing)}. It implements: {', '.join(tiers_of(policy)) or 'no protocol tier'}. "
                        f"Use DSRL or V-GPS (Sampler tier){' or PA-RL (Trainable tier)' if 'TrainablePolicy' in tiers_of(policy) else ''} "
                        "instead")


def resolve_finetune_steps(policy: Any, finetune_steps: int | None) -> int:
    k = int(policy.num_denoising_steps)
    kp = k if finetune_steps is None else int(finetune_steps)
    if not 1 <= kp <= k:
        raise DPPOError(f"finetune_steps K'={kp} must be in [1, K] = [1, {k}] (the policy has K={k} denoising steps)")
    return kp


def clip_epsilons(finetune_steps: int, noisiest: float, final: float, rate: float) -> torch.Tensor:
    """``(K',)`` PPO clip per chain position i (0 = noisiest fine-tuned step, K'-1 = final step)."""
    if finetune_steps == 1:
        u = torch.ones(1)
    else:
        u = torch.arange(finetune_steps, dtype=torch.float32) / (finetune_steps - 1)
    return noisiest + (final - noisiest) * (torch.exp(rate * u) - 1) / (math.exp(rate) - 1)


# ---------------------------------------------------------------------------------------- the fine-tuned policy
class NoiseStep(nn.Module):
    """The chain's initial noise as a learned Gaussian step: ``x_K ~ N(mean(cond), std^2)``.

    ``mean`` is an MLP on the frozen condition whose last layer starts at zero; ``std`` is state-independent, per
    (row, action dim), starts at 1 and stays in ``[min_std, 1]``. At the start it is the base's ``N(0, I)`` exactly;
    ``x_K = mean + std * z`` maps a standard normal ``z`` onto it, so a sampler stays deterministic given its noise.
    """

    def __init__(self, cond_dim: int, hidden_dims: Sequence[int], noise_shape: Sequence[int], min_std: float):
        super().__init__()
        self.noise_shape = tuple(int(d) for d in noise_shape)
        self.hidden_dims = [int(d) for d in hidden_dims]
        self.min_std = float(min_std)
        self.net = FiLMMLP(cond_dim, self.hidden_dims, math.prod(self.noise_shape))
        nn.init.zeros_(self.net.head.weight)
        nn.init.zeros_(self.net.head.bias)
        self.log_std = nn.Parameter(torch.zeros(self.noise_shape))

    @classmethod
    def for_base(cls, base: nn.Module, hidden_dims: Sequence[int], min_std: float) -> NoiseStep:
        """The noise step over ``base``'s condition and noise shape ``(Tp, Da)``."""
        return cls(int(base.obs_encoder.cond_dim), hidden_dims, (base.spec.pred_horizon, base.spec.action_dim),
                   min_std)

    def forward(self, cond: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """``(mean, std)``, both ``(N, Tp, Da)``, from the condition ``(N, C)``."""
        mean = self.net(cond).view(-1, *self.noise_shape)
        return mean, self.log_std.exp().clamp(self.min_std, 1.0).expand_as(mean)

    def settings(self) -> dict[str, Any]:
        return {"hidden_dims": self.hidden_dims, "min_std": self.min_std}


class DPPOPolicy(nn.Module):
    """A ``Sampler``: the frozen ``base`` runs steps K-1 .. K', the trainable copy runs K'-1 .. 0.

    ``finetuned`` is a deep copy of the base whose ``denoiser`` alone is trained; conditions always come from the
    frozen base encoder. ``sample`` is deterministic given its noise (eta = 0), or with a ``chain`` runs that
    stochastic chain (``DPPOConfig.eval_chain="training"``: the one PPO trained). With a ``noise_step``
    (``DPPOConfig.noise_policy``) the chain starts from ``mean(cond) + std * noise``, not from the noise itself.
    """

    def __init__(self, base: nn.Module, finetune_steps: int, x0_clip: float = 1.0,
                 finetuned: nn.Module | None = None, noise_step: NoiseStep | None = None,
                 chain: StochasticChain | None = None):
        super().__init__()
        require_denoising(base)
        self.finetune_steps = resolve_finetune_steps(base, finetune_steps)
        self.base = base.requires_grad_(False).eval()
        self.finetuned = copy.deepcopy(base) if finetuned is None else finetuned
        self.finetuned.requires_grad_(False).eval()
        self.finetuned.denoiser.requires_grad_(True)
        self.x0_clip = x0_clip
        self.spec = base.spec
        self.num_denoising_steps = int(base.num_denoising_steps)
        self.noise_scale = 1.0  # as ChunkPolicy.set_noise_scale: the initial noise sample() draws is scaled by it
        self.noise_step = noise_step
        self.chain = chain

    def trained_modules(self) -> nn.Module:
        """What fine-tuning changes (the copy, and the noise step when learned): what a kept point snapshots."""
        return self.finetuned if self.noise_step is None else nn.ModuleList([self.finetuned, self.noise_step])

    @property
    def noise_shape(self) -> tuple[int, int]:
        return (self.spec.pred_horizon, self.spec.action_dim)

    def set_noise_scale(self, scale: float) -> DPPOPolicy:
        """Draw ``sample``'s initial noise from N(0, scale^2 I) (0: every chain from zero), as for the base heads."""
        from robopolicy.policies.chunk_policy import check_noise_scale

        self.noise_scale = check_noise_scale(scale)
        return self

    def train(self, mode: bool = True) -> DPPOPolicy:  # the networks stay in eval mode (center crop, no dropout)
        super().train(mode)
        self.base.eval()
        self.finetuned.eval()
        return self

    def net_for_step(self, k: int) -> nn.Module:
        return self.finetuned if k < self.finetune_steps else self.base

    @torch.no_grad()
    def encode(self, obs: dict[str, Any]) -> torch.Tensor:
        """Raw observation -> ``(N, C)`` from the frozen base encoder (eval mode)."""
        return self.base.encode(obs)

    def step_distribution(self, x: torch.Tensor, k: int, cond: torch.Tensor,
                          eta: float) -> tuple[torch.Tensor, torch.Tensor]:
        """``(mean, std)`` of step k through the right network: ``(N, Tp, Da)`` each."""
        return self.net_for_step(k).denoise_step(x, k, cond, eta=eta)

    def stochastic_step(self, x: torch.Tensor, k: int, cond: torch.Tensor, chain: StochasticChain) -> torch.Tensor:
        """One step of ``chain`` (the training chain): ``x_k`` ``(N, Tp, Da)`` -> ``x_{k-1}``, sampled."""
        mean, std = self.step_distribution(x, k, cond, eta=chain.eta)
        eps = torch.randn_like(x).clamp(-chain.noise_clip, chain.noise_clip)
        return mean + std.clamp_min(chain.min_std) * eps

    @torch.no_grad()
    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        """Raw-unit chunks ``(B, n, Tp, Da)``: the deterministic (eta = 0) split chain from ``noise``, or ``chain``."""
        cond = self.encode(obs)
        b = cond.shape[0]
        shape = (b, n, *self.noise_shape)
        noise = torch.randn(shape) * self.noise_scale if noise is None else torch.as_tensor(noise, dtype=torch.float32)
        if tuple(noise.shape) != shape:
            raise DPPOError(f"noise has shape {tuple(noise.shape)}; expected (B, n, Tp, Da) = {shape}")
        x = noise.to(cond.device).reshape(b * n, *self.noise_shape)
        cond = cond.repeat_interleave(n, dim=0)
        if self.noise_step is not None:
            mean, std = self.noise_step(cond)
            x = mean + std * x
        for k in reversed(range(self.num_denoising_steps)):
            if self.chain is None:
                x, _ = self.step_distribution(x, k, cond, eta=0.0)
            else:
                x = self.stochastic_step(x, k, cond, self.chain)
        x = x.clamp(-self.x0_clip, self.x0_clip)
        return self.base.normalizer.unnormalize(self.spec.action_key, x).reshape(shape)

    def save(self, path: str | Path, step: int = 0) -> Path:
        """A checkpoint directory of kind ``"dppo"`` (base weights + the fine-tuned denoiser)."""
        state = {**{BASE_PREFIX + k: v for k, v in self.base.state_dict().items()},
                 **{FINETUNED_PREFIX + k: v for k, v in self.finetuned.denoiser.state_dict().items()}}
        info = {"kind": DPPO_KIND, "name": self.base.name, "config": self.base.policy_config,
                "spec": self.spec.to_dict(), "finetune_steps": self.finetune_steps, "x0_clip": self.x0_clip}
        if self.noise_step is not None:
            state.update({NOISE_PREFIX + k: v for k, v in self.noise_step.state_dict().items()})
            info["noise_step"] = self.noise_step.settings()
        if self.chain is not None:
            info["chain"] = asdict(self.chain)
        return save_checkpoint(path, state, info, step)


def load_dppo_policy(checkpoint: Path, info: dict[str, Any], device: str = "cpu") -> DPPOPolicy:
    """Loader of kind ``"dppo"`` (registered with ``robopolicy.policies.loading``)."""
    from robopolicy.policies.loading import CheckpointError

    state, _ = load_model_state(checkpoint)
    base_state = {k[len(BASE_PREFIX):]: v for k, v in state.items() if k.startswith(BASE_PREFIX)}
    ft_state = {k[len(FINETUNED_PREFIX):]: v for k, v in state.items() if k.startswith(FINETUNED_PREFIX)}
    if not base_state or not ft_state:
        raise CheckpointError(f"{checkpoint}: a dppo checkpoint holds '{BASE_PREFIX}*' and '{FINETUNED_PREFIX}*' "
                              f"weights; found {len(base_state)} and {len(ft_state)}")

    base = _build_base(checkpoint, info, base_state, device)
    finetuned = copy.deepcopy(base)
    # each part checked before torch loads it: a mismatch is the plain loader's one line, not torch's traceback
    refuse_weight_mismatch(finetuned.denoiser.state_dict(), ft_state, checkpoint,
                           f"{info['name']!r} policy's fine-tuned denoiser", prefix=FINETUNED_PREFIX)
    finetuned.denoiser.load_state_dict(ft_state)
    noise_step = None
    noise_state = {k[len(NOISE_PREFIX):]: v for k, v in state.items() if k.startswith(NOISE_PREFIX)}
    if info.get("noise_step") is not None:
        settings = info["noise_step"]
        noise_step = NoiseStep.for_base(base, settings["hidden_dims"], settings["min_std"])
        refuse_weight_mismatch(noise_step.state_dict(), noise_state, checkpoint, "learned initial noise",
                               prefix=NOISE_PREFIX)
        noise_step.load_state_dict(noise_state)
    elif noise_state:
        refuse_weight_mismatch({}, noise_state, checkpoint, "DPPO policy (no noise_step)", prefix=NOISE_PREFIX)
    chain = StochasticChain(**info["chain"]) if info.get("chain") is not None else None
    return DPPOPolicy(base, int(info["finetune_steps"]), float(info["x0_clip"]), finetuned,
                      noise_step, chain).to(device).eval()


def _build_base(checkpoint: Path, info: dict[str, Any], base_state: dict[str, torch.Tensor],
                device: str) -> nn.Module:
    from robopolicy.data.normalizer import Normalizer
    from robopolicy.policies.loading import NORMALIZER_PREFIX
    from robopolicy.policies.policy_config import stored_policy_config
    from robopolicy.policies.protocol import PolicySpec
    from robopolicy.policies.registry import build_policy

    spec = PolicySpec.from_dict(info["spec"])
    normalizer = Normalizer.from_state_dict(base_state, prefix=NORMALIZER_PREFIX)
    base = build_policy(info["name"], stored_policy_config(info["name"], info["config"]), spec, normalizer)
    refuse_weight_mismatch(base.state_dict(), base_state, checkpoint, f"{info['name']!r} base policy",
                           prefix=BASE_PREFIX)
    base.load_state_dict(base_state)
    return base.to(device)


register_loader(DPPO_KIND, load_dppo_policy)


# ---------------------------------------------------------------------------------------- the learner
class DPPOAgent:
    """Rollout chain sampling, log-probs, and the PPO update on (decision x denoising step) pairs."""

    def __init__(self, policy: DPPOPolicy, cfg: DPPOConfig):
        cfg = for_head(cfg, policy.base)
        self.policy, self.cfg = policy, cfg
        self.train_chain = StochasticChain.of(cfg)
        self.kp = policy.finetune_steps
        # a learned initial noise is position 0 of every decision's P = K' + 1 PPO steps (the chain's K' follow)
        self.offset = 0 if policy.noise_step is None else 1
        self.num_positions = self.kp + self.offset
        cond_dim = int(policy.base.obs_encoder.cond_dim)
        self.value_net = FiLMMLP(cond_dim, list(cfg.critic_hidden_dims), 1)
        # two groups: the learned initial noise gets gradients only from minibatches that hold position 0
        groups = [list(policy.finetuned.denoiser.parameters())]
        if policy.noise_step is not None:
            groups.append(list(policy.noise_step.parameters()))
        self.actor_params = [p for g in groups for p in g]
        self.actor_opt = FlatAdam(groups, lr=cfg.actor_lr)
        self.critic_opt = FlatAdam(self.value_net.parameters(), lr=cfg.critic_lr)
        p_count = self.num_positions
        self.clip_eps = clip_epsilons(p_count, cfg.clip_eps_noisiest, cfg.clip_eps_final, cfg.clip_eps_rate)
        positions = torch.arange(p_count, dtype=torch.float32)
        self.advantage_scale = cfg.gamma_denoise ** (p_count - 1 - positions)     # (P,), 1 at the final step
        self.rows_at_once = isinstance(policy.finetuned, ChunkPolicy)  # its denoise_step takes per-row steps
        # the chunk rows (time steps) each log-prob averages over
        self.logprob_rows = policy.spec.executed if cfg.logprob_actions == "executed" else slice(None)
        self.updates = 0

    def value(self, cond: torch.Tensor) -> torch.Tensor:
        """``(N,)`` V(s) from the frozen condition ``(N, C)``."""
        return self.value_net(cond).squeeze(-1)

    @torch.no_grad()
    def sample_chain(self, cond: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Stochastic training chain: ``(chain (N, offset+K'+1, Tp, Da), normalized action (N, Tp, Da))``; with a
        learned initial noise (offset 1) the chain's first entry is that noise, then the input of each fine-tuned
        step and the output."""
        cfg, p = self.cfg, self.policy
        x = torch.randn(cond.shape[0], *p.noise_shape, device=cond.device)
        chain = []
        if p.noise_step is not None:
            mean, std = p.noise_step(cond)
            x = mean + std * x
            chain.append(x)
        for k in reversed(range(p.num_denoising_steps)):
            if k < self.kp:             # the input of each fine-tuned step
                chain.append(x)
            x = p.stochastic_step(x, k, cond, self.train_chain)
        chain.append(x)
        return torch.stack(chain, dim=1), x.clamp(-cfg.x0_clip, cfg.x0_clip)

    @staticmethod
    def _per_position(fn: Any, position: torch.Tensor, *chunks: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        """``(M,)``: ``fn(*chunks, p, cond)`` on the rows at each distinct position ``p``, for a DenoisingPolicy whose
        ``denoise_step`` takes one step index per call."""
        out = torch.empty(len(position))
        for p in position.unique().tolist():
            rows = (position == p).nonzero(as_tuple=True)[0]
            out[rows] = fn(*(c[rows] for c in chunks), p, cond[rows])
        return out

    def log_prob(self, x_in: torch.Tensor, x_out: torch.Tensor, position: int | torch.Tensor,
                 cond: torch.Tensor) -> torch.Tensor:
        """``(M,)`` log-prob of step ``k = K'-1-position`` mapping ``x_in`` to ``x_out`` (both ``(M, Tp, Da)``);
        ``position`` an int, or ``(M,)`` per row: our heads take every row's step in one forward pass, any other
        DenoisingPolicy one pass per distinct position."""
        if isinstance(position, torch.Tensor) and not self.rows_at_once:
            return self._per_position(self.log_prob, position, x_in, x_out, cond=cond)
        k = self.kp - 1 - position
        mean, std = self.policy.finetuned.denoise_step(x_in, k, cond, eta=self.cfg.train_eta)
        dist = torch.distributions.Normal(mean, std.clamp_min(self.cfg.min_logprob_std))
        low, high = self.cfg.logprob_clamp
        return dist.log_prob(x_out)[:, self.logprob_rows].clamp(low, high).mean(dim=(-1, -2))

    def base_kl(self, x_in: torch.Tensor, position: int | torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        """``(M,)`` KL of the copy's step ``k = K'-1-position`` from the frozen base's at ``x_in`` ``(M, Tp, Da)``:
        both Gaussians with the copy's std (floored at ``min_logprob_std``), so ``(mean - base_mean)^2 / (2 std^2)``,
        averaged over the log-prob's elements; ``position`` as in ``log_prob``."""
        if isinstance(position, torch.Tensor) and not self.rows_at_once:
            return self._per_position(self.base_kl, position, x_in, cond=cond)
        k = self.kp - 1 - position
        mean, std = self.policy.finetuned.denoise_step(x_in, k, cond, eta=self.cfg.train_eta)
        with torch.no_grad():
            base_mean, _ = self.policy.base.denoise_step(x_in, k, cond, eta=self.cfg.train_eta)
        kl = (mean - base_mean).pow(2) / (2 * std.clamp_min(self.cfg.min_logprob_std).pow(2))
        return kl[:, self.logprob_rows].mean(dim=(-1, -2))

    def noise_log_prob(self, x: torch.Tensor, cond: torch.Tensor) -> torch.Tensor:
        """``(M,)`` log-prob of the initial noise ``x`` ``(M, Tp, Da)`` under the noise step, averaged over every
        element as a chain step's (all rows: each noise row feeds every action of the chunk)."""
        mean, std = self.policy.noise_step(cond)
        low, high = self.cfg.logprob_clamp
        return torch.distributions.Normal(mean, std).log_prob(x).clamp(low, high).mean(dim=(-1, -2))

    def pair_log_probs(self, chain: torch.Tensor, s: torch.Tensor, i: torch.Tensor,
                       cond: torch.Tensor) -> torch.Tensor:
        """``(M,)`` log-probs of PPO positions ``i`` (0 .. P-1) of decisions ``s``; ``cond`` is ``(M, C)``, already
        the decisions'. Position 0 is the noise step when it is learned; the chain's steps follow."""
        if not self.offset:
            return self.log_prob(chain[s, i], chain[s, i + 1], i, cond)
        out = torch.empty(len(s), device=cond.device)
        noise = i == 0
        if noise.any():
            out[noise] = self.noise_log_prob(chain[s[noise], 0], cond[noise])
        step = ~noise
        if step.any():
            si, ii = s[step], i[step]
            out[step] = self.log_prob(chain[si, ii], chain[si, ii + 1], ii - 1, cond[step])
        return out

    @torch.no_grad()
    def chain_log_probs(self, cond: torch.Tensor, chain: torch.Tensor) -> torch.Tensor:
        """``(S, P)`` old log-probs, recomputed after the rollout with the current (pre-update) copy."""
        p_count = self.num_positions
        s = torch.arange(cond.shape[0]).repeat_interleave(p_count)
        i = torch.arange(p_count).repeat(cond.shape[0])
        return self.pair_log_probs(chain, s, i, cond[s]).view(-1, p_count)

    def update(self, batch: dict[str, torch.Tensor], generator: torch.Generator) -> dict[str, float]:
        """PPO epochs over shuffled (decision, position) pairs; ``batch`` holds ``(S, ...)`` tensors.

        Two passes: the actor's epochs (``actor_update``), then the critic's steps on the same minibatches up to the
        same target-KL stop (``critic_update``). The actor and the critic share no parameter, their gradients are
        clipped and stepped apart and the advantages are fixed for the update, so this is the joint PPO update
        (loss = pg + v per minibatch) step for step; ``overlap=true`` runs the next rollout between the passes."""
        return self.critic_update(batch, self.actor_update(batch, generator))

    def actor_update(self, batch: dict[str, torch.Tensor], generator: torch.Generator) -> ActorPass:
        """The PPO epochs for the actor alone (minibatches drawn from ``generator``); returns what ``critic_update``
        replays. In the critic's warm-up the actor does not move (its backward pass is skipped)."""
        cfg, positions = self.cfg, self.num_positions
        cond, chain, adv = batch["cond"], batch["chain"], batch["advantages"]
        old_logp = self.chain_log_probs(cond, chain)                                   # (S, P)
        if cfg.normalize_advantages and len(adv) > 1:
            adv = (adv - adv.mean()) / (adv.std(unbiased=False) + 1e-8)
        num_pairs = cond.shape[0] * positions
        out = ActorPass()
        stats = out.stats
        stats.update({"pg_loss": [], "clipfrac": [], "approx_kl": [], "ratio_mean": [], "ratio_max": [],
                      "ratio_min": [], **({"base_kl": []} if cfg.base_kl_coef > 0 else {})})
        moving = self.updates >= cfg.critic_warmup_updates     # warm-up: fit V(s) before moving the actor
        stopped = False
        for _ in range(cfg.update_epochs):
            if stopped:
                break
            order = torch.randperm(num_pairs, generator=generator)
            for start in range(0, num_pairs, cfg.minibatch_size):
                pairs = order[start:start + cfg.minibatch_size]
                s, i = pairs // positions, pairs % positions
                out.decisions.append(s)
                new_logp = self.pair_log_probs(chain, s, i, cond[s])
                log_ratio = new_logp - old_logp[s, i]
                ratio = log_ratio.exp()
                eps = self.clip_eps[i]
                a = adv[s] * self.advantage_scale[i]
                pg_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - eps, 1 + eps)).mean()
                loss = pg_loss
                step = i >= self.offset
                if cfg.base_kl_coef > 0 and step.any():
                    kl = self.base_kl(chain[s[step], i[step]], i[step] - self.offset, cond[s[step]]).mean()
                    loss = loss + cfg.base_kl_coef * kl
                    stats["base_kl"].append(float(kl.detach()))
                if moving:
                    self.actor_opt.zero_grad(set_to_none=True)
                    loss.backward()
                    nn.utils.clip_grad_norm_(self.actor_params, cfg.max_grad_norm)
                    self.actor_opt.step()
                with torch.no_grad():
                    approx_kl = float(((ratio - 1) - log_ratio).mean())
                    values = {"pg_loss": float(pg_loss), "approx_kl": approx_kl,
                              "clipfrac": float(((ratio - 1).abs() > eps).float().mean()),
                              "ratio_mean": float(ratio.mean()), "ratio_max": float(ratio.max()),
                              "ratio_min": float(ratio.min())}
                    if not out.first:
                        out.first = {"first_ratio_max_deviation": float((ratio - 1).abs().max()),
                                     "first_approx_kl": approx_kl}
                for key, v in values.items():
                    stats[key].append(v)
                if cfg.target_kl is not None and approx_kl > cfg.target_kl:
                    stopped = True
                    break
        return out

    def critic_update(self, batch: dict[str, torch.Tensor], actor: ActorPass) -> dict[str, float]:
        """The critic's steps on the minibatches ``actor_update`` ran (the same decisions, in order, up to its
        target-KL stop); returns the update's logged values."""
        cond, returns = batch["cond"], batch["returns"]
        v_losses = []
        for s in actor.decisions:
            v_loss = 0.5 * (self.value(cond[s]) - returns[s]).pow(2).mean()
            self.critic_opt.zero_grad(set_to_none=True)
            v_loss.backward()
            nn.utils.clip_grad_norm_(self.value_net.parameters(), self.cfg.max_grad_norm)
            self.critic_opt.step()
            v_losses.append(float(v_loss.detach()))
        self.updates += 1
        stats = {"pg_loss": actor.stats["pg_loss"], "v_loss": v_losses,
                 **{k: v for k, v in actor.stats.items() if k != "pg_loss"}}
        out = {k: float(np.mean(v)) for k, v in stats.items()}
        out.update(ratio_max=max(stats["ratio_max"]), ratio_min=min(stats["ratio_min"]), **actor.first,
                   minibatches=float(len(stats["pg_loss"])))
        if not all(math.isfinite(v) for v in (out["pg_loss"], out["v_loss"])):
            raise DPPOError(f"DPPO loss became non-finite at update {self.updates}: {out}")
        return out


@dataclass
class ActorPass:
    """What ``DPPOAgent.actor_update`` leaves for ``critic_update``: the decisions ``(M,)`` of every minibatch it
    ran, in order, and its logged values."""

    decisions: list[torch.Tensor] = field(default_factory=list)
    stats: dict[str, list[float]] = field(default_factory=dict)
    first: dict[str, float] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------- the loop
@dataclass
class Rollout:
    """``rollout_steps`` decisions of N envs, time-major."""

    cond: list[torch.Tensor] = field(default_factory=list)         # (N, C) each
    chain: list[torch.Tensor] = field(default_factory=list)        # (N, offset+K'+1, Tp, Da) each
    reward: list[np.ndarray] = field(default_factory=list)         # (N,) each, scaled
    terminated: list[np.ndarray] = field(default_factory=list)
    ended: list[np.ndarray] = field(default_factory=list)
    next_cond: list[torch.Tensor] = field(default_factory=list)    # (N, C): V bootstrap input (pre-reset window)


def collect_rollout(agent: DPPOAgent, vec: VectorChunkEnv, scaler: RunningReturnScaler | None,
                    counters: dict[str, int], cond: torch.Tensor, episode_returns: np.ndarray,
                    finished_returns: list[float]) -> tuple[Rollout, torch.Tensor]:
    """Run ``rollout_steps`` decisions in every env; returns the rollout and the condition to continue from.

    ``episode_returns`` ``(N,)`` accumulates each env's unscaled return across rollouts (reset when its episode
    ends); the return of every finished episode is appended to ``finished_returns``.
    """
    cfg, policy = agent.cfg, agent.policy
    spec = policy.spec
    executed = spec.executed
    out = Rollout()
    for _ in range(cfg.rollout_steps):
        chain, x0 = agent.sample_chain(cond)
        actions = policy.base.normalizer.unnormalize(spec.action_key, x0)[:, executed].numpy().astype(np.float64)
        next_obs, step, finished = vec.step_chunks(actions, cfg.sparse_reward, None)
        ended = np.array([f is not None for f in finished])
        reward = step["reward"]
        counters["env_steps"] += int(step["steps"].sum())
        episode_returns += reward
        for i, f in enumerate(finished):
            if f is not None:
                counters["episodes"] += 1
                counters["successes"] += int(f)
                finished_returns.append(float(episode_returns[i]))
                episode_returns[i] = 0.0
        if scaler is not None:
            reward = scaler.scale(reward, ended)
        next_cond = policy.encode(next_obs)
        out.cond.append(cond)
        out.chain.append(chain)
        out.reward.append(reward)
        out.terminated.append(step["done"] > 0)
        out.ended.append(ended)
        out.next_cond.append(next_cond)
        cond = policy.encode(vec.observation()) if ended.any() else next_cond
    return out, cond


def rollout_batch(agent: DPPOAgent, rollout: Rollout) -> dict[str, Any]:
    """GAE over the rollout; flattens ``(T, N)`` to ``S = T * N`` decisions."""
    cond = torch.stack(rollout.cond)                                   # (T, N, C)
    with torch.no_grad():
        values = agent.value(cond.flatten(0, 1)).reshape(cond.shape[:2])
        next_values = agent.value(torch.stack(rollout.next_cond).flatten(0, 1)).reshape(cond.shape[:2])
    as_tensor = lambda xs: torch.as_tensor(np.stack(xs))  # noqa: E731
    adv, returns = gae_advantages(as_tensor(rollout.reward).float(), values, next_values,
                                  as_tensor(rollout.terminated), as_tensor(rollout.ended),
                                  agent.cfg.gamma, agent.cfg.gae_lambda)
    return {"cond": cond.flatten(0, 1), "chain": torch.stack(rollout.chain).flatten(0, 1),
            "advantages": adv.flatten(), "returns": returns.flatten(),
            "explained_variance": explained_variance(values.flatten(), returns.flatten())}


def train_dppo(base: nn.Module, env_id: str, cfg: DPPOConfig, run_dir: str | Path, metrics: MetricsLog | None = None,
               progress: bool = True) -> tuple[DPPOPolicy, dict[str, Any]]:
    """Fine-tune ``base`` in ``env_id``; writes ``<run_dir>/dppo`` (kind ``"dppo"``) and returns (policy, summary).

    ``summary["updates"]`` lists every update's logged values (including ``first_ratio_max_deviation`` and
    ``first_approx_kl``; ``train_success`` over every training episode so far, ``rollout_success`` over the episodes
    that ended in the update's rollout); ``summary["curve"]`` every periodic evaluation (``eval_every`` > 0:
    ``eval_episodes`` episodes from seed ``eval_seed``) with its env steps, success rate, successes, episodes, updates so far and
    seconds since the start. The base weights are checked bit-identical at the end. With ``select_every`` > 0 the
    returned (and saved) policy is the best one on the tuning seeds, the start included (``summary["selection"]``;
    ``robopolicy.finetune.selection``), not the last. With ``overlap`` the rollouts come from a worker process
    (``summary["overlap"]``: its start-up, staleness counts, the time it collected, and the learner's time in the
    actor and critic epochs and waiting for rollouts; ``seconds`` starts once the worker has made its envs); None
    without.
    """
    from robopolicy.finetune.steered import state_dict_sha256

    require_denoising(base)
    cfg = for_head(cfg, base)
    kp = resolve_finetune_steps(base, cfg.finetune_steps)
    torch.manual_seed(cfg.seed)
    generator = torch.Generator().manual_seed(cfg.seed)
    noise_step = (NoiseStep.for_base(base, cfg.noise_policy_hidden_dims, cfg.min_sampling_std)
                  if cfg.noise_policy else None)
    training_chain = StochasticChain.of(cfg)
    policy = DPPOPolicy(base, kp, cfg.x0_clip, noise_step=noise_step, chain=chain_named(cfg.eval_chain, training_chain))
    base_hash = state_dict_sha256(policy.base)
    agent = DPPOAgent(policy, cfg)
    pool, vec, scaler = None, None, None
    if cfg.overlap:   # the envs, the reward scaler and the rollouts' torch stream live in the rollout worker
        from robopolicy.finetune.dppo_overlap import RolloutWorkerPool, actor_weights

        device = next(policy.finetuned.denoiser.parameters()).device
        if device.type != "cpu":
            raise DPPOError(f"dppo: overlap=true runs its rollout worker on the CPU; the policy is on {device}. "
                            "Set overlap=false or load the policy on the CPU")
        weights = actor_weights(policy)
        # the torch generator's state now is the one the in-process loop's first rollout starts from (nothing until
        # then draws from it: evaluations fork it), so the worker's rollouts draw the in-process loop's noise
        pool = RolloutWorkerPool(policy, env_id, cfg, reserved_seeds(cfg), base_hash, torch.get_rng_state())
        timings = {"actor_update_seconds": 0.0, "critic_update_seconds": 0.0}
    else:
        vec = VectorChunkEnv(env_id, policy.spec, cfg.num_envs, cfg.seed, cfg.max_episode_steps,
                             reserved_seeds(cfg))
        scaler = RunningReturnScaler(cfg.num_envs, cfg.gamma) if cfg.reward_scaling else None
    counters = {"env_steps": 0, "episodes": 0, "successes": 0}
    updates: list[dict[str, float]] = []
    variants = None
    if cfg.eval_chain == "select":  # both chains are candidates at every point; the kept one is saved
        variants = [(name, lambda name=name: setattr(policy, "chain", chain_named(name, training_chain)))
                    for name in SAMPLING_CHAINS]
    keeper = BestKeeper.from_settings(policy, policy.trained_modules(), env_id, cfg, variants)
    loop = OnlineLoop(policy, env_id, cfg, keeper, metrics, f"dppo K'={kp}", progress)
    try:
        if pool is not None:
            pool.wait_ready()            # the worker's start-up (imports, envs) is not part of the clock
            loop.restart_clock()
            pool.publish(weights, True, 0)   # the first rollout runs while the start is evaluated
        # the start is a candidate, so a run never ends below it on the tuning seeds. It is the base's own chain
        # with its output clipped to +-x0_clip, as every DPPO chain's: a flow base, whose chunks can leave that
        # range, scored a few of 100 episodes differently from its start on the RL suite
        loop.begin()
        if pool is None:
            cond = policy.encode(vec.observation())
            episode_returns = np.zeros(cfg.num_envs, np.float64)
        while counters["env_steps"] < cfg.total_env_steps:
            before_episodes, before_successes = counters["episodes"], counters["successes"]
            if pool is None:
                finished_returns: list[float] = []
                rollout, cond = collect_rollout(agent, vec, scaler, counters, cond, episode_returns, finished_returns)
            else:
                rollout, worker_counters, finished_returns = pool.next_rollout(device)
                counters.update(worker_counters)
                if counters["env_steps"] >= cfg.total_env_steps:
                    pool.release()   # the last rollout: the worker exits while the last update runs
            batch = rollout_batch(agent, rollout)
            if pool is None:
                info = agent.update(batch, generator)
            else:   # the actor's epochs; the next rollout with their weights; the critic's epochs meanwhile
                clock = time.perf_counter()
                actor_pass = agent.actor_update(batch, generator)
                timings["actor_update_seconds"] += time.perf_counter() - clock
                if counters["env_steps"] < cfg.total_env_steps:
                    pool.publish(weights, True, len(updates) + 1)
                clock = time.perf_counter()
                info = agent.critic_update(batch, actor_pass)
                timings["critic_update_seconds"] += time.perf_counter() - clock
            # this rollout's episodes alone (NaN when none ended): the cumulative train_success hides a collapse
            ended = counters["episodes"] - before_episodes
            rollout_success = (counters["successes"] - before_successes) / ended if ended else float("nan")
            info.update(explained_variance=batch["explained_variance"], train_episodes=counters["episodes"],
                        train_success=counters["successes"] / max(counters["episodes"], 1),
                        rollout_success=rollout_success,
                        train_return=float(np.mean(finished_returns)) if finished_returns else float("nan"),
                        env_steps=counters["env_steps"])
            if noise_step is not None:   # how far the learned initial noise has moved from the base's N(0, I)
                with torch.no_grad():
                    mean, std = noise_step(batch["cond"])
                info.update(noise_mean_abs=float(mean.abs().mean()), noise_std=float(std.mean()))
            updates.append(info)
            if metrics is not None:
                metrics.log(counters["env_steps"], **info)
            loop.advance(counters["env_steps"], updates=len(updates))
    finally:
        loop.close()
        if pool is not None:
            pool.close()
        else:
            vec.close()
    selection = loop.finish()
    if state_dict_sha256(policy.base) != base_hash:
        raise DPPOError("the frozen base policy's weights changed during DPPO; this is a bug")
    saved = policy.save(Path(run_dir) / "dppo", step=counters["env_steps"])
    summary = {**counters, "finetune_steps": kp, "num_denoising_steps": policy.num_denoising_steps,
               "updates": updates, "curve": loop.curve, "seconds": loop.seconds,
               "base_sha256": base_hash, "policy_dir": str(saved), "config": asdict(cfg), "selection": selection,
               "overlap": None if pool is None else {**pool.report(), **timings}}
    return policy, summary


# ------------------------------ the method's two names, read by the command (robopolicy/finetune/__init__.py)
CONFIG = DPPOConfig
# fields run() fills from the command's own keys (eval.episodes, eval.seed, seed): not finetune.* keys
NOT_FINETUNE_KEYS = ("eval_episodes", "eval_seed", "seed")
SEQUENTIAL_VERDICT = True  # the final evaluation is command.final_evaluation: eval.sequential=true works


def run(cfg: Any, run_dir: Path, metrics: MetricsLog) -> dict[str, Any]:
    """``robopolicy finetune method=dppo policy=<ckpt> env=<id>``: the hook ``robopolicy.finetune.cli`` calls."""
    from omegaconf import OmegaConf

    from robopolicy.config import dataclass_from
    from robopolicy.finetune.command import run_online

    dppo_cfg = dataclass_from(DPPOConfig, OmegaConf.to_container(cfg.finetune, resolve=True),
                              eval_episodes=cfg.eval.episodes, eval_seed=cfg.eval.seed, seed=cfg.seed)

    def label(policy: Any) -> str:
        return f"dppo K'={policy.finetune_steps}" + ("" if policy.chain is None else ", training chain")

    _, summary, evaluations = run_online(
        cfg, metrics, lambda base: train_dppo(base, cfg.env_id, dppo_cfg, run_dir, metrics, progress=cfg.progress),
        label, check=require_denoising)
    return {**{k: v for k, v in summary.items() if k != "updates"}, "last_update": summary["updates"][-1],
            "evaluations": evaluations}
