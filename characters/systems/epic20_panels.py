"""The budget and derived-number panels Epic20's builder and sheet share: each line's spent and
available points with what they hide (conversions, mundane equipment), the trades as the player
reads them, what each equipment item costs, and the derived numbers.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.epic20.costs import equipment_cost
from rules.epic20.sheet import EQUIPMENT_FLAGS, EquipmentEntry

from .. import selectors
from ..page_format import half, signed
from .epic20_catalogue import maps
from .epic20_form import BuilderForm
from .epic20_texts import name_of

BUDGET_CATEGORIES = ("powers", "skills", "advantages", "maneuvers", "complications", "special_equipment")


def budget_label(key: str) -> str:
    return {
        "powers": _("Poderes"),
        "skills": _("Habilidades"),
        "advantages": _("Ventajas"),
        "maneuvers": _("Maniobras de combate"),
        "complications": _("Complicaciones"),
        "special_equipment": _("Equipo especial"),
    }.get(key, key)


def budget_short_label(key: str) -> str:
    """The budget bar's names, short enough for six on a phone."""
    return {
        "powers": _("Pod."),
        "skills": _("Hab."),
        "advantages": _("Vent."),
        "maneuvers": _("Man."),
        "complications": _("Compl."),
        "special_equipment": _("Eq. esp."),
    }.get(key, key)


def _number_or_zero(value: Any) -> float:
    return float(value) if isinstance(value, int | float | Decimal) and not isinstance(value, bool) else 0.0


def _budget_notes(budget: dict, equipment_points: float) -> dict[str, list[str]]:
    """What each line's numbers hide: power points traded away (LISTA DE PODERES: a power point
    "puede cambiarse" for skill, advantage or maneuver points), what those trades added, and the
    advantage points mundane equipment takes ("1 pto en equipo daría dos objetos mundanos",
    LISTA DE VENTAJAS)."""
    notes: dict[str, list[str]] = defaultdict(list)
    traded: dict[str, float] = defaultdict(float)
    gained: dict[str, float] = defaultdict(float)
    for conversion in budget.get("conversions") or []:
        traded[conversion.get("from", "")] += _number_or_zero(conversion.get("amount"))
        gained[conversion.get("to", "")] += _number_or_zero(conversion.get("gained"))
    for key, amount in traded.items():
        if amount:
            notes[key].append(_("%(amount)s convertido") % {"amount": half(amount)})
    for key, amount in gained.items():
        if amount:
            notes[key].append(_("+%(amount)s por conversión") % {"amount": half(amount)})
    if equipment_points:
        notes["advantages"].append(_("%(amount)s en equipo mundano") % {"amount": half(equipment_points)})
    return notes


def budget_rows(budget: dict, equipment_points: float = 0) -> list[dict]:
    notes = _budget_notes(budget, equipment_points)
    rows = []
    for key in BUDGET_CATEGORIES:
        line = budget.get(key) or {}
        available, spent = line.get("available", 0) or 0, line.get("spent", 0) or 0
        percent = (
            100
            if available <= 0 and spent > 0
            else (0 if available <= 0 else min(100, round(100 * spent / available)))
        )
        rows.append(
            {
                "key": key,
                "label": budget_label(key),
                "short": budget_short_label(key),
                "available": half(available),
                "spent": half(spent),
                "over": spent > available,
                "left": half(available - spent),
                "percent": percent,
                "notes": notes.get(key, []),
            }
        )
    return rows


# Written out in full so that `makemessages` finds each pair.
CONVERSION_UNITS = {
    "powers": lambda c: ngettext("%(n)s punto de poder", "%(n)s puntos de poder", c),
    "skills": lambda c: ngettext("%(n)s punto de habilidad", "%(n)s puntos de habilidad", c),
    "advantages": lambda c: ngettext("%(n)s punto de ventaja", "%(n)s puntos de ventaja", c),
    "maneuvers": lambda c: ngettext("%(n)s maniobra", "%(n)s maniobras", c),
    "special_equipment": lambda c: ngettext(
        "%(n)s punto de equipo especial", "%(n)s puntos de equipo especial", c
    ),
}


