# Epic20 Site. `make run` serves the app with demo data; `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
export PIP_DISABLE_PIP_VERSION_CHECK := 1

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z][a-z0-9-]*:.*## / {printf "  make %-14s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

.PHONY: help run test install install-dev lint e2e fuzz typecheck-client lint-schema bench bench-wrk bench-engine bench-floor bench-memory bench-server bench-stream bench-flood bench-users bench-weight messages check-deploy clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.installed $@

install: $(VENV)/.installed ## install what the app needs into .venv
install-dev: $(VENV)/.installed-dev ## install what the tests and the benchmark need too

# A development Web Push key is made once and kept in .vapid-dev-key (git-ignored).
# The Procfile's processes (web: uvicorn; worker: the tasks; clock: the deadline and outbox
# sweep) under honcho, which stops all of them on Ctrl-C or SIGTERM (make passes SIGTERM on to
# honcho, which signals each process's whole group).
run: install ## serve the app with demo data on http://127.0.0.1:8000 (PORT=…; SQLite), with its worker and clock
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	exec env PATH="$(abspath $(BIN)):$$PATH" HOST=127.0.0.1 \
	  VAPID_PRIVATE_KEY="$${VAPID_PRIVATE_KEY:-$$($(BIN)/python manage.py vapid_key --keep .vapid-dev-key)}" \
	  $(BIN)/honcho start --no-prefix --port $(PORT) --procfile Procfile

# The suite runs on every core (pytest-xdist; TEST_WORKERS=0 for one process).
TEST_WORKERS ?= auto
test: install-dev ## ruff, the migrations check and the whole test suite
	$(BIN)/ruff check .
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest -n $(TEST_WORKERS)

lint: install-dev ## ruff check and format check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# pytest exits 5 when it collects nothing: fine only while tests/e2e has no test file at all.
# Two workers, each with its own live server and chromium (E2E_WORKERS=0 for one process), in
# the files' own order: the unit suite runs in a random order (pytest-randomly), the browser tests not.
E2E_WORKERS ?= 2
e2e: install-dev ## browser tests in Debian's chromium
	bash scripts/install-browser.sh
	@rc=0; $(BIN)/pytest tests/e2e -m e2e -p no:randomly -n $(E2E_WORKERS) || rc=$$?; \
	if [ $$rc -eq 5 ] && ! ls tests/e2e/test_*.py >/dev/null 2>&1; then \
	  echo "e2e: no browser tests written yet"; exit 0; fi; \
	if [ $$rc -eq 5 ]; then echo "e2e: tests/e2e has test files but pytest collected none (missing @pytest.mark.e2e?)"; fi; \
	exit $$rc

fuzz: install-dev ## schemathesis against our own OpenAPI schema
	bash scripts/fuzz-api.sh

typecheck-client: install-dev ## a TypeScript client generated from the schema type-checks a fight (tsc --strict)
	bash scripts/typecheck-client.sh

lint-schema: install-dev ## Redocly's and Spectral's recommended rules on the published schema
	bash scripts/lint-schema.sh

# The rules engine in-process; every request as a share of GET /api/v1/auth/me/ (wrk under
# gunicorn, the issue's targets table); a worker's memory over 20,000 mixed requests; then the
# 10-user session targets (builder, attacks). bench/README.md; about 15 minutes on 2 cores.
bench: bench-engine bench-floor bench-memory bench-users ## the whole benchmark (about 15 minutes on 2 cores)

bench-wrk: ## build wrk, the load generator the benchmark uses
	bash bench/install-wrk.sh

bench-floor: install-dev bench-wrk ## every request as a share of the authenticated floor
	$(BIN)/python -m bench.floor --json bench/results/floor.json $(BENCH_FLOOR_ARGS)

bench-memory: install-dev bench-wrk ## a worker's memory over 20,000 mixed requests
	$(BIN)/python -m bench.memory --json bench/results/memory.json $(BENCH_MEMORY_ARGS)

# Every page fetched as a browser does (gzip), its bytes on the wire against the issue's 100 kB.
bench-weight: install-dev ## every page's bytes on the wire, against 100 kB
	$(BIN)/python -m bench.weight --json bench/results/weight.json $(BENCH_WEIGHT_ARGS)

bench-engine: install-dev ## the rules engine in-process
	$(BIN)/python -m bench.engine --json bench/results/engine.json $(BENCH_ENGINE_ARGS)

# Live updates: two uvicorn processes sharing PostgreSQL (127.0.0.1:5432) and Redis (db 14).
bench-stream: install-dev ## change-to-screen across two web processes, 1,000 idle streams, a burst
	$(BIN)/python -m bench.stream --json bench/results/stream.json $(BENCH_STREAM_ARGS)

# A bounded flood (slow headers, silent sockets, one account's streams; 5 s each, loopback)
# against one `web` process under a 1,024 open-file limit, and a visitor's answers meanwhile.
bench-flood: install-dev ## does a visitor still get answers during a flood?
	$(BIN)/python -m bench.flood --json bench/results/flood.json $(BENCH_FLOOD_ARGS)

bench-server: install-dev ## one scenario run against the server (BENCH_ARGS)
	$(BIN)/python -m bench.run --json bench/results/latest.json $(BENCH_ARGS)

# The builder and attack targets are stated for 10 users: no pause (worst case), then paced.
BENCH_USERS := --concurrency 10 --scenario builder_check --scenario encounter_attack \
  --scenario hero_attack --scenario anima_attack --scenario msh_attack
bench-users: install-dev ## the 10-user builder and attack targets
	$(BIN)/python -m bench.run $(BENCH_USERS) --json bench/results/users-closed.json $(BENCH_ARGS)
	$(BIN)/python -m bench.run $(BENCH_USERS) --think-ms 500 --requests 400 --warmup 50 \
	  --json bench/results/users-paced.json $(BENCH_ARGS)

messages: ## refresh and compile the English translation
	cd $(CURDIR) && $(BIN)/python manage.py makemessages -l en --no-location --no-obsolete
	$(BIN)/python manage.py compilemessages -l en

check-deploy: install ## Django's deployment checks with production settings
	DEBUG=False SECRET_KEY=check-deploy-$$(date +%s)-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH \
	  ALLOWED_HOSTS=epic20.example.org $(BIN)/python manage.py check --deploy --fail-level WARNING

clean: ## remove .venv and every generated file
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
