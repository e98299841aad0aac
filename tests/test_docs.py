"""The user guide: the generated config reference is current and complete, and ``mkdocs build --strict`` passes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from robopolicy import docs_gen
from robopolicy.config import CONFIG_DIR
from robopolicy.docs_gen import (
    DEFAULT_OUTPUT,
    DocsGenError,
    render_config_reference,
    schema_entries,
    split_comment,
    yaml_entries,
)
from robopolicy.train.config import TrainConfig

REPO_ROOT = Path(__file__).resolve().parents[1]
DOCS_DIR = REPO_ROOT / "docs"
MKDOCS_TIMEOUT_S = 300


def leaf_values(data: dict, prefix: str = "") -> dict[str, object]:
    """``{dotted key: value}`` of every non-mapping value (``defaults`` excluded)."""
    out: dict[str, object] = {}
    for key, value in data.items():
        if not prefix and key == "defaults":
            continue
        if isinstance(value, dict) and value:
            out.update(leaf_values(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def nav_pages(nav: list) -> list[str]:
    pages = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        pages.extend(nav_pages(value) if isinstance(value, list) else [value])
    return pages


def test_config_reference_is_up_to_date():
    assert DEFAULT_OUTPUT.is_file(), f"{DEFAULT_OUTPUT} is missing: run python -m robopolicy.docs_gen"
    assert DEFAULT_OUTPUT.read_text() == render_config_reference(), (
        f"{DEFAULT_OUTPUT} is out of date: run python -m robopolicy.docs_gen")


def test_reference_is_deterministic():
    assert render_config_reference() == render_config_reference()


@pytest.mark.parametrize("path", sorted(CONFIG_DIR.glob("*.yaml")) + sorted(CONFIG_DIR.glob("*/*.yaml")),
                         ids=lambda p: str(p.relative_to(CONFIG_DIR)))
def test_every_key_of_every_config_file_is_documented_with_its_default(path):
    data = yaml.safe_load(path.read_text()) or {}
    _, _, entries = yaml_entries(path)
    by_path = {e.path: e for e in entries}
    leaves = leaf_values(data)
    if not leaves:  # its schema is the one home of every key (configs/eval.yaml): the schema's rows document them
        assert any(str(d).endswith("_schema") for d in data.get("defaults", [])), f"{path} has no keys and no schema"
        return
    for key, value in leaves.items():
        assert key in by_path, f"{path}: key {key} missing from the reference"
        # The rendered default reads back as the same value (what a user would type on the command line).
        assert yaml.safe_load(by_path[key].default) == value, (key, by_path[key].default, value)
    documented_leaves = {e.path for e in entries if not e.is_section}
    assert documented_leaves == set(leaves), "rows that are not keys of the file"


def test_comment_on_a_key_line_becomes_its_description(tmp_path):
    path = tmp_path / "run.yaml"
    path.write_text("# run: a command.\nutd: 10            # gradient updates per decision\nlr: 0.1\n")
    by_path = {e.path: e for e in yaml_entries(path)[2]}
    assert by_path["utd"].description == "gradient updates per decision"
    assert by_path["lr"].description == ""


def test_a_methods_keys_are_documented_from_its_dataclass():
    """The config reference lists each method's finetune.* keys with the dataclass's default and the comment on
    the field's line (inherited fields with their own class's comment); the command-filled fields are not rows."""
    from robopolicy.finetune import dsrl

    page = render_config_reference()
    section = page.split("### finetune=dsrl", 1)[1].split("\n### ", 1)[0]
    rows = {line.split("|")[1].strip().strip("`"): line for line in section.splitlines() if line.startswith("| `")}
    line = next(ln for ln in Path(dsrl.__file__).read_text().splitlines() if ln.startswith("    utd:"))
    assert rows["utd"].split("|")[3].strip() == "`10`"
    assert rows["utd"].split("|")[4].strip() == line.split("#", 1)[1].strip().replace("_", "\\_")
    assert "episodes per selection point" in rows["select_episodes"]   # SelectionSettings' comment
    assert not set(dsrl.NOT_FINETUNE_KEYS) & set(rows)


def test_generator_on_a_small_tree(tmp_path):
    (tmp_path / "run.yaml").write_text(
        "# run: does a thing.\n#   robopolicy run a=1\ndefaults:\n  - opt: fast\n  - _self_\n\n"
        "a: 1            # the first | knob\nname: \"x # y\"   # quoted hash stays in the value\n"
        "# about the section\nsec:\n  deep: [1, 2]  # nested\n  flag: null\nlst:\n  - 3\n  - 4\n")
    (tmp_path / "opt").mkdir()
    (tmp_path / "opt" / "fast.yaml").write_text("speed: 2.0e-3  # how fast\n")
    header, defaults, entries = yaml_entries(tmp_path / "run.yaml")
    assert header == ["run: does a thing.", "  robopolicy run a=1"]
    assert defaults == ["opt: fast", "_self_"]
    assert [(e.path, e.default, e.description, e.is_section) for e in entries] == [
        ("a", "1", "the first | knob", False),
        ("name", '"x # y"', "quoted hash stays in the value", False),
        ("sec", "", "about the section", True),
        ("sec.deep", "[1, 2]", "nested", False),
        ("sec.flag", "null", "", False),
        ("lst", "[3, 4]", "", False),
    ]
    page = render_config_reference(tmp_path)
    assert "### robopolicy run" in page and "```bash\nrobopolicy run a=1\n```" in page
    assert "| `a` | `1` | the first \\| knob |" in page
    assert "### opt=fast" in page and "| `speed` | `2.0e-3` | how fast |" in page
    assert page == render_config_reference(tmp_path)


def test_invalid_yaml_is_named(tmp_path):
    (tmp_path / "bad.yaml").write_text("a: [1, [2\n")
    with pytest.raises(DocsGenError, match="bad.yaml"):
        render_config_reference(tmp_path)


def test_split_comment_respects_quotes():
    assert split_comment(" 'a#b'  # c") == ("'a#b'", "c")
    assert split_comment(" ws://h:1") == ("ws://h:1", "")
    assert split_comment(" x#y # z") == ("x#y", "z")


def test_train_schema_fields_are_documented():
    rows = {name: (type_name, default) for name, type_name, default, _ in schema_entries(TrainConfig)}
    assert rows["steps"] == ("int", str(TrainConfig().steps))
    assert rows["grad_clip"] == ("float | None", "1.0")
    assert rows["ema.decay"] == ("float", str(TrainConfig().ema.decay))
    assert rows["dataset"][1] == "???"
    page = render_config_reference()
    assert "`robopolicy.train.config.TrainConfig`" in page
    for name, (type_name, _default) in rows.items():
        assert f"| `{name}` | `{type_name}` |" in page, name


def test_check_flag_detects_a_stale_page(tmp_path):
    out = tmp_path / "configs.md"
    out.write_text("stale\n")
    assert docs_gen.main(["--check", "--out", str(out)]) == 1
    assert docs_gen.main(["--out", str(out)]) == 0
    assert docs_gen.main(["--check", "--out", str(out)]) == 0


def test_nav_lists_every_page_and_only_existing_ones():
    config = yaml.safe_load((REPO_ROOT / "mkdocs.yml").read_text())
    listed = nav_pages(config["nav"])
    on_disk = sorted(str(p.relative_to(DOCS_DIR)) for p in DOCS_DIR.rglob("*.md"))
    assert len(listed) == len(set(listed)), "a page is listed twice"
    assert sorted(listed) == on_disk, (f"not in the nav: {sorted(set(on_disk) - set(listed))}; "
                                       f"in the nav but missing: {sorted(set(listed) - set(on_disk))}")


def test_mkdocs_build_strict(tmp_path):
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                            cwd=REPO_ROOT, capture_output=True, text=True, timeout=MKDOCS_TIMEOUT_S)
    assert result.returncode == 0, result.stdout + result.stderr
    built = tmp_path / "site"
    assert (built / "index.html").is_file()
    assert (built / "reference" / "configs" / "index.html").is_file()
    assert (built / "howto" / "dsrl" / "index.html").is_file()


HOWTO_CONFIGS = {"dppo": ("finetune", ["finetune=dppo"]), "dsrl": ("finetune", ["finetune=dsrl"]),
                 "vgps": ("finetune", ["finetune=vgps"]), "parl": ("finetune", ["finetune=parl"]),
                 "merge": ("merge", []), "serve": ("serve", []), "deploy": ("deploy", [])}


def howto_defaults(page: Path) -> list[tuple[str, str]]:
    """``(key, default)`` pairs of a how-to page's "| key | default | ... |" table (cells of backticked items)."""
    pairs = []
    for line in page.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`") or not cells[1].startswith("`"):
            continue
        keys = [k.strip().strip("`") for k in cells[0].split(",")]
        values = [v.strip().strip("`") for v in cells[1].split("`, `")]
        if len(keys) == len(values):
            pairs += [(k, v) for k, v in zip(keys, values) if not k.startswith(".")]
    return pairs


