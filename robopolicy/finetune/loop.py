"""The online fine-tuners' shared loop frame: what happens around a method's rollout and update.

A method's loop is ``rollout -> update -> curve -> keep the best``, then ``save``; the rollout and the update are
the method's own (``dsrl.run_dsrl``, ``dppo.train_dppo``), the rest lives here, written once::

    loop = OnlineLoop(policy, env_id, cfg, keeper, metrics, desc="dsrl-sac", progress=True)
    try:
        loop.begin(base=...)             # the keeper's first points: the base (optional), then the start
        while env_steps < cfg.total_env_steps:
            ...rollout, update...
            loop.advance(env_steps)      # progress bar, the periodic evaluation curve, the keeper's schedule
    finally:
        loop.close()                     # and the method's envs
    selection = loop.finish()            # the keeper's last point and its choice restored (None: no selection)

``cfg`` carries ``total_env_steps``, ``eval_every``/``eval_episodes``/``eval_seed`` (the curve: 0 disables it),
``num_envs`` and ``max_episode_steps``; the keeper (``selection.BestKeeper.from_settings``) the tuning-seed schedule.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tqdm import tqdm

from robopolicy.finetune.selection import BestKeeper
from robopolicy.runs import MetricsLog


class OnlineLoop:
    """Progress, the periodic evaluation curve and checkpoint selection around one method's rollouts and updates."""

    def __init__(self, policy: Any, env_id: str, cfg: Any, keeper: BestKeeper | None, metrics: MetricsLog | None,
                 desc: str, progress: bool = True):
        self.policy, self.env_id, self.cfg, self.keeper, self.metrics = policy, env_id, cfg, keeper, metrics
        self.env_steps = 0
        self.curve: list[dict[str, float]] = []
        self.next_eval = cfg.eval_every
        self.start = time.perf_counter()
        self.bar = tqdm(total=cfg.total_env_steps, desc=desc, unit="step", disable=not progress)

    def close(self) -> None:
        """The progress bar closed (in the method's ``finally``, beside its envs)."""
        self.bar.close()

    def restart_clock(self) -> None:
        """The clock starts again (after actor or worker start-up, which is not part of a run's speed)."""
        self.start = time.perf_counter()

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.start

    def begin(self, base: Callable[[], None] | None = None) -> None:
        """The keeper's first points: ``base`` (a callable that scores the base as the reference, if the method has
        one), then the start itself as a candidate."""
        if self.keeper is None:
            return
        if base is not None:
            base()
        self.keeper.maybe_consider(0)

    def advance(self, env_steps: int, **curve_extra: float) -> None:
        """After a rollout and its update, ``env_steps`` in all: the curve's next point when due (with
        ``curve_extra``, e.g. the updates so far), then the keeper's."""
        from robopolicy.eval.rollout import success_outcomes

        self.bar.update(env_steps - self.env_steps)
        self.env_steps = env_steps
        cfg = self.cfg
        if cfg.eval_every and self.env_steps >= self.next_eval:
            outcomes = success_outcomes(self.policy, self.env_id, cfg.eval_episodes, base_seed=cfg.eval_seed,
                                        envs_per_worker=cfg.num_envs, max_episode_steps=cfg.max_episode_steps)
            successes = sum(outcomes)
            rate = successes / len(outcomes)
            self.curve.append({"env_steps": self.env_steps, "success": rate, "successes": successes,
                               "episodes": len(outcomes), **curve_extra, "seconds": self.seconds})
            self.bar.set_postfix(success=f"{rate:.2f}")
            if self.metrics is not None:
                self.metrics.log(self.env_steps, eval_success=rate, eval_episodes=len(outcomes))
            self.next_eval += cfg.eval_every
        if self.keeper is not None:
            self.keeper.maybe_consider(self.env_steps, self.metrics)

    def finish(self) -> dict[str, Any] | None:
        """The keeper's last point and the kept policy restored: the selection record, or None without a keeper."""
        if self.keeper is None:
            return None
        self.keeper.finish(self.env_steps, self.metrics)
        return self.keeper.restore()
