"""Generalized advantage estimation over chunk steps, and reward scaling by the running std of the return.

One "env step" of an action-chunk policy executes a whole chunk; the discount ``gamma`` is applied once per
chunk. Arrays are time-major ``(T, N)``: T chunk steps of N parallel envs. Episodes end either by a terminal
(no bootstrap: the value after it is 0) or by truncation (time limit: bootstrap from ``V`` of the final
observation, which the caller passes in ``next_values``). Either way the advantage recursion stops at the
boundary, so nothing leaks from one episode into the next::

    delta_t = r_t + gamma * (1 - terminated_t) * V(s'_t) - V(s_t)
    A_t     = delta_t + gamma * lambda * (1 - ended_t) * A_{t+1},      returns_t = A_t + V(s_t)
"""

from __future__ import annotations

import numpy as np
import torch

RETURN_VARIANCE_EPS = 1e-8  # keeps the reward scale finite before any return has varied


def gae_advantages(rewards: torch.Tensor, values: torch.Tensor, next_values: torch.Tensor,
                   terminated: torch.Tensor, ended: torch.Tensor, gamma: float,
                   gae_lambda: float) -> tuple[torch.Tensor, torch.Tensor]:
    """``(advantages, returns)``, both ``(T, N)``, from ``(T, N)`` inputs (see the module doc).

    ``next_values[t]`` is ``V`` of the observation after chunk step t (before any reset), ``terminated`` marks
    true terminals, ``ended`` terminals and truncations.
    """
    terminated, ended = terminated.float(), ended.float()
    advantages = torch.zeros_like(rewards)
    running = torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        delta = rewards[t] + gamma * (1 - terminated[t]) * next_values[t] - values[t]
        running = delta + gamma * gae_lambda * (1 - ended[t]) * running
        advantages[t] = running
    return advantages, advantages + values


class RunningReturnScaler:
    """Divides rewards by the running std of each env's discounted return (PPO's reward scaling).

    ``scale(rewards (N,), ended (N,))`` updates ``R = gamma * R + r`` per env, folds the N returns into a running
    variance (parallel Welford), divides the rewards by ``sqrt(var + eps)`` and resets ``R`` of ended episodes.
    """

    def __init__(self, num_envs: int, gamma: float):
        self.gamma = gamma
        self.returns = np.zeros(num_envs, np.float64)
        self.mean, self.var, self.count = 0.0, 1.0, RETURN_VARIANCE_EPS

    def update(self, x: np.ndarray) -> None:
        batch_mean, batch_var, n = float(x.mean()), float(x.var()), len(x)
        delta, total = batch_mean - self.mean, self.count + n
        self.mean += delta * n / total
        self.var = (self.var * self.count + batch_var * n + delta**2 * self.count * n / total) / total
        self.count = total

    def scale(self, rewards: np.ndarray, ended: np.ndarray) -> np.ndarray:
        self.returns = self.returns * self.gamma + rewards
        self.update(self.returns)
        scaled = rewards / np.sqrt(self.var + RETURN_VARIANCE_EPS)
        self.returns[np.asarray(ended, bool)] = 0.0
        return scaled.astype(np.float32)


def explained_variance(predicted: torch.Tensor, target: torch.Tensor) -> float:
    """``1 - Var(target - predicted) / Var(target)``; NaN when the target is constant."""
    var = target.var(unbiased=False)
    if float(var) == 0.0:
        return float("nan")
    return float(1 - (target - predicted).var(unbiased=False) / var)
