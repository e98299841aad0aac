"""Provenance lives in the library: ``robopolicy.provenance`` (re-exported here for the experiment scripts)."""

from robopolicy.provenance import (
    REPO_ROOT,
    DirtyTreeError,
    cpu_model,
    provenance_line,
    render_page_only,
    run_provenance,
    write_page,
)

__all__ = ["REPO_ROOT", "DirtyTreeError", "cpu_model", "provenance_line", "render_page_only", "run_provenance",
           "write_page"]
