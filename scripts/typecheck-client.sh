#!/usr/bin/env bash
# A TypeScript client generated from the published OpenAPI schema (openapi-typescript, used
# through openapi-fetch) plays a fight's calls under `tsc --strict` (tests/typescript/fight.ts):
# every body, path parameter, answer and refusal typed by the schema alone. Fails when the
# schema leaves a client a shape it cannot type (a bodiless error, an untyped answer) or no
# longer describes what the fight sends. Node and npm from the system; the packages are pinned
# in tests/typescript/package-lock.json and installed there (npm ci).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
BIN=$(cd "${VENV_BIN:-$ROOT/.venv/bin}" && pwd)
HERE=$ROOT/tests/typescript

command -v npm >/dev/null || { echo "typecheck-client: npm is needed (Debian: apt-get install npm)"; exit 1; }
if [ ! -x "$HERE/node_modules/.bin/tsc" ] || [ "$HERE/package-lock.json" -nt "$HERE/node_modules/.package-lock.json" ]; then
  (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error)
fi
mkdir -p "$HERE/generated"
DJANGO_SETTINGS_MODULE=epic20site.settings "$BIN/python" manage.py spectacular \
  --format openapi-json --file "$HERE/generated/schema.json"
cd "$HERE"
node_modules/.bin/openapi-typescript generated/schema.json --output generated/api.d.ts --silent
node_modules/.bin/tsc --project tsconfig.json
echo "typecheck-client: a fight's calls type-check under tsc --strict."
