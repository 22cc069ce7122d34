"""The encounter page of a system with no presentation of its own: one form per action type,
drawn from the action's input schema (`rules.core.schema`), and plain cards."""

from __future__ import annotations

import dataclasses
import types
import typing

from django.utils.translation import gettext_lazy as _

from rules.core.schema import json_name

from ..display import side_label, stat
from ..lines import EventView, LogLine, Names, line_for
from ..presentation import Presentation, register_fallback

# What `Presentation.templates` may hold is said there (combat.presentation).
TEMPLATES = {"controls": "combat/generic/_controls.html", "odds": "combat/generic/_odds.html"}


def card(view: dict, lang: str) -> dict:
    """What every system's combatant has (API.md: hit points and initiative), and no more."""
    return {
        **view,
        "status_label": view.get("status", ""),
        "side_label": side_label(view["side"]),
        "condition_views": [],
        "equipment_views": [],
        "stats": [
            stat(
                "hit-points", _("PV"), _("Puntos de vida"), view.get("hit_points"), view.get("hit_points_max")
            ),
            stat("initiative", _("Ini."), _("Iniciativa"), view.get("initiative")),
        ],
    }


def _kind(tp) -> tuple[str, tuple]:
    """("int" | "float" | "bool" | "text" | "choice", choices) and whether it is a list."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        tp = next(a for a in args if a is not type(None))
    many = typing.get_origin(tp) is list
    if many:
        (tp,) = typing.get_args(tp)
    if typing.get_origin(tp) is typing.Literal:
        return ("choice", typing.get_args(tp), many)
    name = {int: "int", float: "float", bool: "bool"}.get(tp, "text")
    return (name, (), many)


def fields_of(action_type) -> list[dict]:
    hints = typing.get_type_hints(action_type.schema)
    out = []
    for f in dataclasses.fields(action_type.schema):
        kind, choices, many = _kind(hints[f.name])
        required = f.default is dataclasses.MISSING
        out.append(
            {
                "name": json_name(f),
                "kind": kind,
                "choices": choices,
                "many": many,
                "required": required,
                "help": f.metadata.get("help_en", ""),
            }
        )
    return out


def console_context(page) -> dict:
    forms = []
    for name, action_type in page.system.combat.actions.items():
        if action_type.gm_only and not page.is_gm:
            continue
        if page.state["status"] not in action_type.phases:
            continue
        forms.append({"type": name, "needs_actor": action_type.needs_actor, "fields": fields_of(action_type)})
    actors = [c for c in page.cards.values() if not c["removed"] and (page.is_gm or c["id"] in page.mine)]
    return {"action_forms": forms, "actors": actors, "controls_key": ""}


def _convert(kind: str, value: str):
    if kind == "int":
        try:
            return int(value)
        except ValueError:
            return value
    if kind == "float":
        try:
            return float(value)
        except ValueError:
            return value
    return value


def action_from_form(post, system=None) -> dict:
    action: dict = {"type": post.get("type", "")}
    action_type = system.combat.actions.get(action["type"]) if system else None
    if action_type is None:
        return action
    if action_type.needs_actor and post.get("actor"):
        action["actor"] = _convert("int", post["actor"])
    for field in fields_of(action_type):
        name = field["name"]
        if field["kind"] == "bool":
            if name in post:
                action[name] = post.get(name) not in ("", "0", "false", "off")
        elif field["many"]:
            if values := [v for v in post.getlist(name) if v]:
                action[name] = [_convert(field["kind"], v) for v in values]
        elif post.get(name, "") != "":
            action[name] = _convert(field["kind"], post[name])
    return action


def odds_request(query, system=None) -> dict | None:
    request = action_from_form(query, system)
    return request if isinstance(request.get("actor"), int) else None


def odds_request_from_api(query) -> dict:
    return {key: query.get(key) for key in query}


class GenericPresentation(Presentation):
    """Any system without a presentation of its own: its events as the engine words them, with
    their names, time and rule section; the rest of an event is the engine's to say."""

    templates = TEMPLATES

    def __init__(self, slug: str):
        self.slug = slug

    card = staticmethod(card)
    console_context = staticmethod(console_context)
    action_from_form = staticmethod(action_from_form)
    odds_request = staticmethod(odds_request)
    odds_request_from_api = staticmethod(odds_request_from_api)

    def log_line(self, view: EventView, names: Names, lang: str) -> LogLine:
        heading = self.heading(int(view.get("round") or 0), lang)
        return line_for(view, names, heading=heading, rule=self.rule_label(str(view.get("rule") or ""), lang))


register_fallback(GenericPresentation)
