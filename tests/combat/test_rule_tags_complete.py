"""Every rule tag an engine can write has an English name: the test walks the source of
rules/<slug>/ for what reaches a `rule` (a `rule=` keyword, a `"rule":` key, a parameter or field
called `rule` and its default, the `rule` argument of `Refused`/`Problem` and of the package's own
helpers given by position), evaluates each in its module (constants, f-strings of constants,
both arms of a conditional), adds the catalogue's data that carries a `rule`, and checks that the
system's table (rules/<slug>/section_names.py) names every part of each tag."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from rules.core.section_names import CORE_SECTIONS_EN, rule_label, sections_en, unnamed

RULES = Path(__file__).resolve().parents[2] / "rules"


def _rule_positions(paths) -> dict[str, set[int]]:
    """Callable name → the positions of a parameter (or dataclass field) called `rule`."""
    found: dict[str, set[int]] = {}

    def note(name, names):
        if "rule" in names:
            found.setdefault(name, set()).add(names.index("rule"))

    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                names = [a.arg for a in node.args.posonlyargs + node.args.args]
                note(node.name, names[1:] if names[:1] in (["self"], ["cls"]) else names)
            elif isinstance(node, ast.ClassDef):
                fields = [
                    s.target.id
                    for s in node.body
                    if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
                ]
                note(node.name, fields)
                for init in (s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"):
                    note(node.name, [a.arg for a in init.args.args][1:])
    return found


def _unique(found: dict[str, set[int]]) -> dict[str, int]:
    return {name: next(iter(at)) for name, at in found.items() if len(at) == 1}


def _defaults(node: ast.FunctionDef):
    args = node.args
    positional = args.posonlyargs + args.args
    pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
    return [default for arg, default in pairs if arg.arg == "rule"]


def _call_rules(node: ast.Call, positions: dict[str, int]):
    found = [k.value for k in node.keywords if k.arg == "rule"]
    name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
    at = positions.get(name)
    if (
        at is not None
        and len(node.args) > at
        and not any(isinstance(a, ast.Starred) for a in node.args[: at + 1])
    ):
        found.append(node.args[at])
    return found


def _rule_expressions(tree, positions):
    """Every expression of a module that becomes a `rule`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found += _call_rules(node, positions)
        elif isinstance(node, ast.Dict):
            found += [
                v
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and k.value == "rule"
            ]
        elif isinstance(node, ast.FunctionDef):
            found += _defaults(node)
        elif (
            isinstance(node, ast.AnnAssign)
            and getattr(node.target, "id", "") == "rule"
            and node.value is not None
        ):
            found.append(node.value)
    flat = []
    while found:
        expression = found.pop()
        if isinstance(expression, ast.IfExp):
            found += [expression.body, expression.orelse]
        elif isinstance(expression, ast.BoolOp):
            found += expression.values
        else:
            flat.append(expression)
    return flat


def _data_rules(module) -> set[str]:
    """The `rule` of every dataclass instance a module holds (catalogue rows, tables)."""
    found, stack, seen = set(), list(vars(module).values()), set()
    while stack:
        value = stack.pop()
        if id(value) in seen or isinstance(value, (str, type)):
            continue
        seen.add(id(value))
        if isinstance(value, (list, tuple, set, frozenset)):
            stack += list(value)
        elif isinstance(value, dict):
            stack += list(value.values())
        elif hasattr(value, "__dataclass_fields__") and isinstance(getattr(value, "rule", None), str):
            found.add(value.rule)
    return found


def engine_tags(package: str) -> set[str]:
    """Every rule tag the source of rules/<package>/ writes, as far as it can be evaluated."""
    root = RULES / package
    paths = sorted(root.rglob("*.py"))
    shared = _unique(_rule_positions(sorted((RULES / "core").rglob("*.py"))))
    own = _unique(_rule_positions(paths))
    tags: set[str] = set()
    for path in paths:
        module = importlib.import_module(".".join(path.relative_to(RULES.parent).with_suffix("").parts))
        positions = {**shared, **own, **_unique(_rule_positions([path]))}
        for expression in _rule_expressions(ast.parse(path.read_text()), positions):
            try:
                value = eval(compile(ast.Expression(expression), str(path), "eval"), vars(module))
            except (NameError, AttributeError, KeyError, TypeError):
                continue  # a local (a parameter passed on): its callers are walked instead
            if isinstance(value, str) and value:
                tags.add(value)
        tags |= _data_rules(module)
    return tags


def hero_tags() -> set[str]:
    from rules.hero.maneuvers import MANEUVERS

    # A maneuver's tag is its Spanish name (rules/hero/actions/attack.py, defend.py, prepare.py).
    return engine_tags("hero") | {m.name_es for m in MANEUVERS}


TAGS = {"hero": hero_tags, "msh": lambda: engine_tags("msh"), "anima": lambda: engine_tags("anima")}
# Tags the walk must find, so that it cannot pass by finding nothing.
KNOWN = {
    "hero": {
        "Comprobación de secuencia de combate",
        "Directo",
        "Fuego sostenido",
        "Combate mental",
        "6E Speed Chart",
    },
    "msh": {
        "Secuencia de combate",
        "Tipos de combate › Lucha › Sujeción",
        "Acciones defensivas › Escape",
        "Resultados Especiales de la Tabla de Combate › Muerte",
        "Opciones",
    },  # fmt: skip
    "anima": {
        "Las Acciones",
        "Atacar; Defenderse",
        "Los Tipos de Ataque",
        "Las Acciones › Iniciativa",
    },
}


@pytest.mark.parametrize("slug", sorted(TAGS))
def test_every_rule_tag_the_engine_writes_has_an_english_name(slug):
    tags = TAGS[slug]()
    names = sections_en(slug)

    assert KNOWN[slug] <= tags
    assert {tag: unnamed(tag, names) for tag in sorted(tags) if unnamed(tag, names)} == {}


@pytest.mark.parametrize("slug", sorted(TAGS))
def test_the_shared_declaring_tags_have_english_names_in_every_system(slug):
    tags = engine_tags("core")

    assert {"Declaraciones", "Declaraciones por adelantado"} <= tags
    assert {tag: unnamed(tag, sections_en(slug)) for tag in tags if unnamed(tag, sections_en(slug))} == {}


@pytest.mark.parametrize("slug", sorted(TAGS))
def test_every_english_name_differs_from_spanish_only_where_the_seed_is_spanish(slug):
    """An English page shows no Spanish heading: each Spanish key of the table reads otherwise
    in English, and Spanish pages get the tags untouched but for those the engine writes in
    English (`SECTIONS_ES`: Hero's 6E tags), which they name in Spanish."""
    module = importlib.import_module(f"rules.{slug}.section_names")
    for spanish, english in module.SECTIONS_EN.items():
        assert rule_label(spanish, "en", slug) == english
        assert rule_label(spanish, "es", slug) == module.SECTIONS_ES.get(spanish, spanish)
    for spanish, english in CORE_SECTIONS_EN.items():
        assert rule_label(spanish, "en", slug) == english
