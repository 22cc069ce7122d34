"""The engine never imports Django (docs/design.md: only the rules app's glue does)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

# Every module under rules/ (every system's engine, the core, the registry) but the app's glue.
_IMPORT_ALL_WITHOUT_DJANGO = """
import importlib, pathlib, sys
for name in ("django", "rest_framework", "drf_spectacular"):
    sys.modules[name] = None  # any `import django…` now raises ImportError
GLUE = {"rules.apps"}
modules = sorted(
    name
    for name in (
        ".".join(path.with_suffix("").parts).removesuffix(".__init__")
        for path in pathlib.Path("rules").rglob("*.py")
    )
    if name not in GLUE and not name.startswith("rules.migrations")
)
failed = []
for module in modules:
    try:
        importlib.import_module(module)
    except Exception as exc:
        failed.append(f"{module}: {exc!r}")
print("\\n".join(failed) or f"{len(modules)} modules imported")
sys.exit(1 if failed else 0)
"""


def test_every_engine_module_imports_with_django_absent():
    result = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALL_WITHOUT_DJANGO],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
