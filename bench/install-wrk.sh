#!/bin/sh
# The bench's load generator: wrk (Debian's package), a C program that saturates the server from
# one or two threads instead of Python clients competing with it for the same cores.
set -eu
if command -v wrk >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "bench: wrk is missing; install it with: sudo apt-get install -y wrk" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
command -v wrk >/dev/null
