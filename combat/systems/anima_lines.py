"""The Anima-style fight's events as lines of the log: an attack's two rolls, the attacker's d10
and the defender's, each with the ability it adds and its total, the difference and the impact
level it reaches on the Tabla de Resultados de Combate, the damage; initiative, opportunity,
resistance and life-and-death rolls likewise (Atacar; Defenderse; Las Acciones)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from rules.anima.modifier_names import NAMES
from rules.anima.results import DEFAULT_LEVELS

from ..lines import (
    HIDDEN,
    EventView,
    Labels,
    LogLine,
    Modifier,
    Names,
    RollLine,
    commitment_of,
    dice_of,
    hidden_roll,
    line_for,
)

LEVEL_NAMES = {level.slug: (level.name_es, level.name_en) for level in DEFAULT_LEVELS}
# Every modifier's words: a roll never shows the engine's slug.
LABELS = Labels("anima", NAMES)


def _pick(lang: str, es: str, en: str) -> str:
    return en if lang == "en" else es


def _modifiers(found: Any, lang: str) -> tuple[Modifier, ...]:
    return tuple(
        Modifier(label=LABELS.word(str(m.get("slug") or ""), lang), delta=int(m.get("value") or 0))
        for m in found or []
        if isinstance(m, Mapping)
    )


def d10_line(roll: Any, label: str, modifiers: tuple[Modifier, ...] = ()) -> RollLine | None:
    """ "Ataque: 1d10 [10] +5 = 15": the die, the ability added, the total."""
    if not isinstance(roll, Mapping):
        return None
    if roll.get("hidden"):
        count = max(len(roll.get("nonces") or []), 1)
        return hidden_roll(label, f"{count}d{roll.get('sides') or 10}", commitment_of(roll))
    total = int(roll.get("total") or 0)
    bonus = roll.get("bonus")
    reading = f"{int(bonus):+d} = {total}" if bonus is not None else f"= {total}"
    count = len(roll.get("faces") or [])
    return RollLine(
        label=label,
        dice=f"{count}d{roll.get('sides', 10)}",
        faces=dice_of(roll),
        total=total,
        reading=reading,
        modifiers=modifiers,
        commitment=commitment_of(roll),
    )


def rolls(view: EventView, lang: str) -> tuple[RollLine, ...]:
    found = [
        d10_line(view.get("attack_roll"), _("Ataque"), _modifiers(view.get("attack_modifiers"), lang)),
        d10_line(view.get("defense_roll"), _("Defensa"), _modifiers(view.get("defense_modifiers"), lang)),
        d10_line(view.get("zone_roll"), _("Zona")),
        d10_line(view.get("initiative_roll"), _("Iniciativa")),
        d10_line(view.get("attacker_roll"), _("Quien ataca")),
        d10_line(view.get("target_roll"), _("Quien se aleja")),
        d10_line(view.get("resistance_roll"), _("Resistencia")),
    ]
    if view.get("type") == "life_and_death":
        found.append(d10_line(view.get("roll"), _("Resistencia física")))
    if view.get("type") == "first_aid":
        found.append(d10_line(view.get("roll"), _("Medicina"), _modifiers(view.get("modifiers"), lang)))
    return tuple(r for r in found if r is not None)


def what(view: EventView, lang: str) -> str:
    if view.get("type") not in ("attack", "counterattack", "opportunity_attack"):
        return ""
    weapon = view.get("with")
    parts = [str(_("sin armas")) if weapon == "unarmed" else str(weapon or "")]
    if int(view.get("attacks") or 1) > 1 and view.get("attack_index"):
        parts.append(_("ataque %(n)s de %(of)s") % {"n": view["attack_index"], "of": view["attacks"]})
    return " · ".join(p for p in parts if p)


def outcome(view: EventView, lang: str) -> str:
    words = []
    if view.get("difference") is not None:
        words.append(_("diferencia %(n)s") % {"n": f"{int(view['difference']):+d}"})
    level = LEVEL_NAMES.get(str(view.get("impact_level") or ""))
    if level:
        words.append(_pick(lang, *level))
    if view.get("damage"):
        words.append(_("%(n)s de daño") % {"n": view["damage"]})
    if view.get("counterattack_offered"):
        bonus = view.get("counterattack_bonus")
        words.append(_("contraataque %(n)s") % {"n": HIDDEN if bonus is None else f"{int(bonus):+d}"})
    return ", ".join(str(w) for w in words)


def log_line(view: EventView, names: Names, lang: str, *, heading: str, rule: str) -> LogLine:
    hit = view.get("hit")
    return line_for(
        view,
        names,
        heading=heading,
        what=what(view, lang),
        rolls=rolls(view, lang),
        outcome=outcome(view, lang),
        rule=rule,
        tone="hit" if hit is True else "miss" if hit is False else "",
    )
