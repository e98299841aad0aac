# Every routine job is one target. The venv is created on first use and reused afterwards.
VENV    ?= .venv
PY      := $(VENV)/bin/python
EXTRAS  ?= sim,language,dist,formats,dev
export MUJOCO_GL ?= egl
export OMP_NUM_THREADS ?= 1
# pytest workers: every test runs at one torch thread, so two workers use CI's two cores
TEST_WORKERS ?= 2

.PHONY: setup setup-lerobot quickstart test test-fast test-lerobot lint bench docs clean

$(VENV)/.installed: pyproject.toml setup.py constraints.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e ".[$(EXTRAS)]"
	touch $@

setup: $(VENV)/.installed

# The LeRobot lane (docs/howto/lerobot.md): LeRobot 0.6.x needs Python >= 3.12, torch<2.12 and numpy>=2, which
# the main venv cannot hold (torch 2.13.0, numpy<2 for robosuite), so it gets its own venv on Python 3.12 with
# the pins of constraints-lerobot.txt, created on first use and reused after. LEROBOT_PYTHON overrides the search.
LEROBOT_VENV   ?= .venv-lerobot
LEROBOT_PY     := $(LEROBOT_VENV)/bin/python
LEROBOT_PYTHON ?= $(shell for p in python3.12 "$${PYENV_ROOT:-$$HOME/.pyenv}"/versions/3.12*/bin/python3.12 \
	"$$(pyenv root 2>/dev/null)"/versions/3.12*/bin/python3.12; do "$$p" -c 'import sys; assert sys.version_info[:2] == (3, 12)' 2>/dev/null && { echo "$$p"; break; }; done)
# dataset, evaluation: lerobot-eval imports lerobot.datasets (datasets, pandas, torchcodec) and writes videos with av<16;
# accelerate: robopolicy's trainer (the plugin's tests train a tiny checkpoint in the lane); smolvla: transformers and
# num2words for LeRobot's flow-matching VLA (tests/lerobot/test_smolvla.py builds a tiny one offline, no weights)
LEROBOT_PKGS   := "lerobot[diffusion,smolvla,dataset,evaluation]" metaworld mujoco "gymnasium[mujoco]" accelerate pytest pytest-timeout
# the LeRobot policy plugin (policy type "robopolicy": our checkpoints in lerobot-eval / lerobot-rollout)
LEROBOT_PLUGIN := plugins/lerobot_policy_robopolicy

$(LEROBOT_VENV)/.installed: pyproject.toml setup.py constraints-lerobot.txt $(LEROBOT_PLUGIN)/pyproject.toml
	@test -n "$(LEROBOT_PYTHON)" || { echo "error: the LeRobot lane needs Python 3.12 (LeRobot 0.6 requires" \
		">= 3.12) and none was found (python3.12, pyenv's versions/3.12*); install one or set" \
		"LEROBOT_PYTHON=/path/to/python3.12" >&2; exit 1; }
	test -x $(LEROBOT_PY) || $(LEROBOT_PYTHON) -m venv $(LEROBOT_VENV)
	$(LEROBOT_PY) -m pip install -q --upgrade pip
	$(LEROBOT_PY) -m pip install -q -c constraints-lerobot.txt -e ".[lerobot]" -e $(LEROBOT_PLUGIN) $(LEROBOT_PKGS)
	touch $@

setup-lerobot: $(LEROBOT_VENV)/.installed

quickstart: $(VENV)/.installed
	$(VENV)/bin/robopolicy quickstart $(ARGS)

# `make test` ends with the LeRobot lane (about 2 min from scratch, 30 s after); TEST_LEROBOT=0 leaves it out.
TEST_LEROBOT ?= 1

test: $(VENV)/.installed
	$(PY) -m pytest -q -n $(TEST_WORKERS) --timeout=900 $(ARGS)
ifneq ($(TEST_LEROBOT),0)
	$(MAKE) --no-print-directory test-lerobot
endif

# tests/lerobot in the LeRobot venv; ROBOPOLICY_LEROBOT_LANE=1 turns a skipped test there into a failure
# (tests/lerobot/conftest.py). LEROBOT_ARGS (not ARGS, which `make test` passes on) adds pytest arguments.
test-lerobot: $(LEROBOT_VENV)/.installed
	ROBOPOLICY_LEROBOT_LANE=1 $(LEROBOT_PY) -m pytest -q --timeout=600 tests/lerobot $(LEROBOT_ARGS)

test-fast: $(VENV)/.installed
	$(PY) -m pytest -q -n $(TEST_WORKERS) -m "not slow" --timeout=300 $(ARGS)

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check robopolicy sim real tests benchmarks experiments plugins

bench: $(VENV)/.installed
	for b in benchmarks/*.py; do echo "== $$b"; $(PY) -m benchmarks.$$(basename $$b .py) || exit 1; done

docs: $(VENV)/.installed
	$(VENV)/bin/mkdocs build --strict

clean:
	rm -rf runs site .pytest_cache
