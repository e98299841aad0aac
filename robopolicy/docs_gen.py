"""Generate the configuration reference (``docs/reference/configs.md``) from the shipped config tree.

    python -m robopolicy.docs_gen            # (re)write docs/reference/configs.md
    python -m robopolicy.docs_gen --check    # exit 1 when the file on disk is out of date (CI)

Three sources, all read, never hand-copied:

1. The Hydra config tree (``configs/*.yaml``, one file per command, and any YAML group ``configs/<group>/*.yaml``):
   every key with its default and the comment on its line as the description; a file's leading comment block is its
   introduction.
2. The ``policy`` and ``finetune`` groups from their one home in Python: each policy's defaults from
   ``robopolicy/policies/policy_config.py`` (``resolve_policy_config``) and each method's from its ``CONFIG``
   dataclass (``robopolicy/finetune/settings.py``'s ``METHODS``), described by the dataclasses' field comments.
3. The dataclass schemas registered in Hydra's ConfigStore by robopolicy modules (e.g. ``TrainConfig`` as
   ``train_schema``): field names, types, defaults and the comment on each field's line.

The output is deterministic (sorted files, no timestamps), so the test suite can regenerate it in memory and
compare it with the committed file.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import importlib.util
import inspect
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from robopolicy.config import CONFIG_DIR
from robopolicy.errors import RobopolicyError

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUTPUT = REPO_ROOT / "docs" / "reference" / "configs.md"
# Packages whose modules may register schemas in Hydra's ConfigStore (scanned as text, imported when they do).
SCHEMA_PACKAGES = ("robopolicy", "robopolicy.sim", "robopolicy.real")
REGISTRATION_PATTERN = re.compile(r"ConfigStore\.instance\(\)\.store\(")
KEY_LINE = re.compile(r"^(?P<indent> *)(?P<key>[A-Za-z_][\w-]*):(?P<rest>.*)$")
MISSING_VALUE = "???"
SCHEMA_SUFFIX = "_schema"  # a defaults-list entry naming a ConfigStore schema (``eval_schema``)
NO_DESCRIPTION = ""
COMMAND_PREFIXES = ("robopolicy ", "python ", "make ")  # header lines shown as shell commands


class DocsGenError(RobopolicyError):
    """The config reference cannot be generated (unreadable YAML, a schema that is not a dataclass)."""


@dataclass(frozen=True)
class ConfigEntry:
    """One key of a YAML config: dotted path, rendered default, description (its line's comment)."""

    path: str
    default: str
    description: str
    is_section: bool


# ---------------------------------------------------------------------------------------------------------- YAML


def split_comment(text: str) -> tuple[str, str]:
    """``"value   # comment"`` -> (``"value"``, ``"comment"``); a ``#`` inside quotes is part of the value."""
    quote = ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].strip(), text[i + 1:].strip()
    return text.strip(), ""


def header_comment(lines: list[str]) -> list[str]:
    """The comment block at the top of a YAML file, without the ``#`` markers (indentation after it kept)."""
    header = []
    for line in lines:
        if not line.startswith("#"):
            break
        text = line[1:]
        header.append(text[1:] if text.startswith(" ") else text)
    return header


def _lookup(data: Any, path: list[str]) -> Any:
    for key in path:
        data = data[key]
    return data


