"""Reads for encounters: what a given user may see of the state and the turn log.

The state comes from the fold cached on the encounter row (`Encounter.state`), so showing an
encounter costs a constant number of queries however long the fight. Players never see the
internals of the GM's NPCs in the state (their sheet, hit points, defense, hero points and
equipment); the turn log is what happened at the table, the same for every member.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign
from combat.access import is_encounter_gm
from combat.models import Combatant, Encounter, Event

# Fields of a combatant's state that only the GM sees when the combatant is an NPC.
NPC_HIDDEN_FIELDS = (
    "hit_points",
    "hit_points_max",
    "defense",
    "defense_penalty",
    "hero_points",
    "hero_points_max",
    "equipment",
)


def encounter_list_for_campaign(campaign: Campaign) -> QuerySet[Encounter]:
    return campaign.encounters.order_by("-created_at", "-id")


def encounter_combatants(encounter: Encounter) -> list[Combatant]:
    return list(encounter.combatants.select_related("owner").order_by("id"))


# What `state_for` and `hidden_combatant_ids` read of a combatant row.
STATE_ROW_FIELDS = ("id", "encounter", "name", "side", "minion", "owner", "character", "npc_sheet")


def state_combatants(encounter: Encounter) -> list[Combatant]:
    """The combatant rows `state_for` needs, and only the fields it reads."""
    return list(encounter.combatants.only(*STATE_ROW_FIELDS).order_by("id"))


def events_for(
    encounter: Encounter,
    *,
    after: int | None = None,
    round: int | None = None,
    combatant: int | None = None,
) -> QuerySet[Event]:
    """The turn log, oldest first; undone events stay in it, marked."""
    events = encounter.events.order_by("seq")
    if after is not None:
        events = events.filter(seq__gt=after)
    if round is not None:
        events = events.filter(round=round)
    if combatant is not None:
        events = events.filter(Q(actor_id=combatant) | Q(target_id=combatant))
    return events


def hidden_combatant_ids(user, encounter: Encounter, combatants: list[Combatant] | None = None) -> set[int]:
    """The combatants whose internals `user` may not see: the NPCs, unless they are the GM."""
    if is_encounter_gm(user, encounter):
        return set()
    if combatants is not None:
        return {c.pk for c in combatants if c.is_npc}
    return set(encounter.combatants.filter(npc_sheet__isnull=False).values_list("pk", flat=True))


def _lang() -> str:
    return "en" if (get_language() or "es").startswith("en") else "es"


def localized(texts, lang: str | None = None) -> str:
    """The text of an `{"es", "en"}` pair in the page's or request's language."""
    if isinstance(texts, dict):
        lang = lang or _lang()
        return str(texts.get(lang) or texts.get("es") or "")
    return str(texts or "")


def combatant_view(cid: int, cstate: dict, row: Combatant | None, *, hidden: bool) -> dict:
    """One combatant as the API and the cards show it."""
    view = {
        "id": cid,
        "name": row.name if row else cstate.get("name", ""),
        "side": row.side if row else cstate.get("side", ""),
        "npc": bool(row.is_npc) if row else True,
        "minion": bool(row.minion) if row else bool(cstate.get("minion")),
        "owner": row.owner_id if row else None,
        "character": row.character_id if row else None,
        "initiative": cstate.get("initiative"),
        "hit_points": cstate.get("hit_points"),
        "hit_points_max": cstate.get("hit_points_max"),
        "defense": cstate.get("defense"),
        "defense_penalty": cstate.get("defense_penalty", 0),
        "hero_points": cstate.get("hero_points"),
        "hero_points_max": cstate.get("hero_points_max"),
        "conditions": list(cstate.get("conditions") or []),
        "equipment": list(cstate.get("equipment") or []),
        "status": cstate.get("status") or "active",
        "removed": bool(cstate.get("removed")),
    }
    if hidden:
        for field in NPC_HIDDEN_FIELDS:
            view[field] = [] if field == "equipment" else None
    return view


def state_for(user, encounter: Encounter, combatants: list[Combatant] | None = None) -> dict:
    """The encounter's state as `user` may see it (API.md `GET /encounters/{id}/`)."""
    combatants = state_combatants(encounter) if combatants is None else combatants
    rows = {c.pk: c for c in combatants}
    hidden = hidden_combatant_ids(user, encounter, combatants)
    state = encounter.state or {}
    views = []
    for key, cstate in (state.get("combatants") or {}).items():
        cid = int(key)
        views.append(combatant_view(cid, cstate, rows.get(cid), hidden=cid in hidden))
    views.sort(key=lambda v: v["id"])
    return {
        "id": encounter.pk,
        "campaign": encounter.campaign_id,
        "name": encounter.name,
        "status": encounter.status,
        "round": encounter.round,
        "turn_order": list(state.get("turn_order") or []),
        "current": state.get("current"),
        # What the acting combatant has left this turn, by kind of action (the engine's budget).
        "turn": {"left": dict((state.get("turn") or {}).get("left") or {})},
        "version": encounter.version,
        "last_seq": encounter.last_seq,
        "dice": dice_for(encounter),
        "combatants": views,
    }


