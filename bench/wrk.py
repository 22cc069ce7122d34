"""Drive wrk (https://github.com/wg/wrk, Debian's `wrk` package, `bench/install-wrk.sh`) at one
scenario: a Lua script cycles through the scenario's requests, counts every answer whose status
the scenario does not expect, and prints the latency percentiles wrk measured.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .load import Request

_SUMMARY = re.compile(
    r"^bench: requests=(\d+) unexpected=(\d+) p50=(\d+) p95=(\d+) p99=(\d+) errors=(\d+)$", re.M
)
_RATE = re.compile(r"^Requests/sec:\s+([\d.]+)", re.M)

_SCRIPT = """
local variants = {%(variants)s}
local expected = {%(expected)s}
local prepared = {}
local n = 0
unexpected = 0

function init(args)
  for i, v in ipairs(variants) do
    prepared[i] = wrk.format(v[1], v[2], v[3], v[4])
  end
end

function request()
  n = n + 1
  return prepared[(n %% #prepared) + 1]
end

function response(status, headers, body)
  if not expected[status] then unexpected = unexpected + 1 end
end

local threads = {}
function setup(thread) table.insert(threads, thread) end

function done(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do bad = bad + thread:get("unexpected") end
  local e = summary.errors
  io.write(string.format("bench: requests=%%d unexpected=%%d p50=%%d p95=%%d p99=%%d errors=%%d\\n",
    summary.requests, bad, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout))
end
"""


def lua_string(value: str | bytes) -> str:
    """A Lua string literal of exactly these bytes (decimal escapes for anything unusual)."""
    data = value.encode() if isinstance(value, str) else value
    out = []
    for byte in data:
        char = chr(byte)
        if 32 <= byte < 127 and char not in '"\\':
            out.append(char)
        else:
            out.append(f"\\{byte:03d}")
    return '"' + "".join(out) + '"'


def _lua_request(request: Request) -> str:
    headers = ", ".join(f"[{lua_string(k)}] = {lua_string(v)}" for k, v in request.headers.items())
    body = lua_string(request.body) if request.body is not None else "nil"
    return f"{{{lua_string(request.method)}, {lua_string(request.path)}, {{{headers}}}, {body}}}"


def script(requests: list[Request], expect: frozenset[int]) -> str:
    return _SCRIPT % {
        "variants": ",\n  ".join(_lua_request(r) for r in requests),
        "expected": ", ".join(f"[{status}] = true" for status in sorted(expect)),
    }


@dataclass(frozen=True)
class WrkResult:
    requests: int
    requests_per_second: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    unexpected: int
    socket_errors: int


def parse(output: str) -> WrkResult:
    summary, rate = _SUMMARY.search(output), _RATE.search(output)
    if summary is None or rate is None:
        raise RuntimeError(f"wrk printed no summary:\n{output}")
    requests, unexpected, p50, p95, p99, errors = (int(g) for g in summary.groups())
    return WrkResult(requests, float(rate[1]), p50 / 1000, p95 / 1000, p99 / 1000, unexpected, errors)


def wrk_path() -> str:
    found = shutil.which("wrk")
    if found is None:
        raise SystemExit("bench: wrk is not installed; run bench/install-wrk.sh (make bench does)")
    return found


def run_wrk(
    base_url: str,
    requests: list[Request],
    *,
    expect: frozenset[int],
    seconds: float,
    connections: int,
    threads: int,
) -> WrkResult:
    with tempfile.TemporaryDirectory(prefix="epic20-wrk-") as folder:
        path = Path(folder) / "scenario.lua"
        path.write_text(script(requests, expect))
        command = [
            wrk_path(),
            f"--threads={min(threads, connections)}",
            f"--connections={connections}",
            f"--duration={max(1, round(seconds))}s",
            "--timeout=30s",
            f"--script={path}",
            base_url + "/",
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    if done.returncode != 0:
        raise RuntimeError(f"wrk failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return parse(done.stdout)
