# webenv: the two README commands (demo, test) do all set-up on a fresh Debian machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CHROMIUM ?= $(or $(WEBENV_CHROMIUM),/usr/bin/chromium)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test bench lint install chromium clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml setup.py
	$(BIN)/pip install --quiet -e '.[test,chromium,study]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/webenv demo

# The Chromium tests (real-browser backend, human server) use Debian's package.
chromium:
	@[ -x "$(CHROMIUM)" ] || $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium \
		|| ($(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

test: $(STAMP) chromium
	$(BIN)/python -m pytest -q

bench: $(STAMP) chromium
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/chromium.py

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build dist *.egg-info benchmarks/results
