"""Render the behaviour-cloning results (``results.json`` of experiments/bc_results.py) into docs/results_archive.md.

Three ``## `` sections are owned by that script and replaced wholesale on every run: "Scripted experts",
"Behaviour cloning (diffusion, state)" and "VLA on MT10". Every other section of the page is left as it is.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

EXPERTS = "Scripted experts"
BC = "Behaviour cloning (diffusion, state)"
VLA = "VLA on MT10"
OWNED_SECTIONS = (EXPERTS, BC, VLA)
OLD_COMBINED_PLACEHOLDER = "Behaviour cloning"   # the page's former placeholder for BC + VLA, replaced by ours
INSERT_BEFORE = "DSRL and V-GPS"                  # where our sections go when the page has none of them
LIFT_REFERENCE = ("≥ 0.96 (Diffusion Policy, Chi et al. 2023, robomimic Lift with proficient-human demos; "
                  "figure quoted by issue 4)")
SIMULATORS_PAGE_NOTE = ("An earlier measurement (seeds 0..9, Lift 0..19) is on the [Simulators](simulators.md#experts) "
                        "page (every expert at 1.00 there).")


def _fmt(x: float | None, digits: int = 2) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    return f"{x:.{digits}f}"


def _ci(ci: list[float]) -> str:
    return f"[{ci[0]:.2f}, {ci[1]:.2f}]"


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min"


def _machine_line(data: dict[str, Any]) -> str:
    m = data["machine"]
    accel = f", {m['accelerator']}" if m.get("accelerator") else ""
    load = ", ".join(f"{x:.1f}" for x in m["load_average"])
    return (f"{m['host_cpu']}, {m['cpu_cores']} cores (load average at start {load}; shared with other jobs), "
            f"device `{m['device']}`{accel}, Python {m['python']}, torch {m['torch']}, "
            f"code `{m['code_version']}`")


def _scale_line(jobs: list[dict[str, Any]], full: dict[str, Any]) -> list[str]:
    """A warning line when any job ran below the script's full settings (``full``: bc_results.FULL)."""
    reduced = sorted({key for j in jobs for key, full_key in (("demos", "demos"), ("eval_episodes", "eval_episodes"),
                                                               ("steps", "vla_steps" if j["spec"]["kind"] == "vla"
                                                                else "steps"))
                      if j["spec"][key] < full[full_key]} | ({"episode limit"} if any(
                          j["spec"]["eval_max_steps"] is not None for j in jobs) else set()))
    if not reduced:
        return []
    full_desc = ", ".join(f"{k}={v}" for k, v in full.items())
    return [f"- **Reduced settings** ({', '.join(reduced)} below the script's full settings: {full_desc}, the "
            "env's own episode limit), sized to finish on the machine above; these numbers describe this small "
            "budget, not the method's ceiling. Rerun without scale flags (e.g. `--device cuda --workers 16`) for "
            "the full-scale numbers."]


def _run_lines(data: dict[str, Any], results_path: Path, jobs: list[dict[str, Any]],
               full: dict[str, Any]) -> list[str]:
    scale = "**smoke-test scale (`--quick`): not a result**" if data.get("quick") else "settings below"
    return [f"- Produced by `{data['command']}` on {data['started']} ({scale}); {data['workers']} jobs at once, "
            f"total wall time {_minutes(data['wall_seconds'])}. Raw numbers: `{results_path}`; re-render with "
            f"`python -m experiments.bc_results --render-only {results_path}`.",
            f"- Machine: {_machine_line(data)}.", *_scale_line(jobs, full)]


def _spec_line(spec: dict[str, Any]) -> str:
    overrides = ", ".join(f"`{o}`" for o in spec["train_overrides"]) or "none"
    limit = spec["eval_max_steps"] if spec["eval_max_steps"] is not None else "the env's own"
    return (f"policy `{spec['policy']}` (configs/policy/{spec['policy']}.yaml) with overrides {overrides}; "
            f"{spec['demos']} expert demos per task (seeds {spec['seed']}..{spec['seed'] + spec['demos'] - 1}, "
            f"action noise {spec['action_noise']}), {spec['steps']} training steps at batch {spec['batch_size']} "
            f"(seed {spec['seed']}); evaluation: {spec['eval_episodes']} episodes per task, seeds from "
            f"{spec['eval_seed']}, episode limit {limit}, stopped at the first success")


