"""DSRL (Wagenmaker et al.): reinforcement learning in the noise space of a frozen diffusion / flow policy.

The latent MDP: at a decision step the agent sees the observation window ``{key: (N, To, *shape)}`` and picks
the base policy's initial noise ``w`` ``(N, Tp, Da)``; the frozen, deterministic sampler maps it to a chunk
``a = base.sample(obs, noise=w)`` ``(N, 1, Tp, Da)`` of which the executed slice ``(N, Ta, Da)`` runs in the
env. One transition per chunk: the n <= Ta rewards are summed, the bootstrap discount is ``gamma ** n``, and the
env-step counter advances by the n real env steps. The base policy is called once per decision (no second
denoising pass) and never trained: its state-dict sha256 is checked at the end.

Two variants:

- ``sac``: SAC over ``w`` in ``[-m, m]^(Tp*Da)`` (tanh-squashed, m = ``action_magnitude``); the replay stores
  ``w``; critic Q(s, w).
- ``na`` (noise-aliased): Q^A(s, a) on the executed actions ``(Ta, Da)`` (so offline episodes with actions
  preload the replay), Q^W(s, w) distilled from Q^A on ``w ~ N(0, I)`` mapped through the base sampler, the
  actor maximizes Q^W; entropy target 0 by default. Where the base calls go is a config choice: the Q^A target
  at s' is ``Q^A(s', base(s', pi(s')))`` (``na_target=action``, one base call per update) or the distilled
  ``Q^W(s', pi(s'))`` (``na_target=noise``, none); distillation runs inside every update (``distill_steps``
  null) or ``distill_steps`` times per decision, each with one batched base call.

UTD: ``utd`` gradient updates per decision step of the N vectorized envs. Before ``learning_starts`` env steps
the envs run warm-up noise: by default the base policy's own ``N(0, I)`` (clipped to ``[-m, m]``), as the
reference implementation's initial rollouts. ``reward_offset`` (subtracted per env step) turns the sparse
success reward into the reference's robomimic convention (-1 per step until success, with offset 1).

Acting and learning overlap with ``actors`` >= 1 (off-policy, so a bounded staleness is fine): actor processes
(``robopolicy/finetune/actors.py``) step their envs with ``act`` while the learner here runs the same per-batch
work as the in-process loop (replay, ``utd`` updates per received decision, checkpoints, evaluation, selection)
and publishes the noise policy's weights after each batch's updates; ``max_staleness`` bounds how far an actor
acts ahead of them. ``actors=0`` is the in-process loop.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.finetune.critics import ChunkCritic, CriticSpec
from robopolicy.finetune.divergence import check_finite
from robopolicy.finetune.loop import OnlineLoop
from robopolicy.finetune.offline import fit_scalers
from robopolicy.finetune.replay import ChunkReplayBuffer, EpisodeRecorder, chunk_transitions_from_store
from robopolicy.finetune.rewards import SparseRewardConfig
from robopolicy.finetune.selection import BestKeeper, SelectionSettings, check_tuning_seeds, reserved_seeds
from robopolicy.finetune.steered import (
    STEERING_MODES,
    NoisePolicy,
    NoisePolicyConfig,
    SteeredPolicy,
    require_noise_shape,
    state_dict_sha256,
    state_keys,
)
from robopolicy.finetune.vector_env import TASK_KEY, VectorChunkEnv
from robopolicy.policies.protocol import Sampler, executed_slice
from robopolicy.ranges import at_least, between, check_ranges, greater_than, one_of
from robopolicy.runs import MetricsLog
from robopolicy.train.optim import FlatAdam

DSRL_VARIANTS = ("sac", "na")
WARMUP_MODES = ("base", "uniform")
# the SteeredPolicy modes a run may evaluate and save in (standard_normal is no steering at all)
EVAL_MODES = tuple(m for m in STEERING_MODES if m != "standard_normal")
NA_TARGETS = ("action", "noise")


@dataclass
class DSRLConfig(SelectionSettings):  # + select_every, select_episodes, select_seed
    """DSRL's ``finetune.*`` keys. The defaults are the RL suite's dsrl_sac recipe (chosen on the development
    split, round 2): zero_init, learning_starts 1,000, utd 10, [64, 64] MLPs, batch 64, 20k env steps, no periodic
    evaluation."""

    # sac: the variant that learned in our runs (docs/results.md); na: see there
    variant: str = field(default="sac", metadata=one_of(*DSRL_VARIANTS))
    # w in [-m, m]^(Tp x Da), tanh-squashed: the key knob
    action_magnitude: float = field(default=1.5, metadata=greater_than(0.0))
    # None: full (Tp, Da) noise; R: R rows repeated to Tp (see NoisePolicyConfig)
    noise_rows: int | None = field(default=None, metadata=at_least(1))
    zero_init: bool = True               # True: the noise policy starts at mean 0, std init_std (NoisePolicyConfig)
    # zero_init: the starting std of the noise policy's pre-tanh Gaussian; below 1 its first samples stay near the
    # w = 0 start (the base's deterministic chunk) instead of spreading like the base's N(0, I)
    init_std: float = field(default=1.0, metadata=greater_than(0.0))
    # true (a language-conditioned base): the noise policy and the critics read the instruction too (FiLM on the
    # base's sentence encoder's embedding), so one run steers each task of a set its own way; false: the state only
    condition_on_task: bool = False
    total_env_steps: int = field(default=20_000, metadata=at_least(1))  # real env steps (chunks x Ta)
    num_envs: int = field(default=4, metadata=at_least(1))
    utd: int = field(default=10, metadata=at_least(1))  # gradient updates per decision step of the num_envs envs
    batch_size: int = field(default=64, metadata=at_least(1))
    # per env step; a chunk of n steps bootstraps with gamma^n
    gamma: float = field(default=0.99, metadata=between(0.0, 1.0))
    actor_lr: float = field(default=3.0e-4, metadata=greater_than(0.0))
    critic_lr: float = field(default=3.0e-4, metadata=greater_than(0.0))
    temperature_lr: float = field(default=3.0e-4, metadata=greater_than(0.0))
    tau: float = field(default=0.005, metadata=between(0.0, 1.0, low_open=True))
    hidden_dims: tuple[int, ...] = (64, 64)  # MLPs with LayerNorm (the reference uses 3 x 2048)
    num_q: int = field(default=2, metadata=at_least(1))
    # sparse O(1) rewards: a unit temperature drowns them in entropy
    init_temperature: float = field(default=0.01, metadata=greater_than(0.0))
    target_entropy: float | None = None  # None: 0 for na, -Tp*Da/2 for sac
    # env steps of warm-up noise (see ``warmup``) before any update
    learning_starts: int = field(default=1_000, metadata=at_least(0))
    # base: w ~ N(0, I) clipped to [-m, m] (the base policy's own behaviour, as the reference's init rollouts);
    # uniform: w ~ U[-m, m]
    warmup: str = field(default="base", metadata=one_of(*WARMUP_MODES))
    # base warm-up: w ~ N(0, warmup_scale^2 I) clipped; below 1, warm-up data near the w = 0 start
    warmup_scale: float = field(default=1.0, metadata=greater_than(0.0))
    buffer_capacity: int = field(default=200_000, metadata=at_least(1))
    max_episode_steps: int | None = field(default=None, metadata=at_least(1))  # None: the env's own limit
    sparse_reward: bool = True           # reward 1 and terminal on success; else the env's reward
    # subtracted from every env step's reward (1 with sparse rewards: -1 per step until success, the reference's
    # robomimic convention; 0 with sparse rewards let the entropy bonus dominate)
    reward_offset: float = 1.0
    # na: Q^W distillation steps per decision (None: one per update)
    distill_steps: int | None = field(default=None, metadata=at_least(0))
    # na: fraction of the distillation noise drawn from the actor, not N(0, I)
    distill_on_actor: float = field(default=0.0, metadata=between(0.0, 1.0))
    # na: bootstrap Q^A from Q^A(s', base(s', pi(s'))) ("action", a base call per update) or from the distilled
    # Q^W(s', pi(s')) ("noise", none)
    na_target: str = field(default="action", metadata=one_of(*NA_TARGETS))
    # how the steered policy acts when evaluated, selected and saved: mean (w = m tanh(mean), deterministic given
    # the state) or stochastic (w sampled from the noise policy, as the reference DSRL evaluates)
    eval_mode: str = field(default="mean", metadata=one_of(*EVAL_MODES))
    # selection: the base itself (w ~ N(0, I), the steered policy's standard_normal mode) is the reference every
    # later point must beat on the tuning seeds, and the policy kept when none does; the untrained steering (w = 0)
    # is a candidate like any other. False: the untrained steering is the reference (the rule before session 15)
    select_base: bool = True
    eval_every: int = field(default=0, metadata=at_least(0))  # env steps; 0 disables periodic evaluation
    eval_episodes: int = field(default=20, metadata=at_least(1))
    eval_seed: int = field(default=100_000, metadata=at_least(0))
    checkpoint_every: int = field(default=10_000, metadata=at_least(0))  # env steps
    seed: int = field(default=0, metadata=at_least(0))
    offline_store: str | None = None     # na only: preload Q^A's replay with these episodes
    online_store: str | None = None      # append every online episode to this store
    reward: SparseRewardConfig = field(default_factory=SparseRewardConfig)  # for offline_store without rewards
    # actor processes stepping the envs while this process updates (robopolicy/finetune/actors.py): 0 steps them
    # here between updates; N (at most os.cpu_count()) spawns N, each with num_envs envs, the frozen base and a
    # copy of the noise policy, on its own slice of the seed's reset-seed stream
    actors: int = field(default=0, metadata=at_least(0))
    # actors >= 1: decisions an actor may act ahead of the learner's latest weights (0: lock-step, each decision
    # on the weights after every earlier decision's updates; with one actor, the most weight versions a
    # transition lags when the learner takes it)
    max_staleness: int = field(default=1, metadata=at_least(0))

    def __post_init__(self) -> None:
        check_ranges(self, DSRLConfig, "dsrl")
        check_tuning_seeds(self)
        cores = os.cpu_count() or 1
        if self.actors > cores:
            raise ConfigError(f"dsrl: actors={self.actors} is out of range; valid: an integer in [0, {cores}] "
                              f"(one core per actor process; os.cpu_count() = {cores})")
        if self.actors and self.online_store:
            raise ConfigError("dsrl: online_store needs actors=0 (actor processes do not write episode stores); "
                              "set actors=0 or drop online_store")
        if self.offline_store and self.variant != "na":
            raise RobopolicyError("offline_store preloads executed actions: only variant=na can use it "
                                  "(sac replays noise w, which offline data does not have)")


def concat_obs(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """Two observation batches as one ``{key: (B1 + B2, To, *shape)}`` (task lists concatenated)."""
    return {k: (list(first[k]) + list(second[k])) if k == TASK_KEY else torch.cat([torch.as_tensor(first[k]),
                                                                                   torch.as_tensor(second[k])])
            for k in first}


def warmup_latent(cfg: DSRLConfig, rows: int, action_dim: int) -> torch.Tensor:
    """Warm-up noise latents ``(num_envs, rows, Da)`` in ``[-m, m]``: the base's N(0, I) clipped, or uniform."""
    m = cfg.action_magnitude
    if cfg.warmup == "base":
        return (cfg.warmup_scale * torch.randn(cfg.num_envs, rows, action_dim)).clamp(-m, m)
    return (torch.rand(cfg.num_envs, rows, action_dim) * 2 - 1) * m


