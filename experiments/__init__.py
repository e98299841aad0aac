"""Experiment scripts over the library, each writing result JSON with provenance under experiments/results/; the pages
are rendered from those JSONs (experiments/readme.py: README.md, docs/results.md, docs/quickstart.md)."""
