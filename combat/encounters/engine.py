"""Glue between a stored encounter and the Epic20 engine (`rules.epic20.resolution`).

The engine owns every rule: it rolls, compares, damages, stuns, counts actions. This module only
translates: it decodes the folded state into the engine's frozen `CombatantState`s, calls the
engine, and encodes what came back (new states and events) into the JSON the turn log stores.
It also keeps the order of play, the app's own job: whose turn is next, when a round ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from django.utils.translation import gettext_lazy as _

from rules.core.fold import copy_json
from rules.epic20 import index
from rules.epic20.archetypes import BY_SLUG as ARCHETYPES
from rules.epic20.derived import derive
from rules.epic20.dice import DiceSource
from rules.epic20.grants import character as sheet_character
from rules.epic20.grants import resolve as resolve_grants
from rules.epic20.resolution import initiative, lifecycle
from rules.epic20.resolution.defense import defense_against
from rules.epic20.resolution.skills import skills_from_derived
from rules.epic20.resolution.state import (
    ACTIVE,
    DEAD,
    CombatantState,
    EquipmentState,
)
from rules.epic20.resolution.state import Event as EngineEvent
from rules.epic20.resolution.turn import ActionBudget
from rules.epic20.sheet import parse_sheet

from .codec import decode_dataclass, encode

PENETRATING_MODIFIER = "ataque-penetrante"
# Keys of a folded combatant that are the app's, not the engine's.
APP_KEYS = ("initiative", "initiative_roll", "removed", "defense", "hero_points_max")

# Texts of the events the app itself writes (the order of play). Rendered when shown, so each
# reader gets their language.
APP_TEXTS = {
    "combatant_added": _("%(name)s se une al combate (%(side)s)."),
    "combatant_removed": _("%(name)s deja el combate."),
    "encounter_started": _("Empieza el combate."),
    "surprise": _("Asalto de sorpresa: actúan primero %(names)s."),
    "round_started": _("Empieza el asalto %(number)s."),
    "turn_started": _("Turno de %(name)s."),
    "turn_resumed": _("%(name)s actúa ahora (retrasó su acción)."),
    "turn_ended": _("%(name)s termina su turno."),
    "turn_skipped": _("%(name)s no puede actuar este turno."),
    "delayed": _("%(name)s retrasa su acción."),
    "minion_hit_points": _("El director fija los puntos de vida de %(name)s en %(hit_points)s."),
    # What players read of it when the minion is a hidden NPC (its hit points are the GM's).
    "minion_hit_points:public": _("El director fija los puntos de vida de %(name)s."),
    "encounter_ended": _("Termina el combate."),
}
APP_RULES = {
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


class SheetRefused(Exception):
    """The sheet cannot be read as an Epic20 sheet; `problems` are the engine's."""

    def __init__(self, problems):
        super().__init__("sheet refused")
        self.problems = problems


# --- building a combatant ---------------------------------------------------------------------


