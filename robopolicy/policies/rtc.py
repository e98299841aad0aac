"""Real-time chunking (Black et al. 2025): sample the next chunk so that it continues the plan being executed.

While a chunk is computed from the observation of tick ``t``, the robot executes ``d`` already-committed actions
(ticks ``t .. t+d-1``). RTC treats the new chunk as an inpainting problem: during denoising, each step is guided
(``ChunkPolicy.guided_step``) towards the queued plan, with weight 1 on the ``d`` committed actions and a soft,
decaying weight over the rest of the queued plan (``execution.rtc_weights``). No retraining; works on the flow and
diffusion heads (any ``ChunkPolicy``). With nothing committed (``d = 0``) it is plain sampling, bit for bit.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch

from robopolicy.errors import RobopolicyError
from robopolicy.execution import ExecutionSettings, rtc_weights
from robopolicy.policies.protocol import tiers_of


class RTCUnsupportedError(RobopolicyError):
    """Real-time chunking was asked of a policy that exposes no denoising chain to guide."""


def check_rtc_support(policy: Any) -> None:
    """Raise one line unless ``policy`` can be guided (a flow or diffusion head: a ``ChunkPolicy``)."""
    from robopolicy.policies.chunk_policy import ChunkPolicy

    if not isinstance(policy, ChunkPolicy):
        raise RTCUnsupportedError(
            f"strategy=rtc needs a policy whose denoising chain can be guided (the flow and diffusion heads); "
            f"{type(policy).__name__} implements {', '.join(tiers_of(policy)) or 'no protocol tier'}. Use "
            "strategy=naive, blend or ensemble for it")


def guidance_inputs(policy: Any, prefix: np.ndarray, delays: np.ndarray,
                    settings: ExecutionSettings) -> tuple[torch.Tensor, torch.Tensor]:
    """Normalized target ``(B, Tp, Da)`` and weights ``(B, Tp)`` from the queued plan ``prefix`` ``(B, H, Da)``
    (raw units, NaN rows where nothing is queued; row 0 is the observation's tick) and the delays ``(B,)``."""
    spec = policy.spec
    first = spec.obs_horizon - 1
    b, horizon, _ = prefix.shape
    if horizon > spec.pred_horizon - first:
        raise RobopolicyError(f"the queued plan has {horizon} actions; the chunk holds only "
                              f"{spec.pred_horizon - first} from the observation's tick")
    known = np.isfinite(prefix).all(axis=2)                                        # (B, H)
    weights = np.zeros((b, spec.pred_horizon))
    for row in range(b):
        coverage = int(np.argmin(known[row])) if not known[row].all() else horizon
        weights[row, first:first + horizon] = rtc_weights(horizon, int(min(delays[row], coverage)), coverage,
                                                          settings.rtc_schedule)
    target = np.zeros((b, spec.pred_horizon, spec.action_dim))
    target[:, first:first + horizon] = np.nan_to_num(prefix, nan=0.0)
    device = policy.device
    target_t = policy.normalizer.normalize(spec.action_key, torch.as_tensor(target, dtype=torch.float32, device=device))
    return target_t, torch.as_tensor(weights, dtype=torch.float32, device=device)


@torch.no_grad()
def rtc_sample(policy: Any, obs: dict[str, Any], prefix: np.ndarray, delays: np.ndarray | list[int],
               noise: torch.Tensor | None = None, settings: ExecutionSettings | None = None) -> torch.Tensor:
    """Raw-unit chunks ``(B, 1, Tp, Da)`` continuing the queued plans ``prefix`` ``(B, H, Da)``.

    ``delays[b]`` actions of row ``b`` are committed; ``noise`` ``(B, 1, Tp, Da)`` as for ``policy.sample``
    (equal noise and all delays 0 give exactly ``policy.sample``'s chunks)."""
    check_rtc_support(policy)
    settings = settings or ExecutionSettings(strategy="rtc")
    delays = np.asarray(delays, dtype=np.int64)
    prefix = np.asarray(prefix, dtype=np.float64)
    if prefix.ndim != 3 or prefix.shape[2] != policy.spec.action_dim or len(delays) != prefix.shape[0]:
        raise RobopolicyError(f"prefix must be (B, H, Da={policy.spec.action_dim}) with one delay per row; got "
                              f"{prefix.shape} and {len(delays)} delays")
    target, weights = guidance_inputs(policy, prefix, delays, settings)
    if not torch.any(weights > 0):
        return policy.sample(obs, n=1, noise=noise)
    was_training = policy.training
    policy.eval()
    try:
        cond = policy.encode(obs)
        b = cond.shape[0]
        shape = (b, 1, *policy.noise_shape)
        if noise is None:
            noise = torch.randn(shape, device=cond.device)
        x = torch.as_tensor(noise, dtype=torch.float32, device=cond.device).reshape(b, *policy.noise_shape)
        for k in reversed(range(policy.num_denoising_steps)):
            x = policy.guided_step(x, k, cond, target, weights, settings.rtc_max_guidance, settings.rtc_jacobian)
    finally:
        policy.train(was_training)
    return policy.normalizer.unnormalize(policy.spec.action_key, x).reshape(shape)
