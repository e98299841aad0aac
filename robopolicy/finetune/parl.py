"""PA-RL (policy-agnostic RL): improve actions with a critic, then distil them with the policy's own loss.

For a batch of observations ``{key: (B, To, *shape)}``:

1. **Global**: sample M chunks from the policy, ``(B, M, Tp, Da)`` raw units; score each by the critic's Q on
   its first H executed actions ``(B, M)`` (H = the critic's ``action_horizon`` <= Ta; ensemble mean).
2. Keep the top k by Q, ``(B, k, Tp, Da)``.
3. **Local**: ``grad_steps`` steps of gradient ascent on Q w.r.t. the action, ``a <- clip(a + lr * dQ/da)``
   into the policy's action range (its normalizer's [-1, 1] mapped to raw units).
4. Pick the best of the k optimized and the k original chunks by Q: ``(B, Tp, Da)``.
5. **Update**: by default (``objective="preference"``) one optimizer step on the Diffusion-DPO loss of the pair
   (best, lowest-Q sampled chunk) against the frozen start (``preference_step``, over the head's per-chunk
   losses); with ``objective="distill"`` (the paper's) on ``policy.loss({**obs, "action": best})``, the head's
   own supervised loss (TrainablePolicy tier), which works for every trainable head. Steps 1-4 run without
   gradients into the policy: its weights change only through that loss.

Two safeguards against the critic's extrapolation, both on by default (measured on the RL suite: without them,
1,000 distillation steps took three 55-62% bases to 0/100):

- ``candidates="base"``: step 1 samples from a frozen copy of the starting policy, so the distilled policy moves
  towards the best of the base's own chunks and cannot walk, update by update, into actions the critic never saw
  (``"current"``: the paper's, from the policy being trained, which compounds any bias in the critic's argmax).
- **Selection** (``select_every`` distillation steps, as ``robopolicy.finetune.selection`` for DPPO and DSRL): the
  policy is evaluated on tuning seeds at the start, every ``select_every`` updates and at the end, and the best is
  kept (the start included), so a run never ends below what its tuning seeds saw at the start. Needs ``env=``.

What distillation costs by itself (the RL suite, session 21): with no critic in the loop (``num_samples=1,
top_k=1, grad_steps=0``: the base's own samples distilled back into it) a 4-step epsilon diffusion base on
drawer-open fell from 18/30 to 3/30 tuning successes within 250 steps, its executed actions' mean magnitude shrinking
(0.46 -> 0.44 -> 0.42 after 250 and 500 steps): the policy learns its sampler's output and then samples that again,
so an improvement has to outrun this drift (``ema_decay`` slows it; selection keeps the start where it is not).
Session 22: neither the sampler nor the step size is the cause. Candidates sampled with 20 DDIM steps
(``target_steps=20``) or distilled at a tenth of the rate (1e-5) fell the same way (18 -> 1-2 of 30 after 250
steps), while random sign changes of every weight three times the size of the 1e-5 run's change left the base at
20-21 of 30 (``experiments/parl_drift.py`` at commit 32b38e5, ``experiments/results/parl_drift.json``): the distillation's direction
is what hurts. And it is the targets: behaviour cloning continued on the base's own demos for the same 250 steps kept
16-18 of 30, while its own samples distilled at those same demo observations took it to 1-3. ``bc_weight`` /
``bc_dataset`` add the demos to each step (an anchor); on the suite that slowed the fall (drawer-open 18 -> 10, 8,
7, 3 with no critic; with the critic 11, 4, 10, 11) but did not stop it.

Session 23 measured that bias directly (drawer-open base, 128 demo windows x 16 samples, 250 self-distillation
steps at 1e-4): the samples' spread across noises held (0.34 -> 0.36) while their mean moved away from the demos'
actions (0.28 -> 0.31, 0.34 after 500) and their size shrank (0.47 -> 0.44 -> 0.42). ``objective="preference"``
replaces step 5 with the Diffusion-DPO loss (``preference_step``) on each observation's best chunk and its lowest-Q
sample, measured against the frozen start: a pair of equal chunks has no gradient, so the base is a fixed point and
only the critic's ranking moves the policy. With no critic (random pairs of the base's samples) it kept the
drawer-open base at 21 and 20 of 30 where self-distillation took it to 1; with the critic it improved 14 of 15 runs
on the suite's five diffusion bases (three seeds each; window-open seed 0 kept its start), where distillation had
improved 3 of 18 (drawer-close only): it became the default (the RL suite, session 23).

``run`` (``robopolicy finetune method=parl``) improves actions on observation windows of an episode store with a
trained critic (``finetune.critic``: a critic directory, e.g. from ``method=vgps``), distils for ``steps``
updates, saves a plain policy checkpoint, and evaluates before/after when ``env=`` is given.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from tqdm import trange

from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.finetune.critics import ChunkCritic, check_compatible, load_critic
from robopolicy.finetune.selection import BestKeeper, SelectionSettings, refuse_overlap
from robopolicy.policies.protocol import TrainablePolicy, tiers_of
from robopolicy.ranges import at_least, between, check_ranges, greater_than, one_of
from robopolicy.runs import MetricsLog
from robopolicy.train.ema import EMA
from robopolicy.train.optim import adamw

TASK_KEY = "task"
CANDIDATES = ("base", "current")
OBJECTIVES = ("distill", "preference")
NORMALIZED_ACTION_LIMITS = (-1.0, 1.0)  # the policy's normalized action range, mapped to raw units for clipping


class PARLError(RobopolicyError):
    """PA-RL cannot run on this policy or critic."""


@dataclass
class PARLConfig(SelectionSettings):  # + select_every (here in distillation steps), select_episodes, select_seed
    num_samples: int = field(default=32, metadata=at_least(1))  # M chunks sampled per observation
    top_k: int = field(default=10, metadata=at_least(1))  # kept by Q for the local search
    grad_steps: int = field(default=10, metadata=at_least(0))  # gradient-ascent steps on Q w.r.t. the action
    action_lr: float = field(default=3.0e-4, metadata=at_least(0.0))
    steps: int = field(default=1000, metadata=at_least(1))  # distillation updates
    batch_size: int = field(default=64, metadata=at_least(1))
    policy_lr: float = field(default=1.0e-4, metadata=greater_than(0.0))
    # > 0: the distilled policy is an exponential moving average of the trained weights (decay per distillation
    # step, starting at the policy's own weights: no warm-up), which is what is judged, kept and saved; 0: the
    # trained weights themselves. A BC checkpoint holds its trainer's EMA weights, so fine-tuning its raw copy with
    # Adam and judging the raw weights drops the averaging the base was evaluated with.
    ema_decay: float = field(default=0.0, metadata=between(0.0, 0.99999))
    # > 0: step 1's candidates are sampled with this many denoising steps (the chunk policy's set_inference_steps),
    # not the policy's own (targets from a sampler closer to the model's distribution); 0: the policy's own steps.
    # Measured on the RL suite: 20 steps for 4-step bases did not stop the drift the module doc describes
    target_steps: int = field(default=0, metadata=at_least(0))
    # > 0: each distillation step adds bc_weight x the policy's loss on a batch of bc_dataset (an episode store,
    # e.g. the demos the policy was cloned from): an anchor against the drift of distilling the policy's own samples
    bc_weight: float = field(default=0.0, metadata=at_least(0.0))
    bc_dataset: str | None = None  # episode store of the anchor, e.g. the demos the policy was cloned from
    critic: str | None = None    # critic directory (robopolicy.finetune.critics.save_critic)
    # sample step 1 from the frozen starting policy ("base") or the trained one
    candidates: str = field(default="base", metadata=one_of(*CANDIDATES))
    # "preference": the Diffusion-DPO loss on (best, lowest-Q sampled) chunk pairs against the frozen start
    # (preference_step; the RL suite's numbers chose it); "distill": step 5 fits the best chunk with the policy's own
    # loss (the paper's)
    objective: str = field(default="preference", metadata=one_of(*OBJECTIVES))
    preference_beta: float = field(default=1000.0, metadata=greater_than(0.0))  # DPO's inverse temperature
    log_every: int = field(default=50, metadata=at_least(1))
    select_every: int = field(default=250, metadata=at_least(0))  # distillation steps between selection points

    def __post_init__(self) -> None:
        check_ranges(self, PARLConfig, "parl")
        if not 1 <= self.top_k <= self.num_samples:
            raise ConfigError(f"parl top_k must be in [1, num_samples={self.num_samples}], got {self.top_k}")
        if self.bc_weight > 0 and not self.bc_dataset:
            raise ConfigError(f"parl bc_weight={self.bc_weight} needs finetune.bc_dataset=<episode store> (e.g. the "
                              "demos the policy was cloned from), or bc_weight=0")
        if self.objective == "preference" and self.num_samples < 2:
            raise ConfigError(f"parl objective=preference compares the best and the worst of num_samples chunks; "
                              f"num_samples={self.num_samples} gives one (use num_samples >= 2, or objective=distill)")


def require_trainable(policy: Any) -> None:
    if not isinstance(policy, TrainablePolicy) or not isinstance(policy, torch.nn.Module):
        raise PARLError(f"PA-RL distils with the policy's own supervised loss: it needs the TrainablePolicy tier "
                        f"(an nn.Module with loss(batch) -> (loss, info)); {type(policy).__name__} implements "
                        f"{', '.join(tiers_of(policy)) or 'no protocol tier'}")


def require_objective(policy: Any, objective: str) -> None:
    """The preference objective needs the head's per-chunk losses; said before any evaluation or update."""
    if objective == "preference" and not hasattr(policy, "chunk_losses"):
        raise PARLError(f"parl objective=preference needs per-chunk losses (chunk_losses(batch) -> (B,)); "
                        f"{type(policy).__name__} has none (use objective=distill)")