def task_encoder(base: Sampler) -> tuple[str, int]:
    """``finetune.condition_on_task=true``: the base's sentence encoder (name, embedding size), which the noise
    policy and the critics embed the instruction with; a base that reads no instruction is refused in one line."""
    from robopolicy.models.language import get_sentence_encoder

    if not base.spec.language:
        raise ConfigError(f"finetune.condition_on_task=true: the base policy ({type(base).__name__}) reads no "
                          "instruction, so there is no task to condition on; set it false (the default)")
    name = ((getattr(base, "policy_config", None) or {}).get("language_encoder") or {}).get("name", "minilm")
    return str(name), int(get_sentence_encoder(str(name)).dim)


class DSRLAgent:
    """The learner: noise policy (actor), critics, temperature, and one ``update`` per gradient step."""

    def __init__(self, base: Sampler, cfg: DSRLConfig):
        self.base, self.cfg, self.spec = base, cfg, base.spec
        self.noise_shape = require_noise_shape(base)
        self.exec = executed_slice(self.spec.obs_horizon, self.spec.exec_horizon)
        obs_dims = state_keys(self.spec)
        hidden = list(cfg.hidden_dims)
        encoder, dim = task_encoder(base) if cfg.condition_on_task else (None, 0)
        self.actor = NoisePolicy(NoisePolicyConfig(obs_dims, list(self.noise_shape), cfg.action_magnitude, hidden,
                                                    cfg.noise_rows, cfg.zero_init, cfg.init_std,
                                                    encoder, dim or 384))
        tp, da = self.noise_shape
        m = cfg.action_magnitude
        language = {"language": True, "language_encoder": encoder, "embedding_dim": dim} if encoder else {}

        def noise_critic() -> ChunkCritic:  # Q(s, w): w scaled by its box [-m, m]
            critic = ChunkCritic(CriticSpec(obs_dims, da, tp, hidden, cfg.num_q, **language))
            critic.action_scaler.low.fill_(-m)
            critic.action_scaler.high.fill_(m)
            return critic

        self.q_noise = noise_critic()
        self.q_action = (ChunkCritic(CriticSpec(obs_dims, da, self.spec.exec_horizon, hidden, cfg.num_q, **language))
                         if cfg.variant == "na" else None)
        self.log_temperature = torch.tensor(float(np.log(cfg.init_temperature)), requires_grad=True)
        self.target_entropy = (cfg.target_entropy if cfg.target_entropy is not None
                               else (0.0 if cfg.variant == "na" else -self.actor.noise_dim / 2))
        self.actor_opt = FlatAdam(self.actor.net.parameters(), lr=cfg.actor_lr)
        # one buffer per critic: na's updates step Q^A alone when distillation runs in its own steps, which step Q^W alone
        critic_groups = [list(c.q.parameters()) for c in (self.q_noise, self.q_action) if c is not None]
        self.critic_opt = FlatAdam(critic_groups, lr=cfg.critic_lr)
        self.temperature_opt = torch.optim.Adam([self.log_temperature], lr=cfg.temperature_lr)
        self.updates = 0
        self.base_sampling_seconds = 0.0

    def fit_scalers(self, buffer: ChunkReplayBuffer) -> None:
        """Observation (and executed-action) ranges from the replay contents; the noise box stays [-m, m]."""
        target = self.q_action if self.q_action is not None else self.q_noise
        low, high = target.action_scaler.low.clone(), target.action_scaler.high.clone()
        fit_scalers(target, buffer)
        if self.q_action is None:  # Q(s, w): keep the noise box
            self.q_noise.action_scaler.low.copy_(low)
            self.q_noise.action_scaler.high.copy_(high)
        for module in (self.q_noise, self.actor):
            module.obs_scaler.load_state_dict(target.obs_scaler.state_dict())

    def executed(self, obs: dict[str, Any], w: torch.Tensor) -> torch.Tensor:
        """One batched, gradient-free base call: noise ``(B, Tp, Da)`` -> executed actions ``(B, Ta, Da)``."""
        start = time.perf_counter()
        with torch.no_grad():
            chunks = self.base.sample(obs, n=1, noise=w[:, None])
        self.base_sampling_seconds += time.perf_counter() - start
        return chunks[:, 0, self.exec].float()

    def distillation_noise(self, obs: dict[str, Any], b: int) -> torch.Tensor:
        """``(b, Tp, Da)`` noise to distill Q^W on: ``N(0, I)``, except the first ``distill_on_actor`` fraction,
        drawn from the actor at ``obs`` (so Q^W is accurate where the actor goes, not only where N(0, I) does)."""
        w0 = torch.randn(b, *self.noise_shape)
        k = int(round(self.cfg.distill_on_actor * b))
        if k:
            with torch.no_grad():
                w0[:k] = self.actor.rsample({key: v[:k] for key, v in obs.items()})[0]
        return w0

    def distillation_loss(self, obs: dict[str, Any], a0: torch.Tensor, w0: torch.Tensor) -> torch.Tensor:
        """Q^W(s, w0) regressed on the Q^A ensemble mean at the base's executed actions a0 = base(s, w0)."""
        with torch.no_grad():
            distill_target = self.q_action.q_values(obs, a0).mean(0)
        return (self.q_noise.q_values(obs, w0) - distill_target).pow(2).mean()

    def distill(self, batch: dict[str, Any], last_good: Path | None) -> float:
        """One Q^W distillation step on its own (``distill_steps`` per decision): one batched base call."""
        obs = batch["obs"]
        w0 = self.distillation_noise(obs, len(batch["reward"]))
        loss = self.distillation_loss(obs, self.executed(obs, w0), w0)
        check_finite("distillation", loss, self.updates, last_good)
        self.critic_opt.zero_grad(set_to_none=True)
        loss.backward()
        self.critic_opt.step()
        return loss.item()

    def update(self, batch: dict[str, Any], last_good: Path | None, distill: bool = True) -> dict[str, float]:
        """One gradient step of the critic(s), the actor and the temperature (na: and, if ``distill``, of Q^W)."""
        obs, next_obs = batch["obs"], batch["next_obs"]
        alpha = self.log_temperature.exp().detach()
        not_done = batch["discount"] * (1 - batch["done"])
        info: dict[str, float] = {}
        with torch.no_grad():
            next_w, next_logp = self.actor.rsample(next_obs)
        if self.cfg.variant == "sac":
            with torch.no_grad():
                next_q = self.q_noise.q_values(next_obs, next_w, target=True).min(0).values
                target = batch["reward"] + not_done * (next_q - alpha * next_logp)
            critic_loss = (self.q_noise.q_values(obs, batch["action"]) - target).pow(2).mean()
        else:
            b = len(next_w)
            with torch.no_grad():
                # the base calls of this step, batched into one: the actor's noise at s' (for an "action" target)
                # and N(0, I) noise at s (to distill Q^W)
                w0 = self.distillation_noise(obs, b) if distill else None
                parts_obs = ([next_obs] if self.cfg.na_target == "action" else []) + ([obs] if distill else [])
                parts_w = ([next_w] if self.cfg.na_target == "action" else []) + ([w0] if distill else [])
                executed = None
                if parts_w:
                    executed = self.executed(parts_obs[0] if len(parts_obs) == 1 else concat_obs(*parts_obs),
                                             torch.cat(parts_w))
                if self.cfg.na_target == "action":
                    next_q = self.q_action.q_values(next_obs, executed[:b], target=True).min(0).values
                else:
                    next_q = self.q_noise.q_values(next_obs, next_w, target=True).min(0).values
                target = batch["reward"] + not_done * (next_q - alpha * next_logp)    # soft backup, as SAC
            q_a_loss = (self.q_action.q_values(obs, batch["action"]) - target).pow(2).mean()
            critic_loss = q_a_loss
            info.update(q_action_loss=q_a_loss.item())
            if distill:
                distill_loss = self.distillation_loss(obs, executed[-b:], w0)
                critic_loss = critic_loss + distill_loss
                info.update(distill_loss=distill_loss.item())
        check_finite("critic", critic_loss, self.updates, last_good)
        self.critic_opt.zero_grad(set_to_none=True)
        critic_loss.backward()
        self.critic_opt.step()

        w, logp = self.actor.rsample(obs)
        q_new = self.q_noise.q_values(obs, w)
        actor_loss = (alpha * logp - q_new.min(0).values).mean()     # pessimistic (ensemble min) for both variants
        check_finite("actor", actor_loss, self.updates, last_good)
        self.actor_opt.zero_grad(set_to_none=True)
        actor_loss.backward()
        self.actor_opt.step()
        temperature_loss = -(self.log_temperature * (logp.detach() + self.target_entropy)).mean()
        check_finite("temperature", temperature_loss, self.updates, last_good)
        self.temperature_opt.zero_grad(set_to_none=True)
        temperature_loss.backward()
        self.temperature_opt.step()

        for critic in (self.q_noise, self.q_action):
            if critic is not None:
                critic.update_target(self.cfg.tau)
        self.updates += 1
        info.update(critic_loss=critic_loss.item(), actor_loss=actor_loss.item(), temperature=alpha.item(),
                    entropy=-logp.mean().item(), q=q_new.mean().item())
        return info