def render_experts(data: dict[str, Any], results_path: Path, full: dict[str, Any]) -> str:
    """Expert success per task, from the demo collections (the largest collection per env id)."""
    best: dict[str, dict[str, Any]] = {}
    multi_task_first = sorted(data["jobs"], key=lambda job: job["spec"]["kind"] != "vla")  # MT10 order first
    for job in multi_task_first:
        for t in job["collect"]["tasks"]:
            if t["env_id"] not in best or t["episodes"] > best[t["env_id"]]["episodes"]:
                best[t["env_id"]] = {**t, "job": job["spec"]["name"]}
    lines = ["Success of the scripted experts (Meta-World's `metaworld.policies`, our robosuite Lift state "
             "machine), measured while collecting the demonstrations below: no action noise, episodes stopped at "
             "the first success, 95% Wilson intervals.", ""]
    lines += [*_run_lines(data, results_path, [], full), ""]
    lines += ["| env | episodes | successes | rate | 95% Wilson interval | mean steps | seeds | collected by |",
              "|---|---|---|---|---|---|---|---|"]
    for t in best.values():
        seeds = f"{t['seeds'][0]}..{t['seeds'][1]}" if t["seeds"] else ""
        lines.append(f"| {t['env_id']} | {t['episodes']} | {t['successes']} | {_fmt(t['success_rate'])} | "
                     f"{_ci(t['ci95'])} | {_fmt(t['mean_steps'], 0)} | {seeds} | `{t['job']}` |")
    lines += ["", SIMULATORS_PAGE_NOTE]
    return "\n".join(lines)


def render_bc(data: dict[str, Any], results_path: Path, full: dict[str, Any]) -> str:
    jobs = [j for j in data["jobs"] if j["spec"]["kind"] == "bc"]
    lines = ["Behaviour cloning with the diffusion head (`diffusion_unet`: 1-D conditional U-Net, DDPM training, "
             "10 DDIM steps at inference) on state observations only, one policy per task, trained on the "
             "expert demos and evaluated in simulation (the last checkpoint, EMA weights). "
             "Evaluation seeds are disjoint from the demo seeds.", ""]
    lines += _run_lines(data, results_path, jobs, full)
    if not jobs:
        return "\n".join(lines + ["", "No BC job in this run."])
    specs = {_spec_line(j["spec"]) for j in jobs}
    for s in sorted(specs):
        lines.append(f"- Settings: {s}.")
    lines += ["", "| env | demos (expert successes) | training steps | success | 95% Wilson interval | "
              "eval episodes | reference | wall time: collect / train / eval |", "|---|---|---|---|---|---|---|---|"]
    for j in jobs:
        spec, t = j["spec"], j["eval"]["tasks"][0]
        ref = LIFT_REFERENCE if spec["env_id"] == "robosuite/Lift" else ""
        lines.append(f"| {spec['env_id']} | {j['collect']['episodes']} ({j['collect']['successes']}) | "
                     f"{spec['steps']} | **{_fmt(t['success_rate'])}** | {_ci(t['ci95'])} | "
                     f"{t['completed']} ({t['errors']} errors) | {ref} | {_minutes(j['collect']['seconds'])} / "
                     f"{_minutes(j['train']['seconds'])} / {_minutes(j['eval']['seconds'])} |")
    losses = "; ".join(f"{j['spec']['env_id']}: train {_fmt(j['train']['final_train_loss'], 3)}, "
                       f"val {_fmt(j['train']['final_val_loss'], 3)}" for j in jobs)
    lines += ["", f"Final training / validation loss (noise-prediction MSE): {losses}. The loss was still falling "
              "when training stopped; compare with the VLA section below (flow head) before reading these as the "
              "diffusion head's ceiling."]
    return "\n".join(lines)