def action_limits(policy: Any) -> tuple[torch.Tensor, torch.Tensor]:
    """Raw-unit ``(low, high)`` ``(Da,)`` of the policy's action range (its normalizer's [-1, 1])."""
    key, da = policy.spec.action_key, policy.spec.action_dim
    ends = torch.tensor(NORMALIZED_ACTION_LIMITS).reshape(2, 1).expand(2, da)
    raw = policy.normalizer.unnormalize(key, ends.to(policy.device)).cpu()
    return raw.min(0).values, raw.max(0).values


def repeat_obs(obs: dict[str, Any], n: int) -> dict[str, Any]:
    """``{key: (B, ...)}`` -> ``{key: (B * n, ...)}``, each row repeated n times in place (tasks too)."""
    return {k: ([t for t in v for _ in range(n)] if k == TASK_KEY
                else torch.as_tensor(np.asarray(v) if not torch.is_tensor(v) else v).repeat_interleave(n, dim=0))
            for k, v in obs.items()}


@contextmanager
def sampling_steps(policy: Any, steps: int) -> Iterator[None]:
    """``policy`` samples with ``steps`` denoising steps inside the block (0: unchanged), its own steps after."""
    if not steps:
        yield
        return
    own = policy.num_denoising_steps
    policy.set_inference_steps(steps)
    try:
        yield
    finally:
        policy.set_inference_steps(own)


