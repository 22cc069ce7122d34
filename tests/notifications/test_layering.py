"""The notifications app is called through one module, `notifications.outbox`, and its modules
import each other one way only; the turn deadlines' modules in `combat` are in no import cycle.
Read from the code's own imports, lazy ones inside functions included (`tests.test_layers`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_layers import ROOT

# What the site outside the app may import of it: its outbox; `epic20site` wires its URLs.
PUBLIC = {"notifications.outbox"}
WIRING = {"notifications.urls", "notifications.api_urls", "notifications.pwa"}  # pwa: the root URLs
DEADLINES = {"combat.deadline", "combat.deadlines", "combat.deadline_tasks", "combat.waiting"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The project modules `path` imports, relative imports resolved, `from x import y` read as
    `x.y` when `x.y` is a module."""
    package = _module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else _module_name(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if _exists(name)}


def _exists(name: str) -> bool:
    path = ROOT / name.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def graph(packages: set[str]) -> dict[str, set[str]]:
    modules = {}
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                modules[_module_name(path)] = imports_of(path)
    return modules


def cycles(edges: dict[str, set[str]], within: set[str]) -> list[list[str]]:
    """Every strongly connected set of more than one module of `within` (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in within:
                continue
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(within):
        if node not in index:
            visit(node)
    return found


def test_the_notifications_modules_import_each_other_one_way():
    edges = graph({"notifications"})
    assert cycles(edges, set(edges)) == []


def test_the_rest_of_the_site_calls_notifications_through_its_outbox_only():
    edges = graph({"accounts", "campaigns", "characters", "combat", "tracking", "epic20site"})
    reached = {
        (module, name)
        for module, names in edges.items()
        for name in names
        if name.startswith("notifications.") and name not in PUBLIC | WIRING
    }
    assert reached == set()


def test_the_turn_deadlines_are_in_no_import_cycle():
    edges = graph({"combat"})
    tangled = [group for group in cycles(edges, set(edges)) if DEADLINES & set(group)]
    assert tangled == []


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"a.py": "from . import b\n", "b.py": "def f():\n    from .a import x\n"}, [["pkg.a", "pkg.b"]]),
        ({"a.py": "from . import b\n", "b.py": "x = 1\n"}, []),
    ],
)
def test_the_checker_sees_a_cycle_even_through_a_lazy_import(tmp_path, monkeypatch, files, expected):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, text in files.items():
        (package / name).write_text(text, encoding="utf-8")
    import tests.notifications.test_layering as me

    monkeypatch.setattr(me, "ROOT", tmp_path)
    edges = graph({"pkg"})
    assert cycles(edges, set(edges)) == expected
