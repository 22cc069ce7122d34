"""The words of an attack in both languages, written from the event's own numbers so that the
full text and the texts that leave out a hidden NPC's numbers come from the same pieces."""

from __future__ import annotations

from collections.abc import Mapping

from .critical import consequence_names
from .results import DEFAULT_LEVELS

KIND_NAMES = {
    "full-attack": ("ataca a", "attacks"),
    "counterattack": ("contraataca a", "counterattacks"),
    "opportunity-attack": ("aprovecha para atacar a", "makes an opportunity attack on"),
    "supernatural-attack": ("lanza un poder contra", "casts a power at"),
}
LEVEL_NAMES = {level.slug: (level.name_es, level.name_en) for level in DEFAULT_LEVELS}


def _numbers(p: Mapping, hide_actor: bool, hide_target: bool) -> tuple[str, str]:
    attack = "?" if hide_actor else str(p["attack_total"])
    defense = "?" if hide_target else str(p["defense_total"])
    if hide_actor and hide_target:
        return "", ""
    shown = "" if hide_actor or hide_target else f", diferencia {p['difference']}"
    shown_en = "" if hide_actor or hide_target else f", difference {p['difference']}"
    return f" ({attack} contra {defense}{shown})", f" ({attack} against {defense}{shown_en})"


def _after(p: Mapping, target: str, hide_target: bool) -> tuple[str, str]:
    es = en = ""
    if p["damage"]:
        es, en = f" {p['damage']} de daño.", f" {p['damage']} damage."
    if p.get("counterattack"):
        es += f" {target} puede contraatacar." if p.get("counterattack_offered") else ""
        en += f" {target} may counterattack." if p.get("counterattack_offered") else ""
    crit_es, crit_en = consequence_names(p)
    es, en = es + crit_es, en + crit_en
    # The fall is seen at the table (Estado de Vida y Muerte): only the numbers are hidden.
    if p["damage"] and p.get("target_status") == "dying":
        es, en = (
            es + f" {target} cae entre la vida y la muerte.",
            en + f" {target} falls between life and death.",
        )
    elif p["damage"] and p.get("target_status") == "dead" and not p.get("killed"):
        es, en = es + f" {target} muere.", en + f" {target} dies."
    if not hide_target and p["damage"]:
        es += f" A {target} le quedan {p['target_hit_points']} PV."
        en += f" {target} has {p['target_hit_points']} HP left."
    return es, en


def attack_text(p: Mapping, actor: str, target: str, *, hide_actor: bool, hide_target: bool) -> dict:
    verb_es, verb_en = KIND_NAMES[p["kind"]]
    level_es, level_en = LEVEL_NAMES.get(p["impact_level"], (p["impact_level"], p["impact_level"]))
    numbers_es, numbers_en = _numbers(p, hide_actor, hide_target)
    after_es, after_en = _after(p, target, hide_target)
    count = f" [{p['attack_index']}/{p['attacks']}]" if p.get("attacks", 1) > 1 else ""
    with_es, with_en = (
        ("sin armas", "bare-handed") if p["with"] == "unarmed" else (f"con {p['with']}", f"with {p['with']}")
    )
    return {
        "es": f"{actor} {verb_es} {target} {with_es}{count}{numbers_es}: {level_es}.{after_es}",
        "en": f"{actor} {verb_en} {target} {with_en}{count}{numbers_en}: {level_en}.{after_en}",
    }


def attack_texts(p: Mapping, actor: str, target: str) -> dict:
    """`text` (all numbers), `public_text` (neither side's) and `partial_texts` keyed by the one
    side whose numbers are hidden."""
    return {
        "text": attack_text(p, actor, target, hide_actor=False, hide_target=False),
        "public_text": attack_text(p, actor, target, hide_actor=True, hide_target=True),
        "partial_texts": {
            "actor": attack_text(p, actor, target, hide_actor=True, hide_target=False),
            "target": attack_text(p, actor, target, hide_actor=False, hide_target=True),
        },
    }