class ActionImprover:
    """Steps 1-4 of the module doc: global sampling, top-k by Q, local gradient ascent, argmax."""

    def __init__(self, policy: Any, critic: ChunkCritic, cfg: PARLConfig, sampler: Any = None):
        self.policy, self.critic, self.cfg = policy, critic, cfg
        self.sampler = policy if sampler is None else sampler  # where step 1's candidates come from
        spec = policy.spec
        self.executed = spec.executed
        self.horizon = critic.spec.action_horizon
        self.low, self.high = action_limits(policy)
        check_compatible(critic, spec.action_dim, spec.exec_horizon, self.low.numpy(), self.high.numpy())

    def q(self, obs: dict[str, Any], chunks: torch.Tensor) -> torch.Tensor:
        """``(N,)`` ensemble-mean Q of raw chunks ``(N, Tp, Da)`` on their first H executed actions."""
        return self.critic.q_values(obs, chunks[:, self.executed][:, :self.horizon]).mean(0)

    def improve(self, obs: dict[str, Any]) -> tuple[torch.Tensor, dict[str, float]]:
        """Best chunks ``(B, Tp, Da)`` for raw observations ``{key: (B, To, *shape)}``, and Q statistics."""
        best, _, stats = self.improve_pair(obs)
        return best, stats

    def improve_pair(self, obs: dict[str, Any]) -> tuple[torch.Tensor, torch.Tensor, dict[str, float]]:
        """``improve``'s best chunks, the lowest-Q sampled chunk of each observation ``(B, Tp, Da)`` (the
        preference objective's loser), and the Q statistics."""
        cfg = self.cfg
        with torch.no_grad(), sampling_steps(self.sampler, cfg.target_steps):
            samples = self.sampler.sample(obs, n=cfg.num_samples).float().cpu()          # (B, M, Tp, Da)
        b, m = samples.shape[:2]
        obs_m = repeat_obs(obs, m)
        with torch.no_grad():
            q_samples = self.q(obs_m, samples.flatten(0, 1)).reshape(b, m)
        top = q_samples.topk(cfg.top_k, dim=1).indices                                     # (B, k)
        kept = samples[torch.arange(b)[:, None], top]                                      # (B, k, Tp, Da)
        obs_k = repeat_obs(obs, cfg.top_k)
        actions = kept.flatten(0, 1).clone().requires_grad_(True)
        for _ in range(cfg.grad_steps):
            (grad,) = torch.autograd.grad(self.q(obs_k, actions).sum(), actions)
            with torch.no_grad():
                actions.add_(cfg.action_lr * grad)
                actions.copy_(torch.maximum(torch.minimum(actions, self.high), self.low))
        with torch.no_grad():
            optimized = actions.detach().reshape(b, cfg.top_k, *samples.shape[2:])
            q_optimized = self.q(obs_k, optimized.flatten(0, 1)).reshape(b, cfg.top_k)
            candidates = torch.cat([kept, optimized], dim=1)                               # (B, 2k, Tp, Da)
            q_all = torch.cat([q_samples.gather(1, top), q_optimized], dim=1)
            best = q_all.argmax(dim=1)
        stats = {"q_sampled_mean": float(q_samples.mean()), "q_topk_mean": float(q_samples.gather(1, top).mean()),
                 "q_optimized_mean": float(q_optimized.mean()), "q_best_mean": float(q_all.max(1).values.mean())}
        worst = samples[torch.arange(b), q_samples.argmin(dim=1)]
        return candidates[torch.arange(b), best], worst, stats