@pytest.mark.parametrize("page", sorted(HOWTO_CONFIGS))
def test_howto_default_tables_match_the_configs(page):
    """The defaults quoted in docs/howto/<page>.md are the ones the command runs (a quoted default once kept
    DPPO's old clip range after the config changed)."""
    from omegaconf import OmegaConf

    from robopolicy.config import compose

    name, overrides = HOWTO_CONFIGS[page]
    cfg = compose(name, overrides)
    pairs = howto_defaults(DOCS_DIR / "howto" / f"{page}.md")
    assert pairs, f"no key/default table found in docs/howto/{page}.md"
    for key, quoted in pairs:
        node = OmegaConf.select(cfg, key, default="<missing>")
        assert node != "<missing>", f"docs/howto/{page}.md names {key!r}, which configs/{name}.yaml lacks"
        actual = OmegaConf.to_container(node, resolve=True) if OmegaConf.is_config(node) else node
        assert yaml.safe_load(quoted) == actual, f"docs/howto/{page}.md: {key} default {quoted!r}, config has {actual!r}"


def test_a_policy_without_a_description_cannot_drop_out_of_the_reference(monkeypatch):
    from robopolicy.docs_gen import render_policies
    from robopolicy.policies import policy_config

    monkeypatch.setitem(policy_config.POLICY_SECTIONS, "new_head", ("unet",))
    with pytest.raises(ValueError, match="new_head"):
        render_policies()