def render_value(value: Any) -> str:
    """A default as a user writes it on the command line: ``null``, ``true``, ``[64, 128]``, ``???``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value if value else '""'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(render_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {render_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def yaml_entries(path: Path) -> tuple[list[str], list[str], list[ConfigEntry]]:
    """(header lines, Hydra defaults list, entries) of one YAML config file, in file order."""
    text = path.read_text()
    try:
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as e:
        raise DocsGenError(f"{path}: not valid YAML ({e})") from None
    lines = text.splitlines()
    header = header_comment(lines)
    defaults = [", ".join(f"{k}: {render_value(v)}" for k, v in d.items()) if isinstance(d, dict) else render_value(d)
                for d in data.get("defaults", [])]  # Hydra's defaults list: "group: option" or a config name
    entries: list[ConfigEntry] = []
    stack: list[tuple[int, str]] = []  # (indent, key) of the enclosing sections
    pending_note: list[str] = []  # full-line comments between keys describe the key that follows
    for line in lines[len(header):]:
        stripped = line.strip()
        if not stripped:
            pending_note = []
            continue
        if stripped.startswith("#"):
            pending_note.append(stripped.lstrip("#").strip())
            continue
        m = KEY_LINE.match(line)
        if not m:  # a list item or a continuation line of a value above
            continue
        indent, key = len(m.group("indent")), m.group("key")
        while stack and stack[-1][0] >= indent:
            stack.pop()
        keys = [k for _, k in stack] + [key]
        value_text, comment = split_comment(m.group("rest"))
        if keys[0] == "defaults":
            pending_note = []
            continue
        value = _lookup(data, keys)
        is_section = isinstance(value, dict) and value_text == ""
        description = " ".join(filter(None, [" ".join(pending_note), comment]))
        pending_note = []
        default = "" if is_section else (value_text or render_value(value))  # as written in the file
        entries.append(ConfigEntry(".".join(keys), default, description, is_section))
        if is_section:
            stack.append((indent, key))
    return header, defaults, entries


# ---------------------------------------------------------------------------------------------------- schemas


def schema_modules() -> list[str]:
    """Modules of the robopolicy packages whose source registers a node in Hydra's ConfigStore, sorted."""
    found = set()
    for package in SCHEMA_PACKAGES:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            continue
        for location in spec.submodule_search_locations:
            root = Path(location)
            for file in sorted(root.rglob("*.py")):
                if file.resolve() == Path(__file__).resolve():
                    continue
                if REGISTRATION_PATTERN.search(file.read_text(errors="replace")):
                    parts = file.relative_to(root).with_suffix("").parts
                    parts = parts[:-1] if parts[-1] == "__init__" else parts
                    found.add(".".join((package, *parts)))
    return sorted(found)


def registered_schemas() -> list[tuple[str, type]]:
    """(ConfigStore name, dataclass) of every robopolicy schema, after importing the registering modules."""
    from hydra.core.config_store import ConfigStore
    from omegaconf import OmegaConf

    for module in schema_modules():
        importlib.import_module(module)

    def walk(tree: dict, prefix: str) -> Iterator[tuple[str, type]]:
        for name in sorted(tree):
            item = tree[name]
            if isinstance(item, dict):
                yield from walk(item, f"{prefix}{name}/")
                continue
            if item.node is None:
                continue
            cls = OmegaConf.get_type(item.node)
            if dataclasses.is_dataclass(cls) and cls.__module__.split(".")[0] == "robopolicy":
                yield f"{prefix}{name.removesuffix('.yaml')}", cls

    return list(walk(ConfigStore.instance().repo, ""))


def field_comments(cls: type) -> dict[str, str]:
    """``name -> comment`` from the lines of a dataclass body (``steps: int = 10  # comment``), inherited fields
    from their own class's body (a subclass's non-empty comment wins)."""
    comments: dict[str, str] = {}
    for klass in reversed(cls.__mro__):   # base classes first, each read from its own body once
        if dataclasses.is_dataclass(klass):
            comments.update({k: v for k, v in _own_field_comments(klass).items() if v or k not in comments})
    return comments


def _own_field_comments(cls: type) -> dict[str, str]:
    """``field_comments`` of the lines of ``cls``'s own body only."""
    comments: dict[str, str] = {}
    pending: list[str] = []
    for line in inspect.getsource(cls).splitlines()[1:]:
        stripped = line.strip()
        if stripped.startswith("#"):
            pending.append(stripped.lstrip("#").strip())
            continue
        m = re.match(r"^\s+(\w+)\s*:", line)
        if m and not stripped.startswith(("def ", "@")):
            comment = split_comment(line.split(":", 1)[1])[1]
            comments[m.group(1)] = " ".join(filter(None, [" ".join(pending), comment]))
        pending = []
    return comments


def class_doc(cls: type) -> str:
    """A class's own docstring; "" for a dataclass without one (not the signature ``dataclass`` writes instead)."""
    doc = inspect.getdoc(cls) or ""
    return "" if doc.startswith(f"{cls.__name__}(") else doc


def _type_name(annotation: Any) -> str:
    if isinstance(annotation, str):
        return annotation
    return getattr(annotation, "__name__", repr(annotation))


def schema_entries(cls: type, prefix: str = "", instance: Any = None) -> list[tuple[str, str, str, str]]:
    """(dotted field, type, default, description) rows of a dataclass schema, nested dataclasses expanded (with
    the defaults of the nested instance the outer schema makes: ``DaemonConfig.execution`` is not
    ``ExecutionSettings()``)."""
    rows = []
    comments = field_comments(cls)
    for f in dataclasses.fields(cls):
        name = f"{prefix}{f.name}"
        if instance is not None:
            default: Any = getattr(instance, f.name)
        elif f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = MISSING_VALUE
        if dataclasses.is_dataclass(default):
            doc = class_doc(type(default))
            rows.append((name, _type_name(f.type), "", " ".join(filter(None, [comments.get(f.name, ""), doc]))))
            rows.extend(schema_entries(type(default), prefix=f"{name}.", instance=default))
            continue
        rows.append((name, _type_name(f.type), render_value(default), comments.get(f.name, NO_DESCRIPTION)))
    return rows


