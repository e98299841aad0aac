"""Sequential paired evaluation: stop comparing two policies on the same seeds as soon as the verdict is known.

Two policies (``before``: the base, ``after``: the fine-tuned one) run episode by episode on the same seeds, in
seed order. Pair ``i`` is ``(b_i, a_i)`` in ``{0, 1}^2`` (success of each). As in the exact McNemar test
(``robopolicy.eval.stats.paired_comparison``) only discordant pairs carry information: a *gain* (``b=0, a=1``) or a
*loss* (``b=1, a=0``). After ``k`` pairs, ``g_k`` gains and ``l_k`` losses (``n_k = g_k + l_k``).

H0 (no difference): given the pattern of discordant pairs, each one is a gain with probability ``1/2``,
independently. Write ``theta = P(gain | discordant)``.

**The e-process (anytime-valid part).** A beta-binomial mixture likelihood ratio of ``theta ~ Beta(a, a)``
against ``theta = 1/2`` (``a = prior``):

    E_k = integral of theta^g_k (1 - theta)^l_k dBeta(a, a)(theta) / (1/2)^n_k
        = 2^n_k * B(a + g_k, a + l_k) / B(a, a)                                   (B: the beta function)

Recursively, ``E_0 = 1``; a concordant pair leaves ``E`` unchanged; a gain multiplies it by
``2 (a + g) / (2a + g + l)`` and a loss by ``2 (a + l) / (2a + g + l)`` (``g, l``: the counts before the pair).
Under H0 each factor has mean 1 (``1/2 * 2(a+g)/(2a+n) + 1/2 * 2(a+l)/(2a+n) = 1``), so ``E_k`` is a nonnegative
martingale with ``E_0 = 1`` and Ville's inequality gives ``P(sup_k E_k >= 1 / alpha_s) <= alpha_s`` for every
stopping rule, however many pairs are run. The prior is symmetric, so the test is two-sided: it rejects when
``E_k >= 1 / alpha_s``, and the verdict is ``improved`` if ``g_k > l_k``, else ``worse`` (``E_k < 1`` whenever
``g_k = l_k``, so a tie never rejects).

**The final look (optional).** ``anytime_share`` (``s`` in ``(0, 1]``) splits the error rate ``alpha``: the
e-process spends ``alpha_s = s * alpha`` at every pair; the rest, ``alpha_f = (1 - s) * alpha``, goes to one exact
McNemar test on all ``N = budget`` pairs, run only if the e-process has not decided by then. By the union bound
the type-I error of the whole procedure is at most ``alpha_s + alpha_f = alpha`` for the budget fixed in advance.
With ``s = 1`` there is no final look and the test is purely anytime-valid (a run may be extended past its
budget). The final look lets the test agree with the fixed-size test on borderline runs (p close to ``alpha``),
which an anytime-valid test alone cannot: its price for looking at every pair is paid there.

**The verdicts** are the fixed-size test's: ``improved`` / ``worse`` (the null is rejected, the sign of
``g - l``) or ``no significant change``.

**The stop rule**, checked after every pair ``k`` (``r = N - k`` pairs left):

1. ``decided``: ``E_k >= 1 / alpha_s``.
2. ``budget``: ``r = 0``; the verdict is the final look's (``no significant change`` when ``s = 1``).
3. ``determined``: the final look's outcome is significant whatever the remaining pairs are: ``g > l + r`` and
   ``p(g, l + r) < alpha_f`` (or the same with gains and losses swapped), ``p`` the exact McNemar p-value.
4. ``futility``: nothing left can reject: ``E`` cannot reach ``1 / alpha_s`` and the final look cannot be
   significant even if all ``r`` remaining pairs went one way, i.e. ``max(E(g + r, l), E(g, l + r)) < 1/alpha_s``
   and ``p(g + r, l), p(g, l + r) >= alpha_f``.

Rules 3 and 4 only stop when the outcome at the budget is already fixed, so they never change a verdict or the
error rate. They need only the two one-way continuations: along ``j`` extra gains the factor
``2(a + g + j) / (2a + g + j + l)`` is ``< 1`` while ``g + j < l`` and ``>= 1`` after, so ``E(g + j, l)`` over
``j = 0..r`` is largest at an end; and ``p(G, L)`` (for ``G >= L``) falls as ``G`` grows and rises as ``L``
grows while ``L < G`` (checked exhaustively in ``tests/eval/test_sequential.py``).

**One-sided (``one_sided=True``).** For "is ``after`` better?" alone (the checkpoint selection's question; H0:
``theta <= 1/2``), the mixture is over ``theta`` in ``(1/2, 1)`` only: ``ONE_SIDED_GRID`` midpoints ``theta_j`` with
weights ``w_j`` proportional to the ``Beta(a, a)`` density there, summing to 1, and

    E_k = sum_j w_j (2 theta_j)^g_k (2 (1 - theta_j))^l_k.

Each term is a nonnegative supermartingale under every ``theta <= 1/2`` (its factor per discordant pair has mean
``2 (theta theta_j + (1 - theta)(1 - theta_j)) <= 1``), so Ville holds for the composite null. ``E`` rises with every
gain and falls with every loss (each ``theta_j > 1/2``), and so does the one-sided exact p-value
``P(Binomial(g + l, 1/2) >= g)`` (``gain_tail``) in the other direction, so the stop rules need only the all-gains
continuation: ``decided`` (``E >= 1/alpha_s``: ``improved``), ``budget`` (the final one-sided look at ``alpha_f``),
``determined`` (``gain_tail(g, l + r) < alpha_f``: ``improved`` whatever is left), ``futility`` (neither
``E(g + r, l)`` nor ``gain_tail(g + r, l)`` can reject: ``no significant change``). There is no ``worse`` verdict.

**Budget.** A budget smaller than the fewest pairs that can reject (``minimum_budget``: the smallest ``n`` with
``E(n, 0) >= 1 / alpha_s`` or ``p(n, 0) < alpha_f``) could only ever say ``no significant change`` and is
refused. ``alpha`` must lie in ``(0, 0.5)``.

The defaults (``prior``, ``anytime_share``) were chosen on the development half of the committed RL results
and measured on the other half: ``benchmarks/sequential_eval.py``, ``docs/benchmarks/sequential_eval.md``.

Shapes: ``replay_many(before, after, settings)`` takes ``(M, N)`` boolean arrays (``M`` runs of ``N = budget``
pairs) and returns per run the verdict code ``(M,)`` (``+1`` improved, ``-1`` worse, ``0`` no change), the pairs
used ``(M,)`` and the stop reason code ``(M,)`` (index into ``STOP_REASONS``), the same as ``SequentialPairedTest``
fed pair by pair.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any

import numpy as np

from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.eval.stats import SIGNIFICANCE, mcnemar_p_value
from robopolicy.ranges import at_least, between, check_ranges, greater_than

IMPROVED, WORSE, NO_CHANGE = "improved", "worse", "no significant change"
VERDICT_CODES = {IMPROVED: 1, WORSE: -1, NO_CHANGE: 0}
STOP_REASONS = ("decided", "budget", "determined", "futility")
DEFAULT_BUDGET = 100  # paired episodes: the fine-tuners' final verdict runs 100 per policy
# Chosen on the development half of the committed RL results (docs/benchmarks/sequential_eval.md): the fewest
# episodes among the designs with >= 99% of the fixed-size test's verdicts there.
DEFAULT_PRIOR = 0.5  # Beta(1/2, 1/2): Jeffreys' prior on theta
DEFAULT_ANYTIME_SHARE = 0.3  # 30% of alpha at every pair, 70% at the final look
ONE_SIDED_GRID = 64  # the one-sided prior's points on (1/2, 1); any grid gives a valid e-process


@dataclass
class SequentialSettings:
    """A sequential paired test: error rate, budget of pairs, mixture prior and the anytime-valid share of alpha."""

    alpha: float = field(default=SIGNIFICANCE, metadata=between(0.0, 0.5, low_open=True, high_open=True))
    budget: int = field(default=DEFAULT_BUDGET, metadata=at_least(1))
    prior: float = field(default=DEFAULT_PRIOR, metadata=greater_than(0.0))
    anytime_share: float = field(default=DEFAULT_ANYTIME_SHARE, metadata=between(0.0, 1.0, low_open=True))
    one_sided: bool = False  # only "after is better" can reject (module docstring); no "worse" verdict

    def __post_init__(self) -> None:
        check_ranges(self, SequentialSettings, "sequential")
        self.alpha, self.budget = float(self.alpha), int(self.budget)
        self.prior, self.anytime_share = float(self.prior), float(self.anytime_share)
        least = minimum_budget(self.alpha, self.prior, self.anytime_share, self.one_sided)
        if self.budget < least:
            sided = ", one-sided" if self.one_sided else ""
            raise ConfigError(f"sequential: budget={self.budget} is out of range; valid: an integer >= {least} (the "
                              f"fewest paired episodes that can reject at alpha={self.alpha:g}, prior={self.prior:g}, "
                              f"anytime_share={self.anytime_share:g}{sided})")

    @property
    def alpha_anytime(self) -> float:
        """``alpha_s``: the error rate the e-process spends (Ville: reject at ``E >= 1 / alpha_s``)."""
        return self.anytime_share * self.alpha

    @property
    def alpha_final(self) -> float:
        """``alpha_f``: the error rate of the final exact McNemar look at the budget (0: no final look)."""
        return 0.0 if self.anytime_share >= 1.0 else (1.0 - self.anytime_share) * self.alpha

    @property
    def log_threshold(self) -> float:
        return -math.log(self.alpha_anytime)


def log_e_value(gained: int, lost: int, prior: float = DEFAULT_PRIOR) -> float:
    """``log E = n log 2 + log B(a + g, a + l) - log B(a, a)`` (module docstring), ``a = prior``."""
    n = gained + lost
    return (n * math.log(2.0) + _log_beta(prior + gained, prior + lost) - _log_beta(prior, prior))


def _log_beta(x: float, y: float) -> float:
    return math.lgamma(x) + math.lgamma(y) - math.lgamma(x + y)


@lru_cache(maxsize=65_536)  # the stop rule asks for the same few counts again at every pair
def log_e_value_one_sided(gained: int, lost: int, prior: float = DEFAULT_PRIOR) -> float:
    """``log E = log sum_j w_j (2 theta_j)^g (2 (1 - theta_j))^l``: the one-sided mixture (module docstring)."""
    thetas = 0.5 + (np.arange(ONE_SIDED_GRID) + 0.5) / (2 * ONE_SIDED_GRID)  # midpoints of (1/2, 1)
    log_w = (prior - 1.0) * (np.log(thetas) + np.log1p(-thetas))
    log_w -= np.logaddexp.reduce(log_w)
    terms = log_w + gained * np.log(2.0 * thetas) + lost * np.log(2.0 * (1.0 - thetas))
    return float(np.logaddexp.reduce(terms))


def gain_tail(gained: int, lost: int) -> float:
    """The one-sided exact McNemar p-value from the discordant counts: ``P(Binomial(g + l, 1/2) >= g)`` (1.0 when
    there are none), ``robopolicy.eval.stats.gain_p_value`` from counts."""
    n = gained + lost
    return sum(math.comb(n, k) for k in range(gained, n + 1)) / 2.0 ** n if n else 1.0


def minimum_budget(alpha: float, prior: float = DEFAULT_PRIOR, anytime_share: float = DEFAULT_ANYTIME_SHARE,
                   one_sided: bool = False) -> int:
    """The fewest pairs that can reject: smallest ``n`` with ``E(n, 0) >= 1 / alpha_s`` or ``p(n, 0) < alpha_f``."""
    alpha_s = anytime_share * alpha
    alpha_f = 0.0 if anytime_share >= 1.0 else (1.0 - anytime_share) * alpha
    log_e, p_value = (log_e_value_one_sided, gain_tail) if one_sided else (log_e_value, mcnemar_p_value)
    n = 1
    while log_e(n, 0, prior) < -math.log(alpha_s) and not p_value(n, 0) < alpha_f:
        n += 1
    return n


def settings_named(where: str, names: dict[str, str], **values: Any) -> SequentialSettings:
    """``SequentialSettings(**values)``, its one-line errors naming each setting as the caller's config spells it:
    ``names`` maps a field to a key (``{"budget": "eval.episodes"}``) and ``where`` replaces ``sequential``."""
    try:
        return SequentialSettings(**values)
    except ConfigError as error:
        message = str(error)
        for name, key in names.items():
            if message.startswith(prefix := f"sequential: {name}="):
                raise ConfigError(f"{where}: {key}={message[len(prefix):]}") from None
        raise


def valid_range(name: str) -> dict[str, Any]:
    """The range metadata of ``SequentialSettings.<name>``, for a config that exposes the setting under its own key
    (``robopolicy finetune``'s ``eval.alpha``): the range is declared once, here."""
    return dict(next(f.metadata for f in fields(SequentialSettings) if f.name == name))


def _sign(gained: int, lost: int) -> str:
    return IMPROVED if gained > lost else WORSE


class SequentialPairedTest:
    """Feed paired outcomes one at a time (``update``) until ``done``; then ``result()``.

    ``test = SequentialPairedTest(SequentialSettings(budget=100))``;
    ``for b, a in pairs: if test.update(b, a): break``; ``test.result()``.
    """

    def __init__(self, settings: SequentialSettings | None = None) -> None:
        self.settings = settings or SequentialSettings()
        self.pairs = self.gained = self.lost = self.before_successes = self.after_successes = 0
        self.verdict: str | None = None
        self.stopped: str | None = None

    @property
    def done(self) -> bool:
        return self.stopped is not None

    @property
    def e_value(self) -> float:
        log_e = log_e_value_one_sided if self.settings.one_sided else log_e_value
        return math.exp(log_e(self.gained, self.lost, self.settings.prior))

    def update(self, before: bool, after: bool) -> bool:
        """Add one pair (same seed for both policies); True once the test has stopped."""
        if self.done:
            raise RobopolicyError(f"the sequential test already stopped after {self.pairs} pairs ({self.stopped}); "
                                  "start a new SequentialPairedTest for another comparison")
        before, after = bool(before), bool(after)
        self.pairs += 1
        self.before_successes += before
        self.after_successes += after
        self.gained += after and not before
        self.lost += before and not after
        self.verdict, self.stopped = self._stop(self.gained, self.lost, self.settings.budget - self.pairs)
        return self.done

    def _stop(self, g: int, lost: int, r: int) -> tuple[str | None, str | None]:
        """(verdict, reason) when the stop rule (module docstring) holds after a pair, else (None, None); ``g`` gains,
        ``lost`` losses (``l`` in the docstring), ``r`` pairs left."""
        crosses, significant = self._crosses, self._significant
        if self.settings.one_sided:  # only gains can reject; E and the p-value are monotone in each count
            if crosses(g, lost):
                return IMPROVED, "decided"
            if r == 0:
                return (IMPROVED if significant(g, lost) else NO_CHANGE), "budget"
            if significant(g, lost + r):
                return IMPROVED, "determined"
            if not (crosses(g + r, lost) or significant(g + r, lost)):
                return NO_CHANGE, "futility"
            return None, None
        if crosses(g, lost):
            return _sign(g, lost), "decided"
        if r == 0:
            return (_sign(g, lost) if significant(g, lost) else NO_CHANGE), "budget"
        if (g > lost + r and significant(g, lost + r)) or (lost > g + r and significant(g + r, lost)):
            return _sign(g, lost), "determined"
        if not (crosses(g + r, lost) or crosses(g, lost + r) or significant(g + r, lost) or significant(g, lost + r)):
            return NO_CHANGE, "futility"
        return None, None

    def _crosses(self, gained: int, lost: int) -> bool:
        """``E(gained, lost) >= 1 / alpha_s``."""
        log_e = log_e_value_one_sided if self.settings.one_sided else log_e_value
        return log_e(gained, lost, self.settings.prior) >= self.settings.log_threshold

    def _significant(self, gained: int, lost: int) -> bool:
        """The final look rejects at ``(gained, lost)``: ``p < alpha_f`` (never when there is no final look)."""
        return self._p_value(gained, lost) < self.settings.alpha_final

    def _p_value(self, gained: int, lost: int) -> float:
        return (gain_tail if self.settings.one_sided else mcnemar_p_value)(gained, lost)

    def result(self) -> dict[str, Any]:
        """The verdict record: ``paired_comparison``'s keys (over the pairs run) plus how many pairs were run of the
        budget, why it stopped, the e-value and the thresholds."""
        s = self.settings
        if not self.done:
            raise RobopolicyError(f"the sequential test has not stopped after {self.pairs} of {s.budget} pairs; "
                                  "feed it more pairs (update) before asking for its result")
        return {"verdict": self.verdict, "gained": self.gained, "lost": self.lost, "episodes": self.pairs,
                "before": self.before_successes, "after": self.after_successes, "budget": s.budget,
                "stopped": self.stopped, "reason": self.explain(), "e_value": self.e_value,
                "e_threshold": 1.0 / s.alpha_anytime, "final_p_value": self._p_value(self.gained, self.lost),
                "alpha": s.alpha, "alpha_anytime": s.alpha_anytime, "alpha_final": s.alpha_final,
                "prior": s.prior, "anytime_share": s.anytime_share, "one_sided": s.one_sided}

    def explain(self) -> str:
        """Why the test stopped, in one sentence."""
        s = self.settings
        head = f"stopped after {self.pairs} of {s.budget} paired episodes ({self.gained} gained, {self.lost} lost)"
        if self.stopped == "decided":
            return f"{head}: the e-value {self.e_value:.3g} reached 1/alpha_s = {1 / s.alpha_anytime:.4g}"
        if self.stopped == "budget":
            final = (f"; the final exact McNemar look gave p = {self._p_value(self.gained, self.lost):.3g} "
                     f"against alpha_f = {s.alpha_final:g}") if s.alpha_final else ""
            return f"{head}: the budget is spent{final}"
        if self.stopped == "determined":
            return f"{head}: the final look is significant whatever the remaining {s.budget - self.pairs} pairs are"
        return (f"{head}: futility: even if all remaining {s.budget - self.pairs} pairs went one way, nothing "
                "could reject")


def sequential_paired_comparison(before: Sequence[bool], after: Sequence[bool],
                                 settings: SequentialSettings | None = None) -> dict[str, Any]:
    """Replay two outcome lists (same seeds, in seed order) through ``SequentialPairedTest`` until it stops.

    ``settings`` defaults to ``SequentialSettings(budget=len(before))``. The lists must last until the test stops
    (at the latest after ``budget`` pairs); pairs past the stop are not read.
    """
    if len(before) != len(after):
        raise RobopolicyError(f"a paired comparison needs the same episodes: {len(before)} before, {len(after)} after")
    test = SequentialPairedTest(settings or SequentialSettings(budget=len(before)))
    for b, a in zip(before, after):
        if test.update(b, a):
            return test.result()
    raise RobopolicyError(f"the outcomes ended after {len(before)} pairs, before the sequential test stopped "
                          f"(budget {test.settings.budget}): run more episodes or set budget={len(before)}")


def replay_many(before: np.ndarray, after: np.ndarray,
                settings: SequentialSettings) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Vectorized ``SequentialPairedTest`` over ``M`` runs of ``N = budget`` pairs: ``(M, N)`` booleans in,
    ``(verdict code, pairs used, stop reason code)``, each ``(M,)``, out (module docstring)."""
    before, after = np.asarray(before, dtype=bool), np.asarray(after, dtype=bool)
    n = settings.budget
    _two_sided_only(settings, "replay_many")
    if before.shape != after.shape or before.ndim != 2 or before.shape[1] != n:
        raise RobopolicyError(f"replay_many needs two (M, budget={n}) arrays, got {before.shape} and {after.shape}")
    crosses, significant = _decision_tables(settings)
    g = np.cumsum(after & ~before, axis=1)  # (M, N): gains after pair k + 1
    lo = np.cumsum(before & ~after, axis=1)
    r = n - np.arange(1, n + 1)[None, :]  # (1, N): pairs left
    decided = crosses[g, lo]
    budget = np.broadcast_to(r == 0, g.shape)
    determined = (((g > lo + r) & significant[g, np.minimum(lo + r, n)])
                  | ((lo > g + r) & significant[np.minimum(g + r, n), lo]))
    can_reject = (crosses[np.minimum(g + r, n), lo] | crosses[g, np.minimum(lo + r, n)]
                  | significant[np.minimum(g + r, n), lo] | significant[g, np.minimum(lo + r, n)])
    reason = np.select([decided, budget, determined, ~can_reject], [0, 1, 2, 3], default=-1)  # (M, N)
    stop = np.argmax(reason >= 0, axis=1)  # the budget column always stops
    rows = np.arange(before.shape[0])
    g_stop, l_stop, why = g[rows, stop], lo[rows, stop], reason[rows, stop]
    rejects = (why == 0) | (why == 2) | ((why == 1) & significant[g_stop, l_stop])
    verdict = np.where(rejects, np.sign(g_stop - l_stop), 0).astype(np.int8)
    return verdict, stop + 1, why.astype(np.int8)


def _decision_tables(settings: SequentialSettings) -> tuple[np.ndarray, np.ndarray]:
    """``crosses[g, l] = E(g, l) >= 1/alpha_s`` and ``significant[g, l] = p(g, l) < alpha_f``, ``(N+1, N+1)``
    (entries with ``g + l > N`` unused)."""
    n = settings.budget
    crosses = np.zeros((n + 1, n + 1), dtype=bool)
    significant = np.zeros((n + 1, n + 1), dtype=bool)
    for g in range(n + 1):
        for lost in range(n + 1 - g):
            crosses[g, lost] = log_e_value(g, lost, settings.prior) >= settings.log_threshold
            significant[g, lost] = mcnemar_p_value(g, lost) < settings.alpha_final
    return crosses, significant


def worst_case_type_one_error(settings: SequentialSettings) -> tuple[float, list[float]]:
    """Exact ``P(reject | H0)`` given ``D`` discordant pairs among the budget's, for every ``D = 0..N``, and its
    maximum. Where the concordant pairs fall changes when the test stops, never whether it rejects (rules 3 and 4
    stop only when the outcome at the budget is fixed), so ``D`` fair coin flips decide it: dynamic programming over
    ``g`` with the mass that crossed ``1/alpha_s`` absorbed, plus the final look on what never crossed."""
    n = settings.budget
    _two_sided_only(settings, "worst_case_type_one_error")
    crosses, significant = _decision_tables(settings)
    alive = np.zeros(n + 1)  # alive[g]: P(g gains among the first d discordant, never crossed)
    alive[0] = 1.0
    absorbed = 0.0
    per_d = []
    for d in range(n + 1):
        if d:
            alive = 0.5 * alive + 0.5 * np.concatenate([[0.0], alive[:-1]])  # a loss keeps g, a gain adds 1
        gains = np.arange(d + 1)
        crossed = crosses[gains, d - gains]
        absorbed += float(alive[: d + 1][crossed].sum())
        alive[: d + 1][crossed] = 0.0
        per_d.append(absorbed + float(alive[: d + 1][significant[gains, d - gains]].sum()))
    return max(per_d), per_d


def _two_sided_only(settings: SequentialSettings, what: str) -> None:
    if settings.one_sided:
        raise RobopolicyError(f"{what} replays the two-sided test; for one_sided=True feed SequentialPairedTest pair "
                              "by pair (sequential_paired_comparison)")
