"""robopolicy checkpoints as a LeRobot policy type, ``robopolicy`` (a LeRobot 0.6 policy plugin).

LeRobot's CLIs (``lerobot-eval``, ``lerobot-train``, ``lerobot-rollout``, ``lerobot-record``) call
``lerobot.utils.import_utils.register_third_party_plugins()`` first, which imports every installed distribution
whose name starts with ``lerobot_policy_``. Importing this package registers ``RobopolicyConfig`` with
``PreTrainedConfig`` under the type ``robopolicy``; LeRobot's factory then finds, by its naming convention,
``RobopolicyPolicy`` in ``modeling_robopolicy`` and ``make_robopolicy_pre_post_processors`` in
``processor_robopolicy``. It also registers the env type ``robopolicy`` (``env_robopolicy``: robopolicy's
simulator adapters, which give what a robopolicy checkpoint reads). Either::

    lerobot-eval --policy.type=robopolicy --policy.checkpoint=runs/my_run --env.type=robopolicy \\
        --env.task=metaworld/reach-v3 --env.cameras='[corner]' --env.image_size=84    # any run or checkpoint dir
    python -m lerobot_policy_robopolicy runs/my_run          # writes config.json + processor files into it, then
    lerobot-eval --policy.path=runs/my_run --env.type=...    # (and lerobot-rollout, which takes only --policy.path)

Importing this package imports neither robopolicy nor the modeling module: that happens when a ``robopolicy``
policy is configured, so other LeRobot commands pay nothing for the plugin.
"""

from lerobot_policy_robopolicy.configuration_robopolicy import RobopolicyConfig
from lerobot_policy_robopolicy.env_robopolicy import RobopolicyEnv

__all__ = ["RobopolicyConfig", "RobopolicyEnv", "link"]


def link(checkpoint, out=None):
    """Make ``out`` (default: ``checkpoint`` itself) a LeRobot policy directory that loads ``checkpoint`` (a
    robopolicy checkpoint or run directory); see ``lerobot_policy_robopolicy.link.link``."""
    from lerobot_policy_robopolicy.link import link as _link

    return _link(checkpoint, out)
