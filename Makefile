# webenv: the two README commands (demo, test) do all set-up on a fresh Debian machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CHROMIUM ?= $(or $(WEBENV_CHROMIUM),/usr/bin/chromium)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test bench lint install chromium webarena clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml setup.py
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/webenv demo

# The Chromium tests (real-browser backend, human server) use Debian's package.
chromium:
	@[ -x "$(CHROMIUM)" ] || $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium \
		|| ($(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

# WebArena's published task configs (inside the webarena-verified wheel) for the
# validator tests; downloaded once, never committed.
WEBARENA_WHEEL := $(VENV)/webarena/webarena_verified-1.2.3-py3-none-any.whl

$(WEBARENA_WHEEL): | $(BIN)/python
	$(BIN)/pip download --no-deps --quiet webarena-verified==1.2.3 -d $(VENV)/webarena

webarena: $(WEBARENA_WHEEL)

test: $(STAMP) chromium webarena
	$(BIN)/python -m pytest -q

bench: $(STAMP) chromium
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/chromium.py

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build dist *.egg-info benchmarks/results