def act(agent: DSRLAgent, vec: VectorChunkEnv, cfg: DSRLConfig, on_policy: bool,
        recorder: EpisodeRecorder | None = None) -> dict[str, Any]:
    """One decision of the N envs (in this process, or in an actor process): ``w`` ``(N, Tp, Da)`` from the noise
    policy (``on_policy``) or warm-up noise, one batched base call, the chunks executed. Returns the windows
    ``obs``/``next_obs`` ``{key: (N, To, *shape)}``, ``stored`` (``w``, or the executed ``(N, Ta, Da)`` for na),
    ``out`` (per-env ``reward``, ``done``, ``steps``), ``finished`` and ``tasks`` (instructions, or None)."""
    obs = vec.observation()
    if on_policy:
        with torch.no_grad():
            w, _ = agent.actor.rsample(obs)
    else:
        w = agent.actor.expand(warmup_latent(cfg, agent.actor.cfg.rows, agent.noise_shape[1]))
    executed = agent.executed(obs, w)                   # the only base call of this decision
    next_obs, out, finished = vec.step_chunks(executed.numpy().astype(np.float64), cfg.sparse_reward, recorder,
                                              cfg.reward_offset)
    stored = executed.numpy() if cfg.variant == "na" else w.numpy()
    tasks = list(obs["task"]) if agent.spec.language else None   # each env's own task (a task set mixes them)
    return {"obs": obs, "stored": stored, "next_obs": next_obs, "out": out, "finished": finished, "tasks": tasks}


