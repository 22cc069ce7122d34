"""Declare, then resolve: the play-by-web round every system may use.

Some systems (MSH's "el bando defensor declara sus acciones… el bando atacante hace sus
acciones") and every table that plays by post with deadlines collect what each combatant will do
before anything happens, and then resolve it all in an order the system decides. This module is
that mechanism, system-neutral and pure:

- The state keeps the round's declarations under `state["declarations"]`:
  `{"round": n, "open": bool, "by": {"<cid>": {"action": {...}, "order": k}}, "previous": {...}}`.
  `action` is the declared action as its own type's input (with `type`, without `actor`);
  `order` counts declarations in the round, so resolution can keep the order they came in.
  `previous` is the last resolved round's `{"round", "by"}`, for pages that show what happened.
- `declare_action(policy, schema=...)` builds the `declare` action type: a player declares for
  their own characters, the GM for the NPCs (the site checks ownership from `needs_actor`),
  `policy.may_declare` says whether it is that combatant's moment (False answers 409), the
  declared action must be one of `policy.declarable` and passes `policy.check` (the system
  refuses bad input at declaration time, so nothing bad waits in the state), a second
  declaration replaces the first while the declarations are open, and `policy.after` runs (a
  system moves its phase on, or resolves the round once everyone has declared).
- `resolve_round_action(...)` builds the GM's `resolve_round` (refused, 409, while nobody has
  declared in the round: `declarations.none_declared`): it closes the declarations and
  runs `steps(table)` (the system's order of resolution: a list of `Step`), each through the
  declared type's own `resolve`. A step whose combatant can no longer act (`can_act`) or whose
  action the rules now refuse (the target fell, say) lapses with a `declaration_lapsed` event
  instead of failing the round; then `finish(table, dice)` opens the next round.
- `view_declarations(...)` is what a viewer sees of the round's declarations: the system's
  `redact` takes out what a hidden combatant's declaration would tell (its Karma, say).
- Standing orders (docs/api.md "Standing orders"): an action a combatant's controller leaves for
  when its deadline runs out, of the kind `declare` takes. `order_request(state, cid, action)`
  is the request it makes then (a declaration while declarations are open, else the action
  itself); `order_entry(...)` the log's "por orden permanente" event written before it, in the
  same action (one undo takes both back); `view_order(...)` what a viewer sees of one, as of a
  declared action (a hidden combatant's is `None` unless the system's `StandingOrders.redact`
  says otherwise).

Nothing here knows a rule of any system; `tests/rules/test_declarations.py` drives it with a toy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .dice import DiceSource
from .encounter import ActionType, CombatantFacts, Entry, Table, Viewer
from .errors import CONFLICT, Refused
from .fold import copy_json

KEY = "declarations"
RULE = "Declaraciones"
ORDER_EVENT = "standing_order"
ORDER_RULE = "Órdenes permanentes"


def open_round(state: dict, round_number: int) -> None:
    """Start collecting the declarations of `round_number` (the last round's stay as `previous`)."""
    current = state.get(KEY) or {}
    previous = {"round": current.get("round"), "by": current.get("by") or {}} if current.get("by") else None
    state[KEY] = {
        "round": round_number,
        "open": True,
        "by": {},
        "previous": previous or current.get("previous"),
    }


def is_open(state: Mapping) -> bool:
    return bool((state.get(KEY) or {}).get("open"))


def declared(state: Mapping) -> dict[str, dict]:
    """cid → `{"action", "order"}` for the round being declared or resolved."""
    return dict((state.get(KEY) or {}).get("by") or {})


def declaration_of(state: Mapping, cid) -> dict | None:
    found = declared(state).get(str(cid))
    return None if found is None else found["action"]


def has_declared(state: Mapping, cid) -> bool:
    return str(cid) in declared(state)


def record(state: dict, cid, action: Mapping) -> None:
    block = state.setdefault(KEY, {"round": state.get("round", 0), "open": True, "by": {}, "previous": None})
    by = dict(block.get("by") or {})
    prior = by.get(str(cid))
    order = prior["order"] if prior else 1 + max((d["order"] for d in by.values()), default=0)
    by[str(cid)] = {"action": dict(action), "order": order}
    state[KEY] = {**block, "by": by}


def close(state: dict) -> None:
    state[KEY] = {**(state.get(KEY) or {}), "open": False}


@dataclass(frozen=True)
class DeclarePolicy:
    """What a system tells the declare action: which types may be declared, whose moment it is,
    how to check a declared action now, what to write, and what happens after."""

    declarable: Mapping[str, ActionType]
    may_declare: Callable[[Mapping, int], bool]
    check: Callable[[Table, Mapping, int], None] = lambda table, action, actor: None
    after: Callable[[Table, DiceSource, int], None] = lambda table, dice, actor: None
    # (table, actor, action, prior) → (text, public_text or None), each {"es", "en"}; `prior`:
    # the declaration this one replaces (None for a first one), so a change can say what changed
    text: Callable[[Table, int, Mapping, Mapping | None], tuple[dict, dict | None]] | None = None
    private_keys: tuple[str, ...] = ()  # keys of a declared action that are the actor's numbers
    rule: str = RULE

    def redact(self, action: Mapping) -> dict:
        """A declared action without `private_keys`: what others see of a hidden combatant's."""
        return {key: value for key, value in action.items() if key not in self.private_keys}


def _inner(action: Mapping) -> dict:
    inner = action.get("action")
    if not isinstance(inner, Mapping) or not isinstance(inner.get("type"), str):
        raise Refused(
            "declare.no_action",
            RULE,
            "Falta la acción que se declara.",
            "The declared action is missing.",
            path="/action",
        )
    return {key: value for key, value in inner.items() if key != "actor"}


def _default_text(
    table: Table, actor: int, inner: Mapping, prior: Mapping | None
) -> tuple[dict, dict | None]:
    name = (table.combatant(actor) or {}).get("name", f"#{actor}")
    return {"es": f"{name} declara «{inner['type']}».", "en": f"{name} declares '{inner['type']}'."}, None


def declare_action(
    policy: DeclarePolicy, *, schema: type, summary_es: str = "", summary_en: str = ""
) -> ActionType:
    """The `declare` action type (docs/api.md: `{"type": "declare", "actor", "action": {...}}`)."""

    def resolve(table: Table, dice: DiceSource, action: Mapping[str, Any], actor: int | None) -> None:
        inner = _inner(action)
        if inner["type"] not in policy.declarable:
            raise Refused(
                "declare.unknown_type",
                policy.rule,
                f"No se puede declarar «{inner['type']}».",
                f"'{inner['type']}' cannot be declared.",
                path="/action/type",
            )
        if actor is None or table.combatant(actor) is None:
            raise Refused("declare.no_actor", policy.rule, "¿Quién declara?", "Who declares?", path="/actor")
        if not is_open(table.state) or not policy.may_declare(table.state, actor):
            raise Refused(
                "declare.not_now",
                policy.rule,
                "Ahora no puede declarar.",
                "It cannot declare now.",
                kind=CONFLICT,
            )
        policy.check(table, inner, actor)
        prior = declaration_of(table.state, actor)
        record(table.state, actor, inner)
        text, public = (policy.text or _default_text)(table, actor, inner, prior)
        payload = {"action": inner, "text": text, "rule": policy.rule}
        if public is not None:
            payload["public_text"] = public
            payload["private"] = "actor"
        table.write(Entry("declare", payload, actor=actor, round=table.round))
        policy.after(table, dice, actor)

    return ActionType(
        "declare",
        resolve,
        schema,
        summary_es=summary_es or "Declarar la acción del asalto",
        summary_en=summary_en or "Declare the round's action",
    )


@dataclass(frozen=True)
class Step:
    """One declared action to resolve: whose, what, and (for the system) why it comes now."""

    cid: int
    action: Mapping[str, Any]
    stage: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


def lapse(table: Table, step: Step, reason_es: str, reason_en: str, rule: str = RULE) -> None:
    name = (table.combatant(step.cid) or {}).get("name", f"#{step.cid}")
    table.write(
        Entry(
            "declaration_lapsed",
            {
                "action": dict(step.action),
                "text": {"es": f"{name}: {reason_es}", "en": f"{name}: {reason_en}"},
                "rule": rule,
            },
            actor=step.cid,
            round=table.round,
        )
    )


def run_steps(
    table: Table,
    dice: DiceSource,
    steps: Iterable[Step],
    declarable: Mapping[str, ActionType],
    *,
    can_act: Callable[[Mapping, int], bool],
    before_step: Callable[[Table, Step], None] = lambda table, step: None,
) -> None:
    """Resolve `steps` in order, each through its own type; a step that cannot happen lapses."""
    for step in steps:
        before_step(table, step)
        if table.combatant(step.cid) is None or not can_act(table.state, step.cid):
            lapse(table, step, "ya no puede actuar.", "can no longer act.")
            continue
        kind = declarable[str(step.action["type"])]
        # A refusal changes nothing: the step's partial changes and events are put back.
        state, written = copy_json(table.state), len(table.entries)
        try:
            kind.resolve(table, dice, {**step.action, "actor": step.cid}, step.cid)
        except Refused as refusal:
            table.state = state
            del table.entries[written:]
            lapse(table, step, refusal.text_es, refusal.text_en, refusal.rule)


def resolve_round_action(
    *,
    declarable: Mapping[str, ActionType],
    steps: Callable[[Table], list[Step]],
    can_act: Callable[[Mapping, int], bool],
    begin: Callable[[Table], None] = lambda table: None,
    before_step: Callable[[Table, Step], None] = lambda table, step: None,
    finish: Callable[[Table, DiceSource], None] = lambda table, dice: None,
    schema: type,
    rule: str = RULE,
) -> ActionType:
    """The GM's `resolve_round`: close the declarations and resolve them in the system's order."""

    def resolve_round(table: Table, dice: DiceSource) -> None:
        if not is_open(table.state):
            raise Refused(
                "declare.closed",
                rule,
                "Las declaraciones ya están cerradas.",
                "Declarations are closed.",
                kind=CONFLICT,
            )
        if not declared(table.state):
            # The round resolves by itself when the last one declares: a `resolve_round` sent
            # after that would close the next round with nobody declared (API.md, "Limits a
            # client can rely on").
            raise Refused(
                "declarations.none_declared",
                rule,
                "Nadie ha declarado todavía en este asalto: no hay nada que resolver.",
                "Nobody has declared this round yet: there is nothing to resolve.",
                kind=CONFLICT,
            )
        close(table.state)
        begin(table)
        table.write(
            Entry(
                "declarations_closed",
                {
                    "text": {"es": "Se cierran las declaraciones.", "en": "Declarations are closed."},
                    "rule": rule,
                },
                round=table.round,
            )
        )
        run_steps(table, dice, steps(table), declarable, can_act=can_act, before_step=before_step)
        finish(table, dice)

    def resolve(table: Table, dice: DiceSource, action: Mapping[str, Any], actor: int | None) -> None:
        resolve_round(table, dice)

    action_type = ActionType(
        "resolve_round",
        resolve,
        schema,
        gm_only=True,
        needs_actor=False,
        summary_es="Cerrar las declaraciones y resolver el asalto",
        summary_en="Close the declarations and resolve the round",
    )
    return action_type


def view_declarations(
    state: Mapping,
    *,
    viewer: Viewer,
    facts: Mapping[int, CombatantFacts],
    redact: Callable[[Mapping], dict] = dict,
) -> list[dict]:
    """The round's declarations as `viewer` may see them, in the order they came: the GM sees all;
    anyone else sees a hidden combatant's declaration through the system's `redact`."""
    out = []
    for cid, found in sorted(declared(state).items(), key=lambda item: item[1]["order"]):
        who = facts.get(int(cid))
        visible = who is None or viewer.sees_inside(who) or int(cid) in viewer.controls
        out.append(
            {"combatant": int(cid), "action": dict(found["action"]) if visible else redact(found["action"])}
        )
    return out


# --- standing orders ------------------------------------------------------------------------------


def _no_view(action: Mapping) -> dict | None:
    return None


@dataclass(frozen=True)
class StandingOrders:
    """What a system tells the standing orders; every member has its default. `redact`: what
    others see of a hidden combatant's order (nothing, by default); `rule`: the tag of the log's
    "por orden permanente" line."""

    redact: Callable[[Mapping], dict | None] = _no_view
    rule: str = ORDER_RULE


def order_request(state: Mapping, cid: int, action: Mapping) -> dict:
    """The request a standing order makes when `cid`'s time runs out: a declaration while the
    declarations are open, else the ordered action itself, with `cid` acting."""
    inner = {key: value for key, value in action.items() if key != "actor"}
    if is_open(state):
        return {"type": "declare", "actor": cid, "action": inner}
    return {**inner, "actor": cid}


def _order_words(action: Mapping, kinds: Mapping[str, ActionType], name_of) -> tuple[str, str]:
    kind = kinds.get(str(action.get("type")))
    es = ((kind.summary_es if kind else "") or str(action.get("type"))).rstrip(".")
    en = ((kind.summary_en if kind else "") or str(action.get("type"))).rstrip(".")
    target = action.get("target")
    if isinstance(target, int):
        es, en = f"{es} → {name_of(target)}", f"{en} → {name_of(target)}"
    return es, en


def order_entry(
    table: Table,
    cid: int,
    action: Mapping,
    kinds: Mapping[str, ActionType],
    *,
    policy: StandingOrders,
    names: Mapping[int, str] | None = None,
) -> Entry:
    """The log's line that `cid` acts (or declares) by its standing order: what, to its
    controller and the GM; that it did, to everyone else when `cid` is hidden. `names`: the
    combatants' names where their state does not keep them."""

    def name_of(who: int) -> str:
        return (names or {}).get(who) or (table.combatant(who) or {}).get("name") or f"#{who}"

    name = name_of(cid)
    what_es, what_en = _order_words(action, kinds, name_of)
    payload = {
        "action": {key: value for key, value in action.items() if key != "actor"},
        "text": {
            "es": f"{name} actúa por orden permanente: {what_es}.",
            "en": f"{name} acts on a standing order: {what_en}.",
        },
        "public_text": {
            "es": f"{name} actúa por orden permanente.",
            "en": f"{name} acts on a standing order.",
        },
        "private": "actor",
        "rule": policy.rule,
    }
    target = action.get("target")
    return Entry(
        ORDER_EVENT, payload, actor=cid, target=target if isinstance(target, int) else None, round=table.round
    )


def view_order(
    cid: int,
    action: Mapping,
    *,
    viewer: Viewer,
    facts: Mapping[int, CombatantFacts],
    policy: StandingOrders,
) -> dict | None:
    """A standing order as `viewer` may see it, as a declared action is seen: whole by the GM,
    its controller and anyone who may see inside the combatant; else the system's `redact`."""
    who = facts.get(int(cid))
    visible = who is None or viewer.sees_inside(who) or int(cid) in viewer.controls
    return dict(action) if visible else policy.redact(action)


__all__ = [
    "KEY",
    "ORDER_EVENT",
    "ORDER_RULE",
    "DeclarePolicy",
    "StandingOrders",
    "Step",
    "close",
    "declaration_of",
    "declare_action",
    "declared",
    "has_declared",
    "is_open",
    "lapse",
    "open_round",
    "order_entry",
    "order_request",
    "record",
    "resolve_round_action",
    "run_steps",
    "view_declarations",
    "view_order",
]