# ---------------------------------------------------------------------------------------------------- markdown


def escape_cell(text: str) -> str:
    """Markdown-safe table cell: code spans kept verbatim (the tables extension ignores ``|`` inside them);
    ``| < > * _ \\`` escaped outside code."""
    parts = " ".join(text.replace("``", "`").split()).split("`")  # one line; RST ``x`` -> Markdown `x`
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 1 and i < len(parts) - 1:  # inside a code span
            out.append(part)
            continue
        part = part.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")
        out.append(part.replace("<", "&lt;").replace(">", "&gt;"))
    return "`".join(out)


def code_cell(text: str) -> str:
    return f"`{text}`" if text else ""


def render_header(header: list[str]) -> list[str]:
    """Prose lines become paragraphs; indented command lines (``#   robopolicy ...``) become code blocks."""
    out: list[str] = []
    in_code = False
    for line in header:
        is_code = line.startswith("  ") and line.strip().startswith(COMMAND_PREFIXES)
        if is_code and not in_code:
            out += ["", "```bash"]
        elif not is_code and in_code:
            out += ["```", ""]
        in_code = is_code
        out.append(line.strip() if is_code else escape_cell(line))
    if in_code:
        out.append("```")
    return out + [""]


def render_yaml_file(path: Path, relative: str, title: str) -> list[str]:
    header, defaults, entries = yaml_entries(path)
    out = [f"### {title}", "", f"File: `{relative}`", ""]
    out += render_header(header)
    if defaults:
        out += ["Hydra defaults list: " + ", ".join(f"`{d}`" for d in defaults), ""]
    schemas = [d for d in defaults if d.endswith(SCHEMA_SUFFIX)]
    if not entries and schemas:  # the schema is the one home of the command's defaults
        return out + ["This file states no value: every key, its default and its meaning is a field of "
                      + ", ".join(f"[`{d}`](#{d})" for d in schemas) + " (Structured schemas, below).", ""]
    out += ["| key | default | description |", "|---|---|---|"]
    for e in entries:
        key = f"**{e.path}**" if e.is_section else code_cell(e.path)
        out.append(f"| {key} | {code_cell(e.default)} | {escape_cell(e.description)} |")
    return out + [""]