def run_dsrl(base: Sampler, env_id: str, cfg: DSRLConfig, run_dir: str | Path,
             base_checkpoint: str | Path | None = None, metrics: MetricsLog | None = None,
             progress: bool = True) -> tuple[SteeredPolicy, dict[str, Any]]:
    """Train a noise policy for ``base`` in ``env_id``; returns the steered policy and a summary.

    Writes ``<run_dir>/checkpoints/last`` every ``checkpoint_every`` env steps and ``<run_dir>/steered`` at the
    end. Raises ``TrainingDivergedError`` at a non-finite loss (the last checkpoint is kept) and
    ``RobopolicyError`` if the base weights changed. With ``select_every`` > 0 the returned policy is the best one
    on the tuning seeds (``summary["selection"]``; ``robopolicy.finetune.selection``), not the last. With
    ``actors`` >= 1 the envs step in actor processes (``summary["actors"]``: staleness counts, start-up and the
    learner's waiting time; ``seconds`` starts once every actor has made its envs).
    """
    from robopolicy.finetune.steered import base_reference

    torch.manual_seed(cfg.seed)
    generator = np.random.default_rng(cfg.seed)
    run_dir = Path(run_dir)
    agent = DSRLAgent(base, cfg)                           # refuses a base without noise_shape first
    spec = base.spec
    base_hash = state_dict_sha256(base) if hasattr(base, "state_dict") else None
    if hasattr(base, "eval"):
        base.eval()
    if hasattr(base, "requires_grad_"):
        base.requires_grad_(False)
    steered = SteeredPolicy(base, agent.actor, cfg.eval_mode, base_reference(base_checkpoint, base))
    pool, vec = None, None
    if not cfg.actors:
        vec = VectorChunkEnv(env_id, spec, cfg.num_envs, cfg.seed, cfg.max_episode_steps, reserved_seeds(cfg))
    obs_shapes = {k: f.shape for k, f in spec.obs_features.items()}
    obs_dtypes = {k: f.dtype for k, f in spec.obs_features.items()}
    stored_shape = (spec.exec_horizon, spec.action_dim) if cfg.variant == "na" else agent.noise_shape
    buffer = ChunkReplayBuffer(cfg.buffer_capacity, obs_shapes, obs_dtypes, spec.obs_horizon, stored_shape)
    if cfg.offline_store:
        from robopolicy.data.store import EpisodeStore

        offline = chunk_transitions_from_store(EpisodeStore.open(cfg.offline_store), list(obs_shapes),
                                               spec.obs_horizon, spec.exec_horizon, cfg.gamma, cfg.reward,
                                               stride=spec.exec_horizon, progress=progress)
        if cfg.reward_offset:  # the online convention: reward_offset paid per env step of each chunk
            offline["reward"] = (offline["reward"] - cfg.reward_offset * offline["steps"]).astype(np.float32)
        buffer.add_offline(offline)
    recorder = None
    if cfg.online_store:
        recorder = EpisodeRecorder(cfg.online_store, {**vec.envs[0].feature_spec}, vec.envs[0].fps,
                                   vec.envs[0].robot, policy_id=f"dsrl:{base_hash[:16] if base_hash else 'base'}")
    checkpoint = run_dir / "checkpoints" / "last"
    last_good: Path | None = None
    env_steps, decisions, episodes, successes = 0, 0, 0, 0
    scalers_fitted = False
    next_ckpt = cfg.checkpoint_every
    keeper = BestKeeper.from_settings(steered, agent.actor, env_id, cfg)
    info: dict[str, float] = {}

    def score_base() -> None:  # the base itself first: the reference, and the policy kept if nothing beats it
        mode, steered.mode = steered.mode, "standard_normal"
        keeper.consider(0, label="base")
        steered.mode = mode

    if cfg.actors:
        from robopolicy.finetune.actors import ActorPool

        pool = ActorPool(base, env_id, cfg, reserved_seeds(cfg), base_hash)   # closed in the finally below
    loop = OnlineLoop(steered, env_id, cfg, keeper, metrics, f"dsrl-{cfg.variant}", progress)
    try:
        if pool is not None:
            pool.wait_ready()
            loop.restart_clock()
        loop.begin(base=score_base if cfg.select_base else None)  # then the untrained steering, a candidate
        while env_steps < cfg.total_env_steps:
            learning = env_steps >= cfg.learning_starts and len(buffer) > 0
            if learning and not scalers_fitted:
                agent.fit_scalers(buffer)
                scalers_fitted = True
            if pool is None:
                decision = act(agent, vec, cfg, learning, recorder)
                obs, stored, next_obs, out = decision["obs"], decision["stored"], decision["next_obs"], decision["out"]
                finished, tasks = decision["finished"], decision["tasks"]
            else:
                # the weights after the last batch's updates (if any) and that batch's actor's next decision; then
                # the next batch from any actor, acted on weights at most max_staleness of its decisions old
                pool.publish(agent.actor, learning, (agent.updates, scalers_fitted))
                batch = pool.receive()
                obs, stored, next_obs, finished, tasks = (batch[k] for k in ("obs", "stored", "next_obs", "finished",
                                                                             "tasks"))
                out = {k: batch[k] for k in ("reward", "done", "steps")}
            buffer.add({k: obs[k] for k in obs_shapes}, stored, out["reward"], next_obs, out["done"],
                       np.power(cfg.gamma, out["steps"]).astype(np.float32), tasks)
            env_steps += int(out["steps"].sum())
            decisions += 1
            for f in finished:
                if f is not None:
                    episodes += 1
                    successes += int(f)
            if learning:
                for _ in range(cfg.utd):
                    info = agent.update(buffer.sample(cfg.batch_size, generator), last_good,
                                        distill=cfg.distill_steps is None)
                for _ in range((cfg.distill_steps or 0) if cfg.variant == "na" else 0):
                    info["distill_loss"] = agent.distill(buffer.sample(cfg.batch_size, generator), last_good)
            if cfg.checkpoint_every and env_steps >= next_ckpt:
                last_good = steered.save(checkpoint)
                next_ckpt += cfg.checkpoint_every
            loop.advance(env_steps, updates=agent.updates)
            if metrics is not None and decisions % 10 == 0:
                staleness = {} if pool is None else {"staleness": pool.last_staleness}
                metrics.log(env_steps, updates=agent.updates, train_episodes=episodes,
                            train_success=successes / max(episodes, 1), **info, **staleness)
    finally:
        loop.close()
        if pool is not None:
            pool.close()
        else:
            vec.close()
    selection = loop.finish()
    if selection is not None and selection["kept"].get("policy") == "base":
        steered.mode = "standard_normal"  # no point beat the base on the tuning seeds: keep the base, exactly
    if base_hash is not None and state_dict_sha256(base) != base_hash:
        raise RobopolicyError("the base policy's weights changed during DSRL (state-dict sha256 differs); "
                              "this is a bug: DSRL must only train the noise policy")
    summary = {"env_steps": env_steps, "decisions": decisions, "updates": agent.updates, "episodes": episodes,
               "train_success": successes / max(episodes, 1), "curve": loop.curve, "seconds": loop.seconds,
               "base_sampling_seconds": agent.base_sampling_seconds, "base_sha256": base_hash,
               "last_losses": info, "selection": selection}
    if pool is not None:
        summary["actors"] = pool.report()
    return steered, summary


