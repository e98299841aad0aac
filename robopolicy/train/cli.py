"""``robopolicy train policy=<name> dataset=<store> [key=value ...]``: behaviour cloning from a config.

Keys and defaults: ``configs/train.yaml`` (schema ``robopolicy.train.config.TrainConfig``); the policy's own
keys under ``policy.*`` (``configs/policy/<name>.yaml``). Prints a summary table at the end.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from robopolicy.train.config import compose_train_config
from robopolicy.train.trainer import Trainer, TrainResult

USAGE = """usage: robopolicy train policy=<diffusion_unet|flow_unet|vla_flow|vla_diffusion> dataset=<store.zarr> [key=value ...]
  e.g. robopolicy train policy=diffusion_unet dataset=datasets/pusht.zarr steps=20000 batch_size=64
  resume: robopolicy train ... run_dir=<run> resume=true      keys: see configs/train.yaml
  data-parallel: robopolicy train ... launcher=accelerate processes=N   (gloo on CPU, NCCL on GPUs)"""


def summary_table(result: TrainResult) -> Table:
    def fmt(x: float | None) -> str:
        return "-" if x is None else f"{x:.5g}"

    table = Table(title="robopolicy train", show_header=False)
    for name, value in [("steps", str(result.steps)), ("final train loss", fmt(result.final_train_loss)),
                        ("final val loss", fmt(result.final_val_loss)), ("best val loss", fmt(result.best_val_loss)),
                        ("wall time", f"{result.wall_time_s:.1f} s"), ("checkpoint", str(result.checkpoint)),
                        ("best checkpoint", str(result.best_checkpoint)), ("run dir", str(result.run_dir))]:
        table.add_row(name, value)
    return table


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(USAGE)
        return 0
    from robopolicy.scale.launch import train_with_launcher

    code, argv = train_with_launcher(argv)  # launcher=accelerate processes=N: data-parallel workers
    if code is not None:
        return code
    cfg = compose_train_config(argv)
    result = Trainer(cfg).run()
    Console().print(summary_table(result))
    return 0
