# Two commands do all the set-up on a fresh machine with Python 3 and make:
#   make lab    JupyterLab on the course
#   make test   the whole suite: ruff, mypy, doctests, unit and property tests, nbval, browser
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
START := notebooks/00_start_here.ipynb

.PHONY: lab test quick lint typecheck unit notebooks bench clean lite lite-serve lite-test demo \
	axe screenshots

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The front end is installed at the exact versions Binder serves (the pins in
# binder/requirements.txt), so the tests, a learner's `make lab` and Binder never drift apart.
PINS := $(VENV)/front-end-pins.txt

$(PINS): binder/requirements.txt binder/lite/requirements.txt | $(BIN)/python
	cat binder/requirements.txt binder/lite/requirements.txt | grep -E '^[A-Za-z0-9_.-]+==' > $@

$(VENV)/.notebooks-installed: pyproject.toml $(PINS)
	$(BIN)/python -m pip install --quiet -c $(PINS) -e ".[notebooks]"
	touch $@

$(VENV)/.test-installed: pyproject.toml $(PINS)
	$(BIN)/python -m pip install --quiet -c $(PINS) -e ".[test]"
	touch $@ $(VENV)/.notebooks-installed

# The static site's build tools (JupyterLite) get a venv of their own, .venv-lite: installed in
# .venv beside the course, their JupyterLab extension loads in every real JupyterLab and logs
# "Shared module @jupyterlite/services doesn't exist" in each notebook. The tests that build
# and check the site run there (make lite-test, part of make test); the rest never import it.
LITE_VENV ?= .venv-lite
LITE_BIN := $(LITE_VENV)/bin
LITE_TESTS := tests/test_lite.py tests/test_lite_files.py
NOT_LITE := $(foreach file,$(LITE_TESTS),--ignore=$(file))

# Jupyter refuses to run as root unless told; containers and classroom VMs often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(VENV)/.notebooks-installed
	$(BIN)/jupyter lab $(ROOT_FLAG) $(START)

test: $(VENV)/.test-installed lint typecheck axe unit notebooks lite-test docs

# make unit and make notebooks run in pytest-xdist workers, two by default for CI's two cores
# (a count, not "auto": in a container, auto counts the host's cores, not the container's).
# JOBS=auto uses every core; JOBS=0 runs in one process, as plain pytest does. A notebook's
# cells share one kernel, so a notebook (and a test file, with its module fixtures: a
# JupyterLab, a browser) stays on one worker.
JOBS ?= 2
PARALLEL := -n $(JOBS) --dist loadfile

# The edit-test loop: everything but the tests marked slow (browsers, Binder builds, notebooks,
# whole rounds reviewed by playouts, long property runs, bank-wide checks). One process: two
# workers would each import and collect the suite again, more CPU for the same tests.
quick: $(VENV)/.test-installed lint typecheck
	$(BIN)/python -m pytest -q -m "not slow" --doctest-modules --doctest-glob=README.md \
		$(NOT_LITE) gin_teach tests README.md

lint: $(VENV)/.test-installed
	$(BIN)/ruff check gin_teach tests benchmarks

typecheck: $(VENV)/.test-installed
	$(BIN)/mypy

unit: $(VENV)/.test-installed
	$(BIN)/python -m pytest $(PARALLEL) --doctest-modules --doctest-glob=README.md $(NOT_LITE) \
		gin_teach tests README.md

notebooks: $(VENV)/.test-installed
	@start=$$(date +%s); \
	$(BIN)/python -m pytest $(PARALLEL) --nbval-lax --nbval-current-env --nbval-cell-timeout=120 \
		notebooks; \
	status=$$?; echo "nbval: all notebooks ran in $$(( $$(date +%s) - start )) s"; exit $$status

bench: $(VENV)/.notebooks-installed
	$(BIN)/python benchmarks/solver.py
	$(BIN)/python benchmarks/engine.py

# The course as a static site (JupyterLite, binder/lite/): site/ runs every lesson in the
# browser and can be published on any static host. Needs npm (for the Pyodide runtime). Built
# from .venv-lite, never from the course's .venv (see LITE_VENV above).
$(LITE_BIN)/python:
	$(PYTHON) -m venv $(LITE_VENV)
	$(LITE_BIN)/python -m pip install --quiet --upgrade pip

$(LITE_VENV)/.lite-installed: pyproject.toml $(PINS) | $(LITE_BIN)/python
	$(LITE_BIN)/python -m pip install --quiet -c $(PINS) -e ".[notebooks,lite]"
	touch $@

$(LITE_VENV)/.lite-test-installed: pyproject.toml $(PINS) | $(LITE_BIN)/python
	$(LITE_BIN)/python -m pip install --quiet -c $(PINS) -e ".[test,lite]"
	touch $@ $(LITE_VENV)/.lite-installed

lite: $(LITE_VENV)/.lite-installed
	$(LITE_BIN)/python binder/lite/build.py site

PORT ?= 8000
lite-serve:
	@test -f site/jupyter-lite.json || $(MAKE) lite
	$(LITE_BIN)/python binder/lite/serve.py site --port $(PORT)

# The site's tests: the pins against the installed tools, then a build run in Chromium.
lite-test: $(LITE_VENV)/.lite-test-installed axe
	$(LITE_BIN)/python -m pytest $(LITE_TESTS)

# The game table, the score quiz and the puzzle trainer as Voila apps (binder/demo/): cards and
# buttons, no code.
# Settings: binder/demo/voila.json. Its page template (binder/demo/share/voila/templates/offline,
# found through JUPYTER_PATH) asks no host but this one, for a classroom without internet.
$(VENV)/.demo-installed: pyproject.toml $(PINS)
	$(BIN)/python -m pip install --quiet -c $(PINS) -e ".[notebooks,demo]"
	touch $@

DEMO_PORT ?= 8866
demo: $(VENV)/.demo-installed
	@echo "The apps: http://127.0.0.1:$(DEMO_PORT)/voila/render/game_table.ipynb"
	@echo "          http://127.0.0.1:$(DEMO_PORT)/voila/render/game_table_keyboard.ipynb"
	@echo "          http://127.0.0.1:$(DEMO_PORT)/voila/render/score_quiz.ipynb"
	@echo "          http://127.0.0.1:$(DEMO_PORT)/voila/render/puzzle_trainer.ipynb"
	cd binder/demo && JUPYTER_PATH=$(abspath binder/demo/share) $(abspath $(BIN))/voila --port=$(DEMO_PORT)

# axe-core (the accessibility checker the browser tests run), from the npm registry at the
# version tests/axe.py pins, unpacked into .cache/ once.
axe: $(VENV)/.test-installed
	$(BIN)/python -m tests.axe

# The documentation site (docs/, Sphinx with MyST-NB) in build/docs: the README's tour, the
# lessons run as pages, the rules, the design, the changelog and the API reference. Offline,
# warnings as errors. Each lesson runs once and its outputs are kept in .cache/jupyter_cache by
# its code, so a rebuild runs only the lessons that changed; -j 2 reads the pages on both cores.
# The pages draw their widgets with scripts the site ships (require.js and the widgets'
# html-manager, fetched from the npm registry into .cache/ by the first build; ipycanvas from
# its wheel), so a reader needs no host but the site's own.
$(VENV)/.docs-installed: pyproject.toml $(PINS) | $(VENV)/.test-installed
	$(BIN)/python -m pip install --quiet -c $(PINS) -e ".[test,docs]"
	touch $@

DOCS_OUT ?= build/docs
.PHONY: docs
# One process: two share the lessons' execution cache (.cache/jupyter_cache, an SQLite file)
# and now and then one reads a record the other has not finished ("Notebook file does not
# exist for cache record"), which failed a fresh clone's build once.
docs: $(VENV)/.docs-installed
	@start=$$(date +%s); \
	$(BIN)/python -m sphinx -b html -W --keep-going -q docs $(DOCS_OUT); \
	status=$$?; echo "docs: built $(DOCS_OUT) in $$(( $$(date +%s) - start )) s"; exit $$status

# Each lesson's main widget as the browser test draws it, saved as docs/img/<lesson>.png.
screenshots: $(VENV)/.test-installed axe
	GIN_TEACH_WIDGET_SHOTS=docs/img $(BIN)/python -m pytest -q -m slow tests/test_course_browser.py

clean:
	rm -rf $(VENV) $(LITE_VENV) .pytest_cache .mypy_cache .ruff_cache site .cache
