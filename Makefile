# webenv: the two README commands (demo, test) do all set-up on a fresh Debian machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CHROMIUM ?= $(or $(WEBENV_CHROMIUM),/usr/bin/chromium)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The type checker sees the installed layout (webenv.sites = sites/, webenv.task_files =
# tasks/, ...) through links, so the task families are checked too; then the examples.
TYPECHECK_TREE := build/typecheck
# Both cores: each test file runs whole in one worker (module fixtures stay shared).
PYTEST_JOBS ?= -n 2 --dist loadfile

.PHONY: demo test test-fast check lint format typecheck bench bench-rl bench-search bench-docs install chromium webarena clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# An editable install finds the package through a finder that Python asks last, so a
# folder named webenv/ without __init__.py in the working directory would be imported
# instead, as an empty namespace package (pypa/setuptools#3548). A path entry holding
# only a link to the package puts the real one first, as a regular install does.
PACKAGE_LINK := $(VENV)/package-link

$(STAMP): $(BIN)/python pyproject.toml setup.py
	$(BIN)/pip install --quiet -e '.[test,chromium,study]'
	mkdir -p $(PACKAGE_LINK) && ln -sfn $(CURDIR)/webenv $(PACKAGE_LINK)/webenv
	echo $(CURDIR)/$(PACKAGE_LINK) > "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/webenv-package-link.pth"
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/webenv demo

# The Chromium tests (real-browser backend, human server) use Debian's packages: the
# backend launches chromium-headless-shell (the same engine, without the desktop
# browser's services) when it is installed, and chromium otherwise.
CHROMIUM_PACKAGES := chromium chromium-headless-shell
HEADLESS_SHELL := /usr/lib/chromium/chromium-headless-shell

chromium:
	@([ -x "$(CHROMIUM)" ] && [ -x "$(HEADLESS_SHELL)" ]) \
		|| $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $(CHROMIUM_PACKAGES) \
		|| ($(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $(CHROMIUM_PACKAGES))

# WebArena's published task configs (inside the webarena-verified wheel) for the
# validator tests; downloaded once, never committed.
WEBARENA_WHEEL := $(VENV)/webarena/webarena_verified-1.2.3-py3-none-any.whl

$(WEBARENA_WHEEL): | $(BIN)/python
	$(BIN)/pip download --no-deps --quiet webarena-verified==1.2.3 -d $(VENV)/webarena

webarena: $(WEBARENA_WHEEL)

# Lint, format and type checks, then the whole suite (Chromium tests included).
test: check chromium webarena
	$(BIN)/python -m pytest -q $(PYTEST_JOBS)

# The inner loop: everything but the Chromium and slow tests.
test-fast: $(STAMP) webarena
	$(BIN)/python -m pytest -q $(PYTEST_JOBS) -m "not chromium and not slow"

check: lint typecheck

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

typecheck: $(STAMP)
	rm -rf $(TYPECHECK_TREE) && mkdir -p $(TYPECHECK_TREE)/webenv
	for entry in webenv/*; do ln -s "$$PWD/$$entry" $(TYPECHECK_TREE)/webenv/; done
	ln -s "$$PWD/sites" $(TYPECHECK_TREE)/webenv/sites
	ln -s "$$PWD/validators" $(TYPECHECK_TREE)/webenv/validators
	ln -s "$$PWD/tasks" $(TYPECHECK_TREE)/webenv/task_files
	cd $(TYPECHECK_TREE) && "$(CURDIR)/$(BIN)/mypy" --config-file "$(CURDIR)/pyproject.toml" -p webenv
	cd $(TYPECHECK_TREE) && "$(CURDIR)/$(BIN)/mypy" --config-file "$(CURDIR)/pyproject.toml" $(CURDIR)/examples/*.py

# COMPARE=<checkout with its own .venv> runs the random walk side by side with that tree.
COMPARE ?=

bench: $(STAMP) chromium
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/walk.py $(if $(COMPARE),--compare $(COMPARE))
	$(BIN)/python benchmarks/vector.py
	$(BIN)/python benchmarks/worlds.py
	$(BIN)/python benchmarks/chromium.py

# The training example (examples/train_policy.py): behaviour cloning, then RL, on gen:train;
# held-out success on gen:test families and worlds, beside random and the oracle.
bench-rl: $(STAMP)
	$(BIN)/python examples/train_policy.py --out benchmarks/results/rl.json --plot docs/learning_curve.png

# The rollback search example (examples/tree_search.py) against the same policy without rollback.
bench-search: $(STAMP)
	$(BIN)/python examples/tree_search.py --json benchmarks/results/search.json

# The sites' help pages (webenv run --site-docs): the lexical agent with and without them,
# on the curated tasks and gen:test (benchmarks/docs.py; AGENT=... for another agent).
AGENT ?= lexical
bench-docs: $(STAMP)
	$(BIN)/python benchmarks/docs.py --agent $(AGENT)

clean:
	rm -rf $(VENV) build dist *.egg-info benchmarks/results
