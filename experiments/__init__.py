"""Experiment scripts that produce the numbers on docs/results.md (see experiments/bc_results.py)."""
