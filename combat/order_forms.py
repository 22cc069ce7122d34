"""The fight page's standing-order panel (`templates/combat/_standing_orders.html`): whom the
viewer gives orders for (a player their characters, the GM the NPCs), each one's order in the
system's words, and the form for one action of the system, drawn from that action's input schema
(`combat.systems.generic.fields_of`), the target a list of the combatants. The form is read back
as the generic forms are (`generic.action_from_form`) and checked by the API's own service."""

from __future__ import annotations

import dataclasses
import typing

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rules.core.ahead import DeclaringCombat
from rules.core.schema import json_name

from .display import declared_words
from .models import StandingOrder
from .systems.generic import fields_of


def orderable(system) -> dict:
    """The action types an order may hold: what the system's `declare` takes."""
    combat = system.combat
    if isinstance(combat, DeclaringCombat):
        return dict(combat.declarable)
    declare = combat.actions.get("declare")
    if declare is None:
        return {}
    hints = typing.get_type_hints(declare.schema)
    inner = typing.get_type_hints(hints["action"]).get("type")
    names = typing.get_args(inner) or ()
    return {name: combat.actions[name] for name in names if name in combat.actions}


def type_label(name: str, kind, show, lang: str) -> str:
    summary = (kind.summary_en if lang == "en" else "") or kind.summary_es
    return str(show.action_labels.get(name) or (summary or "").rstrip(".") or name)


def _scalar_fields(kind) -> list[dict]:
    """The fields a page form can hold: a nested action (MSH's held one) keeps its default."""
    hints = typing.get_type_hints(kind.schema)
    nested = {
        f.name
        for f in dataclasses.fields(kind.schema)
        if any(dataclasses.is_dataclass(a) for a in (hints[f.name], *typing.get_args(hints[f.name])))
    }
    return [f for f in fields_of(kind) if f["name"] not in nested and not (f["many"] and f["kind"] != "int")]


FIELD_LABELS = {
    "target": _("Objetivo"),
    "targets": _("Objetivos"),
    "more_targets": _("Otros objetivos"),
    "with": _("Con qué"),
    "attack": _("Ataque"),
    "kind": _("Clase de ataque"),
    "combat_type": _("Tipo de combate"),
    "maneuver": _("Maniobra"),
    "skill": _("Habilidad"),
    "power": _("Poder"),
}
# Fields whose value is a combatant (or several): a list of the combatants.
COMBATANT_FIELDS = frozenset({"target", "targets", "more_targets", "protect", "before", "combined_with"})


def _label(name: str, meta) -> str:
    help_text = meta.get("help_en") if (get_language() or "es").startswith("en") else meta.get("help_es")
    return str(FIELD_LABELS.get(name) or help_text or name)


def form_fields(kind, values: dict, show, lang: str) -> list[dict]:
    """The form's fields, with their labels and values; `more`: the optional ones the form keeps
    folded under "Más opciones" (the target and what the action uses are always in view)."""
    own = {json_name(f): f for f in dataclasses.fields(kind.schema)}
    out = []
    for f in _scalar_fields(kind):
        field = own[f["name"]]
        required = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        out.append(
            {
                **f,
                "required": required,
                "more": not required and f["name"] not in FIELD_LABELS,
                "label": _label(f["name"], field.metadata),
                "combatants": f["name"] in COMBATANT_FIELDS,
                "value": values.get(f["name"], [] if f["many"] else None),
                "choices": [
                    {"value": c, "label": show.choice_label(f["name"], c, lang)} for c in f["choices"]
                ],
            }
        )
    return out


def _entry(card: dict, order, kinds: dict, words: str, show, lang: str) -> dict:
    action = order.action if order else {}
    name = action.get("type") or ("attack" if "attack" in kinds else next(iter(kinds), ""))
    fields = form_fields(kinds[name], action, show, lang) if name in kinds else []
    return {
        "card": card,
        "order": order,
        "words": words,
        "type": name,
        "fields": fields,
        "has_more": any(f["more"] for f in fields),
    }


def panel(*, user, system, show, cards: list[dict], is_gm: bool, lang: str) -> dict:
    """What the panel shows: one entry per combatant the viewer gives orders for."""
    mine = [c for c in cards if (c.get("owner") is None if is_gm else c.get("owner") == user.pk)]
    orders = StandingOrder.objects.filter(combatant_id__in=[c["id"] for c in mine])
    by_combatant = {o.combatant_id: o for o in orders}
    kinds = orderable(system)
    by_id = {c["id"]: c for c in cards}
    entries = []
    for card in mine:
        order = by_combatant.get(card["id"])
        words = declared_words(order.action, show, system, by_id, lang) if order else ""
        entries.append(_entry(card, order, kinds, words, show, lang))
    types = [{"value": n, "label": type_label(n, k, show, lang)} for n, k in kinds.items()]
    return {"entries": entries, "types": types}
