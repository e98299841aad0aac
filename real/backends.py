"""Where the daemon's action chunks come from: a policy server (``ws://...``) or a checkpoint in-process.

Both give ``metadata()`` (the server's metadata message: ``spec`` dict, horizons, ``checkpoint_hash``, ``rtc``:
whether the policy supports real-time chunking) and ``infer(obs, rtc=None) -> ((Tp, Da) chunk, timing)`` for one
observation window ``{key: (To, *shape)}``; ``rtc`` is the protocol's ``{"prefix": (H, Da), "delay": d, ...}``. The local backend
imports torch and the policy code only when it is constructed, so ``robopolicy.real`` stays torch-free.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from robopolicy.errors import RobopolicyError
from robopolicy.real.client import PolicyClient, PolicyRequestError

REMOTE_SCHEMES = ("ws://", "wss://")


class PolicyBackend(Protocol):
    def metadata(self) -> dict[str, Any]: ...

    def infer(self, obs: dict[str, Any], rtc: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, float]]: ...

    def close(self) -> None: ...


class RemoteBackend:
    def __init__(self, url: str, token: str, timeout_s: float, open_timeout_s: float):
        self.client = PolicyClient(url, token, timeout_s=timeout_s, open_timeout_s=open_timeout_s)

    def metadata(self) -> dict[str, Any]:
        return self.client.metadata()

    def infer(self, obs: dict[str, Any], rtc: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, float]]:
        return self.client.infer(obs, rtc)

    def close(self) -> None:
        self.client.close()


class LocalBackend:
    """A checkpoint loaded in this process with ``robopolicy.load_policy`` (imports torch)."""

    def __init__(self, checkpoint: str, device: str = "cpu"):
        import torch

        import robopolicy
        from robopolicy.policies.loading import checkpoint_hash

        torch.set_num_threads(1)
        self._torch = torch
        self.sampler = robopolicy.load_policy(checkpoint, device=device)
        self.checkpoint = checkpoint
        self._hash = checkpoint_hash(checkpoint)
        from robopolicy.policies.rtc import RTCUnsupportedError, check_rtc_support

        self.rtc_unsupported: str | None = None
        try:
            check_rtc_support(self.sampler)
        except RTCUnsupportedError as e:
            self.rtc_unsupported = str(e)

    def metadata(self) -> dict[str, Any]:
        spec = self.sampler.spec
        return {"type": "metadata", "spec": spec.to_dict(), "obs_horizon": spec.obs_horizon,
                "pred_horizon": spec.pred_horizon, "exec_horizon": spec.exec_horizon,
                "control_rate": float(spec.control_rate), "action_dim": spec.action_dim,
                "language": bool(spec.language), "checkpoint_hash": self._hash,
                "rtc": self.rtc_unsupported is None}

    def infer(self, obs: dict[str, Any], rtc: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, float]]:
        started = time.perf_counter()
        batched = {k: ([v] if k == "task" else np.asarray(v)[None]) for k, v in obs.items()}
        if rtc is not None:  # guided sampling differentiates through the network: no inference_mode
            from robopolicy.execution import ExecutionSettings
            from robopolicy.policies.rtc import rtc_sample

            if self.rtc_unsupported is not None:
                raise PolicyRequestError(self.rtc_unsupported)
            default = ExecutionSettings(strategy="rtc")
            settings = ExecutionSettings(strategy="rtc",
                                         rtc_max_guidance=float(rtc.get("max_guidance", default.rtc_max_guidance)),
                                         rtc_schedule=str(rtc.get("schedule", default.rtc_schedule)),
                                         rtc_jacobian=str(rtc.get("jacobian", default.rtc_jacobian)))
            out = rtc_sample(self.sampler, batched, np.asarray(rtc["prefix"])[None], [int(rtc["delay"])],
                             settings=settings)
        else:
            with self._torch.inference_mode():
                out = self.sampler.sample(batched, n=1)
        chunk = out.detach().cpu().numpy()[0, 0].astype(np.float32)
        elapsed = (time.perf_counter() - started) * 1e3
        return chunk, {"infer_ms": elapsed, "queue_ms": 0.0, "round_trip_ms": elapsed}

    def close(self) -> None:
        pass


def make_backend(policy: str, token: str | None, timeout_s: float, open_timeout_s: float) -> PolicyBackend:
    """``ws://host:port`` -> ``RemoteBackend``; a checkpoint directory -> ``LocalBackend``."""
    if policy.startswith(REMOTE_SCHEMES):
        if not token:
            raise RobopolicyError(f"policy={policy!r} is a server: give token_file=<path> or set the token variable")
        return RemoteBackend(policy, token, timeout_s, open_timeout_s)
    if Path(policy).expanduser().is_dir():
        return LocalBackend(str(Path(policy).expanduser()))
    raise RobopolicyError(f"policy={policy!r} is neither a server URL ({' or '.join(REMOTE_SCHEMES)}...) nor a "
                          "checkpoint directory")
