"""One DPPO policy (or its base) evaluated with each of DPPO's evaluation chains on the same seeds.

    python -m experiments.eval_chains --policy runs/.../dppo --env metaworld/door-open-v3 \
        --out experiments/results/eval_chains/door-open-v3_flow_big_kl_seed0.json

``deterministic`` is the eta = 0 chain (the flow head's Euler ODE, the diffusion head's DDIM), ``training`` the
stochastic chain PPO trains (``finetune.eval_chain=training``; ``--train-eta``, ``--min-std``, ``--noise-clip`` as
``finetune.train_eta``, ``min_sampling_std``, ``noise_clip``). A base, not a ``dppo`` checkpoint, is DPPO's start
(its last ``--finetune-steps`` steps through an untouched copy). Defaults: the RL suite's 30 tuning seeds from
200000 and 150-step episodes, so nothing here touches the reported seeds. One JSON: the outcomes per chain, the
checkpoint's hash, provenance.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

import torch

from experiments.provenance import run_provenance
from robopolicy import load_policy
from robopolicy.checkpoint import checkpoint_hash
from robopolicy.eval.rollout import success_outcomes
from robopolicy.finetune.dppo import SAMPLING_CHAINS, DPPOPolicy, StochasticChain, chain_named


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", required=True)
    parser.add_argument("--env", required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--chains", nargs="+", default=list(SAMPLING_CHAINS), choices=SAMPLING_CHAINS)
    parser.add_argument("--episodes", type=int, default=30)
    parser.add_argument("--seed", type=int, default=200_000)
    parser.add_argument("--max-episode-steps", type=int, default=150)
    parser.add_argument("--finetune-steps", type=int, default=3)
    parser.add_argument("--train-eta", type=float, default=1.0)
    parser.add_argument("--min-std", type=float, default=0.1)
    parser.add_argument("--noise-clip", type=float, default=3.0)
    parser.add_argument("--torch-seed", type=int, default=0)
    parser.add_argument("--allow-dirty", action="store_true", help="run from uncommitted code (marked dirty)")
    args = parser.parse_args(argv)
    provenance = run_provenance(allow_dirty=args.allow_dirty)
    torch.set_num_threads(1)
    loaded = load_policy(args.policy)
    policy = loaded if isinstance(loaded, DPPOPolicy) else DPPOPolicy(loaded, args.finetune_steps)
    stochastic = StochasticChain(args.train_eta, args.min_std, args.noise_clip)
    results = {}
    for chain in args.chains:
        torch.manual_seed(args.torch_seed)
        policy.chain = chain_named(chain, stochastic)
        outcomes = success_outcomes(policy, args.env, args.episodes,
                                    base_seed=args.seed, envs_per_worker=10, max_episode_steps=args.max_episode_steps)
        results[chain] = {"successes": sum(outcomes), "episodes": len(outcomes), "outcomes": [bool(o) for o in outcomes]}
        print(f"{chain}: {sum(outcomes)} of {len(outcomes)}", flush=True)
    record = {"policy": args.policy, "policy_kind": "dppo" if loaded is policy else "base",
              "checkpoint_hash": checkpoint_hash(args.policy), "env": args.env, "seed": args.seed,
              "max_episode_steps": args.max_episode_steps, "stochastic_chain": asdict(stochastic),
              "results": results, "provenance": provenance}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
