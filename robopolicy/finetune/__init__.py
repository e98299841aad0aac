"""Fine-tuning: offline-to-online RL on a trained policy, ``robopolicy finetune method=<method>``.

Every method is one module, ``robopolicy/finetune/<method>.py`` (``dsrl``, ``vgps``, ``dppo``, ``parl``), and the
command (``robopolicy.finetune.cli``) reads the same two names from each:

- ``CONFIG``: the method's config dataclass (``CONFIG = DSRLConfig``), the one home of the defaults, valid ranges
  (field metadata) and descriptions (each field's comment) of its ``finetune.*`` keys: ``robopolicy.finetune.settings``
  registers its fields as the command's ``finetune/<method>`` keys (less any the module lists in
  ``NOT_FINETUNE_KEYS``, fields the command fills from its own keys), and the command checks them at start-up,
  before a policy loads.
  Optionally also ``check_settings(finetune)``, the checks across keys, run at the same time (``dppo``).
- ``run(cfg, run_dir, metrics) -> dict``: the run, from the composed config, the run directory and its
  ``MetricsLog``. The dict becomes ``summary.json``; its ``evaluations`` (the base first, the policy to deploy
  last, on the same seeds) give the paired verdict. Build ``CONFIG`` from ``cfg.finetune`` with
  ``robopolicy.config.dataclass_from`` and evaluate with ``robopolicy.finetune.command`` (``require``,
  ``evaluate``, ``announce_base``, ``final_evaluation``); a method module never imports ``cli.py``. An online method
  hands its training function to ``command.run_online`` (load, evaluate, train, evaluate again) and writes only its
  rollout and update inside ``loop.OnlineLoop`` (progress, periodic curve, tuning-seed selection), as ``dsrl`` and
  ``dppo`` do.

To add a method ``foo``: copy ``robopolicy/finetune/dsrl.py`` (online) or ``parl.py`` (offline) to
``robopolicy/finetune/foo.py`` and rewrite ``CONFIG`` and ``run``; add the line ``"foo": "robopolicy.finetune.foo"``
to ``METHODS`` in ``robopolicy/finetune/settings.py`` (the one registry). ``robopolicy finetune method=foo`` then
composes ``CONFIG``'s defaults under ``finetune.*``, and ``python -m robopolicy.docs_gen`` lists its keys. Set
``SEQUENTIAL_VERDICT = True`` in the module if its final evaluation is ``command.final_evaluation`` (then
``eval.sequential=true`` works with it).
"""
