"""``robopolicy train policy=<name> dataset=<store> [key=value ...]``: behaviour cloning from a config.

Keys and defaults: the schema ``robopolicy.train.config.TrainConfig`` (listed in ``docs/reference/configs.md``); the
policy's own keys under ``policy.*`` (``robopolicy.policies.policy_config``, their one home). Prints a summary table at the end.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from robopolicy.train.config import compose_train_config
from robopolicy.train.trainer import Trainer, TrainResult

USAGE = """usage: robopolicy train policy=<diffusion_unet|flow_unet|vla_flow|vla_diffusion> dataset=<store.zarr> [key=value ...]
  e.g. robopolicy train policy=diffusion_unet dataset=datasets/pusht.zarr steps=20000 batch_size=64
  resume: robopolicy train ... run_dir=<run> resume=true      keys: docs/reference/configs.md
  data-parallel: robopolicy train ... launcher=accelerate processes=N [micro_batch_size=M]   (Accelerate + DDP:
                 gloo on CPU, NCCL on GPUs; resume=true and init_from= work as on one process)
  mixed precision: mixed_precision=bf16|fp16   (fp16: GPU only)
  adapt a trained policy: robopolicy train ... init_from=<run> adapter=full|lora|head [lora.rank=4 lora.alpha=8]
  mixture of stores: robopolicy train ... dataset=[old.zarr,new.zarr] dataset_weights=[0.2,0.8]"""


def summary_table(result: TrainResult) -> Table:
    def fmt(x: float | None) -> str:
        return "-" if x is None else f"{x:.5g}"

    table = Table(title="robopolicy train", show_header=False)
    for name, value in [("steps", str(result.steps)), ("final train loss", fmt(result.final_train_loss)),
                        ("final val loss", fmt(result.final_val_loss)), ("best val loss", fmt(result.best_val_loss)),
                        ("wall time", f"{result.wall_time_s:.1f} s"), ("checkpoint", str(result.checkpoint)),
                        ("best checkpoint", str(result.best_checkpoint)), ("run dir", str(result.run_dir))]:
        table.add_row(name, value)
    if result.parameters:
        count = result.parameters
        table.add_row("trainable parameters", f"{count['trainable']:,} of {count['total']:,} ({count['fraction']:.2%})")
    if result.source_counts is not None:
        table.add_row("windows per store", " / ".join(f"{n:,}" for n in result.source_counts))
    return table


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(USAGE)
        return 0
    from robopolicy.scale.launch import train_with_launcher

    # launcher=accelerate processes=N (or micro_batch_size=M): the same Trainer, in N processes
    result, argv = train_with_launcher(argv)
    if result is None:
        result = Trainer(compose_train_config(argv)).run()
    Console().print(summary_table(result))
    return 0
