# Every target creates .venv when needed and installs what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_WORKERS ?= 2

.PHONY: play serve test test-all bench lint venv clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

play: $(STAMP)
	$(BIN)/contractbridge play --seat S --boards 4

serve: $(STAMP)
	$(BIN)/contractbridge serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist worksteal -m "not slow"

test-all: lint
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist worksteal

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
