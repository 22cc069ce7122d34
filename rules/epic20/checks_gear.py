"""Rules about powers, advantages, maneuvers and equipment: prerequisites, modifiers, attribute
requirements and the archetype's bans and obligations."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.epic20.catalogue.types import AttackKind, AttributeRequirement, Power
from rules.text import slugify

from . import index, weapons
from .archetype_types import Archetype
from .budget import Budget
from .costs import EQUIPMENT_ADVANTAGES, SPACESHIP, advantage_points_valid
from .grants import Character
from .problems import Problem, named, pointer, problem
from .sheet import PowerEntry, Sheet

POWERS_RULE = "LISTA DE PODERES"
ADVANTAGES_RULE = "LISTA DE VENTAJAS"
MANEUVERS_RULE = "MANIOBRAS DE COMBATE"
ARCHETYPES_RULE = "ARQUETIPOS"


def is_ranged(power: Power) -> bool:
    """A power used at a distance ("poderes a distancia", Masa de músculos)."""
    return power.attack_kind is AttackKind.RANGED or "a-distancia" in power.slug


def meets(requirements: tuple[AttributeRequirement, ...], attributes: Mapping[str, Fraction]) -> bool:
    """Unknown attribute values (already reported as invalid) never add a second problem."""
    for requirement in requirements:
        values = [attributes.get(slug) for slug in requirement.any_of]
        if any(value is None for value in values):
            continue
        if not any(value >= requirement.minimum for value in values):
            return False
    return True


def included_entries(sheet: Sheet) -> dict[int, str]:
    """Entries a bigger power on the sheet already includes ("incluye el poder anterior"), with
    the slug of the power that includes them."""
    includers = {}
    for entry in sheet.powers:
        for slug in index.POWERS[entry.slug].includes:
            includers.setdefault(slug, entry.slug)
    return {entry.index: includers[entry.slug] for entry in sheet.powers if entry.slug in includers}


def powers(
    sheet: Sheet, terms: Archetype | None, who: Character, budget: Budget
) -> tuple[list[Problem], list[Problem]]:
    errors: list[Problem] = []
    warnings: list[Problem] = []
    have = who.power_slugs
    seen: set[tuple[str, str]] = set()
    included = included_entries(sheet)
    for entry in sheet.powers:
        power = index.POWERS[entry.slug]
        path = pointer("powers", entry.index)
        if entry.slug in index.MODIFIERS:
            # Modificadores de poderes: they modify a power, they are not bought alone.
            errors.append(
                problem("powers.modifier_not_standalone", path + "/power", POWERS_RULE, power=named(power))
            )
            continue
        errors += _power_errors(entry, power, path, terms, have, budget)
        warnings += _power_warnings(entry, power, path, included, seen)
    if terms:
        errors += _archetype_required_powers(terms, have)
    return errors, warnings


def _power_errors(
    entry: PowerEntry, power: Power, path: str, terms: Archetype | None, have: frozenset[str], budget: Budget
) -> list[Problem]:
    """The errors of one power on the sheet (LISTA DE PODERES, ARQUETIPOS)."""
    errors = _modifier_errors(entry, power)
    if entry.units > 1 and not power.repeatable:
        errors.append(problem("powers.not_repeatable", path + "/units", POWERS_RULE, power=named(power)))
    missing = [index.POWERS[slug] for slug in power.requires if slug not in have]
    if missing:
        errors.append(
            problem(
                "powers.requires",
                path,
                POWERS_RULE,
                power=named(power),
                required=[named(m) for m in missing],
            )
        )
    if not power.creation_allowed and budget.not_at_creation_uncovered:
        # Acción estándar extra: "no se puede seleccionar durante la creación del personaje".
        errors.append(problem("powers.not_at_creation", path, POWERS_RULE, power=named(power)))
    if _archetype_forbids(entry, power, terms):
        errors.append(
            problem(
                "powers.archetype_forbidden",
                path,
                ARCHETYPES_RULE,
                power=named(power),
                archetype=named(terms),
            )
        )
    return errors


def _modifier_errors(entry: PowerEntry, power: Power) -> list[Problem]:
    """Ataque penetrante: only on attacks; Defensa contra ataque penetrante: "se aplica a una
    superdefensa de tipo físico". The catalogue lists what each may modify."""
    errors = []
    for slug, position in zip(entry.modifiers, entry.modifier_positions, strict=False):
        modifier = index.MODIFIERS[slug]
        if modifier.modifies and entry.slug not in modifier.modifies:
            errors.append(
                problem(
                    "powers.modifier_not_applicable",
                    pointer("powers", entry.index, "modifiers", position),
                    POWERS_RULE,
                    modifier=named(modifier),
                    power=named(power),
                )
            )
    return errors