def render_vla(data: dict[str, Any], results_path: Path, full: dict[str, Any]) -> str:
    jobs = [j for j in data["jobs"] if j["spec"]["kind"] == "vla"]
    lines = ["The VLA (`vla_flow`: transformer trunk over the state tokens and the frozen MiniLM instruction "
             "embedding, flow-matching U-Net head) trained on all ten MT10 tasks at once from state + instruction "
             "(no camera), one policy, evaluated on each task.", ""]
    lines += _run_lines(data, results_path, jobs, full)
    if not jobs:
        return "\n".join(lines + ["", "No VLA job in this run."])
    j = jobs[0]
    lines += [f"- Settings: {_spec_line(j['spec'])}.",
              f"- Wall time: collect {_minutes(j['collect']['seconds'])}, train {_minutes(j['train']['seconds'])}, "
              f"eval {_minutes(j['eval']['seconds'])}. Final loss: train {_fmt(j['train']['final_train_loss'], 3)}, "
              f"val {_fmt(j['train']['final_val_loss'], 3)}.", "",
              "| task | instruction | demos (expert successes) | eval episodes | success | 95% Wilson interval | "
              "mean length |", "|---|---|---|---|---|---|---|"]
    demos = {t["env_id"]: t for t in j["collect"]["tasks"]}
    for t in j["eval"]["tasks"]:
        d = demos.get(t["env_id"], {"episodes": 0, "successes": 0})
        lines.append(f"| {t['env_id']} | {t['task']} | {d['episodes']} ({d['successes']}) | {t['completed']} | "
                     f"**{_fmt(t['success_rate'])}** | {_ci(t['ci95'])} | {_fmt(t['mean_length'], 0)} |")
    o = j["eval"]["overall"]
    lines.append(f"| **mean over {o['tasks']} tasks** | | | {o['episodes']} | **{_fmt(o['mean_success_rate'])}** | "
                 f"| |")
    return "\n".join(lines)


def _section_span(text: str, heading: str) -> tuple[int, int] | None:
    """(start, end) of the ``## heading`` section, up to the next ``## `` heading or the end of the text."""
    match = re.search(rf"^## {re.escape(heading)}[ \t]*$", text, flags=re.MULTILINE)
    if match is None:
        return None
    nxt = re.search(r"^## ", text[match.end():], flags=re.MULTILINE)
    end = match.end() + nxt.start() if nxt else len(text)
    return match.start(), end


def replace_sections(text: str, sections: dict[str, str]) -> str:
    """Put each ``heading -> body`` section into ``text``: replaced in place where present, else inserted
    (after the previous owned section, or before ``INSERT_BEFORE``, or at the end). The page's former combined
    "Behaviour cloning" placeholder is dropped once its replacements are in."""
    old = _section_span(text, OLD_COMBINED_PLACEHOLDER)
    if old is not None:
        text = text[:old[0]] + text[old[1]:]
    previous_end: int | None = None
    for heading, body in sections.items():
        block = f"## {heading}\n\n{body.rstrip()}\n\n"
        span = _section_span(text, heading)
        if span is not None:
            text = text[:span[0]] + block + text[span[1]:]
            previous_end = span[0] + len(block)
            continue
        if previous_end is None:
            anchor = _section_span(text, INSERT_BEFORE)
            previous_end = anchor[0] if anchor else len(text)
            if previous_end == len(text) and not text.endswith("\n\n"):
                text = text.rstrip("\n") + "\n\n"
                previous_end = len(text)
        text = text[:previous_end] + block + text[previous_end:]
        previous_end += len(block)
    return text


def update_results_page(page: Path, data: dict[str, Any], results_path: Path, full: dict[str, Any]) -> None:
    """Re-render the three owned sections of ``page`` from ``data`` (the content of ``results_path``);
    ``full``: the script's full-scale settings, to flag runs made below them."""
    text = page.read_text() if page.exists() else "# Results\n\n"
    sections = {EXPERTS: render_experts(data, results_path, full), BC: render_bc(data, results_path, full),
                VLA: render_vla(data, results_path, full)}
    page.write_text(replace_sections(text, sections))


