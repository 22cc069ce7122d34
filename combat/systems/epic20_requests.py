"""Epic20's requests from a page form and from the odds endpoint's query: the action a form
describes, in the API's shape so the same validation checks it, and the would-be attack the odds
are asked of (`combat.systems.epic20`'s presentation hands them on)."""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _

from epic20site.errors import DomainError

KIND_LABELS = {
    "melee": _("Cuerpo a cuerpo"),
    "ranged": _("A distancia"),
    "mental": _("Mental"),
    "emotional": _("Emocional"),
}


ID_FIELDS = ("actor", "target", "other", "by", "seq")
LIST_ID_FIELDS = ("surprise", "charging", "allies", "targets")
LIST_FIELDS = ("circumstances", "maneuvers")
BOOL_FIELDS = ("counter", "instant", "free", "combat", "active", "cone", "two_weapons", "hero_point_escape")
INT_FIELDS = ("points", "minutes", "hit_points", "difficulty", "opposed_total")


def _as_int(value: str):
    try:
        return int(value)
    except ValueError:
        return value  # left for the action's validation to refuse, with its own message


def action_from_form(post, system=None) -> dict:
    """The action a page form describes, in the API's shape, so the same validation checks it."""
    action = _single_fields(post)
    action.update(_list_fields(post))
    action.update(_switched_fields(post))
    if action.get("type") == "escape" and "hero_point" in action:
        action["hero_point"] = _switched_on(action["hero_point"])
    return action


def _single_fields(post) -> dict:
    """The fields of one value each, in the form's order: the filled ones, a number where the
    API takes one."""
    skip = {"csrfmiddlewaretoken", *LIST_ID_FIELDS, *LIST_FIELDS, *BOOL_FIELDS}
    return {
        name: _as_int(value) if name in ID_FIELDS + INT_FIELDS else value
        for name, value in post.items()
        if name not in skip and value != ""
    }


def _list_fields(post) -> dict:
    """The fields of many values that have any filled (ids as numbers)."""
    out: dict = {}
    for name in LIST_FIELDS:
        if values := [v for v in post.getlist(name) if v]:
            out[name] = values
    for name in LIST_ID_FIELDS:
        if values := [v for v in post.getlist(name) if v]:
            out[name] = [_as_int(v) for v in values]
    return out


def _switched_fields(post) -> dict:
    """The yes-or-no fields the form sent, each as whether it is switched on."""
    return {name: _switched_on(post.get(name)) for name in BOOL_FIELDS if name in post}


def _switched_on(value) -> bool:
    return value not in ("", "0", "false", "off")


def odds_request(query, system=None) -> dict | None:
    """The would-be attack the odds box describes, or None while it is incomplete."""
    request = action_from_form(query)
    if not isinstance(request.get("actor"), int) or not isinstance(request.get("target"), int):
        return None
    if request.get("kind") not in KIND_LABELS:
        request["kind"] = "melee"
    return {"type": "attack", **request}


def _csv(query, name: str) -> tuple[str, ...]:
    from rules.epic20.encounter.schemas import CIRCUMSTANCE

    raw = query.get(name) or ""
    values = tuple(v.strip() for v in raw.split(",") if v.strip())
    if len(values) > 20 or any(len(v) > 80 or not re.match(CIRCUMSTANCE, v) for v in values):
        raise DomainError(f"{name}.invalid", _("Demasiados valores o demasiado largos."), path=f"/{name}")
    return values


def _query_id(query, name: str) -> int | None:
    raw = query.get(name)
    if raw in (None, ""):
        return None
    try:
        value = int(raw)
    except (TypeError, ValueError):
        value = None
    if value is None or not 1 <= value <= 2**31 - 1:
        raise DomainError(f"{name}.invalid", _("Debe ser un número entero no negativo."), path=f"/{name}")
    return value


def _short(query, name: str, limit: int) -> str | None:
    value = query.get(name) or None
    if value is not None and len(value) > limit:
        raise DomainError(f"{name}.invalid", _("Demasiado largo."), path=f"/{name}")
    return value


# What `odds_request_from_api` reads: name → (kind, many) (combat.systems.odds_query).
ODDS_QUERY = {
    "actor": ("int", False),
    "target": ("int", False),
    "kind": ("choice", False),
    "with": ("text", False),
    "circumstances": ("text", False),
    "maneuvers": ("text", False),
    "element": ("text", False),
}


def odds_request_from_api(query) -> dict:
    """`GET /encounters/{id}/odds/?actor=&target=&kind=…` as the attack it asks about."""
    actor, target, kind = _query_id(query, "actor"), _query_id(query, "target"), query.get("kind")
    missing = [
        name for name, value in (("actor", actor), ("target", target), ("kind", kind)) if value is None
    ]
    if missing:
        error = DomainError(f"{missing[0]}.required", _("Este campo es obligatorio."), path=f"/{missing[0]}")
        error.errors = [
            {
                "code": f"{n}.required",
                "path": f"/{n}",
                "message": str(_("Este campo es obligatorio.")),
                "rule": "",
            }
            for n in missing
        ]
        raise error
    if kind not in KIND_LABELS:
        raise DomainError("kind.invalid", _("Tipo de ataque desconocido."), path="/kind")
    return {
        "type": "attack",
        "actor": actor,
        "target": target,
        "kind": kind,
        "with": _short(query, "with", 200) or "unarmed",
        "circumstances": _csv(query, "circumstances"),
        "maneuvers": _csv(query, "maneuvers"),
        "element": _short(query, "element", 80),
    }
