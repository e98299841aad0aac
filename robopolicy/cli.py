"""The ``robopolicy`` console script: one entry point, one module per command.

Each command module exposes ``main(argv: list[str]) -> int``. Errors derived from ``RobopolicyError`` are
printed as one line naming the bad input (exit code 1), and so is an ``OSError`` of the disk being written (full,
over quota, read-only: ``robopolicy.atomic.DISK_ERRNOS``); ``--debug`` shows the traceback instead.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from robopolicy.errors import RobopolicyError

# command -> (module with main(argv), one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "quickstart": ("robopolicy.quickstart", "collect demos -> train -> fine-tune -> evaluate, in one go"),
    "collect": ("robopolicy.eval.collect", "roll out an expert or a policy in simulation into an episode store"),
    "train": ("robopolicy.train.cli", "behaviour cloning from a config (diffusion, flow, VLA heads)"),
    "eval": ("robopolicy.eval.cli", "evaluate a policy in simulation: success with 95% intervals, videos, report"),
    "finetune": ("robopolicy.finetune.cli", "offline-to-online RL: dsrl, vgps, dppo, parl"),
    "merge": ("robopolicy.finetune.merge_cli", "interpolate two checkpoints' weights (alpha, per module)"),
    "serve": ("robopolicy.serve.cli", "host a policy over websocket + msgpack"),
    "deploy": ("robopolicy.real.cli", "run the control-loop daemon on a robot (or the MuJoCo stand-in)"),
    "convert": ("robopolicy.data.formats.cli", "import/export LeRobot v3 datasets and robomimic HDF5"),
    "data": ("robopolicy.data.cli", "inspect and validate episode stores"),
    "report": ("robopolicy.eval.report", "render a run's report (Markdown + plots) again"),
}

console = Console(stderr=True)


def _module_exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def print_usage() -> None:
    table = Table(title="robopolicy <command> [args]", show_header=False, box=None, padding=(0, 2))
    for name, (module, summary) in COMMANDS.items():
        available = _module_exists(module)
        table.add_row(f"[bold]{name}[/]" if available else f"[dim]{name}[/]", summary if available else f"[dim]{summary} (not available)[/]")
    Console().print(table)
    Console().print("Add [bold]--help[/] after a command for its options, [bold]--debug[/] for tracebacks.")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    argv = [a for a in argv if a != "--debug"]
    if not argv or argv[0] in ("-h", "--help", "help"):
        print_usage()
        return 0
    if argv[0] in ("-V", "--version"):
        from robopolicy.version import code_version

        print(code_version())
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        console.print(f"[red]error:[/] unknown command {name!r}; valid commands: {', '.join(COMMANDS)}")
        return 2
    os.environ.setdefault("MUJOCO_GL", "egl")
    try:
        module = importlib.import_module(COMMANDS[name][0])
        return int(module.main(rest) or 0)
    except RobopolicyError as e:
        if debug:
            raise
        console.print(f"[red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
        return 1
    except OSError as e:  # the disk failed where no command said more (full, over quota, read-only): one line
        from robopolicy.atomic import disk_error, is_disk_error

        if debug or not is_disk_error(e):
            raise
        console.print(f"[red]error:[/] {escape(disk_error(e, name))}", highlight=False, soft_wrap=True)
        return 1
    except ModuleNotFoundError as e:
        if debug:
            raise
        console.print(f"[red]error:[/] {escape(str(e))}. Install the extra that provides it, e.g. "
                      "[bold]pip install 'robopolicy[sim]'[/] (see README)", highlight=False)
        return 1
    except KeyboardInterrupt:
        console.print("[yellow]interrupted[/]")
        return 130


if __name__ == "__main__":
    sys.exit(main())