def chunk_batch(policy: Any, obs: dict[str, Any], actions: torch.Tensor) -> dict[str, Any]:
    """A training batch of ``obs`` and raw chunks ``(B, Tp, Da)`` (none padded)."""
    b, tp = actions.shape[:2]
    return {**obs, policy.spec.action_key: actions.detach(), "action_is_pad": torch.zeros(b, tp, dtype=torch.bool)}


def take_step(policy: Any, optimizer: torch.optim.Optimizer, loss: torch.Tensor, out: dict[str, float],
           anchor: dict[str, Any] | None, anchor_weight: float) -> dict[str, float]:
    """One optimizer step on ``loss`` plus ``anchor_weight`` x the policy's loss on ``anchor`` when given."""
    if anchor is not None and anchor_weight > 0:
        anchor_loss, anchor_info = policy.loss(anchor)
        loss = loss + anchor_weight * anchor_loss
        out.update({f"anchor_{k}": float(v) for k, v in anchor_info.items()})
    loss.backward()
    optimizer.step()
    return out


def distill_step(policy: Any, optimizer: torch.optim.Optimizer, obs: dict[str, Any], actions: torch.Tensor,
                 anchor: dict[str, Any] | None = None, anchor_weight: float = 0.0) -> dict[str, float]:
    """One update of the policy on ``(obs, improved chunk (B, Tp, Da))`` through ``policy.loss`` alone, plus
    ``anchor_weight`` x its loss on ``anchor`` (a training batch of another store) when given."""
    optimizer.zero_grad(set_to_none=True)
    loss, info = policy.loss(chunk_batch(policy, obs, actions))
    return take_step(policy, optimizer, loss, {f"distill_{k}": float(v) for k, v in info.items()}, anchor, anchor_weight)