def _points_of(category: str, amount: Any) -> str:
    """ "1 punto de poder", "½ puntos de poder", "2 puntos de habilidad": the singular only for
    exactly one, in Spanish as in English."""
    count = 1 if _number_or_zero(amount) == 1 else 2
    unit = CONVERSION_UNITS.get(category)
    template = unit(count) if unit else "%(n)s " + category
    return template % {"n": half(amount)}


def conversion_rows(budget: dict) -> list[str]:
    """Each trade as the player reads it: "1 punto de poder → 2 puntos de habilidad"."""
    rows = []
    archetypes = maps()["archetypes"]
    lang = selectors.request_lang()
    for c in budget.get("conversions") or []:
        text = f"{_points_of(c.get('from', ''), c.get('amount'))} → {_points_of(c.get('to', ''), c.get('gained'))}"
        archetype = archetypes.get(c.get("archetype") or "")
        if archetype is not None:
            text += " " + _("(tasa de %(name)s)") % {"name": name_of(archetype, lang)}
        rows.append(text)
    return rows


def derived_rows(derived: dict) -> list[dict]:
    attack = derived.get("attack_bonus") or {}
    return [
        {"key": "defense", "label": _("Defensa"), "value": derived.get("defense", "—")},
        {"key": "hit_points", "label": _("Puntos de vida"), "value": derived.get("hit_points", "—")},
        {
            "key": "hero_points_max",
            "label": _("Puntos de Héroe (máximo)"),
            "value": derived.get("hero_points_max", "—"),
        },
        {
            "key": "initiative_bonus",
            "label": _("Iniciativa"),
            "value": "1d20 " + signed(derived.get("initiative_bonus")),
        },
        {"key": "melee", "label": _("Ataque cuerpo a cuerpo"), "value": signed(attack.get("melee"))},
        {"key": "ranged", "label": _("Ataque a distancia"), "value": signed(attack.get("ranged"))},
        {"key": "mental", "label": _("Ataque mental"), "value": signed(attack.get("mental"))},
        {"key": "emotional", "label": _("Ataque emocional"), "value": signed(attack.get("emotional"))},
        {"key": "languages", "label": _("Lenguajes"), "value": derived.get("languages", "—")},
        {
            "key": "special_equipment_cap",
            "label": _("Máximo de equipo especial"),
            "value": derived.get("special_equipment_cap", "—"),
        },
    ]


def item_cost(values, index: int, terms) -> float:
    """What one equipment item costs. LISTA DE VENTAJAS: "1 pto en equipo daría dos objetos
    mundanos" (½ each); a special item is 1 special-equipment point or its power's cost when
    higher (the engine's `equipment_cost`, which also doubles defensive items for the Artista
    marcial)."""
    power = values.get("power") if isinstance(values.get("power"), str) else None
    power = power if power in maps()["powers"] else None
    # Every property, since a shield is "equipo … defensivo" too (the Artista marcial pays it double).
    flags = {key: values.get(key) in ("on", "true", "1", True) for key in EQUIPMENT_FLAGS}
    entry = EquipmentEntry(
        index=index,
        kind="special" if values.get("kind") == "special" else "mundane",
        name=str(values.get("name") or ""),
        power=power,
        **flags,
    )
    return float(equipment_cost(entry, terms))


def item_cost_text(special: bool, cost: float) -> str:
    if special:
        return _("%(n)s de equipo especial") % {"n": half(cost)}
    return _("%(n)s de ventaja") % {"n": half(cost)}


def equipment_costs(form: BuilderForm) -> tuple[dict[str, str], float]:
    """What each equipment row costs, by row slot, and the advantage points mundane items take.
    Call after `form.sheet()`: a row without a name is not in the sheet and costs nothing yet."""
    terms = maps()["archetypes"].get(form.fields.get("archetype") or "")
    costs, mundane = {}, 0.0
    for row in form.rows["equipment"]:
        if row.sheet_index is None:
            continue
        special = row.values.get("kind") == "special"
        cost = item_cost(row.values, row.sheet_index, terms)
        costs[row.slot] = item_cost_text(special, cost)
        mundane += 0 if special else cost
    return costs, mundane
