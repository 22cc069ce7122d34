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
    "epic20site.etags",
    "epic20site.pages",
    "epic20site.remembered_pages",
    "epic20site.net",
    "epic20site.schema",
    "epic20site.versioned_cache",
    "epic20site.clock",
    "epic20site.middleware",
    "epic20site.queue",
    "epic20site.compression",
}
ALLOWED = {
    "rules": set(),
    "accounts": {"rules"},
    "campaigns": {"accounts", "rules"},
    "characters": {"accounts", "campaigns", "rules"},
    "combat": {"accounts", "campaigns", "characters", "rules"},
    "notifications": {"accounts", "campaigns", "characters", "combat", "rules"},
    "tracking": {"accounts", "campaigns", "characters", "combat", "notifications", "rules"},
    "tables": {"accounts", "campaigns", "characters", "combat", "notifications", "tracking", "rules"},
}
PACKAGES = {*ALLOWED, "epic20site"}
# The rules app's one piece of glue: it alone of `rules` knows Django (the catalogues are served
# by the site's wiring, `epic20site/catalogue_api.py`).
RULES_GLUE = {"rules/apps.py"}


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


# --- No cycle inside an app -------------------------------------------------------------------------
# Within a package too, modules depend one way: a cycle (even through an import inside a function)
# means two modules are one idea split in two, or a third is missing. An import under
# `if TYPE_CHECKING:` names a type for annotations only and is not counted.


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(tree: ast.AST):
    """Every import node, at any depth, except those under `if TYPE_CHECKING:`."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            skipped.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in skipped:
            yield node


def _imported_modules(node, module: str, is_package: bool, known) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        here = module.split(".") if is_package else module.split(".")[:-1]
        here = here[: len(here) - (node.level - 1)]
        base = ".".join(here + ([node.module] if node.module else []))
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


def _internal_graph(package: str) -> dict[str, set[str]]:
    files = {_module_name(path): path for path in _modules(package)}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _runtime_imports(tree):
            for target in _imported_modules(node, name, path.name == "__init__.py", files):
                while target not in files and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target in files and target != name:
                    graph[name].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(frozenset(group))
    return found


@pytest.mark.parametrize("package", sorted(p for p in PACKAGES if (ROOT / p).exists()))
def test_no_package_has_an_import_cycle_inside_it(package):
    cycles = [sorted(c) for c in _cycles(_internal_graph(package))]
    assert cycles == []


def test_the_checker_sees_a_cycle_inside_an_app(tmp_path, monkeypatch):
    """The test would fail if the rule were broken: two modules of one app importing each other,
    one of them only inside a function."""
    package = tmp_path / "campaigns"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from . import b, c\n", encoding="utf-8")
    (package / "b.py").write_text("def f():\n    from .a import g\n", encoding="utf-8")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import g\n", encoding="utf-8"
    )
    import sys

    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert _cycles(_internal_graph("campaigns")) == [frozenset({"campaigns.a", "campaigns.b"})]
