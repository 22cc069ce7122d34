"""The event texts, each written once with its public version (without a hidden combatant's
numbers) made from the same pieces."""

from __future__ import annotations

from collections.abc import Mapping

from .ranks import BY_SLUG, COLOUR_NAMES

EFFECT_NAMES = {
    "miss": ("falla", "misses"),
    "overshoot": ("falla y se pasa de largo", "misses and overshoots"),
    "hit": ("acierta", "hits"),
    "slam": ("acierta y puede empujar", "hits and may slam"),
    "stun": ("acierta y puede aturdir", "hits and may stun"),
    "kill": ("acierta y puede matar", "hits and may kill"),
    "bullseye": ("hace diana", "hits the bullseye"),
    "partial-hold": ("sujeta", "grapples"),
    "hold": ("inmoviliza", "holds fast"),
    "grab": ("arrebata", "grabs"),
    "grab-if-stronger": ("arrebata", "grabs"),
    "grab-break": ("arrebata", "grabs"),
    "evaded": ("no alcanza: el objetivo se evade", "is evaded"),
    "squeeze": ("aprieta", "squeezes"),
    "disarm": ("desarma", "disarms"),
    "trick-stun": ("busca aturdir", "tries to stun"),
}


# A target's state after the hit, as the sentence names it (the statuses of combatant.py).
STATUS_NAMES = {
    "stunned": ("aturdido", "stunned"),
    "unconscious": ("inconsciente", "unconscious"),
    "dying": ("muriendo", "dying"),
    "dead": ("muerto", "dead"),
}


def colour_name(colour: str | None) -> tuple[str, str]:
    return COLOUR_NAMES.get(colour or "", ("—", "—"))


def _column(slug: str | None) -> tuple[str, str]:
    rank = BY_SLUG.get(slug or "")
    return (rank.name_es, rank.name_en) if rank else ("—", "—")


def attack_texts(me: Mapping, target: Mapping, attack, payload: Mapping) -> dict:
    who, whom = me.get("name", "?"), target.get("name", "?")
    es_effect, en_effect = EFFECT_NAMES.get(payload["effect"], (payload["effect"], payload["effect"]))
    es_colour, en_colour = colour_name(payload.get("colour"))
    ct = attack.combat_type
    head_es = f"{who} ({ct.name_es}) contra {whom}: {es_colour}, {es_effect}"
    head_en = f"{who} ({ct.name_en}) against {whom}: {en_colour}, {en_effect}"
    roll = payload.get("roll")
    numbers_es = numbers_en = ""
    if roll:
        col_es, col_en = _column(payload.get("column"))
        numbers_es = f" (tirada {roll['total']} en {col_es}, {payload['shifts']:+d} columnas)"
        numbers_en = f" (roll {roll['total']} on {col_en}, {payload['shifts']:+d} columns)"
    tail_es = tail_en = ""
    if payload.get("hit") and "damage" in payload:
        tail_es = f"; {payload['damage']} de daño, Salud {payload['target_hit_points']}"
        tail_en = f"; {payload['damage']} damage, Health {payload['target_hit_points']}"
    obstacle_es, obstacle_en = _obstacle(payload)
    status = payload.get("target_status")
    status_es, status_en = STATUS_NAMES.get(status or "", (status, status))
    state_es = f" {whom}: {status_es}." if status and status != "active" else ""
    state_en = f" {whom}: {status_en}." if status and status != "active" else ""
    return {
        "text": {
            "es": f"{head_es}{numbers_es}{obstacle_es}{tail_es}.{state_es}",
            "en": f"{head_en}{numbers_en}{obstacle_en}{tail_en}.{state_en}",
        },
        "public_text": {
            "es": f"{head_es}{obstacle_es}.{state_es}",
            "en": f"{head_en}{obstacle_en}.{state_en}",
        },
    }


def _obstacle(payload: Mapping) -> tuple[str, str]:
    """Carga, blanco: the charger's Agility roll against the obstacles beyond the target."""
    if not isinstance(payload.get("obstacle_roll"), Mapping):
        return "", ""
    es_colour, en_colour = colour_name(payload["obstacle_roll"].get("colour"))
    if payload.get("obstacles_avoided"):
        return (
            f"; Agilidad {es_colour}: esquiva los obstáculos",
            f"; Agility {en_colour}: avoids the obstacles",
        )
    return (
        f"; Agilidad {es_colour}: no esquiva los obstáculos",
        f"; Agility {en_colour}: does not avoid the obstacles",
    )


def simple(name: str, es: str, en: str) -> dict:
    return {"es": f"{name} {es}", "en": f"{name} {en}"}
