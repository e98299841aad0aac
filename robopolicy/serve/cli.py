"""``robopolicy serve policy=<checkpoint> [host=127.0.0.1 port=8765 token_file=...]``: host a policy."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import signal
from pathlib import Path
from typing import Any

from omegaconf import DictConfig

from robopolicy.config import compose, require_policy
from robopolicy.errors import ConfigError, RobopolicyError
from robopolicy.serve.protocol import ProtocolLimits

POLICY_HELP = "a checkpoint directory, or expert:metaworld/<task>-v3 or expert:so101/pick-place"

def read_token(token_file: str | None, token_env: str | None) -> str:
    """The shared secret: from ``token_file`` if given, else the environment variable ``token_env``."""
    if token_file:
        path = Path(token_file).expanduser()
        if not path.is_file():
            raise ConfigError(f"token_file={token_file!r} does not exist")
        token = path.read_text().strip()
        if not token:
            raise ConfigError(f"token_file={token_file!r} is empty")
        return token
    token = os.environ.get(token_env or "", "").strip()
    if not token:
        raise ConfigError(f"no token: set token_file=<path> or the environment variable {token_env!r} "
                          "(the server never runs without authentication)")
    return token


def load_sampler(cfg: DictConfig) -> tuple[Any, str]:
    from robopolicy.serve.expert_sampler import is_expert_policy, make_expert_sampler

    policy = str(cfg.policy)
    if is_expert_policy(policy):
        return make_expert_sampler(policy, int(cfg.expert_pred_horizon)), policy
    path = Path(policy).expanduser()
    if not path.is_dir():
        raise ConfigError(f"policy={policy!r} is neither a checkpoint directory nor expert:metaworld/<task>-v3 or "
                          "expert:so101/pick-place")
    import robopolicy
    from robopolicy.policies.loading import checkpoint_hash

    return robopolicy.load_policy(path, device=str(cfg.device)), checkpoint_hash(path)


def check_bind_address(host: str, allow_remote: bool) -> None:
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback and not allow_remote:
        raise ConfigError(f"host={host!r} is not a loopback address; pass allow_remote=true to serve on the "
                          "network (and keep the token secret)")


async def _serve(server) -> None:
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    print(f"serving {server.policy_id} on ws://{server.config.host}:{server.port} (health: /healthz)", flush=True)
    await stop.wait()
    await server.close()


def main(argv: list[str]) -> int:
    from robopolicy.serve.server import PolicyServer, ServerConfig

    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    cfg = require_policy(compose("serve", argv), POLICY_HELP)
    logging.basicConfig(level=str(cfg.log_level), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    check_bind_address(str(cfg.host), bool(cfg.allow_remote))
    token = read_token(cfg.token_file, cfg.token_env)
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass
    sampler, policy_id = load_sampler(cfg)
    limits = ProtocolLimits(max_message_bytes=int(cfg.max_message_bytes),
                            max_array_elements=int(cfg.max_array_elements))
    config = ServerConfig(host=str(cfg.host), port=int(cfg.port), max_batch=int(cfg.max_batch),
                          batch_window_ms=float(cfg.batch_window_ms), limits=limits,
                          transport_max_bytes=int(cfg.transport_max_bytes))
    try:
        asyncio.run(_serve(PolicyServer(sampler, token, policy_id, config)))
    except OSError as e:
        raise RobopolicyError(f"cannot serve on {cfg.host}:{cfg.port}: {e}") from None
    return 0