# ------------------------------ the method's two names, read by the command (robopolicy/finetune/__init__.py)
CONFIG = DSRLConfig
# fields run() fills from the command's own keys (eval.*, seed, dataset, reward.*): not finetune.* keys
NOT_FINETUNE_KEYS = ("eval_episodes", "eval_seed", "seed", "offline_store", "reward")
SEQUENTIAL_VERDICT = True  # the final evaluation is command.final_evaluation: eval.sequential=true works


def run(cfg: Any, run_dir: Path, metrics: MetricsLog) -> dict[str, Any]:
    """``robopolicy finetune method=dsrl policy=<ckpt> env=<id>``: the hook ``robopolicy.finetune.cli`` calls."""
    from omegaconf import OmegaConf

    from robopolicy.config import dataclass_from
    from robopolicy.finetune.command import run_online

    values = OmegaConf.to_container(cfg.finetune, resolve=True)
    dsrl_cfg = dataclass_from(DSRLConfig, values, eval_episodes=cfg.eval.episodes, eval_seed=cfg.eval.seed,
                              seed=cfg.seed, offline_store=cfg.dataset if values.get("variant") == "na" else None,
                              reward=dataclass_from(SparseRewardConfig, OmegaConf.to_container(cfg.reward)))

    def train(base: Any) -> tuple[Any, dict[str, Any]]:
        steered, summary = run_dsrl(base, cfg.env_id, dsrl_cfg, run_dir, base_checkpoint=cfg.checkpoint,
                                    metrics=metrics, progress=cfg.progress)
        return steered, {**summary, "steered_policy": str(steered.save(run_dir / "steered"))}

    _, summary, evaluations = run_online(cfg, metrics, train, lambda _: "dsrl", check=require_noise_shape)
    return {**summary, "evaluations": evaluations}