# ---------------------------------------------------------------------------------------------- shared by the scripts
def add_result_args(parser: Any, results: Path, section: str) -> None:
    """The options every results script has: ``--render`` (its section of docs/results_archive.md), ``--out``,
    ``--allow-dirty``."""
    parser.add_argument("--render", action="store_true", help=f"write the {section!r} section of docs/results_archive.md")
    parser.add_argument("--out", type=Path, default=results)
    parser.add_argument("--allow-dirty", action="store_true")


def load_records(results: Path) -> list[dict[str, Any]]:
    """Every result JSON in a folder, in file-name order."""
    return [json.loads(p.read_text()) for p in sorted(Path(results).glob("*.json"))]


def write_section(page: Path, heading: str, body: str) -> None:
    """Put ``## heading`` with ``body`` into ``page`` (replaced in place, or inserted)."""
    page.write_text(replace_sections(page.read_text(), {heading: body}))


def page_section(page: Path, heading: str) -> str:
    """The ``## heading`` section of ``page`` as it is on disk (for the tests that re-render it)."""
    text = page.read_text()
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None].strip("\n")


def parse_or_render(parser: Any, argv: list[str] | None, render: Any) -> tuple[Any, list[str]] | None:
    """Parse a results script's argv (``sys.argv[1:]`` when None); with ``--render`` call ``render(args.out)`` and
    return None, else ``(args, argv)`` for the run (argv: what the provenance records as the command)."""
    import sys

    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    if args.render:
        render(args.out)
        return None
    return args, argv


# ---------------------------------------------------------------------------------------------- added helpers
NOT_RECORDED = "not recorded in a committed result"   # said where the page's prose once quoted such a number


def add_render_arg(parser: Any, section: str) -> None:
    """``--render`` alone, for the results scripts whose ``--out`` already means something else (a work folder or
    a results file of a new run): write ``section`` of docs/results_archive.md from the committed JSON."""
    parser.add_argument("--render", action="store_true",
                        help=f"write the {section!r} section of docs/results_archive.md from the committed JSON")


def check_claim(ok: bool, claim: str) -> None:
    """Prose rendered next to the numbers states ``claim``; refuse to render it when the JSON no longer shows it."""
    if not ok:
        raise ValueError(f"the rendered prose says {claim!r}, which the committed JSON no longer shows: "
                         "rewrite that sentence in its renderer")


def _first_heading(text: str) -> int:
    match = re.search(r"^## ", text, flags=re.MULTILINE)
    return match.start() if match else len(text)


def page_preamble(page: Path) -> str:
    """What ``page`` holds before its first ``## `` heading (title and intro), as it is on disk."""
    text = page.read_text()
    return text[:_first_heading(text)].strip("\n")


def write_preamble(page: Path, body: str) -> None:
    """Replace what ``page`` holds before its first ``## `` heading with ``body`` (re-reads the file first)."""
    text = page.read_text()
    page.write_text(body.rstrip("\n") + "\n\n" + text[_first_heading(text):])


def start_suite_run(parser: Any, argv: list[str] | None, render: Any, script: str) -> tuple[Any, dict[str, Any]] | None:
    """A suite script's start: ``--render`` renders and returns None; otherwise a stage is required, torch runs
    one thread, the output folder exists, and ``(args, provenance of the command)`` is returned."""
    import torch

    from experiments.provenance import run_provenance

    parsed = parse_or_render(parser, argv, render)
    if parsed is None:
        return None
    args, argv = parsed
    if args.stage is None:
        stages = next(a.choices for a in parser._actions if a.dest == "stage")
        parser.error(f"give a stage ({', '.join(stages)}) or --render")
    torch.set_num_threads(1)
    provenance = run_provenance(args.allow_dirty, command=" ".join([f"python -m {script}", *argv]))
    args.out.mkdir(parents=True, exist_ok=True)
    return args, provenance


