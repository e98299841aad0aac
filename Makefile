# Every routine job is one target. The venv is created on first use and reused afterwards.
VENV    ?= .venv
PY      := $(VENV)/bin/python
EXTRAS  ?= sim,language,dist,formats,dev
export MUJOCO_GL ?= egl
export OMP_NUM_THREADS ?= 1
# pytest workers: every test runs at one torch thread, so two workers use CI's two cores
TEST_WORKERS ?= 2

.PHONY: setup quickstart test test-fast lint bench docs clean

$(VENV)/.installed: pyproject.toml setup.py constraints.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e ".[$(EXTRAS)]"
	touch $@

setup: $(VENV)/.installed

quickstart: $(VENV)/.installed
	$(VENV)/bin/robopolicy quickstart $(ARGS)

test: $(VENV)/.installed
	$(PY) -m pytest -q -n $(TEST_WORKERS) --timeout=900 $(ARGS)

test-fast: $(VENV)/.installed
	$(PY) -m pytest -q -n $(TEST_WORKERS) -m "not slow" --timeout=300 $(ARGS)

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check robopolicy sim real tests benchmarks experiments

bench: $(VENV)/.installed
	for b in benchmarks/*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

docs: $(VENV)/.installed
	$(VENV)/bin/mkdocs build --strict

clean:
	rm -rf runs site .pytest_cache