def preference_step(policy: Any, reference: Any, optimizer: torch.optim.Optimizer, obs: dict[str, Any],
                    winners: torch.Tensor, losers: torch.Tensor, beta: float,
                    anchor: dict[str, Any] | None = None, anchor_weight: float = 0.0) -> dict[str, float]:
    """One update of the Diffusion-DPO loss (Wallace et al. 2024) on chunk pairs ``(B, Tp, Da)``:
    ``-log sigmoid(-beta [(l(w) - l_ref(w)) - (l(l) - l_ref(l))])``, ``l`` each chunk's head loss
    (``chunk_losses``) under one draw of noise and times shared by the four terms. Its gradient lowers the
    policy's loss on winners relative to losers, measured against the frozen ``reference``: a pair of equal
    chunks gives no gradient, so unlike ``distill_step`` the policy's own samples are not a drift."""
    require_objective(policy, "preference")
    seed = int(torch.randint(0, 2**62, ()))
    device = torch.device(getattr(policy, "device", "cpu"))

    def losses(model: Any, actions: torch.Tensor) -> torch.Tensor:
        with torch.random.fork_rng(devices=[device] if device.type == "cuda" else []):
            torch.manual_seed(seed)
            return model.chunk_losses(chunk_batch(policy, obs, actions))

    mode = reference.training
    reference.train(policy.training)   # the same encoder mode (crops) as the policy's terms
    try:
        with torch.no_grad():
            ref_w, ref_l = losses(reference, winners), losses(reference, losers)
    finally:
        reference.train(mode)
    optimizer.zero_grad(set_to_none=True)
    own_w, own_l = losses(policy, winners), losses(policy, losers)
    margin = (own_w - ref_w) - (own_l - ref_l)                                # (B,) < 0: winners favoured
    loss = -torch.nn.functional.logsigmoid(-beta * margin).mean()
    out = {"preference_loss": float(loss.detach()), "preference_margin": float(margin.detach().mean()),
           "preference_accuracy": float((margin.detach() < 0).float().mean())}
    return take_step(policy, optimizer, loss, out, anchor, anchor_weight)


def train_parl(policy: Any, critic: ChunkCritic, observations: Any, cfg: PARLConfig, seed: int = 0,
               metrics: MetricsLog | None = None, progress: bool = True,
               keeper: BestKeeper | None = None, anchor: Any = None) -> dict[str, Any]:
    """``cfg.steps`` rounds of improve + distil on batches drawn from ``observations`` (a ``WindowSampler``).
    With a ``keeper`` the policy is judged at 0, every ``cfg.select_every`` steps and at the end, and the best
    is restored (``summary["selection"]``). ``anchor`` (a ``WindowSampler``, with ``cfg.bc_weight`` > 0): each
    step also fits a batch of it, weighted by ``cfg.bc_weight``."""
    if cfg.bc_weight > 0 and anchor is None:
        raise ConfigError(f"parl bc_weight={cfg.bc_weight} needs an anchor sampler (finetune.bc_dataset)")
    require_trainable(policy)
    require_objective(policy, cfg.objective)
    preference = cfg.objective == "preference"   # the frozen start is then also the reference of the loss
    frozen = copy.deepcopy(policy).eval().requires_grad_(False) if cfg.candidates == "base" or preference else None
    sampler = frozen if cfg.candidates == "base" else None
    if cfg.target_steps and not hasattr(policy, "set_inference_steps"):
        raise ConfigError(f"parl target_steps={cfg.target_steps} needs a chunk policy with denoising steps; "
                          f"{type(policy).__name__} has none (use target_steps=0)")
    improver = ActionImprover(policy, critic, cfg, sampler)
    critic.requires_grad_(False)
    optimizer = adamw([p for p in policy.parameters() if p.requires_grad], lr=cfg.policy_lr)
    ema = EMA(policy, cfg.ema_decay, warmup_offset=1.0) if cfg.ema_decay > 0 else None
    if ema is not None:  # the policy being fine-tuned is the average: what step 1 samples ("current") and is judged
        if cfg.candidates == "current":
            improver.sampler = ema.shadow
        if keeper is not None:
            keeper.policy = keeper.module = ema.shadow
    rng = np.random.default_rng(seed)
    obs_keys = list(policy.spec.obs_features) + ([TASK_KEY] if policy.spec.language else [])
    info: dict[str, float] = {}
    if keeper is not None:
        keeper.maybe_consider(0)  # the start is a candidate: the run never ends below it on the tuning seeds
    for step in trange(cfg.steps, desc="parl", disable=not progress):
        window = observations.get_batch(rng.integers(0, len(observations), cfg.batch_size))
        obs = {k: window[k] for k in obs_keys}
        policy.eval()
        improved, worst, info = improver.improve_pair(obs)
        policy.train()
        anchor_batch = anchor.get_batch(rng.integers(0, len(anchor), cfg.batch_size)) if cfg.bc_weight > 0 else None
        if preference:
            info.update(preference_step(policy, frozen, optimizer, obs, improved, worst, cfg.preference_beta,
                                        anchor_batch, cfg.bc_weight))
        else:
            info.update(distill_step(policy, optimizer, obs, improved, anchor_batch, cfg.bc_weight))
        if ema is not None:
            ema.update(policy)
        if metrics is not None and (step + 1) % cfg.log_every == 0:
            metrics.log(step + 1, **info)
        if keeper is not None:
            policy.eval()
            keeper.maybe_consider(step + 1, metrics)
    policy.eval()
    selection = None
    if keeper is not None:
        keeper.finish(cfg.steps, metrics)
        selection = keeper.restore()
    if ema is not None:  # the average is the result (the kept one, when a keeper restored it)
        policy.load_state_dict(ema.shadow.state_dict())
    return {"steps": cfg.steps, "last": info, "selection": selection}


