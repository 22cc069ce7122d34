#!/usr/bin/env bash
# Redocly's and Spectral's recommended rules on the published OpenAPI schema: no error, the
# choices written in docs/api.md ("The schema's own rules") configured in tests/typescript/
# (redocly.yaml, .spectral.yaml). The tools are pinned in tests/typescript/package-lock.json.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
BIN=$(cd "${VENV_BIN:-$ROOT/.venv/bin}" && pwd)
HERE=$ROOT/tests/typescript

command -v npm >/dev/null || { echo "lint-schema: npm is needed (Debian: apt-get install npm)"; exit 1; }
if [ ! -x "$HERE/node_modules/.bin/redocly" ] || [ "$HERE/package-lock.json" -nt "$HERE/node_modules/.package-lock.json" ]; then
  (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error)
fi
mkdir -p "$HERE/generated"
DJANGO_SETTINGS_MODULE=epic20site.settings "$BIN/python" manage.py spectacular \
  --format openapi-json --file "$HERE/generated/schema.json"
cd "$HERE"
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
node_modules/.bin/redocly lint generated/schema.json --config redocly.yaml --format summary
node_modules/.bin/spectral lint generated/schema.json --ruleset .spectral.yaml --fail-severity error --format text
echo "lint-schema: no error under Redocly's and Spectral's recommended rules."
