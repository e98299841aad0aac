"""Statistics for evaluation: success-rate intervals, mean returns, and rankings from pairwise comparisons.

* ``wilson_interval(successes, n)``: the Wilson score interval for a binomial proportion. Unlike the normal
  ("Wald") interval it stays inside [0, 1] and is not degenerate at 0/n or n/n, which is where small robot
  evaluations usually land.
* ``mean_and_stderr(values)``: mean return (or length) with its standard error.
* ``paired_comparison(before, after)``: two policies on the same episode seeds; the exact McNemar test (a
  two-sided binomial test on the discordant episodes) and a verdict: improved / no significant change / worse.
* ``mcnemar_p_value(gained, lost)``: the same two-sided p-value from the discordant counts alone.
* ``gain_p_value(before, after)``: the one-sided exact McNemar p-value of "``after`` is better" (fine-tuning's
  selection keeps a later policy over the start only when this is small).
* ``bradley_terry(wins)``: strengths ``p`` such that ``P(i beats j) = p_i / (p_i + p_j)``, fitted by the
  minorize-maximize (MM) algorithm of Hunter (2004), used to rank policies from pairwise comparisons.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from robopolicy.errors import RobopolicyError

Z_95 = 1.959963984540054  # two-sided 95% standard normal quantile
BT_MAX_ITERATIONS = 10_000
BT_TOLERANCE = 1e-10


def wilson_interval(successes: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval ``(low, high)`` for ``successes`` out of ``n`` trials.

    With ``n == 0`` there is no information and the interval is the whole ``(0.0, 1.0)``.
    """
    if n < 0 or not 0 <= successes <= n:
        raise RobopolicyError(f"need 0 <= successes <= n, got successes={successes}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denominator = 1.0 + z2 / n
    center = (p + z2 / (2 * n)) / denominator
    half_width = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # At 0/n and n/n the bound is exactly 0 (resp. 1); rounding would leave it a hair off.
    low = 0.0 if successes == 0 else max(0.0, center - half_width)
    high = 1.0 if successes == n else min(1.0, center + half_width)
    return low, high


def success_summary(successes: int, n: int) -> dict[str, Any]:
    """``{"successes", "episodes", "success", "ci95": [low, high]}`` for ``successes`` out of ``n`` episodes
    (``success`` is NaN when ``n == 0``); the record the results scripts store per evaluation."""
    low, high = wilson_interval(successes, n)
    return {"successes": int(successes), "episodes": int(n), "success": successes / n if n else float("nan"),
            "ci95": [low, high]}


SIGNIFICANCE = 0.05  # two-sided level of the paired verdict


def discordant(before: Sequence[bool], after: Sequence[bool]) -> tuple[int, int]:
    """(gained, lost): episodes that failed before and succeeded after, and the reverse; same episodes required."""
    if len(before) != len(after):
        raise RobopolicyError(f"a paired comparison needs the same episodes: {len(before)} before, {len(after)} after")
    return (sum(1 for b, a in zip(before, after) if a and not b), sum(1 for b, a in zip(before, after) if b and not a))


def paired_comparison(before: Sequence[bool], after: Sequence[bool], alpha: float = SIGNIFICANCE) -> dict[str, Any]:
    """Exact McNemar test of ``after`` against ``before``, two outcome lists on the same episode seeds.

    Only discordant episodes carry information: ``gained`` (failed before, succeeded after) and ``lost``. Under
    no difference each discordant episode is a fair coin, so the two-sided p-value is
    ``min(1, 2 * P(Binomial(gained + lost, 1/2) <= min(gained, lost)))``. The verdict is ``improved`` or
    ``worse`` when ``p < alpha``, else ``no significant change``.
    """
    gained, lost = discordant(before, after)
    n = gained + lost
    tail = sum(math.comb(n, k) for k in range(min(gained, lost) + 1)) / 2.0 ** n if n else 1.0
    p_value = min(1.0, 2.0 * tail)
    verdict = ("no significant change" if p_value >= alpha else "improved" if gained > lost else "worse")
    return {"verdict": verdict, "p_value": p_value, "gained": gained, "lost": lost, "episodes": len(before),
            "before": sum(map(bool, before)), "after": sum(map(bool, after))}


def mcnemar_p_value(gained: int, lost: int) -> float:
    """The two-sided exact McNemar p-value of ``paired_comparison`` from the discordant counts alone:
    ``min(1, 2 * P(Binomial(gained + lost, 1/2) <= min(gained, lost)))`` (1.0 when there are none)."""
    if gained < 0 or lost < 0:
        raise RobopolicyError(f"need gained >= 0 and lost >= 0, got gained={gained}, lost={lost}")
    n = gained + lost
    tail = sum(math.comb(n, k) for k in range(min(gained, lost) + 1)) / 2.0 ** n if n else 1.0
    return min(1.0, 2.0 * tail)


def gain_p_value(before: Sequence[bool], after: Sequence[bool]) -> float:
    """One-sided exact McNemar p-value of "``after`` succeeds more often than ``before``" on the same episodes:
    ``P(Binomial(gained + lost, 1/2) >= gained)`` over the discordant episodes (1.0 when there are none)."""
    gained, lost = discordant(before, after)
    n = gained + lost
    return sum(math.comb(n, k) for k in range(gained, n + 1)) / 2.0 ** n if n else 1.0


def mean_and_stderr(values: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of the mean (0 for fewer than two values; NaN mean for none)."""
    x = np.asarray(values, dtype=np.float64)
    if x.size == 0:
        return float("nan"), float("nan")
    if x.size == 1:
        return float(x[0]), 0.0
    return float(x.mean()), float(x.std(ddof=1) / math.sqrt(x.size))


def bradley_terry(wins: np.ndarray, max_iterations: int = BT_MAX_ITERATIONS,
                  tolerance: float = BT_TOLERANCE) -> np.ndarray:
    """Bradley–Terry strengths from a win matrix, by Hunter's MM iteration.

    ``wins`` is ``(K, K)`` with ``wins[i, j]`` the number of times ``i`` beat ``j`` (a tie counts 0.5 to each).
    Returns strengths ``(K,)`` normalised to sum to 1. The update is
    ``p_i <- W_i / sum_{j != i} n_ij / (p_i + p_j)`` with ``W_i`` the wins of ``i`` and ``n_ij`` the games
    between ``i`` and ``j``; it increases the likelihood monotonically. A player that never wins gets strength
    0; a comparison graph in several pieces has no unique answer and is an error.
    """
    w = np.asarray(wins, dtype=np.float64)
    if w.ndim != 2 or w.shape[0] != w.shape[1] or w.shape[0] < 2:
        raise RobopolicyError(f"wins must be a (K, K) matrix with K >= 2, got shape {w.shape}")
    if (w < 0).any():
        raise RobopolicyError("wins must be non-negative counts")
    games = w + w.T
    np.fill_diagonal(games, 0.0)
    _check_connected(games)
    total_wins = w.sum(axis=1) - np.diag(w)
    p = np.full(w.shape[0], 1.0 / w.shape[0])
    for _ in range(max_iterations):
        denominator = (games / (p[:, None] + p[None, :])).sum(axis=1)
        new_p = total_wins / denominator
        new_p /= new_p.sum()
        if np.abs(new_p - p).max() < tolerance:
            return new_p
        p = new_p
    return p


def rank_from_pairs(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, float]]:
    """Rank named players from ``(winner, loser)`` pairs: ``[(name, strength), ...]`` strongest first."""
    pairs = list(pairs)
    names = sorted({name for pair in pairs for name in pair})
    if len(names) < 2:
        raise RobopolicyError(f"ranking needs comparisons between at least two players, got {names}")
    index = {name: i for i, name in enumerate(names)}
    wins = np.zeros((len(names), len(names)))
    for winner, loser in pairs:
        wins[index[winner], index[loser]] += 1
    strengths = bradley_terry(wins)
    order = np.argsort(-strengths, kind="stable")
    return [(names[i], float(strengths[i])) for i in order]


def _check_connected(games: np.ndarray) -> None:
    seen, frontier = {0}, [0]
    while frontier:
        i = frontier.pop()
        for j in np.nonzero(games[i] > 0)[0].tolist():
            if j not in seen:
                seen.add(j)
                frontier.append(j)
    if len(seen) != games.shape[0]:
        missing = sorted(set(range(games.shape[0])) - seen)
        raise RobopolicyError(f"the comparisons do not connect every player (players {missing} are never "
                              "compared with player 0's group); strengths are not identifiable")