def _archetype_forbids(entry: PowerEntry, power: Power, terms: Archetype | None) -> bool:
    """Masa de músculos: "No puede elegir poderes a distancia, salvo para arrojar objetos"."""
    thrown = entry.throwing and power.attack_kind is AttackKind.RANGED
    return bool(terms and terms.forbid_ranged_powers and is_ranged(power) and not thrown)


def _power_warnings(
    entry: PowerEntry, power: Power, path: str, included: dict[int, str], seen: set[tuple[str, str]]
) -> list[Problem]:
    """The warnings of one power on the sheet (LISTA DE PODERES); records it in `seen`."""
    warnings = []
    if entry.index in included:
        warnings.append(
            problem(
                "powers.included",
                path,
                POWERS_RULE,
                power=named(power),
                includer=named(index.POWERS[included[entry.index]]),
            )
        )
    if power.detail and not entry.detail:
        warnings.append(problem("powers.detail_missing", path + "/detail", POWERS_RULE, power=named(power)))
    key = (entry.slug, slugify(entry.detail))
    if key in seen and not power.repeatable:
        warnings.append(problem("powers.duplicate", path, POWERS_RULE, power=named(power)))
    seen.add(key)
    return warnings


def _archetype_required_powers(terms: Archetype, have: frozenset[str]) -> list[Problem]:
    """ARQUETIPOS: each group of powers the archetype requires needs one of them on the sheet."""
    return [
        problem(
            "powers.archetype_required",
            "/powers",
            ARCHETYPES_RULE,
            archetype=named(terms),
            powers=[named(index.POWERS[slug]) for slug in group if slug in index.POWERS],
        )
        for group in terms.required_powers
        if not any(slug in have for slug in group)
    ]


def advantages(sheet: Sheet, terms: Archetype | None) -> tuple[list[Problem], list[Problem]]:
    errors: list[Problem] = []
    warnings: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for entry in sheet.advantages:
        advantage = index.ADVANTAGES[entry.slug]
        path = pointer("advantages", entry.index)
        if not meets(advantage.requires_attributes, sheet.attributes):
            errors.append(
                problem(
                    "advantages.requires_attribute",
                    path,
                    ADVANTAGES_RULE,
                    advantage=named(advantage),
                    attributes=_attribute_names(advantage.requires_attributes),
                )
            )
        if not advantage_points_valid(entry):
            errors.append(
                problem(
                    "advantages.invalid_points", path + "/points", ADVANTAGES_RULE, advantage=named(advantage)
                )
            )
        if terms and entry.slug in terms.forbidden_advantages:
            # Vigilante: "No puede adquirir la ventaja «equipo especial»".
            errors.append(
                problem(
                    "advantages.archetype_forbidden",
                    path,
                    ARCHETYPES_RULE,
                    advantage=named(advantage),
                    archetype=named(terms),
                )
            )
        key = (entry.slug, slugify(entry.detail) if advantage.detail else "")
        if key in seen and not advantage.repeatable:
            errors.append(problem("advantages.duplicate", path, ADVANTAGES_RULE, advantage=named(advantage)))
        seen.add(key)
        if advantage.detail and not entry.detail and entry.slug not in EQUIPMENT_ADVANTAGES:
            warnings.append(
                problem(
                    "advantages.detail_missing", path + "/detail", ADVANTAGES_RULE, advantage=named(advantage)
                )
            )
    return errors, warnings


