"""Keep the best policy of a fine-tuning run, judged on tuning seeds (never on the reported ones).

Online RL on sparse rewards is not monotone: measured on reach-v3, DPPO's success went 24 -> 5 -> 29 -> 12 -> 38
out of 50 along one run, and a DSRL run went 41 -> 47 -> 19. Returning whatever the last update left is then a
coin toss. ``BestKeeper`` evaluates the policy every ``select_every`` env steps (and once before the first
update, and once at the end) on its own seeds, ``select_seed, select_seed + 1, ...``, and snapshots the trained
module's weights when a point beats every earlier one (ties keep the earlier, less fine-tuned weights) **and** is
better than the start on the same tuning seeds by a one-sided exact McNemar test at ``select_alpha`` (0.05). It
restores the best snapshot at the end. The start is a candidate too, so a run that never improves on its tuning
seeds ends where it began. Keep the tuning seeds disjoint from the seeds results are reported on (the evaluation's
``eval_seed``).

Why the test: measured on the RL suite (flow DPPO, session 14), keeping any point with more tuning successes than
the start kept policies that had beaten it by noise (4/30 against 3/30; 15/30 against 13/30) and were worse on the
100 reported seeds (16 -> 2, 60 -> 32). Among the tuning episodes where a later point and the start disagree, the
point now needs a net gain of at least five (5 gained and none lost, 7 and 1, 9 and 2, ...). ``select_alpha=1`` is the old rule
(any point with more successes).

A keeper with ``variants`` (``(name, apply)`` pairs: DPPO's ``eval_chain="select"`` passes its two sampling chains)
evaluates every variant at each point, in order, after calling its ``apply``; each is a candidate of its own (the first
variant's start is the reference), and ``restore`` applies the kept point's variant. The variants after the first only
add candidates: ties keep the earlier one.

Selection is on by default (``select_every = 5000``, 30 tuning episodes a point): a user who runs
``robopolicy finetune`` with the defaults gets the best policy of the run, never one below what its tuning seeds
saw at the start. ``select_every=0`` keeps the last policy (and skips the tuning evaluations); so does a run on
the env's own reward (``sparse_reward=false``), since selection counts successes.

``select_sequential=true`` (DSRL and DPPO; off by default, as measured: replayed on the 358 committed runs' tuning
outcomes it keeps the fixed-size point in 83% and saves 9% of the episodes, docs/benchmarks/sequential_selection.md)
stops a later point's tuning episodes as soon as the one-sided sequential test (``robopolicy.eval.sequential`` with
``one_sided=True``, level ``select_alpha``, budget ``select_episodes``) has decided whether the point beats the start:
``decided``/``determined`` (better: a candidate) or ``futility`` (it cannot be shown better with the episodes left). Episodes run in batches of ``num_envs``; the
start always runs all ``select_episodes`` (it is the reference). A point then has as many episodes as the test
read, so "beats every earlier kept point" compares successes on the seeds both ran (the shorter one's); with
``select_sequential=false`` every point has all episodes and this is the plain comparison.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from torch import nn

from robopolicy.errors import ConfigError
from robopolicy.eval.sequential import SequentialSettings
from robopolicy.ranges import at_least, between

SELECT_ALPHA = 0.05  # the default one-sided level a later point must reach against the start


@dataclass
class SelectionSettings:
    """The selection keys of a fine-tuner's config (``DPPOConfig`` and ``DSRLConfig`` inherit them): every
    ``select_every`` env steps (0: keep the last policy), ``select_episodes`` episodes on the tuning seeds
    ``select_seed, select_seed + 1, ...`` (disjoint from the evaluation seeds: ``check_tuning_seeds``); a later point
    replaces the start only when better on those seeds at ``select_alpha``."""

    # env steps (DPPO, DSRL) or distillation steps (PA-RL) between selection points, each on the tuning seeds, plus one
    # at the end (0: keep the last)
    select_every: int = field(default=5_000, metadata=at_least(0))
    select_episodes: int = field(default=30, metadata=at_least(1))  # episodes per selection point
    # tuning seeds select_seed, select_seed + 1, ...: disjoint from eval.seed's
    select_seed: int = field(default=200_000, metadata=at_least(0))
    # a later point is kept only if better than the start on the tuning seeds (one-sided exact McNemar p <= this);
    # 1.0: any point with more successes (the rule before session 15)
    select_alpha: float = field(default=SELECT_ALPHA, metadata=between(0.0, 1.0, low_open=True))
    # stop a later point's tuning episodes once the one-sided sequential test has decided either way (module
    # docstring); needs select_alpha < 0.5 and select_episodes large enough to decide
    select_sequential: bool = False

    @staticmethod
    def sequential_settings(cfg: Any) -> SequentialSettings | None:
        """The one-sided ``SequentialSettings`` of a config's selection keys (``select_alpha``, ``select_episodes``),
        or None with ``select_sequential`` off; a level or a budget that cannot decide is one line naming the key."""
        if not getattr(cfg, "select_sequential", False):
            return None
        from robopolicy.eval.sequential import settings_named

        return settings_named("select_sequential=true", {"alpha": "select_alpha", "budget": "select_episodes"},
                              alpha=cfg.select_alpha, budget=cfg.select_episodes, one_sided=True)


def check_tuning_seeds(cfg: Any) -> None:
    """Refuse tuning seeds (``select_seed`` ...) that overlap the evaluation seeds (``eval_seed`` ...): the kept
    policy would be chosen on the seeds it is then reported on; and a training ``seed`` inside either range."""
    reserved_seeds(cfg)
    if not cfg.select_every:
        return
    refuse_overlap(range(cfg.select_seed, cfg.select_seed + cfg.select_episodes),
                   range(cfg.eval_seed, cfg.eval_seed + cfg.eval_episodes))


def refuse_overlap(tune: range, report: range, keys: str = "select_seed, select_episodes",
                   report_keys: str = "eval_seed, eval_episodes", what: str = "the kept policy",
                   move: str = "select_seed") -> None:
    """Refuse tuning seeds that overlap the reported evaluation seeds (the choice would be made on the seeds it
    is reported on); ``keys``/``report_keys``/``move`` name the config keys in the message."""
    if tune.start < report.stop and report.start < tune.stop:
        raise ConfigError(f"tuning seeds {tune.start}..{tune.stop - 1} ({keys}) overlap the evaluation seeds "
                          f"{report.start}..{report.stop - 1} ({report_keys}): {what} would be chosen on the seeds "
                          f"it is reported on; move {move}")


def reserved_seeds(cfg: Any) -> dict[str, range]:
    """The seed ranges training episodes must not use: the evaluation seeds and (with selection) the tuning seeds.
    Training seed ``seed`` resets its episodes from its own stream (``robopolicy.protocol.training_stream``); a
    stream that reaches a reserved range is refused (only evaluation seeds moved into the streams can), and training
    episodes that would reach one skip over it (``VectorChunkEnv``)."""
    from robopolicy.protocol import training_stream

    reserved = {"evaluation seeds": range(cfg.eval_seed, cfg.eval_seed + cfg.eval_episodes)}
    if cfg.select_every:
        reserved["tuning seeds"] = range(cfg.select_seed, cfg.select_seed + cfg.select_episodes)
    stream = training_stream(int(cfg.seed))
    for name, seeds in reserved.items():
        if stream.start in seeds:
            raise ConfigError(f"seed={cfg.seed} resets its training episodes from seed {stream.start}, inside the "
                              f"{name} {seeds.start}..{seeds.stop - 1}: the policy would train on the episodes it is "
                              "judged on; move the evaluation or tuning seeds below "
                              f"{stream.start - stream.start % 1_000_000}")
    return reserved


class BestKeeper:
    """Snapshots of ``module`` (the weights the fine-tuner trains) at its best tuning-seed success among the points
    significantly better than the start (``alpha``: the one-sided level; 1.0 keeps any point with more successes)."""

    def __init__(self, policy: Any, module: nn.Module, env_id: str, episodes: int, seed: int, envs: int,
                 max_episode_steps: int | None, counter: str = "env_steps", alpha: float = SELECT_ALPHA,
                 variants: list[tuple[str, Callable[[], None]]] | None = None,
                 sequential: SequentialSettings | None = None):
        self.policy, self.module = policy, module
        self.variants = variants or []  # (name, apply): evaluated one after another at every point
        self.counter = counter  # what the schedule counts: "env_steps" (online fine-tuners) or "steps" (PA-RL updates)
        self.env_id, self.episodes, self.seed = env_id, episodes, seed
        self.envs, self.max_episode_steps = envs, max_episode_steps
        self.every = 0  # set by from_settings: the env-step period of maybe_consider
        self.next_at = 0
        self.alpha = alpha
        self.sequential = sequential  # one-sided settings: stop a later point's episodes once decided; None: all
        self.history: list[dict[str, Any]] = []
        self.outcomes: list[str] = []  # per point, the tuning episodes' outcomes as "0"/"1" (seed order)
        self.best: dict[str, Any] | None = None
        self._best_outcomes: list[bool] = []
        self._state: dict[str, Any] | None = None

    @classmethod
    def from_settings(cls, policy: Any, module: nn.Module, env_id: str, cfg: Any,
                      variants: list[tuple[str, Callable[[], None]]] | None = None) -> BestKeeper | None:
        """The keeper a fine-tuner's config asks for (``cfg``: ``SelectionSettings`` plus ``num_envs`` and
        ``max_episode_steps``), or None with ``select_every == 0``."""
        if not cfg.select_every:
            return None
        if not getattr(cfg, "sparse_reward", True):
            # selection counts successes: with the env's own reward the task may have none (Reacher), and the
            # start would always win
            import logging

            logging.getLogger("robopolicy.finetune").warning(
                "select_every=%d ignored: selection counts successes, and sparse_reward=false trains on the env's "
                "own reward; keeping the last policy", cfg.select_every)
            return None
        keeper = cls(policy, module, env_id, cfg.select_episodes, cfg.select_seed, cfg.num_envs, cfg.max_episode_steps,
                     alpha=getattr(cfg, "select_alpha", SELECT_ALPHA), variants=variants,
                     sequential=SelectionSettings.sequential_settings(cfg))
        keeper.every = cfg.select_every
        return keeper

    def maybe_consider(self, env_steps: int, metrics: Any = None) -> None:
        """``consider`` once ``env_steps`` reaches the next point of the schedule (0, every, 2 every, ...);
        the point goes to ``metrics`` (a ``MetricsLog``) as ``select_successes`` and ``select_episodes``."""
        if env_steps < self.next_at:
            return
        self.consider_point(env_steps, metrics if env_steps else None)
        self.next_at += self.every

    def finish(self, env_steps: int, metrics: Any = None) -> None:
        """Consider the final policy too, unless the schedule has just evaluated it."""
        if self.history and self.history[-1][self.counter] >= env_steps:
            return
        self.consider_point(env_steps, metrics)

    def consider_point(self, env_steps: int, metrics: Any = None) -> None:
        """``consider`` the policy (each variant in turn, then the first variant applied again); logged to
        ``metrics`` as ``select_successes`` (the first variant) and ``select_successes_<name>`` (the others)."""
        logged: dict[str, int] = {}
        for i, (name, apply) in enumerate(self.variants or [("", lambda: None)]):
            apply()
            point = self.consider(env_steps, variant=name or None)
            logged["select_successes" + (f"_{name}" if i else "")] = point["successes"]
            if self.sequential is not None:  # a point's episodes are the ones its test read
                logged["select_episodes" + (f"_{name}" if i else "")] = point["episodes"]
        if self.variants:
            self.variants[0][1]()
        if metrics is not None:
            metrics.log(env_steps, **logged, **({} if self.sequential is not None else {"select_episodes": self.episodes}))

    def consider(self, env_steps: int, label: str | None = None, variant: str | None = None) -> dict[str, Any]:
        """Evaluate the policy now on the tuning seeds; snapshot it when it beats every earlier kept point and (unless
        it is the start) is better than the start at ``alpha`` (its ``p_vs_start`` goes into the point). The first
        point is the start; ``label`` names what a point is when the policy is not just the trained module's state
        (DSRL's first point: ``"base"``, the base itself), recorded as the point's ``policy``; ``variant`` the variant
        evaluated (already applied), recorded as the point's ``variant``."""
        from robopolicy.eval.sequential import IMPROVED
        from robopolicy.eval.stats import gain_p_value

        start = [c == "1" for c in self.outcomes[0]] if self.outcomes else None
        outcomes, stop = self.evaluate(start)
        point: dict[str, Any] = {self.counter: int(env_steps), "successes": sum(outcomes), "episodes": len(outcomes),
                                 **({"policy": label} if label else {}), **({"variant": variant} if variant else {}),
                                 **stop}
        significant = True
        if start is not None:  # not the start: compare with it on the same seeds
            p_value = gain_p_value(start[:len(outcomes)], outcomes)
            point["p_vs_start"], significant = float(f"{p_value:.4g}"), p_value <= self.alpha
            if stop:  # the sequential test's verdict, not the fixed-size p on the pairs it read, decides
                significant = stop["sequential_verdict"] == IMPROVED
        self.history.append(point)
        self.outcomes.append("".join("1" if o else "0" for o in outcomes))
        if self.best is None or (significant and self._beats_best(outcomes)):
            self.best, self._best_outcomes = point, outcomes
            self._state = copy.deepcopy(self.module.state_dict())
        return point

    def evaluate(self, start: list[bool] | None) -> tuple[list[bool], dict[str, Any]]:
        """The policy's tuning-seed outcomes now (seed order) and, for a later point with ``sequential`` settings, how
        its sequential test stopped (``episodes_run``, ``stopped``, ``sequential_verdict``; else ``{}``). ``start``:
        the start's outcomes (None for the start itself). A replay of recorded outcomes overrides this."""
        from robopolicy.eval.rollout import sequential_paired_outcomes, success_outcomes

        if self.sequential is not None and start is not None:  # a later point: stop once the test has decided
            _, outcomes, run, test = sequential_paired_outcomes(
                self.policy, self.env_id, self.sequential, before_outcomes=start, base_seed=self.seed,
                envs_per_worker=self.envs, max_episode_steps=self.max_episode_steps)
            return outcomes, stop_record(run, test)
        return [bool(o) for o in success_outcomes(self.policy, self.env_id, self.episodes, base_seed=self.seed,
                                                  envs_per_worker=self.envs,
                                                  max_episode_steps=self.max_episode_steps)], {}

    def _beats_best(self, outcomes: list[bool]) -> bool:
        """More successes than the kept point on the seeds both ran (all of them without ``select_sequential``)."""
        both = min(len(outcomes), len(self._best_outcomes))
        return sum(outcomes[:both]) > sum(self._best_outcomes[:both])

    def restore(self) -> dict[str, Any]:
        """Load the best snapshot into the module; returns what was kept and the whole selection history."""
        if self._state is not None:
            self.module.load_state_dict(self._state)
        if self.best is not None and self.best.get("variant"):
            dict(self.variants)[self.best["variant"]]()
        return {"kept": self.best, "history": self.history, "tuning_seed": self.seed, "episodes": self.episodes,
                "alpha": self.alpha, "outcomes": self.outcomes}


def stop_record(episodes_run: int, test: Any) -> dict[str, Any]:
    """What a later point's stopped sequential test adds to the point."""
    return {"episodes_run": episodes_run, "stopped": test.stopped, "sequential_verdict": test.verdict}


def describe(selection: dict[str, Any] | None) -> str | None:
    """One line on what selection kept and why (``robopolicy finetune`` prints it under the verdict), or None for
    a run without a keeper's record (``select_every=0``; V-GPS's K choice)."""
    if not selection or not selection.get("kept") or not selection.get("history"):
        return None
    history, kept = selection["history"], selection["kept"]
    counter = "env_steps" if "env_steps" in kept else "steps"
    start, n = history[0], kept["episodes"]  # with select_sequential a later point may have fewer than the start
    what = "the base itself" if start.get("policy") == "base" else "the start"
    level = selection.get("alpha", 1.0)
    if kept is start or kept == start:
        later = [p for p in history[1:] if "p_vs_start" in p]
        best = max(later, key=lambda p: (p["successes"], -p["p_vs_start"]), default=None)
        tail = (f"; the best other point, {_where(best, counter)}{_variant(best)}, had {best['successes']}/"
                f"{best['episodes']}, one-sided p = {best['p_vs_start']:.3g}" if best else "")
        return (f"kept: {what} ({start['successes']}/{start['episodes']} on the tuning seeds): no later point was "
                f"better at p <= {level:g}{tail}")
    return (f"kept: {_where(kept, counter)}{_variant(kept)} ({kept['successes']}/{n} on the tuning seeds against "
            f"{start['successes']}/{start['episodes']} for {what}, one-sided exact McNemar p = "
            f"{kept['p_vs_start']:.3g})")


def _variant(point: dict[str, Any]) -> str:
    return f" with its {point['variant']} chain" if point.get("variant") else ""


def _where(point: dict[str, Any], counter: str) -> str:
    return ("the untrained start" if not point[counter]
            else f"the policy at {point[counter]:,} {counter.replace('_', ' ')}")
