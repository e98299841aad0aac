"""Keep the best policy of a fine-tuning run, judged on tuning seeds (never on the reported ones).

Online RL on sparse rewards is not monotone: measured on reach-v3, DPPO's success went 24 -> 5 -> 29 -> 12 -> 38
out of 50 along one run, and a DSRL run went 41 -> 47 -> 19. Returning whatever the last update left is then a
coin toss. ``BestKeeper`` evaluates the policy every ``select_every`` env steps (and once before the first
update) on its own seeds, ``select_seed, select_seed + 1, ...``, snapshots the trained module's weights when
the success count beats every earlier one (ties keep the earlier, less fine-tuned weights), and restores the best
snapshot at the end. The start is a candidate too, so a run that never improves on its tuning seeds ends where it
began. Keep the tuning seeds disjoint from the seeds results are reported on (the evaluation's ``eval_seed``).
"""

from __future__ import annotations

import copy
from typing import Any

from torch import nn

from robopolicy.errors import ConfigError


def check_tuning_seeds(cfg: Any) -> None:
    """Refuse tuning seeds (``select_seed`` ...) that overlap the evaluation seeds (``eval_seed`` ...): the kept
    policy would be chosen on the seeds it is then reported on."""
    if not cfg.select_every:
        return
    tune = range(cfg.select_seed, cfg.select_seed + cfg.select_episodes)
    report = range(cfg.eval_seed, cfg.eval_seed + cfg.eval_episodes)
    if tune.start < report.stop and report.start < tune.stop:
        raise ConfigError(f"tuning seeds {tune.start}..{tune.stop - 1} (select_seed, select_episodes) overlap the "
                          f"evaluation seeds {report.start}..{report.stop - 1} (eval_seed, eval_episodes): the kept "
                          "policy would be chosen on the seeds it is reported on; move select_seed")


class BestKeeper:
    """Snapshots of ``module`` (the weights the fine-tuner trains) at its best tuning-seed success."""

    def __init__(self, policy: Any, module: nn.Module, env_id: str, episodes: int, seed: int, envs: int,
                 max_episode_steps: int | None):
        self.policy, self.module = policy, module
        self.env_id, self.episodes, self.seed = env_id, episodes, seed
        self.envs, self.max_episode_steps = envs, max_episode_steps
        self.history: list[dict[str, int]] = []
        self.best: dict[str, int] | None = None
        self._state: dict[str, Any] | None = None

    def consider(self, env_steps: int) -> dict[str, int]:
        """Evaluate the policy now on the tuning seeds; snapshot it when it beats every earlier point."""
        from robopolicy.eval.rollout import success_outcomes

        outcomes = success_outcomes(self.policy, self.env_id, self.episodes, base_seed=self.seed,
                                    envs_per_worker=self.envs, max_episode_steps=self.max_episode_steps)
        point = {"env_steps": int(env_steps), "successes": sum(outcomes), "episodes": len(outcomes)}
        self.history.append(point)
        if self.best is None or point["successes"] > self.best["successes"]:
            self.best = point
            self._state = copy.deepcopy(self.module.state_dict())
        return point

    def restore(self) -> dict[str, Any]:
        """Load the best snapshot into the module; returns what was kept and the whole selection history."""
        if self._state is not None:
            self.module.load_state_dict(self._state)
        return {"kept": self.best, "history": self.history, "tuning_seed": self.seed, "episodes": self.episodes}
