#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests (`make e2e`) when it is missing.
# Playwright's own browser download cannot work on our machines (only package registries are
# reachable), so the e2e fixtures drive /usr/bin/chromium. Safe to run again: it does nothing
# when the browser is already there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "install-browser: $CHROMIUM already installed ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown')); nothing to do."
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "install-browser: $CHROMIUM is missing and installing it needs root (apt-get install -y chromium)." >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-browser: $CHROMIUM missing; running apt-get update"
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
echo "install-browser: installing Debian's chromium"
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "install-browser: apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "install-browser: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)."
