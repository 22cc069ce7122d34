"""Las Consecuencias Críticas: what one hit that takes half the maximum Puntos de Vida or more
does. "Amputación … 50% … o más": one zone by the Tabla de Zonas de Daño (the head kills) and
−10% of the maximum for good; "Desmembramiento … 75% … o más": "2D10 para determinar dos zonas",
−20%; "Muerte Automática … 100%". An aimed attack "no se realiza ninguna tirada para determinar
la zona": its zone first, then (Desmembramiento) "una zona cercana"."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource

from .catalogue import CRITICAL, CRITICAL_CONSEQUENCES, ZONE, CriticalConsequence, Zone, zone_for_face

RULE = CRITICAL


def consequence_for(damage: int, hit_points_max: int) -> CriticalConsequence | None:
    """The gravest consequence whose share of the maximum the hit reaches, or None."""
    if hit_points_max <= 0:
        return None
    for consequence in CRITICAL_CONSEQUENCES:
        if damage * 100 >= consequence.min_percent * hit_points_max:
            return consequence
    return None


def _rolled_zones(dice: DiceSource, count: int) -> tuple[list[Zone], dict]:
    faces, nonces = [], []
    zones: list[Zone] = []
    for _ in range(count):
        face, nonce = dice.roll(10)
        faces.append(face)
        nonces.append(nonce)
        zone = zone_for_face(face)
        # Two dice on one zone destroy that zone and its neighbour (rules notes, "Desmembramiento").
        zones.append(ZONE[zone.near] if zone in zones else zone)
    return zones, {"sides": 10, "faces": faces, "nonces": nonces, "total": sum(faces)}


def _aimed_zones(aimed: str, count: int) -> list[Zone]:
    first = ZONE[aimed]
    return [first, ZONE[first.near]][:count]


def apply_consequence(combatant: dict, damage: int, dice: DiceSource, aimed: str | None) -> dict:
    """Changes `combatant` (already hurt by `damage`) and says what happened, for the event."""
    consequence = consequence_for(damage, combatant["hit_points_max"])
    if consequence is None:
        return {"critical": None, "zones": [], "zone_roll": None, "max_hit_points_lost": 0, "killed": False}
    if consequence.zones and aimed:
        zones, zone_roll = _aimed_zones(aimed, consequence.zones), None
    elif consequence.zones:
        zones, zone_roll = _rolled_zones(dice, consequence.zones)
    else:
        zones, zone_roll = [], None
    loss = combatant["hit_points_max"] * consequence.max_hit_points_loss_percent // 100
    combatant["hit_points_max"] -= loss
    combatant["hit_points"] -= loss
    combatant["destroyed_zones"] = [*combatant.get("destroyed_zones", []), *(z.slug for z in zones)]
    killed = consequence.kills or any(z.kills for z in zones)
    if killed:
        combatant["status"] = "dead"
    return {
        "critical": consequence.slug,
        "zones": [z.slug for z in zones],
        "zone_roll": zone_roll,
        "max_hit_points_lost": loss,
        "killed": killed,
    }


def consequence_names(result: Mapping) -> tuple[str, str]:
    slug = result.get("critical")
    if not slug:
        return "", ""
    consequence = next(c for c in CRITICAL_CONSEQUENCES if c.slug == slug)
    zones_es = ", ".join(ZONE[z].name_es for z in result.get("zones") or [])
    zones_en = ", ".join(ZONE[z].name_en for z in result.get("zones") or [])
    es = f" ¡{consequence.name_es}!" + (f" ({zones_es})" if zones_es else "")
    en = f" {consequence.name_en}!" + (f" ({zones_en})" if zones_en else "")
    return es, en