def maneuvers(sheet: Sheet, who: Character) -> list[Problem]:
    errors: list[Problem] = []
    seen: set[str] = set()
    for entry in sheet.maneuvers:
        maneuver = index.MANEUVERS[entry.slug]
        path = pointer("maneuvers", entry.index)
        if entry.slug in seen:
            errors.append(problem("maneuvers.duplicate", path, MANEUVERS_RULE, maneuver=named(maneuver)))
        seen.add(entry.slug)
        # "Requiere la anterior" / "Requiere la maniobra «Retrasar acción»".
        missing = [index.MANEUVERS[slug] for slug in maneuver.requires if slug not in who.maneuvers]
        if missing:
            errors.append(
                problem(
                    "maneuvers.requires",
                    path,
                    MANEUVERS_RULE,
                    maneuver=named(maneuver),
                    required=[named(m) for m in missing],
                )
            )
        if not meets(maneuver.requires_attributes, sheet.attributes):
            errors.append(
                problem(
                    "maneuvers.requires_attribute",
                    path,
                    MANEUVERS_RULE,
                    maneuver=named(maneuver),
                    attributes=_attribute_names(maneuver.requires_attributes),
                )
            )
    return errors


def equipment(sheet: Sheet, terms: Archetype | None) -> list[Problem]:
    errors: list[Problem] = []
    if terms and "equipo-especial" in terms.forbidden_advantages:
        for item in sheet.equipment:
            if item.kind == "special":
                errors.append(
                    problem(
                        "equipment.archetype_forbidden",
                        pointer("equipment", item.index),
                        ARCHETYPES_RULE,
                        archetype=named(terms),
                    )
                )
    errors += _spaceship_equipment(sheet)
    return errors


def chosen_weapons(sheet: Sheet) -> list[Problem]:
    """Fineza con un arma / Ojo agudo work "con un arma … a elegir" (l. 667-669): a warning when
    no item fits, or the detail names none that fits (the maneuver then does nothing)."""
    warnings = []
    for entry in sheet.maneuvers:
        if entry.slug not in weapons.CHOSEN_WEAPON_MANEUVERS:
            continue
        if weapons.chosen_weapon(entry.slug, sheet.equipment, entry.detail, sheet.powers) is None:
            maneuver = index.MANEUVERS[entry.slug]
            code = "maneuvers.weapon_not_found" if entry.detail else "maneuvers.no_fitting_weapon"
            warnings.append(
                problem(
                    code,
                    pointer("maneuvers", entry.index),
                    MANEUVERS_RULE,
                    maneuver=named(maneuver),
                    weapon=entry.detail,
                )
            )
    return warnings


def _spaceship_equipment(sheet: Sheet) -> list[Problem]:
    """Nave espacial (LISTA DE VENTAJAS): "El jugador puede comprar equipo especial para la nave
    espacial, que no cuenta para el límite de nivel del equipo especial" — only with the ship, and
    only special equipment (mundane equipment has no cap to be outside of)."""
    has_ship = any(entry.slug == SPACESHIP for entry in sheet.advantages)
    errors = []
    for item in sheet.equipment:
        if not item.for_spaceship:
            continue
        if not has_ship:
            errors.append(
                problem(
                    "equipment.no_spaceship",
                    pointer("equipment", item.index, "for_spaceship"),
                    "LISTA DE VENTAJAS",
                )
            )
        elif item.kind != "special":
            errors.append(
                problem(
                    "equipment.spaceship_special_only",
                    pointer("equipment", item.index, "for_spaceship"),
                    "LISTA DE VENTAJAS",
                )
            )
    return errors


def _attribute_names(requirements: tuple[AttributeRequirement, ...]):
    return [
        named(index.ATTRIBUTES[slug]) for r in requirements for slug in r.any_of if slug in index.ATTRIBUTES
    ]