def render_config_reference(config_dir: Path = CONFIG_DIR) -> str:
    """The whole reference page as Markdown (deterministic)."""
    config_dir = Path(config_dir)
    out = ["# Configuration reference", "",
           "Generated by `python -m robopolicy.docs_gen` from the Hydra config tree shipped in `configs/` and the "
           "dataclass schemas registered in Hydra's ConfigStore. Do not edit this page by hand; edit the YAML "
           "files, the policy and method dataclasses or the schemas and regenerate it (the test suite fails while it is out of date).", "",
           "Every command takes `key=value` overrides of its file (nested keys with dots, e.g. "
           "`ema.decay=0.99`); a key that is not listed fails at start-up with the valid keys.", "",
           "## Commands", ""]
    for path in sorted(config_dir.glob("*.yaml")):
        out += render_yaml_file(path, f"configs/{path.name}", f"robopolicy {path.stem}")
    # YAML groups (configs/<group>/*.yaml): none ship today (policy and finetune are Python), a project may add some
    groups = sorted(p for p in config_dir.iterdir() if p.is_dir() and any(p.glob("*.yaml")))
    for group in groups:
        out += [f"## Group `{group.name}`", "",
                f"Options of `configs/{group.name}/`, chosen with `{group.name}=<option>`; their keys sit under "
                f"`{group.name}.*`.", ""]
        for path in sorted(group.glob("*.yaml")):
            out += render_yaml_file(path, f"configs/{group.name}/{path.name}", f"{group.name}={path.stem}")
    out += render_policies()
    out += render_methods()
    out += ["## Structured schemas", "",
            "Dataclasses registered in Hydra's ConfigStore: the YAML file that lists a schema in its defaults "
            "is validated against it, so a wrong key or a wrong type fails at compose time.", ""]
    for name, cls in registered_schemas():
        out += [f"### {name}", "", f"`{cls.__module__}.{cls.__qualname__}`", ""]
        doc = class_doc(cls)
        if doc:
            out += [escape_cell(" ".join(doc.split())), ""]
        out += ["| field | type | default | description |", "|---|---|---|---|"]
        for field_name, type_name, default, description in schema_entries(cls):
            out.append(f"| {code_cell(field_name)} | {code_cell(type_name)} | {code_cell(default)} | "
                       f"{escape_cell(description)} |")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def render_policies() -> list[str]:
    """The ``policy`` group of ``robopolicy train``: each policy's keys and defaults from
    ``resolve_policy_config(name, {})``, described by the section dataclasses' field comments."""
    from robopolicy.policies.policy_config import (
        POLICY_DESCRIPTIONS,
        POLICY_SECTIONS,
        SECTION_TYPES,
        TOP_LEVEL_DESCRIPTIONS,
        resolve_policy_config,
    )

    out = ["## Group `policy`", "",
           "`robopolicy train policy=<name>` places the policy's keys under `policy.*` (e.g. "
           "`policy.unet.down_dims=[32,64,128]`), with the defaults of `robopolicy/policies/policy_config.py` "
           "(`resolve_policy_config`), their one home.", ""]
    undescribed = sorted(set(POLICY_SECTIONS) - set(POLICY_DESCRIPTIONS))
    if undescribed:  # trainable but missing from the reference
        raise ValueError(f"policies without an entry in POLICY_DESCRIPTIONS (policy_config.py): {undescribed}")
    for name, description in POLICY_DESCRIPTIONS.items():
        out += [f"### policy={name}", "", escape_cell(description), "",
                "| key | default | description |", "|---|---|---|"]
        for key, value in resolve_policy_config(name, {}).items():
            if key == "name":
                continue
            if not isinstance(value, dict):
                out.append(f"| {code_cell(key)} | {code_cell(render_value(value))} | "
                           f"{escape_cell(TOP_LEVEL_DESCRIPTIONS.get(key, ''))} |")
                continue
            cls = SECTION_TYPES[key]
            out.append(f"| **{key}** |  | {escape_cell(class_doc(cls))} |")
            comments = field_comments(cls)
            for sub, default in value.items():
                out.append(f"| {code_cell(f'{key}.{sub}')} | {code_cell(render_value(default))} | "
                           f"{escape_cell(comments.get(sub, ''))} |")
        out.append("")
    return out


def render_methods() -> list[str]:
    """The ``finetune/<method>`` group: each method's ``finetune.*`` keys, from its ``CONFIG`` dataclass (the one home
    of its defaults, ``robopolicy.finetune.settings.method_keys``)."""
    from robopolicy.finetune.settings import METHODS, method_keys

    out = ["## Group `finetune` (the methods)", "",
           "`robopolicy finetune method=<method>` places the method's keys under `finetune.*`: the fields of its "
           "config dataclass, with the dataclass's defaults (`robopolicy.finetune.settings.METHODS` lists the "
           "methods; a new one is a module with `CONFIG` and `run`, see `robopolicy/finetune/__init__.py`).", ""]
    for method, module_name in METHODS.items():
        module = importlib.import_module(module_name)
        keys = method_keys(module)
        cls = module.CONFIG
        out += [f"### finetune={method}", "", f"`method={method}`: the fields of `{cls.__module__}.{cls.__qualname__}`"
                + (" except " + ", ".join(f"`{k}`" for k in module.NOT_FINETUNE_KEYS) + " (`NOT_FINETUNE_KEYS`: the command sets them or does not offer them)"
                   if getattr(module, "NOT_FINETUNE_KEYS", ()) else "") + ".", ""]
        intro = (module.__doc__ or "").strip().split("\n\n")[0]
        if intro:
            out += [escape_cell(" ".join(intro.split())), ""]
        out += ["| key | type | default | description |", "|---|---|---|---|"]
        for field_name, type_name, default, description in schema_entries(cls):
            if field_name.split(".")[0] in keys:
                out.append(f"| {code_cell(field_name)} | {code_cell(type_name)} | {code_cell(default)} | "
                           f"{escape_cell(description)} |")
        out.append("")
    return out


def write_config_reference(out: Path = DEFAULT_OUTPUT, config_dir: Path = CONFIG_DIR) -> Path:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_config_reference(config_dir))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m robopolicy.docs_gen", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUTPUT, help="where to write the page")
    parser.add_argument("--check", action="store_true", help="exit 1 if the page on disk is out of date")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.check:
        current = args.out.read_text() if args.out.is_file() else ""
        if current != render_config_reference():
            print(f"{args.out} is out of date: run python -m robopolicy.docs_gen", file=sys.stderr)
            return 1
        print(f"{args.out} is up to date")
        return 0
    print(f"wrote {write_config_reference(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