def build_combatant(
    *,
    cid: int,
    name: str,
    side: str,
    sheet: Mapping,
    minion: bool = False,
    hit_points: int | None = None,
    hero_points: int | None = None,
) -> CombatantState:
    """A combatant's starting state from its sheet, with the engine's parsed sheet and derived
    numbers. Raises `SheetRefused` when the sheet cannot be read (no level, wrong shapes)."""
    parsed, problems = parse_sheet(sheet)
    blocking = [p for p in problems if p.code != "name.required"]
    if blocking or parsed.level is None:
        raise SheetRefused(blocking or problems)
    archetype = ARCHETYPES.get(parsed.archetype) if parsed.archetype else None
    terms = archetype.with_options(dict(parsed.archetype_options)) if archetype else None
    who = sheet_character(parsed, resolve_grants(parsed, terms))
    derived = derive(parsed.level, parsed.attributes, who, parsed.equipment, parsed.skills, terms)
    hit_points_max = derived.hit_points
    if minion and hit_points is not None:
        from rules.epic20.resolution.damage import minion_hit_points

        hit_points_max = minion_hit_points(hit_points)
    penetrating = {p.slug for p in who.powers if PENETRATING_MODIFIER in p.modifiers}
    # Uso limitado (LISTA DE PODERES › Modificadores de poderes): "gastando puntos de Héroe, un
    # número igual o mayor al nuevo coste" — the power's cost with the modifier, a whole number.
    import math

    from rules.epic20.costs import LIMITED_USE, power_cost

    limited = {p.slug: math.ceil(power_cost(p, terms)) for p in who.powers if LIMITED_USE in p.modifiers}
    equipment = tuple(
        EquipmentState(name=e.name, kind=e.kind, power=e.power, armor=e.armor) for e in parsed.equipment
    )
    extra = {"attributes": dict(parsed.attributes)} if parsed.attributes else {}
    # The free-text details (immunities' elements, Vulnerabilidad a «algo», Cazador de espíritus'
    # weapon, attack powers' descriptions) for resolution.damage_types.
    details: dict[str, list[str]] = {}
    for entry in (*who.powers, *parsed.advantages, *who.complications):
        if entry.detail:
            details.setdefault(entry.slug, []).append(entry.detail)
    state = CombatantState(
        **extra,
        id=str(cid),
        level=parsed.level,
        hit_points=hit_points_max,
        hit_points_max=hit_points_max,
        name=name,
        side=side,
        powers=who.power_slugs,
        maneuvers=who.maneuvers,
        advantages=who.advantages,
        complications=frozenset(c.slug for c in who.complications),
        archetype=parsed.archetype,
        penetrating=frozenset(penetrating),
        limited=limited,
        thrown=frozenset(p.slug for p in who.powers if p.throwing),  # Masa de músculos: arrojar objetos
        attack_bonus=dict(derived.attack_bonus),
        # The sheet's own skill rolls (bonus and net Superioridad), for skill checks.
        skills=skills_from_derived(derived.skills, {e.key: e.value for e in parsed.skills}),
        equipment=equipment,
        minion=minion,
        details={slug: tuple(texts) for slug, texts in details.items()},
    )
    start = derived.hero_points_max if hero_points is None else hero_points
    return replace(state, hero_points=max(0, min(start, state.hero_points_max)))


def dump(state: CombatantState) -> dict:
    """The folded form of a combatant: the engine's state plus what the cards show."""
    data = encode(state)
    data["defense"] = defense_against(state, None).value
    data["hero_points_max"] = state.hero_points_max
    return data


def load(data: Mapping) -> CombatantState:
    return decode_dataclass(CombatantState, {k: v for k, v in data.items() if k not in APP_KEYS})


# --- events -------------------------------------------------------------------------------------


@dataclass
class Entry:
    """One event of the action being resolved, before it gets its seq."""

    type: str
    payload: dict
    actor: int | None = None
    target: int | None = None
    round: int = 0


def _int_id(value) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


def engine_entry(event: EngineEvent, *, round: int, commitment: str) -> Entry:
    data = event.as_dict()
    skip = ("type", "actor", "target", "text_es", "text_en", "public_text_es", "public_text_en")
    payload = {k: v for k, v in data.items() if k not in skip}
    payload["text"] = {"es": data["text_es"], "en": data["text_en"]}
    if "public_text_es" in data:
        payload["public_text"] = {"es": data["public_text_es"], "en": data["public_text_en"]}
    roll = payload.get("roll")
    while isinstance(roll, dict):
        roll["commitment"] = commitment
        roll = roll.get("rerolled_from")
    return Entry(event.type, encode(payload), _int_id(event.actor), _int_id(event.target), round)


def app_entry(kind: str, *, round: int, actor=None, target=None, **params) -> Entry:
    payload = {"message": {"id": kind, "params": params}, "rule": APP_RULES.get(kind, "")}
    return Entry(kind, payload, _int_id(actor), _int_id(target), round)


def render_app_text(payload: Mapping, *, public: bool = False) -> str | None:
    """The text of one of the app's own events in the active language; `public`: the variant
    without the GM's numbers, where the message has one."""
    message = payload.get("message") if isinstance(payload, Mapping) else None
    if not isinstance(message, Mapping) or message.get("id") not in APP_TEXTS:
        return None
    if public and f"{message['id']}:public" in APP_TEXTS:
        message = {**message, "id": f"{message['id']}:public"}
    params = dict(message.get("params") or {})
    if "side" in params:
        from .selectors import side_label

        params["side"] = side_label(params["side"])
    if "names" in params and isinstance(params["names"], list):
        params["names"] = ", ".join(str(n) for n in params["names"])
    try:
        return str(APP_TEXTS[message["id"]]) % params
    except (KeyError, TypeError, ValueError):
        return str(APP_TEXTS[message["id"]])


# --- the table: the fight as the engine sees it ----------------------------------------------