# ---------------------------------------------------------------------------------------------- provenance marks
DIRTY_MARK = "†"          # a record measured from a tree with uncommitted changes
NO_PROVENANCE_MARK = "‡"  # a record that names no commit at all
_CODE_VERSION = re.compile(r"\+g([0-9a-f]{7,40})(\.dirty)?$")


def record_provenance(record: Any) -> dict[str, Any]:
    """Where a result record came from, as far as it says: ``{"state": "clean" | "dirty" | "none", "commit": ...}``.

    Read from ``run_provenance()`` (``record["provenance"]``: its ``commit`` and ``dirty``), else from the older
    ``code_version`` stamp (``<version>+g<commit>[.dirty]``, top level or under ``machine``); a record with neither
    has no provenance. A list of records is as bad as its worst item (none, then dirty)."""
    if isinstance(record, list):
        states = [record_provenance(r) for r in record]
        for state in ("none", "dirty"):
            worst = [s for s in states if s["state"] == state]
            if worst:
                return worst[0]
        return states[0] if states else {"state": "none", "commit": None}
    if not isinstance(record, dict):
        return {"state": "none", "commit": None}
    p = record.get("provenance")
    if isinstance(p, dict) and p.get("commit"):
        return {"state": "dirty" if p.get("dirty") else "clean", "commit": str(p["commit"])[:10]}
    machine = record.get("machine") if isinstance(record.get("machine"), dict) else {}
    stamp = record.get("code_version") or machine.get("code_version")
    match = _CODE_VERSION.search(stamp) if isinstance(stamp, str) else None
    if match:
        return {"state": "dirty" if match.group(2) else "clean", "commit": match.group(1)[:10]}
    return {"state": "none", "commit": None}


def provenance_mark(*records: Any) -> str:
    """The marks a number built from ``records`` carries: ``†`` (a dirty tree), ``‡`` (no provenance), both, or
    nothing when every record names the clean commit it ran at."""
    states = {record_provenance(r)["state"] for r in records}
    return (DIRTY_MARK if "dirty" in states else "") + (NO_PROVENANCE_MARK if "none" in states else "")


def mark_table(table: str | list[str], mark: str) -> Any:
    """``table`` (markdown text or its lines) with ``mark`` after its first header cell."""
    lines = table.splitlines() if isinstance(table, str) else list(table)
    if mark and lines:
        head, sep, rest = lines[0].partition(" |")
        lines[0] = head + mark + sep + rest
    return "\n".join(lines) if isinstance(table, str) else lines


def provenance_footnote(sources: dict[str, Any]) -> list[str]:
    """The footnote of a block built from ``sources`` (``{path as the page names it: record}``): one line per mark
    that any of them carries (empty when all are clean), each naming its files and, for a dirty tree, the commit."""
    by_state: dict[str, list[str]] = {"dirty": [], "none": []}
    for path, record in sources.items():
        p = record_provenance(record)
        if p["state"] == "dirty":
            by_state["dirty"].append(f"`{path}` (commit `{p['commit']}`)")
        elif p["state"] == "none":
            by_state["none"].append(f"`{path}`")
    lines = []
    if by_state["dirty"]:
        lines.append(f"{DIRTY_MARK} From a tree with uncommitted changes, so not reproducible from git: "
                     + ", ".join(by_state["dirty"]) + ".")
    if by_state["none"]:
        lines += [""] if lines else []
        lines.append(f"{NO_PROVENANCE_MARK} No provenance (no commit recorded), so not reproducible from git: "
                     + ", ".join(by_state["none"]) + ".")
    return lines


def marked_table(table: str | list[str], sources: dict[str, Any]) -> list[str]:
    """A table built from ``sources`` with its mark on the header and, after a blank line, its footnote."""
    lines = mark_table(table if isinstance(table, list) else table.splitlines(), provenance_mark(*sources.values()))
    note = provenance_footnote(sources)
    return [*lines, "", *note] if note else lines
