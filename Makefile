# Every target creates .venv when needed and installs only what it needs (#27): `make play` the package and
# its double-dummy solver (the robots play by it), `make serve` the web extra too, the dev extras (linters,
# test runners, browsers) only for `make test`, `make lint` and `make bench`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTEST_WORKERS ?= 2

.PHONY: play serve test test-all bench lint venv clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# one stamp per set of extras: .installed-dd, .installed-web,dd, .installed-dev
$(VENV)/.installed-%: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$*]'
	touch $@

venv: $(VENV)/.installed-dev

play: $(VENV)/.installed-dd
	$(BIN)/contractbridge play --seat S --boards 4

serve: $(VENV)/.installed-web,dd
	$(BIN)/contractbridge serve

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy  # src/contractbridge and benchmarks/: the files of pyproject's [tool.mypy]

test: lint
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist worksteal -m "not slow"

test-all: lint
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist worksteal

bench: $(VENV)/.installed-dev
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
