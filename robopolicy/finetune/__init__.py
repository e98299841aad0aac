"""Fine-tuning: offline-to-online RL on a trained policy, ``robopolicy finetune method=<method>``.

Every method is one module, ``robopolicy/finetune/<method>.py`` (``dsrl``, ``vgps``, ``dppo``, ``parl``), and the
command (``robopolicy.finetune.cli``) reads the same two names from each:

- ``CONFIG``: the method's config dataclass (``CONFIG = DSRLConfig``), the defaults and valid ranges (field
  metadata) of its ``finetune.*`` keys; the command checks the keys against it at start-up, before a policy loads.
  Optionally also ``check_settings(finetune)``, the checks across keys, run at the same time (``dppo``).
- ``run(cfg, run_dir, metrics) -> dict``: the run, from the composed config, the run directory and its
  ``MetricsLog``. The dict becomes ``summary.json``; its ``evaluations`` (the base first, the policy to deploy
  last, on the same seeds) give the paired verdict. Build ``CONFIG`` from ``cfg.finetune`` with
  ``robopolicy.config.dataclass_from`` and evaluate with ``robopolicy.finetune.command`` (``require``,
  ``evaluate``, ``announce_base``, ``final_evaluation``); a method module never imports ``cli.py``. An online method
  hands its training function to ``command.run_online`` (load, evaluate, train, evaluate again) and writes only its
  rollout and update inside ``loop.OnlineLoop`` (progress, periodic curve, tuning-seed selection), as ``dsrl`` and
  ``dppo`` do.

To add a method ``foo``: write ``robopolicy/finetune/foo.py`` with ``CONFIG`` and ``run``; write
``configs/finetune/foo.yaml`` stating the same defaults as ``CONFIG`` (``tests/test_config_schemas.py`` compares
the two: add ``foo`` to its parametrized list); add the line ``"foo": "robopolicy.finetune.foo"`` to ``METHODS`` in
``robopolicy/finetune/cli.py`` (the one registry; the module is imported only when ``method=foo`` is chosen). Name
it in ``USAGE`` (``command.py``), and in ``SEQUENTIAL_METHODS`` if its final evaluation is ``final_evaluation``.
"""
