# The two set-up commands of the README. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAMES := $(sort $(wildcard data/*/game.yaml))

.PHONY: kit test venv clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

venv: $(VENV)/.installed

# Check and build every sample game: output/<game>/<lang>/ (kit.pdf, index.html, manifest.json …).
kit: $(VENV)/.installed
	@set -e; for g in $(GAMES); do \
		$(BIN)/warkit build $$(dirname $$g) --out output; \
	done

# The preview's browser tests install Debian's chromium and chromium-driver on first use
# (tests/browser.py, as root or with sudo -n) and skip, saying why, where that is impossible.
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) output/*/
