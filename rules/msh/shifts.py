"""Column shifts of an attack, each with the seed's words and section. The net shift moves the
ability's column along the Universal Table (`ranks.shifted`)."""

from __future__ import annotations

from collections.abc import Mapping

from .attack_input import Attack
from .catalogue import CHARGE, RANGED
from .combatant import ability

PROCEDURE = "Procedimiento de combate"
RANGED_RULE = "Tipos de combate › A distancia"
CHARGE_RULE = "Tipos de combate › Carga"
MANEUVERS = "Ataques o maniobras especiales"


def _shift(slug: str, shifts: int, rule: str) -> dict:
    return {"slug": slug, "shifts": shifts, "rule": rule}


def _charge(attack: Attack) -> list[dict]:
    out = []
    areas = attack.number("areas") or 0
    if areas:
        # "Obtiene un +1, hasta un máximo de +3, columnas por cada área que corra."
        out.append(_shift("charge-areas", min(areas, 3), CHARGE_RULE))
    if attack.flag("diving"):
        # "Un personaje volador que cargue cayendo en picado obtiene un +4 adicional."
        out.append(_shift("diving", 4, CHARGE_RULE))
    return out


def _ranged(attack: Attack, me: Mapping, round_number: int) -> list[dict]:
    out = []
    if (me.get("effects") or {}).get("aimed") == round_number:
        # "Caso de perderse un turno apuntando, se obtiene +1 columna a la tirada."
        out.append(_shift("aimed", 1, RANGED_RULE))
    if attack.flag("point_blank"):
        # "Un disparo a bocajarro tiene un +3 columnas"
        out.append(_shift("point-blank", 3, RANGED_RULE))
    return out


def _own_state(me: Mapping, round_number: int) -> list[dict]:
    out = []
    effects = me.get("effects") or {}
    held = effects.get("held_by")
    if held and not held.get("full"):
        # Sujeción, amarillo: "Este sufre dos columnas de penalización."
        out.append(_shift("partially-held", -2, "Tipos de combate › Lucha › Sujeción"))
    if effects.get("escaped") == "red":
        # Escape, rojo: "El defensor se libera y puede o alejarse o intentar un ataque con un -2"
        out.append(_shift("after-escape", -2, "Acciones defensivas › Escape"))
    if effects.get("dodge") is not None:
        # Esquivar: "puede hacerse otra acción, pero con un -2 a las columnas"
        out.append(_shift("dodging", -2, "Acciones defensivas › Esquivar"))
    bonus = effects.get("bonus_cs") or {}
    if bonus.get("round") == round_number:
        # Evadirse, amarillo/rojo: "atacar con +1 columna el turno siguiente" / "+2"
        out.append(_shift("evade-advantage", int(bonus["shifts"]), "Acciones defensivas › Evadirse"))
    return out


def _target_state(attack: Attack, target: Mapping) -> list[dict]:
    dodge = (target.get("effects") or {}).get("dodge")
    if dodge and (attack.combat_type.group in (RANGED, CHARGE)):
        # Esquivar: "Todos los ataques a distancia tienen un -2 / -4 / -6" (and charges).
        return [_shift("target-dodging", int(dodge), "Acciones defensivas › Esquivar")]
    return []


def column_shifts(attack: Attack, me: Mapping, target: Mapping, round_number: int) -> list[dict]:
    ct = attack.combat_type
    out = []
    if attack.flag("darkness"):
        out.append(_shift("darkness", -2, PROCEDURE))  # "Luchar en la oscuridad siempre da un -2 columnas."
    if ct.group == RANGED:
        out += _ranged(attack, me, round_number)
    if ct.group == CHARGE:
        out += _charge(attack)
    if ct.slug == "blunt" and attack.item and attack.item.get("material", 0) > ability(me, "strength"):
        # "Si se blande un arma de un material con una Fuerza superior a la del atacante, se añade una columna"
        out.append(_shift("heavy-weapon", 1, "Tipos de combate › Cuerpo a cuerpo › Contundente"))
    if len(attack.targets) > 1 and attack.action.get("ground_material") is None:
        out.append(
            _shift("multiple-targets", -4, f"{MANEUVERS} › Objetivos múltiples")
        )  # "un modificador de -4 columnas"
    if attack.flag("surprise"):
        out.append(_shift("surprise", 2, f"{MANEUVERS} › Sorprender"))  # "otorga +2 columnas al atacante"
    out += _own_state(me, round_number) + _target_state(attack, target)
    if attack.shifts:
        out.append(_shift("circumstances", attack.shifts, PROCEDURE))
    return out
