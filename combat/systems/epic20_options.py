"""The maneuvers Epic20's attack form offers the acting combatant (read from the engine's
catalogue), and the catalogue's names in the page's language (for `combat.systems.epic20`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from rules.epic20 import index
from rules.epic20.encounter.maneuver_actions import ANY_TIME_MANEUVERS, MANEUVERS, NEEDS
from rules.epic20.resolution.maneuvers import STANDARD_ACTION_MANEUVERS, tier

DECLARED_ON_OWN_TURN = {"parada", "esquiva", "defensa-total", "defensa-a-la-carrera", "interponerse"}
DECLARED_ON_OWN_TURN |= {"mostrar-punto-debil"}
# The declarable maneuvers the form names for what they do, not by the catalogue's name.
DECLARABLE_LABELS = {"levantarse": _("Levantarse"), "desenfundar": _("Desenfundar o recoger equipo")}


def entry_name(entry, lang: str, fallback: str) -> str:
    """A catalogue entry's name in the page's language; `fallback` when there is no entry."""
    if entry is None:
        return fallback
    return entry.name_en if lang == "en" else entry.name_es


def maneuver_options(state, lang: str) -> dict:
    """The attack form's maneuvers: those of a standard action, those the combatant may declare,
    and those it may use at any time."""
    return {
        "maneuvers": _standard_maneuvers(state, lang),
        "declarable": _declarable_maneuvers(state, lang),
        "any_time": _any_time_maneuvers(state, lang),
    }


def _standard_maneuvers(state, lang: str) -> list[dict]:
    """The standard action maneuvers the combatant knows, but those declared on its own turn."""
    return [
        {"value": base, "label": entry_name(index.MANEUVERS.get(base), lang, base)}
        for base in sorted(STANDARD_ACTION_MANEUVERS - DECLARED_ON_OWN_TURN)
        if tier(state, base)
    ]


def _declarable_maneuvers(state, lang: str) -> list[dict]:
    """The maneuvers the combatant may declare now, each with what it needs: getting up while on
    the ground, drawing or picking up equipment while it carries some, and any other it knows."""
    return [
        {"value": base, "label": _declarable_label(base, lang), "needs": NEEDS[base]}
        for base in MANEUVERS
        if (base == "levantarse" and state.condition("prone"))
        or (base == "desenfundar" and state.equipment)
        or tier(state, base)
    ]


def _declarable_label(base: str, lang: str) -> str:
    if base in DECLARABLE_LABELS:
        return str(DECLARABLE_LABELS[base])
    return entry_name(index.MANEUVERS.get(base), lang, base)


def _any_time_maneuvers(state, lang: str) -> list[dict]:
    """The maneuvers the combatant knows that it may use at any time (each named, and known, by
    its maneuver without the "-antes")."""
    return [
        {"value": base, "label": entry_name(index.MANEUVERS.get(base.removesuffix("-antes")), lang, base)}
        for base in ANY_TIME_MANEUVERS
        if tier(state, base.removesuffix("-antes"))
    ]
