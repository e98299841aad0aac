"""``python -m lerobot_policy_robopolicy <checkpoint or run dir> [--out DIR]``: see ``link.py``."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lerobot_policy_robopolicy",
                                     description="Write LeRobot's config.json and processor files for a robopolicy "
                                                 "checkpoint, so that lerobot-eval / lerobot-rollout take it as "
                                                 "--policy.path")
    parser.add_argument("checkpoint", help="a robopolicy checkpoint directory or run directory")
    parser.add_argument("--out", default=None, help="where to write them (default: the checkpoint directory)")
    args = parser.parse_args(argv)
    from lerobot_policy_robopolicy.configuration_robopolicy import RobopolicyPluginError
    from lerobot_policy_robopolicy.link import link
    from robopolicy.errors import RobopolicyError

    try:
        out = link(args.checkpoint, args.out)
    except (RobopolicyError, RobopolicyPluginError) as e:  # one line naming the path and what would work
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"{out}: lerobot-eval --policy.path={out} --env.type=...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