@dataclass
class Table:
    """The folded state decoded for the engine, changed in place while an action resolves."""

    folded: dict
    commitment: str
    states: dict[str, CombatantState] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)

    @classmethod
    def from_state(cls, folded: Mapping, *, commitment: str) -> Table:
        # The table changes its copy in place; the caller's fold stays as it was (it is the
        # `before` of the action's patch).
        table = cls(copy_json(folded), commitment)
        for cid, data in (table.folded.get("combatants") or {}).items():
            if not data.get("removed"):
                table.states[cid] = load(data)
        return table

    # reading
    @property
    def round(self) -> int:
        return int(self.folded.get("round") or 0)

    @property
    def current(self) -> str | None:
        current = self.folded.get("current")
        return str(current) if current is not None else None

    @property
    def order(self) -> list[int]:
        return list(self.folded.get("turn_order") or [])

    def get(self, cid) -> CombatantState | None:
        return self.states.get(str(cid))

    def budget(self) -> ActionBudget | None:
        data = (self.folded.get("turn") or {}).get("budget")
        return decode_dataclass(ActionBudget, data) if data else None

    # writing
    def put(self, *states: CombatantState) -> None:
        for state in states:
            self.states[state.id] = state

    def set_budget(self, budget: ActionBudget | None) -> None:
        turn = dict(self.folded.get("turn") or {})
        if budget is None:
            turn.pop("budget", None)
        else:
            turn["budget"] = encode(budget)
            turn["left"] = budget.as_dict()
        self.folded["turn"] = turn

    def emit(self, events: Iterable[EngineEvent]) -> None:
        for event in events:
            self.entries.append(engine_entry(event, round=self.round, commitment=self.commitment))

    def say(self, kind: str, *, actor=None, target=None, **params) -> None:
        self.entries.append(app_entry(kind, round=self.round, actor=actor, target=target, **params))

    def result(self) -> dict:
        """The new folded state. It shares nested values with the table's own copy (`from_state`
        made it), not with the fold the table was made from: change neither in place."""
        folded = dict(self.folded)
        combatants = dict(folded.get("combatants") or {})
        for cid, state in self.states.items():
            combatants[cid] = {**combatants.get(cid, {}), **dump(state)}
        folded["combatants"] = combatants
        return folded

    def name(self, cid) -> str:
        state = self.get(cid)
        return (state.name or state.id) if state else str(cid)


# --- the order of play --------------------------------------------------------------------------


def start(
    table: Table, dice: DiceSource, *, surprising: Iterable[int] = (), charging: Iterable[int] = ()
) -> None:
    """Roll initiative for everyone (INICIATIVA) and begin round 1; with `surprising`, those act
    first and everyone else is unaware until their own turn (FAQ, sorpresa)."""
    states = [table.states[cid] for cid in sorted(table.states, key=int)]
    rolls, events = initiative.roll_initiative(states, dice, charging=[str(c) for c in charging])
    normal = [int(c) for c in initiative.turn_order(rolls)]
    surprising = {str(c) for c in surprising}
    table.folded["status"] = "active"
    table.folded["round"] = 1
    table.say("encounter_started")
    table.emit(events)
    for r in rolls:
        data = table.folded["combatants"][r.combatant]
        data["initiative"] = r.total
        data["initiative_roll"] = encode(r)
    table.folded["initiative_order"] = normal
    if surprising:
        order = [int(c) for c in initiative.surprise_round_order(rolls, surprising)]
        for cid, state in table.states.items():
            if cid not in surprising:
                table.put(initiative.mark_unaware(state))
        table.say("surprise", names=[table.name(c) for c in order if str(c) in surprising])
    else:
        order = normal
    table.folded["turn_order"] = order
    table.folded["surprise_round"] = bool(surprising)
    table.put(*lifecycle.new_round(table.states.values()))
    table.say("round_started", number=1)
    table.folded["current"] = None
    advance(table, dice, from_index=-1)


def _begin_turn(table: Table, cid: str, dice: DiceSource) -> bool:
    """Begin `cid`'s turn; True when they can act (otherwise their turn ends at once)."""
    delayed = dict((table.folded.get("turn") or {}).get("delayed") or {})
    table.folded["current"] = int(cid)
    if cid in delayed:
        budget = decode_dataclass(ActionBudget, delayed.pop(cid))
        turn = dict(table.folded.get("turn") or {})
        turn["delayed"] = delayed
        table.folded["turn"] = turn
        table.set_budget(budget)
        table.say("turn_resumed", actor=cid, name=table.name(cid))
        return True
    table.say("turn_started", actor=cid, name=table.name(cid))
    begun = lifecycle.start_turn(table.states[cid], dice)
    table.put(begun.state)
    table.emit(begun.events)
    table.set_budget(begun.budget)
    if begun.state.status != ACTIVE:
        table.say("turn_skipped", actor=cid, name=table.name(cid))
        table.put(lifecycle.end_turn(table.states[cid]))
        return False
    return True


