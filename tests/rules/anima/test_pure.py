"""The Anima engine runs with Django absent (docs/design.md: a pure domain core)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = """
import importlib, pathlib, sys
for name in ("django", "rest_framework", "drf_spectacular"):
    sys.modules[name] = None
for path in sorted(pathlib.Path("rules/anima").rglob("*.py")):
    importlib.import_module(".".join(path.with_suffix("").parts).removesuffix(".__init__"))
from rules.anima.system import SYSTEM
assert SYSTEM.slug == "anima"
"""


def test_every_anima_module_imports_with_django_absent():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            capture_output=True, text=True, timeout=60)  # fmt: skip
    assert result.returncode == 0, result.stderr
