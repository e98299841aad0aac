"""A policy server process for tests: the Meta-World expert, or the expert with injected faults.

    python -m tests.serve.policy_server_process --kind expert|nan|huge --port P --token-file F [--max-bytes N]

``nan``: every ``--fault-every``-th chunk holds NaN (and inf); ``huge``: every such chunk is scaled far outside
the action limits with alternating sign (so limits and the velocity limit both trip). Real sampler, real server.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
from pathlib import Path

import numpy as np
import torch

from robopolicy.serve.expert_sampler import ExpertSampler
from robopolicy.serve.protocol import ProtocolLimits
from robopolicy.serve.server import PolicyServer, ServerConfig

HUGE_SCALE = 25.0


class FaultySampler:
    """Wraps a sampler; corrupts every ``every``-th call's chunks."""

    def __init__(self, inner: ExpertSampler, kind: str, every: int):
        self.inner, self.kind, self.every = inner, kind, every
        self.spec = inner.spec
        self.calls = 0

    @property
    def noise_shape(self):
        return None

    def sample(self, obs, n=1, noise=None) -> torch.Tensor:
        out = self.inner.sample(obs, n=n)
        self.calls += 1
        if self.calls % self.every:
            return out
        if self.kind == "nan":
            out[..., 0] = float("nan")
            out[..., 1] = float("inf")
            return out
        sign = 1.0 if (self.calls // self.every) % 2 else -1.0
        return out * 0 + sign * HUGE_SCALE


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kind", choices=["expert", "nan", "huge"], default="expert")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token-file", required=True)
    parser.add_argument("--env", default="metaworld/reach-v3")
    parser.add_argument("--pred-horizon", type=int, default=4)
    parser.add_argument("--fault-every", type=int, default=3)
    parser.add_argument("--max-bytes", type=int, default=64 * 1024)
    parser.add_argument("--batch-window-ms", type=float, default=2.0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    sampler = ExpertSampler(args.env, pred_horizon=args.pred_horizon)
    if args.kind != "expert":
        sampler = FaultySampler(sampler, args.kind, args.fault_every)
    limits = ProtocolLimits(max_message_bytes=args.max_bytes)
    config = ServerConfig(port=args.port, limits=limits, transport_max_bytes=16 * args.max_bytes,
                          batch_window_ms=args.batch_window_ms)
    server = PolicyServer(sampler, Path(args.token_file).read_text().strip(), f"test-{args.kind}", config)
    await server.start()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    print("ready", flush=True)
    await stop.wait()
    await server.close()


if __name__ == "__main__":
    np.seterr(all="ignore")
    asyncio.run(main())