def _new_round(table: Table) -> None:
    table.folded["round"] = table.round + 1
    if table.folded.get("surprise_round"):
        table.folded["surprise_round"] = False
    order = [c for c in table.folded.get("initiative_order") or table.order if str(c) in table.states]
    table.folded["turn_order"] = order
    turn = dict(table.folded.get("turn") or {})
    turn["delayed"] = {}
    table.folded["turn"] = turn
    table.put(*lifecycle.new_round(table.states.values()))
    table.say("round_started", number=table.round)


def advance(table: Table, dice: DiceSource, *, from_index: int | None = None) -> None:
    """Pass the turn to the next combatant in the order who can act, starting new rounds as
    the order runs out. Stops after one full pass when nobody can act."""
    order = table.order
    if from_index is None:
        current = table.folded.get("current")
        from_index = order.index(current) if current in order else -1
    index = from_index
    for _attempt in range(max(1, len(order)) + 1):
        index += 1
        if index >= len(table.order):
            _new_round(table)
            index = 0
        order = table.order
        if not order:
            break
        cid = str(order[index])
        state = table.get(cid)
        if state is None or state.status == DEAD:
            continue
        if _begin_turn(table, cid, dice):
            return
    table.folded["current"] = None
    table.set_budget(None)


def end_turn(table: Table, dice: DiceSource) -> None:
    cid = table.current
    if cid is not None and cid in table.states:
        table.put(lifecycle.end_turn(table.states[cid]))
        table.say("turn_ended", actor=cid, name=table.name(cid))
    advance(table, dice)


def delay(table: Table, dice: DiceSource, *, other: int, where: str) -> None:
    """Retrasar acción: the current combatant moves to just before or after `other`, keeping what
    is left of their turn for when it comes back."""
    cid = table.current
    order = [str(c) for c in table.order]
    index = order.index(cid)
    new_order = initiative.delay_action(table.states[cid], order, str(other), where)
    table.folded["turn_order"] = [int(c) for c in new_order]
    if not table.folded.get("surprise_round"):
        table.folded["initiative_order"] = [int(c) for c in new_order]
    turn = dict(table.folded.get("turn") or {})
    delayed = dict(turn.get("delayed") or {})
    if turn.get("budget"):
        delayed[cid] = turn["budget"]
    turn["delayed"] = delayed
    table.folded["turn"] = turn
    table.say("delayed", actor=cid, target=other, name=table.name(cid))
    # Whoever now stands where the delaying combatant stood acts next.
    table.folded["current"] = None
    advance(table, dice, from_index=index - 1)


def insert_in_order(table: Table, cid: str, roll: initiative.InitiativeRoll) -> None:
    """A combatant joining a running fight takes its place by initiative in later rounds."""
    key = roll.sort_key()
    placed = []
    inserted = False
    for other in table.folded.get("initiative_order") or []:
        data = (table.folded.get("combatants") or {}).get(str(other)) or {}
        other_roll = data.get("initiative_roll")
        other_key = (
            decode_dataclass(initiative.InitiativeRoll, other_roll).sort_key() if other_roll else (0, 0, "")
        )
        if not inserted and key < other_key:
            placed.append(int(cid))
            inserted = True
        placed.append(other)
    if not inserted:
        placed.append(int(cid))
    table.folded["initiative_order"] = placed


def end_fight(table: Table) -> None:
    table.put(*(lifecycle.end_combat(s) for s in table.states.values()))
    table.folded["status"] = "ended"
    table.folded["current"] = None
    table.set_budget(None)
    table.say("encounter_ended")


def powers_catalogue() -> Mapping[str, object]:
    return index.POWERS


__all__ = [
    "APP_TEXTS",
    "SheetRefused",
    "Table",
    "advance",
    "build_combatant",
    "delay",
    "dump",
    "end_fight",
    "end_turn",
    "insert_in_order",
    "load",
    "render_app_text",
    "start",
]