def dice_for(encounter: Encounter) -> dict:
    """The public half of the verifiable dice: the current commitment and client seed, and the
    seeds already revealed (never the current server seed)."""
    return {
        "commitment": encounter.commitment,
        "client_seed": encounter.client_seed,
        "next_nonce": encounter.next_nonce,
        "revealed": [
            {"server_seed": r["server_seed"], "commitment": r["commitment"], "client_seed": r["client_seed"]}
            for r in encounter.revealed_seeds
        ],
    }


# The numbers of an event that belong behind the GM's screen when they are a hidden NPC's: its
# defense (and the margin, which gives it away with the total), hit points and hero points.
PRIVATE_EVENT_KEYS = ("target_defense", "defense", "margin", "target_hit_points", "hit_points", "hero_points")
# The app's own events that carry such numbers, and whose they are.
APP_PRIVATE = {"minion_hit_points": "target"}


def _texts(payload: dict, *, public: bool = False) -> dict:
    """`{"es", "en"}` of an event: the engine wrote both (and, where they hold a GM's numbers, a
    public variant without them); the app's own events are rendered from their message id in each
    language."""
    text = payload.get("public_text") if public and isinstance(payload.get("public_text"), dict) else None
    text = text or payload.get("text")
    if isinstance(text, dict):
        return {"es": str(text.get("es") or ""), "en": str(text.get("en") or text.get("es") or "")}
    from .engine import render_app_text

    out = {}
    for lang in ("es", "en"):
        with translation.override(lang):
            out[lang] = render_app_text(payload, public=public) or ""
    return out


def _is_private(event: Event, payload: dict, hidden: set[int] | None) -> bool:
    """Whether the event shows numbers of a combatant the reader may not see."""
    if not hidden:
        return False
    whose = payload.get("private") or APP_PRIVATE.get(event.type)
    subject = event.actor_id if whose == "actor" else event.target_id if whose == "target" else None
    return subject is not None and subject in hidden


def event_view(event: Event, *, hidden: set[int] | None = None, lang: str | None = None) -> dict:
    """One event of the turn log as the API and the log show it. Everything in the log happened
    at the table, so every member sees the same events; but a hidden NPC's defense, hit points and
    hero points stay behind the GM's screen: for readers who may not see them (`hidden`, from
    `hidden_combatant_ids`) those numbers are left out and the texts are the public ones."""
    payload = dict(event.payload or {})
    private = _is_private(event, payload, hidden)
    texts = _texts(payload, public=private)
    for key in ("text", "message", "public_text", "private"):
        payload.pop(key, None)
    if private:
        for key in PRIVATE_EVENT_KEYS:
            payload.pop(key, None)
    lang = lang or _lang()
    return {
        **payload,
        "seq": event.seq,
        "type": event.type,
        "round": event.round,
        "actor": event.actor_id,
        "target": event.target_id,
        "undone": event.undone,
        "text": texts.get(lang) or texts["es"],
        "text_es": texts["es"],
        "text_en": texts["en"],
        "rule": payload.get("rule", ""),
        "created_at": event.created_at.isoformat() if event.created_at else None,
    }


SIDE_LABELS = {
    "heroes": _("Héroes"),
    "villains": _("Villanos"),
    "neutral": _("Neutrales"),
}


def side_label(side: str) -> str:
    return str(SIDE_LABELS.get(side, side))


def request_lang() -> str:
    return _lang()


