"""Experiment scripts that produce the numbers on docs/results_archive.md (see experiments/bc_results.py)."""