def selection_keeper(policy: Any, parl_cfg: PARLConfig, cfg: Any) -> BestKeeper | None:
    """The ``BestKeeper`` of a run with ``env=`` and ``select_every`` > 0 (tuning seeds checked disjoint from the
    evaluation seeds), else None (said in the log when only the env is missing)."""
    if not parl_cfg.select_every:
        return None
    if not cfg.env_id:
        import logging

        logging.getLogger("robopolicy.finetune").warning(
            "parl: no env=, so no selection: the last distilled policy is kept (select_every=%d ignored)",
            parl_cfg.select_every)
        return None
    refuse_overlap(range(parl_cfg.select_seed, parl_cfg.select_seed + parl_cfg.select_episodes),
                   range(int(cfg.eval.seed), int(cfg.eval.seed) + int(cfg.eval.episodes)),
                   "finetune.select_seed, select_episodes", "eval.seed, eval.episodes", move="finetune.select_seed")
    keeper = BestKeeper(policy, policy, cfg.env_id, parl_cfg.select_episodes, parl_cfg.select_seed,
                        int(cfg.eval.envs_per_worker), cfg.eval.max_episode_steps, counter="steps",
                        alpha=parl_cfg.select_alpha, sequential=SelectionSettings.sequential_settings(parl_cfg))
    keeper.every = parl_cfg.select_every
    return keeper


# ------------------------------ the method's two names, read by the command (robopolicy/finetune/__init__.py)
CONFIG = PARLConfig
# not offered: PA-RL's selection points evaluate every tuning episode (the sequential stop is DSRL's and DPPO's)
NOT_FINETUNE_KEYS = ("select_sequential",)
SEQUENTIAL_VERDICT = True  # the final evaluation is command.final_evaluation: eval.sequential=true works


def run(cfg: Any, run_dir: Path, metrics: MetricsLog) -> dict[str, Any]:
    """``robopolicy finetune method=parl policy=<ckpt> dataset=<store> finetune.critic=<dir> [env=<id>]``."""
    from omegaconf import OmegaConf

    from robopolicy import load_policy
    from robopolicy.checkpoint import save_checkpoint
    from robopolicy.config import dataclass_from
    from robopolicy.data import WindowSampler
    from robopolicy.finetune.command import announce_base, evaluate, final_evaluation, require

    require(cfg, "checkpoint", "dataset")
    parl_cfg = dataclass_from(PARLConfig, OmegaConf.to_container(cfg.finetune, resolve=True))
    if not parl_cfg.critic:
        raise ConfigError("method=parl needs finetune.critic=<critic directory> (train one with method=vgps)")
    policy = load_policy(cfg.checkpoint, device=cfg.device)
    require_trainable(policy)
    require_objective(policy, parl_cfg.objective)
    critic, _ = load_critic(parl_cfg.critic, device=cfg.device)
    spec = policy.spec
    windows = WindowSampler.for_policy(cfg.dataset, spec)
    anchor = WindowSampler.for_policy(parl_cfg.bc_dataset, spec) if parl_cfg.bc_weight > 0 else None
    evaluations = [evaluate(policy, cfg, "base")] if cfg.env_id else []
    if evaluations:
        announce_base(evaluations[0])
    summary = train_parl(policy, critic, windows, parl_cfg, seed=cfg.seed, metrics=metrics, progress=cfg.progress,
                         keeper=selection_keeper(policy, parl_cfg, cfg), anchor=anchor)
    info = {"kind": "policy", "name": policy.name, "config": policy.policy_config, "spec": spec.to_dict()}
    saved = save_checkpoint(run_dir / "checkpoints" / "parl", policy.state_dict(), info, parl_cfg.steps)
    if cfg.env_id:
        evaluations.append(final_evaluation(evaluations[0], policy, cfg, "parl"))
    return {**summary, "policy_dir": str(saved), "evaluations": evaluations}