def event_display(view: dict, lang: str | None = None) -> dict:
    """An event view with what the log template needs precomputed: each die with its nonce and
    whether it is the one kept, and each modifier with its label in the page's language."""
    lang = lang or _lang()
    display = dict(view)
    roll = view.get("roll")
    display["outcome"] = "hit" in view
    display["difficulty_label"] = view.get(f"difficulty_label_{lang}") or ""
    first = roll.get("rerolled_from") if isinstance(roll, dict) else None
    display["first_roll"] = first if isinstance(first, dict) else None
    if isinstance(roll, dict):
        display["superiority_label"] = superiority_label(int(roll.get("superiority") or 0))
        kept_marked = False
        faces = []
        for index, face in enumerate(roll.get("faces") or []):
            nonces = roll.get("nonces") or []
            kept = not kept_marked and face == roll.get("kept")
            kept_marked = kept_marked or kept
            faces.append(
                {"face": face, "nonce": nonces[index] if index < len(nonces) else None, "kept": kept}
            )
        display["faces"] = faces
        display["modifiers"] = [
            {
                "label": s.get(f"label_{lang}") or s.get("label_es") or s.get("slug", ""),
                "delta": s.get("delta", 0),
                "rule": s.get("rule", ""),
            }
            for s in roll.get("sources") or []
        ]
    else:
        display["faces"] = []
        display["modifiers"] = [
            {
                "label": s.get(f"label_{lang}") or s.get("label_es") or s.get("slug", ""),
                "delta": s.get("delta", 0),
                "rule": s.get("rule", ""),
            }
            for s in view.get("sources") or []
        ]
    return display


def attack_odds(
    encounter: Encounter,
    *,
    actor: int,
    target: int,
    kind: str,
    with_: str,
    circumstances: tuple[str, ...] = (),
    maneuvers: tuple[str, ...] = (),
    hide_defense: bool = False,
    element: str | None = None,
) -> dict:
    """The exact odds of an attack as it would be resolved now (the engine's `attack_odds`, with
    the same state-driven sources). Raises `Refused` for an attack the rules do not allow and
    `LookupError` for a combatant not in the fight."""
    from rules.core.errors import Refused
    from rules.epic20.resolution import attack_odds as engine_odds

    from .engine import Table, powers_catalogue

    table = Table.from_state(encounter.state or {}, commitment=encounter.commitment)
    attacker, defender = table.get(actor), table.get(target)
    if attacker is None or defender is None:
        raise LookupError("actor" if attacker is None else "target")
    sources = []
    budget = table.budget() if table.current == attacker.id else None
    if budget is not None:
        try:
            _budget, sources = budget.spend("standard", harmful=True)
        except Refused:
            sources = []
    # Inspirar a otros / Trabajo en equipo: the Superioridad allies left for this attack.
    from rules.epic20.resolution.support import help_for_roll

    _attacker, helped = help_for_roll(attacker, f"attack:{kind}", standard=True)
    sources = [*sources, *helped]
    odds = engine_odds(
        attacker,
        defender,
        kind,
        with_,
        sources,
        circumstances=circumstances,
        maneuvers=maneuvers,
        powers=powers_catalogue(),
        element=element or None,
    )
    out = {
        "p_hit": float(odds["p_hit"]),
        "p_damage": float(odds["p_damage_at_least_1"]),
        "expected_damage": float(odds["expected_damage"]),
        "p_critical": float(odds["p_critical"]),
        "exact": {
            "p_hit": str(odds["p_hit"]),
            "p_damage": str(odds["p_damage_at_least_1"]),
            "expected_damage": str(odds["expected_damage"]),
        },
        "bonus": odds["bonus"],
        "defense": None if hide_defense else odds["defense"],
        "superiority": odds["superiority"],
        "sources": odds["sources"],
    }
    return out


def superiority_label(net: int) -> str:
    """RESOLVER ACCIONES: Superioridad, Doble Superioridad…; Inferioridad likewise."""
    if net == 0:
        return ""
    word = _("Superioridad") if net > 0 else _("Inferioridad")
    count = abs(net)
    if count == 1:
        return str(word)
    if count == 2:
        return str(_("Doble %(word)s") % {"word": word})
    if count == 3:
        return str(_("Triple %(word)s") % {"word": word})
    return f"{word} ×{count}"
