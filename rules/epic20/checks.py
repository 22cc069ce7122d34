"""Rules about the choices on a sheet (not their cost): attributes, skills, complications and
the archetype's options. Powers, advantages, maneuvers and equipment are in `checks_gear`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from rules.text import slugify

from . import index
from .archetype_types import Archetype, AttributeConstraint
from .grants import Character, Granted
from .problems import Problem, Text, named, pointer, problem
from .sheet import Sheet

ZERO, HALF, ONE = Fraction(0), Fraction(1, 2), Fraction(1)
ARCHETYPES_RULE = "ARQUETIPOS"
COMPLICATIONS_RULE = "COMPLICACIONES"


def attributes(sheet: Sheet, terms: Archetype | None) -> list[Problem]:
    rule = "LISTA DE ATRIBUTOS"
    values = sheet.attributes
    if len(values) != len(index.ATTRIBUTES):
        return []  # missing or invalid values were already reported where they are
    # LISTA DE ATRIBUTOS: "Elegir 2 diferentes … tienen valor 1 … Elegir además un atributo «no
    # desarrollado», que se quedará como 0"; the rest stay at ½. Inventor: "Sólo tiene 1
    # atributo destacable (en lugar de 2)".
    destacables = terms.destacables if terms else 2
    counts = Counter(values.values())
    found: list[Problem] = []
    if counts[ONE] != destacables or counts[ZERO] != 1:
        found.append(
            problem(
                "attributes.invalid_choice",
                "/attributes",
                rule if terms is None or destacables == 2 else ARCHETYPES_RULE,
                destacables=destacables,
                halves=len(index.ATTRIBUTES) - destacables - 1,
            )
        )
    if terms is None:
        return found
    for constraint in terms.attribute_constraints:
        found += _attribute_constraint_problems(values, constraint, terms)
    return found


def _attribute_constraint_problems(
    values: Mapping[str, Fraction], constraint: AttributeConstraint, terms: Archetype
) -> list[Problem]:
    """ARQUETIPOS: an attribute the archetype forbids to be destacable / no desarrollado, or one
    of those it requires to be."""
    names = [named(index.ATTRIBUTES[slug]) for slug in constraint.any_of]
    state = (
        Text("destacable", "outstanding")
        if constraint.value == ONE
        else Text("no desarrollado", "undeveloped")
    )
    if constraint.forbidden:
        return [
            problem(
                "attributes.archetype_forbidden",
                pointer("attributes", slug),
                ARCHETYPES_RULE,
                attribute=named(index.ATTRIBUTES[slug]),
                archetype=named(terms),
                state=state,
            )
            for slug in constraint.any_of
            if values.get(slug) == constraint.value
        ]
    if any(values.get(slug) == constraint.value for slug in constraint.any_of):
        return []
    path = pointer("attributes", constraint.any_of[0]) if len(constraint.any_of) == 1 else "/attributes"
    return [
        problem(
            "attributes.archetype_required",
            path,
            ARCHETYPES_RULE,
            attributes=names,
            archetype=named(terms),
            state=state,
        )
    ]


def archetype_options(sheet: Sheet, archetype: Archetype | None) -> tuple[list[Problem], list[Problem]]:
    """An invalid value for one of the archetype's options is an error (which rules apply is
    unclear); an option the archetype does not have changes nothing and only warns."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    options = {option.key: option for option in archetype.options} if archetype else {}
    for key, value in sheet.archetype_options.items():
        path = pointer("archetype_options", key)
        if key not in options:
            warnings.append(problem("archetype_options.unknown", path, ARCHETYPES_RULE, key=key[:80]))
        elif options[key].choice(value) is None:
            choices = [str(choice.value) for choice in options[key].choices]
            errors.append(problem("archetype_options.invalid_value", path, ARCHETYPES_RULE, choices=choices))
    return errors, warnings


