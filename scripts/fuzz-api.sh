#!/usr/bin/env bash
# Fuzz every operation of our own REST API (`/api/v1/schema/`) with schemathesis, as a
# logged-in client, against the app served by gunicorn on a free loopback port with a fresh,
# throwaway SQLite database. Exits non-zero when schemathesis finds a failure.
#
# Checks: no 5xx for any input (API.md: "Never 500 for bad input") and every documented
# response matches its schema. Bounded by time, not by the size of the API: schemathesis gets a
# budget of FUZZ_MAX_TIME seconds, shares it among its phases (boundary "coverage" cases, random
# fuzzing, stateful sequences), cycles over every operation FUZZ_MAX_EXAMPLES cases at a time
# until the budget is spent, and then reports. A hard limit a minute later guards against hangs.
#
# Knobs (environment): FUZZ_MAX_TIME seconds (default 150), FUZZ_MAX_EXAMPLES (25),
# FUZZ_CHECKS (not_a_server_error,response_schema_conformance), FUZZ_SEED (random),
# FUZZ_WORKERS (1; schemathesis threads trip a CPython 3.11 ast race), VENV_BIN (.venv/bin). Reports go to test-results/fuzz/.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
BIN=$(cd "${VENV_BIN:-$ROOT/.venv/bin}" && pwd)
MAX_EXAMPLES=${FUZZ_MAX_EXAMPLES:-25}
MAX_TIME=${FUZZ_MAX_TIME:-150}
HARD_LIMIT=$((MAX_TIME + 60))
CHECKS=${FUZZ_CHECKS:-not_a_server_error,response_schema_conformance}
WORKERS=${FUZZ_WORKERS:-1}
REPORT_DIR=$ROOT/test-results/fuzz

WORKDIR=$(mktemp -d -t epic20-fuzz.XXXXXX)
SERVER_PID=""

stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    # gunicorn stops its workers gracefully; give it a few seconds, then insist.
    for _ in $(seq 1 50); do
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}
cleanup() {
  local rc=$?
  stop_server
  rm -rf "$WORKDIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log() { echo "fuzz-api: $*"; }

# A production-like, self-contained app: no DEBUG, its own key, plain HTTP on loopback, the
# in-process cache (not a shared Redis), a database that lives only for this run.
export DJANGO_SETTINGS_MODULE=epic20site.settings
export DEBUG=False
export SECRET_KEY="fuzz-$("$BIN/python" -c 'import secrets; print(secrets.token_urlsafe(48))')"
export SECURE_SSL_REDIRECT=False
export ALLOWED_HOSTS=127.0.0.1,localhost
export DATABASE_URL="sqlite:///$WORKDIR/db.sqlite3"
unset REDIS_URL CACHE_KEY_PREFIX TESTING || true

log "preparing a throwaway database in $WORKDIR"
"$BIN/python" manage.py migrate --noinput -v 0
"$BIN/python" manage.py collectstatic --noinput -v 0
if demo_help=$("$BIN/python" manage.py help load_demo 2>/dev/null); then
  log "loading demo data (manage.py load_demo)"
  demo_args=()
  # Its passwords are public, so it refuses DEBUG-off sites unless told: this database is
  # thrown away at the end of the run.
  grep -q -- '--allow-production' <<<"$demo_help" && demo_args+=(--allow-production)
  "$BIN/python" manage.py load_demo "${demo_args[@]}"
fi
TOKEN=$("$BIN/python" scripts/fuzz_setup.py | tail -n 1)
[ -n "$TOKEN" ] || { log "could not create the API token"; exit 1; }

PORT=$("$BIN/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BASE="http://127.0.0.1:$PORT"
log "serving the app with gunicorn (2 workers) on $BASE"
"$BIN/gunicorn" epic20site.wsgi:application \
  --bind "127.0.0.1:$PORT" --workers 2 --timeout 60 --graceful-timeout 5 \
  --error-logfile - --access-logfile "$WORKDIR/access.log" >"$WORKDIR/server.log" 2>&1 &
SERVER_PID=$!

ready=""
for _ in $(seq 1 100); do
  if curl -fsS --max-time 2 "$BASE/healthz" >/dev/null 2>&1; then
    ready=1
    break
  fi
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.2
done
if [ -z "$ready" ]; then
  log "the app did not become ready; its log:"
  tail -n 60 "$WORKDIR/server.log" || true
  exit 1
fi

SCHEMA_URL="$BASE/api/v1/schema/?format=json"
curl -fsS --max-time 30 -H "Authorization: Token $TOKEN" "$SCHEMA_URL" -o "$WORKDIR/schema.json"
OPERATIONS=$("$BIN/python" - "$WORKDIR/schema.json" <<'EOF'
import json, sys

methods = {"get", "put", "post", "patch", "delete", "head", "options", "trace"}
paths = json.load(open(sys.argv[1])).get("paths") or {}
print(sum(1 for item in paths.values() for method in item if method in methods))
EOF
)
if [ "$OPERATIONS" -eq 0 ]; then
  log "the schema lists no API operations yet: nothing to fuzz."
  exit 0
fi
log "the schema lists $OPERATIONS operations; fuzzing all of them for ${MAX_TIME}s (checks: $CHECKS; $MAX_EXAMPLES examples per operation and cycle)"

mkdir -p "$REPORT_DIR"
args=(
  run "$SCHEMA_URL"
  --url "$BASE"
  --header "Authorization: Token $TOKEN"
  --checks "$CHECKS"
  --max-examples "$MAX_EXAMPLES"
  --max-time "$MAX_TIME"
  --max-response-time 10
  --request-timeout 30
  --workers "$WORKERS"
  --suppress-health-check too_slow,filter_too_much
  --report junit --report-junit-path "$REPORT_DIR/junit.xml"
)
[ -n "${FUZZ_SEED:-}" ] && args+=(--seed "$FUZZ_SEED")
[ -n "${CI:-}" ] && args+=(--no-color)

set +e
# From the report folder (ignored by git): schemathesis keeps its crash cache in the working
# directory and replays earlier crashes first on the next run.
(cd "$REPORT_DIR" && timeout --kill-after=10 "$HARD_LIMIT" "$BIN/schemathesis" "${args[@]}")
rc=$?
set -e

if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
  log "schemathesis ran past ${HARD_LIMIT}s despite its ${MAX_TIME}s budget and was stopped."
fi
if [ "$rc" -ne 0 ]; then
  log "failures found (exit $rc). What the app logged besides routine 4xx lines:"
  grep -vE '^(\[|(Not Found|Bad Request|Unauthorized|Forbidden|Method Not Allowed|Conflict|Too Many Requests|Unsupported Media Type|Not Acceptable|Request Entity Too Large|Unprocessable Entity): )' \
    "$WORKDIR/server.log" | tail -n 80 || true
  exit "$rc"
fi
log "no failures."
