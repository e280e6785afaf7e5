# The two set-up commands of the README. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAMES := $(sort $(wildcard data/*/game.yaml))

.PHONY: kit test venv clean coverage mutants thorough

# The pip a Python 3.11+ venv brings (22.3 or later) installs warkit editable from
# pyproject.toml, so it is not upgraded first (docs/testing.md: Suite time).
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $(VENV)/.installed-test $@

venv: $(VENV)/.installed

# Check and build every sample game: output/<game>/<lang>/ (kit.pdf, index.html, manifest.json …).
kit: $(VENV)/.installed
	@set -e; for g in $(GAMES); do \
		$(BIN)/warkit build $$(dirname $$g) --out output; \
	done

# The preview's browser tests install Debian's chromium and chromium-driver on first use
# (tests/browser.py, as root or with sudo -n) and skip, saying why, where that is impossible.
# The suite runs on every core (pytest-xdist); property tests use the derandomized "ci" profile.
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n auto

# The property tests with Hypothesis's "thorough" profile: random examples, ten times as many.
thorough: $(VENV)/.installed-test
	HYPOTHESIS_PROFILE=thorough $(BIN)/python -m pytest -n auto tests/test_hexgrid.py tests/test_primitives.py \
		tests/test_vassal_encoding.py tests/test_hostile_fuzz.py

# Branch coverage of the whole suite, then per folder of generator/ (docs/testing.md).
coverage: $(VENV)/.installed-dev
	rm -f .coverage .coverage.*
	-$(BIN)/coverage run -m pytest -n auto -p no:cacheprovider  # a failing test still gets its report
	$(BIN)/coverage combine --quiet
	mkdir -p build && $(BIN)/coverage report --precision=1 > build/coverage-report.txt || true
	$(BIN)/python quality/coverage_by_folder.py

# Mutation testing (hours, outside CI): the named survivors first, then mutmut folder by
# folder, each against its own fast tests. FOLDERS="geometry model" runs only those.
mutants: $(VENV)/.installed-dev
	nice -n 10 $(BIN)/python quality/known_survivors.py
	$(BIN)/python quality/mutants.py $(FOLDERS)

clean:
	rm -rf $(VENV) output/*/
