"""Texts of the events Epic20's order of play writes (INICIATIVA, Tipos de acciones en el turno),
in both languages, with the rule section each applies."""

from __future__ import annotations

from rules.core.encounter import Entry
from rules.core.texts import texts

TEXTS = {
    "encounter_started": ("Empieza el combate.", "The combat begins."),
    "surprise": ("Asalto de sorpresa: actúan primero {names}.", "Surprise round: {names} act first."),
    "round_started": ("Empieza el asalto {number}.", "Round {number} begins."),
    "turn_started": ("Turno de {name}.", "{name}'s turn."),
    "turn_resumed": ("{name} actúa ahora (retrasó su acción).", "{name} acts now (delayed their action)."),
    "turn_ended": ("{name} termina su turno.", "{name} ends their turn."),
    "turn_skipped": ("{name} no puede actuar este turno.", "{name} cannot act this turn."),
    "delayed": ("{name} retrasa su acción.", "{name} delays their action."),
    "minion_hit_points": (
        "El director fija los puntos de vida de {name} en {hit_points}.",
        "The GM sets {name}'s hit points to {hit_points}.",
    ),
    "minion_hit_points:public": (
        "El director fija los puntos de vida de {name}.",
        "The GM sets {name}'s hit points.",
    ),
    "encounter_ended": ("Termina el combate.", "The combat ends."),
}
RULES = {
    "encounter_started": "INICIATIVA",
    "surprise": "PREGUNTAS FRECUENTES › ¿Cómo funciona la sorpresa?",
    "round_started": "INICIATIVA",
    "turn_started": "Tipos de acciones en el turno",
    "turn_resumed": "MANIOBRAS DE COMBATE",
    "turn_ended": "Tipos de acciones en el turno",
    "turn_skipped": "DAÑO EN COMBATE",
    "delayed": "MANIOBRAS DE COMBATE",
    "minion_hit_points": "DAÑO EN COMBATE",
}
# Events whose numbers are the target's (a hidden NPC's are the GM's).
PRIVATE = {"minion_hit_points": "target"}


def order_entry(kind: str, *, round: int, actor=None, target=None, **params) -> Entry:
    """One of the order of play's own events, its text written in both languages."""
    if isinstance(params.get("names"), list):
        params["names"] = ", ".join(str(n) for n in params["names"])
    payload: dict = {"text": texts(kind, TEXTS, **params), "rule": RULES.get(kind, "")}
    if f"{kind}:public" in TEXTS:
        payload["public_text"] = texts(f"{kind}:public", TEXTS, **params)
    if kind in PRIVATE:
        payload["private"] = PRIVATE[kind]
    if kind == "minion_hit_points":
        payload["hit_points"] = params["hit_points"]
    return Entry(kind, payload, _int(actor), _int(target), round)


def _int(value) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None
