#!/usr/bin/env bash
# Fuzz every operation of our own REST API (`/api/v1/schema/`) with schemathesis, as a
# logged-in client who owns data, against the app served by gunicorn on a free loopback port
# with a fresh, throwaway SQLite database. Exits non-zero when schemathesis finds anything.
#
# Checks: all of them (`--checks all`): no 5xx for any input, every status code, content type,
# header and body as the schema documents, invalid data refused (negative_data_rejection),
# ignored auth, use-after-free and the rest. Phases: all of them (examples, boundary
# "coverage" cases, random fuzzing, and stateful sequences that follow the schema's links).
# Several seeds, each against a fresh copy of the prepared database and a fresh server, so
# one seed's deletions do not starve the next. Each seed gets FUZZ_MAX_TIME seconds; a hard
# limit a minute later guards against hangs.
#
# The fuzzing client's token would be revoked by `DELETE /auth/token/` half-way through every
# run; that one operation is fuzzed on its own, last, with every check too.
#
# Knobs (environment): FUZZ_SEEDS ("1 2 3"), FUZZ_MAX_TIME seconds per seed (60),
# FUZZ_MAX_EXAMPLES (25), FUZZ_CHECKS (all), FUZZ_PHASES (examples,coverage,fuzzing,stateful),
# FUZZ_WORKERS (1; schemathesis threads trip a CPython 3.11 ast race), VENV_BIN (.venv/bin).
# Reports go to test-results/fuzz/.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
BIN=$(cd "${VENV_BIN:-$ROOT/.venv/bin}" && pwd)
MAX_EXAMPLES=${FUZZ_MAX_EXAMPLES:-25}
MAX_TIME=${FUZZ_MAX_TIME:-60}
HARD_LIMIT=$((MAX_TIME + 60))
CHECKS=${FUZZ_CHECKS:-all}
PHASES=${FUZZ_PHASES:-examples,coverage,fuzzing,stateful}
SEEDS=${FUZZ_SEEDS:-1 2 3}
WORKERS=${FUZZ_WORKERS:-1}
REVOKE_OPERATION=auth_token_revoke
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
# A Web Push key of its own, as production has one (GET /api/v1/push/key/ answers it).
export VAPID_PRIVATE_KEY="$("$BIN/python" manage.py vapid_key)"
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
cp "$WORKDIR/db.sqlite3" "$WORKDIR/pristine.sqlite3"