def skills(sheet: Sheet, granted: Granted) -> tuple[list[Problem], list[Problem]]:
    rule = "LISTA DE HABILIDADES"
    errors: list[Problem] = []
    warnings: list[Problem] = []
    seen: dict[tuple[str, str], int] = {}
    for entry in sheet.skills:
        skill = index.SKILLS[entry.slug]
        path = pointer("skills", entry.index)
        # "Estudios de (elegir una carrera universitaria)", "Conocimientos de (elegir una materia
        # concreta)", "Ejerce de (elegir una profesión)": the specialty is part of the skill.
        if skill.specialty and not entry.specialty:
            errors.append(problem("skills.specialty_required", path + "/specialty", rule, skill=named(skill)))
        elif not skill.specialty and entry.specialty:
            errors.append(
                problem("skills.specialty_not_allowed", path + "/specialty", rule, skill=named(skill))
            )
        key = (entry.slug, slugify(entry.specialty or ""))
        if key in seen:
            errors.append(problem("skills.duplicate", path, rule, skill=named(skill)))
        seen[key] = entry.index
    for grant in granted.unused_skill_grants:
        names = [named(index.SKILLS[slug]) for slug in grant.any_of if slug in index.SKILLS]
        if grant.specialty:
            names = [Text(f"{n.es} {grant.specialty}", f"{n.en} {grant.specialty}") for n in names]
        warnings.append(
            problem(
                "skills.archetype_grant_unused", "/skills", ARCHETYPES_RULE, skills=names, amount=grant.amount
            )
        )
    return errors, warnings


def complications(
    sheet: Sheet, terms: Archetype | None, granted: Granted, who: Character
) -> tuple[list[Problem], list[Problem], int, int]:
    """Errors, warnings, how many complications the character has and how many it must have."""
    errors: list[Problem] = []
    required = _required_complications(terms)
    have = len(who.complications)
    if have != required:
        errors.append(
            problem("complications.count", "/complications", COMPLICATIONS_RULE, required=required, have=have)
        )
    duplicates, warnings = _listed_complication_problems(who)
    errors += duplicates
    warnings += _redundant_complications(sheet, {entry.slug for entry in who.complications})
    return errors, warnings, have, required


def _required_complications(terms: Archetype | None) -> int:
    """COMPLICACIONES: "elegir 1"; archetypes add chosen ones ("Debe elegir 2 complicaciones en
    lugar de 1", "Añade una complicación a elegir") and imposed ones ("Añade la complicación …")."""
    imposed = sum(1 for grant in terms.grants if grant.kind == "complication") if terms else 0
    return 1 + (terms.extra_complications if terms else 0) + imposed


def _listed_complication_problems(who: Character) -> tuple[list[Problem], list[Problem]]:
    """The character's complications listed twice (errors) or missing their detail (warnings)."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for entry in who.complications:
        complication = index.COMPLICATIONS[entry.slug]
        key = (entry.slug, slugify(entry.detail) if complication.detail else "")
        path = pointer("complications", entry.index) if entry.index >= 0 else "/complications"
        if key in seen:
            # Monstruo: "además de la que debe seleccionar (que no puede ser esta misma)".
            errors.append(
                problem("complications.duplicate", path, COMPLICATIONS_RULE, complication=named(complication))
            )
        seen.add(key)
        if complication.detail and not entry.detail and entry.index >= 0:
            warnings.append(
                problem(
                    "complications.detail_missing",
                    path + "/detail",
                    COMPLICATIONS_RULE,
                    complication=named(complication),
                )
            )
    return errors, warnings


def _redundant_complications(sheet: Sheet, slugs: set[str]) -> list[Problem]:
    """COMPLICACIONES: a complication on the sheet that another one the character has includes."""
    return [
        problem(
            "complications.redundant",
            pointer("complications", entry.index),
            COMPLICATIONS_RULE,
            complication=named(index.COMPLICATIONS[entry.slug]),
            included=named(index.COMPLICATIONS[other]),
        )
        for entry in sheet.complications
        for other in index.COMPLICATIONS[entry.slug].includes
        if other in slugs
    ]
