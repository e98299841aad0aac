"""The fine-tuners' optimizer step: torch's per-tensor Adam loop against ``FlatAdam``, which takes the same steps.

On CPU torch's Adam runs a Python loop over the parameter tensors (about ten tensor operations each); for the
fine-tuners' small networks the loop, not the arithmetic, is what a step costs. ``FlatAdam``
(``robopolicy/train/optim.py``) runs torch's own single-tensor Adam once on a flat buffer holding every parameter,
so every weight takes the loop's update bit for bit. Measured in one run, 1 torch thread, the variants interleaved
(every repeat times each in turn, so both see the same load):

Part 1, one optimizer step (the same random gradients for both) of each network a fine-tuner steps: DSRL-SAC's noise
policy and critic ensemble at the RL suite's size (MLPs 64x64, 2 critics; ``experiments/rl_suite.py``), DPPO's
fine-tuned denoiser on the suite's small heads (U-Net [16, 32]) and its value net [64, 64].

Part 2, whole DSRL-SAC gradient updates (critics, actor, temperature, targets) at the suite's size (batch 64) on the
same replay batches, one agent with torch's loop and one with ``FlatAdam``, started from the same weights; after the
last repeat their weights are compared bit for bit.

    python -m benchmarks.optim              # writes docs/benchmarks/optim.json and renders optim.md
    python -m benchmarks.optim --render
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

try:
    from benchmarks import common
except ImportError:  # run as a file (python benchmarks/optim.py): this folder is on sys.path
    import common

OUT = common.PAGES / "optim.md"
PREFIX = "python -m benchmarks.optim"
STEPS_PER_CALL = 50      # optimizer steps (part 1) or updates (part 2) per timed call
REPEATS = 7
ENV = "metaworld/reach-v3"


def optimizer_steps(params: list, flat: bool) -> Callable[[], None]:
    """A function that runs ``STEPS_PER_CALL`` Adam steps on ``params`` with fixed random gradients."""
    import torch

    from robopolicy.train.optim import FlatAdam

    grads = [torch.randn_like(p) for p in params]
    opt = FlatAdam(params, lr=1e-4) if flat else torch.optim.Adam(params, lr=1e-4, foreach=False)

    def run() -> None:
        for _ in range(STEPS_PER_CALL):
            for p, g in zip(params, grads):
                p.grad = g.clone()
            opt.step()
    return run


def networks(root: Path) -> dict[str, tuple[list, list]]:
    """Per network: two copies of its parameters (one per optimizer)."""
    import copy

    from benchmarks.finetune import build_base, demo_store, small_head
    from robopolicy.finetune.critics import FiLMMLP
    from robopolicy.finetune.dsrl import DSRLAgent

    store = demo_store(ENV, root)
    agent = DSRLAgent(build_base(store, small_head("diffusion_unet")), suite_dsrl())
    nets = {"DSRL-SAC noise policy (MLP 64x64)": agent.actor.net,
            "DSRL-SAC critics (2 x MLP 64x64)": agent.q_noise.q}
    for head in ("diffusion_unet", "flow_unet"):
        nets[f"DPPO fine-tuned denoiser ({head}, U-Net [16, 32])"] = build_base(store, small_head(head)).denoiser
    nets["DPPO value net (MLP 64x64)"] = FiLMMLP(int(agent.base.obs_encoder.cond_dim), [64, 64], 1)
    return {name: (list(net.parameters()), list(copy.deepcopy(net).parameters())) for name, net in nets.items()}


def suite_dsrl():
    """The RL suite's DSRL-SAC settings (``experiments/rl_suite.py``, ``dsrl_sac``), as ``robopolicy finetune``
    composes them."""
    from benchmarks.finetune import suite_settings
    from robopolicy.finetune.dsrl import DSRLConfig

    settings = suite_settings("dsrl_sac", [], 1000, 60, 200)
    return DSRLConfig(**{k: v for k, v in settings.items() if k in DSRLConfig.__dataclass_fields__})


def dsrl_updates(root: Path) -> dict:
    """Part 2: the same batches through two agents that differ only in their optimizers."""
    import numpy as np
    import torch

    from benchmarks.finetune import build_base, demo_store, small_head
    from robopolicy.finetune.dsrl import DSRLAgent
    from robopolicy.finetune.replay import ChunkReplayBuffer

    store = demo_store(ENV, root)
    base = build_base(store, small_head("diffusion_unet"))
    agents = {}
    for name in ("torch's loop", "FlatAdam"):
        torch.manual_seed(0)
        agents[name] = DSRLAgent(base, suite_dsrl())
    loop = agents["torch's loop"]
    loop.actor_opt = torch.optim.Adam(loop.actor.net.parameters(), lr=loop.cfg.actor_lr, foreach=False)
    loop.critic_opt = torch.optim.Adam(loop.q_noise.q.parameters(), lr=loop.cfg.critic_lr, foreach=False)
    (tp, da), to = loop.noise_shape, base.spec.obs_horizon
    state = tuple(store.features["state"].shape)
    buffer = ChunkReplayBuffer(4096, {"state": state}, {"state": "float32"}, to, (tp, da))
    rng = np.random.default_rng(0)
    n = 2048
    buffer.add({"state": rng.standard_normal((n, to, *state)).astype(np.float32)},
               rng.uniform(-1, 1, (n, tp, da)).astype(np.float32), rng.random(n).astype(np.float32),
               {"state": rng.standard_normal((n, to, *state)).astype(np.float32)}, np.zeros(n, np.float32),
               np.full(n, 0.99, np.float32))
    batches = [buffer.sample(64, rng) for _ in range(STEPS_PER_CALL)]
    calls = {name: 0 for name in agents}

    def updates(name: str):
        def run() -> None:
            torch.manual_seed(calls[name])      # the actor's and the target's noise: the same draws for both
            calls[name] += 1
            for batch in batches:
                agents[name].update(batch, None)
        return run

    times = common.interleaved({name: updates(name) for name in agents}, REPEATS)
    weights = [list(a.actor.parameters()) + list(a.q_noise.parameters()) for a in agents.values()]
    same = all(torch.equal(x, y) for x, y in zip(*weights))
    return {"ms_per_update": {k: 1e3 * statistics.median(v) / STEPS_PER_CALL for k, v in times.items()},
            "updates": STEPS_PER_CALL * (REPEATS + 1), "bit_identical": same}


def measure(root: Path) -> dict:
    rows = []
    for name, (loop_params, flat_params) in networks(root).items():
        times = common.interleaved({"loop": optimizer_steps(loop_params, False),
                                    "flat": optimizer_steps(flat_params, True)}, REPEATS)
        med = {k: 1e3 * statistics.median(v) / STEPS_PER_CALL for k, v in times.items()}
        rows.append({"network": name, "tensors": len(loop_params), "parameters": sum(p.numel() for p in loop_params),
                     "loop_ms": med["loop"], "flat_ms": med["flat"]})
    return {"steps": rows, "dsrl_update": dsrl_updates(root)}


def render(record: dict) -> str:
    steps, update = record["steps"], record["dsrl_update"]
    ms = update["ms_per_update"]
    loop, flat = ms["torch's loop"], ms["FlatAdam"]
    lines = ["# The fine-tuners' optimizer step: torch's Adam loop against FlatAdam", "",
             f"{STEPS_PER_CALL} steps per timed call, medians of {REPEATS} interleaved repeats, 1 torch thread. "
             "`FlatAdam` (robopolicy/train/optim.py) is what DSRL, DPPO and the offline critics step with; torch's "
             "per-tensor loop (`foreach=False`, torch's default on CPU) is the reference it replaced. Both take the "
             "same steps bit for bit (tests/train/test_optim.py; part 2 below checks it again on DSRL).", "",
             common.measured_line(record, "optim.json"), "",
             f"Headline: a DSRL-SAC gradient update at the RL suite's size takes **{flat:.2f} ms** with "
             f"FlatAdam against {loop:.2f} ms with torch's loop (**{flat / loop:.2f}x**); weights after "
             f"{update['updates']} updates bit-identical: **{'yes' if update['bit_identical'] else 'NO'}**.", "",
             "## One optimizer step", "",
             "| network | tensors | parameters | torch's loop (ms) | FlatAdam (ms) | ratio |", "|---|---:|---:|---:|---:|---:|"]
    for r in steps:
        lines.append(f"| {r['network']} | {r['tensors']} | {r['parameters']:,} | {r['loop_ms']:.3f} | "
                     f"{r['flat_ms']:.3f} | {r['flat_ms'] / r['loop_ms']:.2f}x |")
    lines += ["", "## A whole DSRL-SAC update", "",
              "| optimizer | ms per update (critics, actor, temperature, targets; batch 64) |", "|---|---:|"]
    lines += [f"| {name} | {value:.2f} |" for name, value in ms.items()]
    lines += ["", "The rest of an update is the forward and backward passes of the small MLPs, which the optimizer "
              "does not touch; how much of a fine-tuning run's wall time updates take is in finetune.md.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=None, help="where the demo store is made (default: a temp dir)")
    args = common.page_args(parser, OUT, render, argv)
    provenance = common.start(PREFIX, argv, threads=1)
    with tempfile.TemporaryDirectory() as tmp:
        fields = measure(args.root or Path(tmp))
    common.write_record(args.out, render, provenance, **fields)


if __name__ == "__main__":
    main()
