"""A tiny real policy (an untrained flow U-Net: guidable, so it supports real-time chunking) and the real policy
server running it in this process, on loopback, in a thread with its own event loop (no model load per test)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import numpy as np
import torch

from robopolicy.data.features import Feature
from robopolicy.data.normalizer import Normalizer
from robopolicy.policies.registry import build_policy, default_normalizer_modes, policy_spec_from_config
from robopolicy.serve.server import PolicyServer, ServerConfig
from tests.policies.tiny import tiny_config
from tests.serve.processes import TOKEN

STATE_DIM, ACTION_DIM = 4, 2  # the tiny policy: To = 2, Tp = 8, so H = Tp - To + 1 = 7 actions from the obs tick


def tiny_flow_policy(seed: int = 0, control_rate: float = 20.0) -> Any:
    torch.manual_seed(seed)
    features = {"state": Feature((STATE_DIM,), "float32", "state"), "action": Feature((ACTION_DIM,), "float32", "action")}
    cfg = tiny_config("flow_unet")
    spec = policy_spec_from_config(cfg, features, obs_keys=["state"], control_rate=control_rate)
    rng = np.random.default_rng(seed)
    data = {"state": rng.normal(size=(256, STATE_DIM)), "action": rng.uniform(-1, 1, size=(256, ACTION_DIM))}
    policy = build_policy("flow_unet", cfg, spec, Normalizer.fit(data, default_normalizer_modes(spec)))
    return policy.eval()


class PlainSampler:
    """The same policy behind the bare ``Sampler`` tier: nothing to guide, so no real-time chunking."""

    def __init__(self, policy: Any):
        self.policy, self.spec = policy, policy.spec

    @property
    def noise_shape(self) -> tuple[int, int]:
        return self.policy.noise_shape

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        return self.policy.sample(obs, n=n, noise=noise)


class InProcessServer:
    """``with InProcessServer(sampler) as server:`` serves on ``ws://127.0.0.1:{server.port}`` with ``TOKEN``."""

    def __init__(self, sampler: Any, batch_window_s: float = 0.002, policy_id: str = "tiny"):
        self.loop = asyncio.new_event_loop()
        self.server = PolicyServer(sampler, TOKEN, policy_id, ServerConfig(port=0, batch_window_s=batch_window_s))
        self.thread = threading.Thread(target=self.loop.run_forever, name="policy-server", daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}"

    def __enter__(self) -> InProcessServer:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(timeout=30)
        return self

    def __exit__(self, *exc: Any) -> None:
        asyncio.run_coroutine_threadsafe(self.server.close(), self.loop).result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)
        self.loop.close()
