"""``wrap_with_steering(policy, cfg)``: the hook ``robopolicy eval`` calls to steer any Sampler (``eval.steer``).

``cfg`` keys (configs/eval.yaml reserves them): ``steer`` (``null``/``none`` or ``vgps``), ``critic`` (a critic
directory from ``robopolicy finetune method=vgps``), ``K``, ``beta`` and ``ensemble`` (``min`` or ``mean`` over
the critic's Q ensemble). DSRL needs no wrapping: its result is
a policy directory that ``load_policy`` loads directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robopolicy.errors import ConfigError
from robopolicy.policies.protocol import Sampler

STEERING_METHODS = ("none", "vgps")


def wrap_with_steering(policy: Sampler, cfg: Mapping[str, Any]) -> Sampler:
    """``policy`` itself when ``cfg.steer`` is null/"none"; a ``ValueGuidedSampler`` for ``steer=vgps``."""
    steer = cfg.get("steer") or "none"
    if steer not in STEERING_METHODS:
        raise ConfigError(f"unknown steer={steer!r}; valid: {', '.join(STEERING_METHODS)} (DSRL policies load "
                          "directly with policy=<steered dir>)")
    if steer == "none":
        return policy
    critic_dir = cfg.get("critic")
    if not critic_dir:
        raise ConfigError("steer=vgps needs critic=<dir> (train one with `robopolicy finetune method=vgps "
                          "dataset=<store>`)")
    from robopolicy.finetune.critics import load_critic
    from robopolicy.finetune.vgps import ValueGuidedSampler

    critic, _ = load_critic(critic_dir)
    return ValueGuidedSampler(policy, critic, K=int(cfg.get("K") or 1), beta=float(cfg.get("beta") or 0.0),
                              ensemble_reduction=str(cfg.get("ensemble") or "min"))
