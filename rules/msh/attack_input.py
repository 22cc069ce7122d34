"""Checking an attack before it is rolled (Procedimiento de combate, Tipos de combate, Ataques o
maniobras especiales): every refusal comes before any change, so a refused attack changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.encounter import Table
from rules.core.errors import CONFLICT, Refused

from .catalogue import CHARGE, COMBAT_TYPE, MELEE, RANGED, WRESTLING, CombatType
from .combatant import ability, can_act, find_item
from .ranks import COLOURS, TOP, column_index

TYPES = "Tipos de combate"
MANEUVERS = "Ataques o maniobras especiales"
ESCAPE_RULE = "Acciones defensivas › Escape"
COMBINED_RULE = f"{MANEUVERS} › Ataque combinado"
UNARMED_TYPES = ("blunt", "grappling", "grabbing", "charging", "thrown-blunt")
MULTI_TYPES = (
    "blunt",
    "energy",
    "force",
)  # Objetivos múltiples: "contundentes cuerpo a cuerpo, de energía o de fuerza"
CALLED_SHOTS = ("", "location", "disarm", "stun")


@dataclass(frozen=True)
class Attack:
    """An attack, checked: who, at whom, how, with what, and each circumstance."""

    actor: int
    targets: tuple[int, ...]
    combat_type: CombatType
    item: dict | None  # the power or weapon, None unarmed
    item_kind: str | None
    karma: int
    shifts: int
    action: Mapping
    round: int

    def flag(self, key: str) -> bool:
        return bool(self.action.get(key))

    def number(self, key: str) -> int | None:
        value = self.action.get(key)
        return None if value is None else int(value)


def refuse(code: str, es: str, en: str, *, path: str = "", rule: str = TYPES, kind: str = "invalid"):
    raise Refused(code, rule, es, en, path=path, kind=kind)


def _int(action: Mapping, key: str, low: int, high: int, default: int | None = 0) -> int | None:
    value = action.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        refuse(
            "attack.bad_number",
            f"«{key}» debe ser un entero entre {low} y {high}.",
            f"'{key}' must be a whole number from {low} to {high}.",
            path=f"/{key}",
        )
    return value


def _combat_type(action: Mapping) -> CombatType:
    slug = action.get("combat_type")
    if slug not in COMBAT_TYPE:
        refuse(
            "attack.unknown_combat_type",
            f"Tipo de combate desconocido: «{slug}».",
            f"Unknown combat type: '{slug}'.",
            path="/combat_type",
        )
    return COMBAT_TYPE[slug]


def _targets(table: Table, action: Mapping, actor: int) -> tuple[int, ...]:
    primary = action.get("target")
    also = action.get("also_targets") or []
    if not isinstance(also, list):
        refuse(
            "attack.bad_targets",
            "«also_targets» debe ser una lista.",
            "'also_targets' must be a list.",
            path="/also_targets",
        )
    targets = [primary, *also]
    for i, cid in enumerate(targets):
        path = "/target" if i == 0 else f"/also_targets/{i - 1}"
        if isinstance(cid, bool) or not isinstance(cid, int) or table.combatant(cid) is None:
            refuse(
                "attack.unknown_target",
                "El objetivo no está en el combate.",
                "The target is not in the fight.",
                path=path,
            )
        if cid == actor:
            refuse("attack.self", "Nadie se ataca a sí mismo.", "No one attacks themselves.", path=path)
    if len(set(targets)) != len(targets):
        refuse(
            "attack.repeated_target", "Un objetivo repetido.", "A target is repeated.", path="/also_targets"
        )
    return tuple(targets)


def _item(state: Mapping, action: Mapping, combat_type: CombatType) -> tuple[str | None, dict | None]:
    name = action.get("with", action.get("with_", "unarmed")) or "unarmed"
    if not isinstance(name, str):
        refuse("attack.bad_item", "«with» debe ser un nombre.", "'with' must be a name.", path="/with")
    if name.lower() == "unarmed":
        if combat_type.slug not in UNARMED_TYPES:
            refuse(
                "attack.needs_item",
                f"«{combat_type.name_es}» necesita un arma o un poder.",
                f"'{combat_type.name_en}' needs a weapon or a power.",
                path="/with",
            )
        return None, None
    found = find_item(state, name)
    if found is None:
        refuse("attack.unknown_item", f"No tiene «{name}».", f"It has no '{name}'.", path="/with")
    kind, item = found
    if item["combat_type"] != combat_type.slug:
        refuse(
            "attack.item_type",
            f"«{name}» no es de tipo «{combat_type.name_es}».",
            f"'{name}' is not a '{combat_type.name_en}' attack.",
            path="/with",
        )
    return kind, item


def _circumstances(action: Mapping, ct: CombatType) -> None:
    """Each circumstance only where the seed allows it."""
    allowed = {
        "point_blank": ct.group == RANGED,  # "Un disparo a bocajarro"
        "aimed": ct.group == RANGED,
        "areas": ct.group == CHARGE,
        "diving": ct.group == CHARGE,
        "obstacles": ct.group == CHARGE,  # Carga, blanco: "esquivar posibles obstáculos"
        "also_targets": ct.slug in MULTI_TYPES,
        "max_damage": ct.reduce_damage,
        "max_colour": ct.reduce_result,
    }
    for key, ok in allowed.items():
        if action.get(key) and not ok:
            refuse(
                "attack.not_for_type",
                f"«{key}» no se aplica a «{ct.name_es}».",
                f"'{key}' does not apply to '{ct.name_en}'.",
                path=f"/{key}",
                rule=ct.rule,
            )
    if action.get("max_colour") is not None and action.get("max_colour") not in COLOURS:
        refuse("attack.bad_colour", "Color desconocido.", "Unknown colour.", path="/max_colour")
    if action.get("called_shot", "") not in CALLED_SHOTS:
        refuse(
            "attack.bad_called_shot",
            "Efecto de diana desconocido.",
            "Unknown bullseye effect.",
            path="/called_shot",
        )


def _ground(state: Mapping, action: Mapping, ct: CombatType, item: dict | None) -> None:
    """Golpe al suelo ("el rango del poder ha de ser mayor que el de la Fuerza del material") and
    Onda de choque ("una Fuerza superior en al menos dos rangos la del material del suelo")."""
    ground = action.get("ground_material")
    if ground is None:
        return
    if ct.slug == "energy" and item is not None:
        power = item.get("rank", item.get("damage", 0))
        if column_index(power) > column_index(ground):
            return
    elif ct.slug == "blunt" and column_index(ability(state, "strength")) - column_index(ground) >= 2:
        return
    refuse(
        "attack.ground_too_strong",
        "El suelo resiste: hace falta un rango mayor (Golpe al suelo) o dos rangos más de Fuerza (Onda de choque).",
        "The ground holds: a higher rank (ground strike) or Strength two ranks above (shock wave) is needed.",
        path="/ground_material",
        rule=MANEUVERS,
    )


def _actor_may_attack(state: Mapping, *, ignore_hold: bool) -> None:
    if not can_act(state):
        refuse("attack.cannot_act", "No puede actuar.", "It cannot act.", kind=CONFLICT)
    held = (state.get("effects") or {}).get("held_by")
    if held and held.get("full") and not ignore_hold:
        refuse(
            "attack.held",
            "Está inmovilizado: solo puede intentar escapar.",
            "It is held fast: it may only try to escape.",
            kind=CONFLICT,
            rule="Tipos de combate › Lucha › Sujeción",
        )


def _within_reach(table: Table, action: Mapping, ct: CombatType, targets: tuple[int, ...]) -> None:
    """Escape, rojo: "puede… alejarse": a character who moved away is out of reach of melee and
    wrestling this turn (a charge runs at it, a shot or a shock wave's area still reach it)."""
    if ct.group not in (MELEE, WRESTLING) or action.get("ground_material") is not None:
        return
    for i, cid in enumerate(targets):
        if (table.combatant(cid).get("effects") or {}).get("away"):
            refuse(
                "attack.out_of_reach",
                f"{table.combatant(cid)['name']} se ha alejado: está fuera de alcance este turno.",
                f"{table.combatant(cid)['name']} moved away: out of reach this turn.",
                path="/target" if i == 0 else f"/also_targets/{i - 1}",
                kind=CONFLICT,
                rule=ESCAPE_RULE,
            )


def _combined_partner(table: Table, action: Mapping, me: Mapping, actor: int) -> None:
    """Ataque combinado: "Ambos pueden tener, como mucho, un rango de diferencia en Fuerza"; the
    stronger declares it (the partner's own attack is checked when it resolves: combined.py)."""
    partner_id = action.get("combined_with")
    if partner_id is None:
        return
    partner = table.combatant(partner_id) if isinstance(partner_id, int) else None
    if partner is None or partner_id == actor or partner.get("side") != me.get("side"):
        refuse(
            "attack.bad_partner",
            "El compañero no está en el combate.",
            "The partner is not in the fight.",
            path="/combined_with",
            rule=COMBINED_RULE,
        )
    mine, theirs = ability(me, "strength"), ability(partner, "strength")
    if abs(column_index(mine) - column_index(theirs)) > 1 or mine < theirs:
        refuse(
            "attack.combined_strength",
            "Declara el de mayor Fuerza, y con un rango de diferencia como mucho.",
            "The stronger one declares it, at most one rank apart.",
            path="/combined_with",
            rule=COMBINED_RULE,
        )


def check_attack(table: Table, action: Mapping, actor: int | None, *, ignore_hold: bool = False) -> Attack:
    """Every refusal of an attack, before any change. `ignore_hold`: checked now for a moment when
    the actor will be free (the attack declared after an Escape)."""
    me = table.combatant(actor) if actor is not None else None
    if me is None:
        refuse("attack.no_actor", "¿Quién ataca?", "Who attacks?", path="/actor")
    ct = _combat_type(action)
    targets = _targets(table, action, actor)
    kind, item = _item(me, action, ct)
    _circumstances(action, ct)
    for key, high in (("shifts", 10), ("areas", 20), ("effect_karma", TOP)):
        _int(action, key, -10 if key == "shifts" else 0, high)
    for key in ("max_damage", "ground_material", "material"):
        _int(action, key, 0, TOP, default=None)
    if ct.slug == "thrown-blunt" and item is None and action.get("material") is None:
        refuse(
            "attack.needs_material",
            "¿De qué material es lo que se arroja?",
            "What is the thrown object made of?",
            path="/material",
        )
    karma = _int(action, "karma", 0, TOP)
    if karma > int(me.get("karma") or 0):
        refuse(
            "attack.not_enough_karma", "No tiene tanto Karma.", "It has not that much Karma.", path="/karma"
        )
    _ground(me, action, ct, item)
    _actor_may_attack(me, ignore_hold=ignore_hold)
    _within_reach(table, action, ct, targets)
    _combined_partner(table, action, me, actor)
    if action.get("called_shot") in ("disarm",) or ct.slug == "grabbing":
        _require_target_item(table, action, targets[0])
    return Attack(actor, targets, ct, item, kind, karma, int(action.get("shifts") or 0), action, table.round)


def _require_target_item(table: Table, action: Mapping, target: int) -> None:
    name = action.get("item")
    found = find_item(table.combatant(target), name) if isinstance(name, str) else None
    if found is None or found[0] != "weapon":
        refuse(
            "attack.unknown_target_item",
            "El objetivo no lleva ese objeto.",
            "The target has no such item.",
            path="/item",
        )


def is_melee_or_wrestling(ct: CombatType) -> bool:
    return ct.group in (MELEE, WRESTLING)
