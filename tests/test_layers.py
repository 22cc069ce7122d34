"""Dependencies run one way (docs/architecture.md): accounts <- campaigns <- characters <- combat,
each of them -> rules; `epic20site` wires them together. Read from the code's own imports (every
`import` and `from … import`, at any depth of a module), so a cycle fails here before it
tangles the apps."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# What each package may import from the project (besides itself). `epic20site`'s shared
# conventions (errors, the API's envelope, parsers, validation, the page helper, caching) sit
# under every app; its wiring (settings, urls, views) sits above them all.
CONVENTIONS = {
    "epic20site.api",
    "epic20site.authentication",
    "epic20site.errors",
    "epic20site.parsers",
    "epic20site.validation",
    "epic20site.pages",
    "epic20site.remembered_pages",
    "epic20site.net",
    "epic20site.schema",
    "epic20site.versioned_cache",
    "epic20site.clock",
    "epic20site.middleware",
}
ALLOWED = {
    "rules": set(),
    "accounts": {"rules"},
    "campaigns": {"accounts", "rules"},
    "characters": {"accounts", "campaigns", "rules"},
    "combat": {"accounts", "campaigns", "characters", "rules"},
    "notifications": {"accounts", "campaigns", "characters", "combat", "rules"},
    "tracking": {"accounts", "campaigns", "characters", "combat", "notifications", "rules"},
}
PACKAGES = {*ALLOWED, "epic20site"}
# The rules app's glue serves the catalogues: it alone of `rules` knows Django and the site.
RULES_GLUE = {"rules/apps.py", "rules/urls.py", "rules/api.py"}


def _modules(package: str):
    for path in sorted((ROOT / package).rglob("*.py")):
        if "migrations" not in path.parts:
            yield path


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def _project_imports(path: Path) -> set[str]:
    return {name for name in _imports(path) if name.split(".")[0] in PACKAGES}


def _layer_violations(package: str) -> list[str]:
    allowed = ALLOWED[package]
    found = []
    for path in _modules(package):
        relative = str(path.relative_to(ROOT))
        if relative in RULES_GLUE:
            continue
        for name in _project_imports(path):
            top = name.split(".")[0]
            if top == package or top in allowed:
                continue
            if top == "epic20site" and name in CONVENTIONS and package != "rules":
                continue
            found.append(f"{relative} imports {name}")
    return found


@pytest.mark.parametrize("package", sorted(p for p in ALLOWED if (ROOT / p).exists()))
def test_each_package_imports_only_the_layers_below_it(package):
    assert _layer_violations(package) == []


def test_the_site_conventions_import_no_app():
    for module in sorted(CONVENTIONS):
        path = ROOT / (module.replace(".", "/") + ".py")
        if not path.exists():
            continue
        apps = {
            name
            for name in _project_imports(path)
            if name.split(".")[0] in ALLOWED and name.split(".")[0] != "rules"
        }
        assert apps == set(), f"{module} imports {apps}"


def test_the_checker_sees_a_wrong_way_import(tmp_path, monkeypatch):
    """The test would fail if the rule were broken: a campaigns module importing combat."""
    package = tmp_path / "campaigns"
    package.mkdir()
    (package / "bad.py").write_text("from combat.models import Encounter\n", encoding="utf-8")
    import sys

    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert _layer_violations("campaigns") == ["campaigns/bad.py imports combat.models"]