PORT=$("$BIN/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BASE="http://127.0.0.1:$PORT"
SCHEMA_URL="$BASE/api/v1/schema/?format=json"

# start_server: a fresh copy of the prepared database, then gunicorn on $BASE. Its request line is
# unlimited (`--limit-request-line 0`): the site refuses a URL past its own 4 KiB with the error
# envelope (epic20site/long_urls.py), and that is what the fuzzing checks, not the bare page a
# front server writes past its own larger limit.
start_server() {
  rm -f "$WORKDIR"/db.sqlite3 "$WORKDIR"/db.sqlite3-wal "$WORKDIR"/db.sqlite3-shm
  cp "$WORKDIR/pristine.sqlite3" "$WORKDIR/db.sqlite3"
  "$BIN/gunicorn" epic20site.wsgi:application \
    --bind "127.0.0.1:$PORT" --workers 2 --timeout 60 --graceful-timeout 5 --limit-request-line 0 \
    --error-logfile - --access-logfile "$WORKDIR/access.log" >>"$WORKDIR/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do
    if curl -fsS --max-time 2 "$BASE/healthz" >/dev/null 2>&1; then
      return 0
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.2
  done
  log "the app did not become ready; its log:"
  tail -n 60 "$WORKDIR/server.log" || true
  return 1
}

start_server
log "serving the app with gunicorn (2 workers) on $BASE"
# The schema is read once here and handed to schemathesis as a file: generating it takes a
# few seconds on a busy machine, more than schemathesis waits for a schema URL.
curl -fsS --max-time 60 -H "Authorization: Token $TOKEN" "$SCHEMA_URL" -o "$WORKDIR/schema.json"
OPERATIONS=$("$BIN/python" - "$WORKDIR/schema.json" <<'EOF'
import json, sys

methods = {"get", "put", "post", "patch", "delete", "head", "options", "trace"}
paths = json.load(open(sys.argv[1])).get("paths") or {}
print(sum(1 for item in paths.values() for method in item if method in methods))
EOF
)
stop_server
if [ "$OPERATIONS" -eq 0 ]; then
  log "the schema lists no API operations yet: nothing to fuzz."
  exit 0
fi
log "the schema lists $OPERATIONS operations; seeds: $SEEDS; ${MAX_TIME}s each (checks: $CHECKS; phases: $PHASES)"

mkdir -p "$REPORT_DIR"
# Valid data must be accepted: the built-in check gives way to `valid_data_accepted`
# (scripts/fuzz_checks.py), which fails on every 400 to a schema-valid request except refusals
# that name what no schema can state (stored data, a secret, a rule of the game; listed there).
# Nor can a schema say which version an `If-Match` must name: a tag someone has since changed
# (any tag the fuzzer makes up) is refused with 412 and nothing changes (docs/api.md, "HTTP
# conventions"), whatever else the request holds.
cat >"$WORKDIR/schemathesis.toml" <<'EOF'
[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "412", "413", "414", "415", "422", "428", "429"]
EOF
export SCHEMATHESIS_HOOKS=fuzz_checks PYTHONPATH="$ROOT/scripts${PYTHONPATH:+:$PYTHONPATH}"
# Text never holds U+0000 or a lone surrogate (docs/api.md, "Conventions": refused with 400
# request.invalid_character), so only text that UTF-8 and the database can keep is generated.
# fuzz NAME SEED EXTRA-ARGS...: one schemathesis run against a fresh server and database.
fuzz() {
  local name=$1 seed=$2
  shift 2
  start_server || return 1
  local args=(
    --config-file "$WORKDIR/schemathesis.toml"
    run "$WORKDIR/schema.json"
    --url "$BASE"
    --header "Authorization: Token $TOKEN"
    --checks "$CHECKS"
    --exclude-checks positive_data_acceptance
    --phases "$PHASES"
    --mode all
    --seed "$seed"
    --max-examples "$MAX_EXAMPLES"
    --max-time "$MAX_TIME"
    --max-response-time 10
    --request-timeout 30
    --workers "$WORKERS"
    --suppress-health-check too_slow,filter_too_much,data_too_large
    --generation-allow-x00 false
    --generation-codec utf-8
    --report junit --report-junit-path "$REPORT_DIR/junit-$name.xml"
    "$@"
  )
  [ -n "${CI:-}" ] && args+=(--no-color)
  local rc=0
  # From the report folder (ignored by git): schemathesis keeps its crash cache in the working
  # directory and replays earlier crashes first on the next run.
  set +e
  (cd "$REPORT_DIR" && timeout --kill-after=10 "$HARD_LIMIT" "$BIN/schemathesis" "${args[@]}") 2>&1 | tee "$WORKDIR/$name.out"
  rc=${PIPESTATUS[0]}
  set -e
  stop_server
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    log "schemathesis ($name) ran past ${HARD_LIMIT}s despite its ${MAX_TIME}s budget and was stopped."
  fi
  return "$rc"
}

failed=0
for seed in $SEEDS; do
  log "seed $seed"
  fuzz "seed-$seed" "$seed" --exclude-operation-id "$REVOKE_OPERATION" || failed=1
done
log "the token's revocation, on its own"
fuzz revoke "${SEEDS%% *}" --include-operation-id "$REVOKE_OPERATION" --max-time 20 || failed=1

if [ "$failed" -ne 0 ]; then
  log "failures found. What the app logged besides routine 4xx lines:"
  grep -vE '^(\[|(Not Found|Bad Request|Unauthorized|Forbidden|Method Not Allowed|Conflict|Too Many Requests|Unsupported Media Type|Not Acceptable|Request Entity Too Large|Unprocessable Entity): )' \
    "$WORKDIR/server.log" | tail -n 80 || true
  exit 1
fi
log "no failures."
