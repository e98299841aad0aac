"""Evaluation in simulation: the rollout harness (``rollout``, ``workers``), statistics (``stats``), reports
and videos (``report``), the ``evaluate`` entry point used by ``robopolicy eval`` (``cli``) and the quickstart,
and ``robopolicy collect`` (``collect``). See docs/evaluation.md."""
