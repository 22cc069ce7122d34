"""What counts per partida and per scene, between fights: the character's standing in a campaign.

Epic20 is played by forum ("Partida Rol por web", the document's first line): a partida is one
session of the table, a scene is what the GM marks as one ("Una escena puede ser desde un cambio
de lugar de los personajes…", MANIOBRAS DE COMBATE › Ataque sostenido, l.705). The campaign keeps,
for each character, a *standing*: the status of each piece of equipment, the once-per-partida and
once-per-scene uses already spent, and what the Inventor built from the reserve. These pure
functions say what opening or closing a partida, or marking a new scene, does to it; every change
comes back as a `Change` with a text in both languages and the seed section that demands it.

A standing is plain JSON (`{"equipment": {name: status}, "used": [key…], "inventions": {name:
cost}}`), so the site stores it as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from rules.core.errors import CONFLICT, Refused

EQUIPMENT_RULE = "Reglas de equipo"
ADVANTAGES_RULE = "LISTA DE VENTAJAS"
MODIFIERS_RULE = "LISTA DE PODERES › Modificadores de poderes"
MANEUVERS_RULE = "MANIOBRAS DE COMBATE"
INVENTOR_RULE = "ARQUETIPOS › Inventor"
COMPLICATIONS_RULE = "COMPLICACIONES"

READY, LOST, STOLEN, BROKEN, UNUSABLE, DROPPED, DESTROYED = (
    "ready",
    "lost",
    "stolen",
    "broken",
    "unusable",
    "dropped",
    "destroyed",
)
STATUSES = (READY, LOST, STOLEN, BROKEN, UNUSABLE, DROPPED, DESTROYED)
# "Al principio de una partida, se considera que se ha encontrado cualquier equipo perdido"
# (Perderse, l.645); what broke "durante el resto de partida" (Estropearse, l.643) works again.
FOUND_AT_START = frozenset({LOST, BROKEN, UNUSABLE, DROPPED})
INVENTOR_RESERVE = Fraction(2)

PARTIDA, SCENE = "partida", "scene"


@dataclass(frozen=True)
class Once:
    """A use the rules allow once per partida or once per scene."""

    key: str
    scope: str
    name_es: str
    name_en: str
    rule: str
    quote: str


# The rule table: each entry quotes its seed line.
ONCE = {
    "rica": Once(
        "rica", PARTIDA, "Ric@", "Wealthy", ADVANTAGES_RULE, "Dispone de dinero durante cada partida"
    ),
    "influencia": Once(
        "influencia",
        PARTIDA,
        "Influencia en…",
        "Influence in…",
        ADVANTAGES_RULE,
        "algún favor, uno por partida",
    ),
    "ataque-sostenido": Once(
        "ataque-sostenido",
        SCENE,
        "Ataque sostenido",
        "Sustained fire",
        MANEUVERS_RULE,
        "sólo puede usarse una vez por escena",
    ),
    "uso-limitado": Once(
        "uso-limitado", SCENE, "Uso limitado", "Limited use", MODIFIERS_RULE, "como mucho 1 vez por escena"
    ),
}


@dataclass(frozen=True)
class Change:
    """One thing the rules changed, as the character's history records it."""

    kind: str  # "reset", "equipment", "use", "invention", "award"
    text_es: str
    text_en: str
    rule: str
    data: Mapping = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            "kind": self.kind,
            "text_es": self.text_es,
            "text_en": self.text_en,
            "rule": self.rule,
            "data": dict(self.data),
        }


@dataclass(frozen=True)
class Standing:
    equipment: Mapping[str, str] = field(default_factory=dict)
    used: frozenset[str] = frozenset()
    inventions: Mapping[str, Fraction] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Mapping | None) -> Standing:
        data = data or {}
        return cls(
            equipment=dict(data.get("equipment") or {}),
            used=frozenset(data.get("used") or ()),
            inventions={k: Fraction(v) for k, v in (data.get("inventions") or {}).items()},
        )

    def as_json(self) -> dict:
        return {
            "equipment": dict(sorted(self.equipment.items())),
            "used": sorted(self.used),
            "inventions": {k: str(v) for k, v in sorted(self.inventions.items())},
        }


def _refuse(code: str, rule: str, es: str, en: str, *, kind: str = "invalid", path: str = "") -> Refused:
    return Refused(code, rule, es, en, kind=kind, path=path)


def use_key(use: str, detail: str = "") -> str:
    """Uso limitado counts per power: "uso-limitado:rayo" and "uso-limitado:vuelo" are two uses."""
    return f"{use}:{detail}" if detail else use


def spend_once(standing: Standing, use: str, detail: str = "") -> tuple[Standing, Change]:
    """Spend a once-per-partida or once-per-scene use; the second time is refused (409)."""
    once = ONCE.get(use)
    if once is None:
        raise _refuse("tracking.unknown_use", "", f"Uso desconocido: «{use}».", f"Unknown use: '{use}'.")
    key = use_key(use, detail)
    label = f"{once.name_es} ({detail})" if detail else once.name_es
    if key in standing.used:
        scope_es = "partida" if once.scope == PARTIDA else "escena"
        scope_en = "session" if once.scope == PARTIDA else "scene"
        raise _refuse(
            "tracking.already_used",
            once.rule,
            f"{label} ya se usó en esta {scope_es}: «{once.quote}».",
            f"{once.name_en} was already used this {scope_en}.",
            kind=CONFLICT,
        )
    standing = Standing(standing.equipment, standing.used | {key}, standing.inventions)
    return standing, Change(
        "use", f"Usa {label}.", f"Uses {once.name_en}.", once.rule, {"use": use, "detail": detail}
    )


def _reset_uses(standing: Standing, scopes: frozenset[str]) -> tuple[Standing, list[Change]]:
    spent = sorted(k for k in standing.used if ONCE[k.split(":", 1)[0]].scope in scopes)
    if not spent:
        return standing, []
    kept = frozenset(k for k in standing.used if k not in spent)
    names = ", ".join(spent)
    change = Change(
        "reset",
        f"Vuelven a estar disponibles: {names}.",
        f"Available again: {names}.",
        " / ".join(sorted({ONCE[k.split(":", 1)[0]].rule for k in spent})),
        {"reset": spent},
    )
    return Standing(standing.equipment, kept, standing.inventions), [change]


def open_partida(standing: Standing) -> tuple[Standing, list[Change]]:
    """A new partida: lost equipment is found ("Al principio de una partida, se considera que se ha
    encontrado cualquier equipo perdido", Perderse, l.645), stolen equipment stays lost ("dejará de
    estar disponible hasta ser recuperado, lo que puede implicar varias partidas", Robado, l.647),
    and the once-per-partida and once-per-scene uses are back (Ric@ l.591, Influencia en l.595)."""
    changes: list[Change] = []
    equipment = dict(standing.equipment)
    for name in sorted(equipment):
        if equipment[name] in FOUND_AT_START:
            changes.append(
                Change(
                    "equipment",
                    f"{name}: se encuentra al empezar la partida.",
                    f"{name}: found at the start of the session.",
                    EQUIPMENT_RULE,
                    {"item": name, "from": equipment[name], "item_status": READY},
                )
            )
            equipment[name] = READY
    standing, resets = _reset_uses(
        Standing(equipment, standing.used, standing.inventions), frozenset({PARTIDA, SCENE})
    )
    return standing, changes + resets


def close_partida(standing: Standing) -> tuple[Standing, list[Change]]:
    """The Inventor's inventions are gone and the reserve is back: "Estos equipos se pierden al
    final de la partida y se recupera la reserva, lista para la próxima partida" (Inventor, l.419)."""
    if not standing.inventions:
        return standing, []
    lost = sorted(standing.inventions)
    change = Change(
        "invention",
        f"Se pierden los inventos ({', '.join(lost)}); la reserva vuelve a {INVENTOR_RESERVE} puntos.",
        f"The inventions are lost ({', '.join(lost)}); the reserve is back to {INVENTOR_RESERVE} points.",
        INVENTOR_RULE,
        {"lost": lost, "reserve_left": str(INVENTOR_RESERVE)},
    )
    return Standing(standing.equipment, standing.used, {}), [change]


def new_scene(standing: Standing) -> tuple[Standing, list[Change]]:
    """The GM marks a new scene: Ataque sostenido ("sólo puede usarse una vez por escena", l.705) and
    Uso limitado ("como mucho 1 vez por escena", l.399) may be used again."""
    return _reset_uses(standing, frozenset({SCENE}))


def reserve_left(standing: Standing) -> Fraction:
    return INVENTOR_RESERVE - sum(standing.inventions.values(), Fraction(0))


def invent(standing: Standing, item: str, cost: Fraction) -> tuple[Standing, Change]:
    """Assign part of the reserve during play ("Los puede asignar en cualquier momento", l.419)."""
    item = str(item).strip()
    if not item or item in standing.inventions:
        raise _refuse(
            "tracking.invention_name", INVENTOR_RULE, "Nombre de invento no válido.", "Invalid name."
        )
    if cost <= 0 or cost * 2 != int(cost * 2) or cost > reserve_left(standing):
        raise _refuse(
            "tracking.reserve_exceeded",
            INVENTOR_RULE,
            f"Quedan {reserve_left(standing)} puntos en la reserva del inventor.",
            f"{reserve_left(standing)} points are left in the Inventor's reserve.",
        )
    inventions = {**standing.inventions, item: cost}
    standing = Standing({**standing.equipment, item: READY}, standing.used, inventions)
    left = reserve_left(standing)
    return standing, Change(
        "invention",
        f"Inventa {item} ({cost} ptos); quedan {left}.",
        f"Invents {item} ({cost} pts); {left} left.",
        INVENTOR_RULE,
        {"item": item, "cost": str(cost), "reserve_left": str(left)},
    )


def set_item_status(standing: Standing, item: str, status: str) -> tuple[Standing, Change]:
    """The GM rules an item lost, stolen, destroyed or recovered (Reglas de equipo, l.645-649). A
    destroyed item "debe volver a comprarla": no status brings it back."""
    if status not in STATUSES or not str(item).strip():
        raise _refuse(
            "tracking.item_status", EQUIPMENT_RULE, "Estado de equipo no válido.", "Invalid item status."
        )
    if standing.equipment.get(item) == DESTROYED:
        raise _refuse(
            "tracking.item_destroyed",
            EQUIPMENT_RULE,
            "El equipo destruido hay que volver a comprarlo.",
            "A destroyed item must be bought again.",
            kind=CONFLICT,
        )
    before = standing.equipment.get(item, READY)
    standing = Standing({**standing.equipment, item: status}, standing.used, standing.inventions)
    return standing, Change(
        "equipment",
        f"{item}: {before} → {status}.",
        f"{item}: {before} → {status}.",
        EQUIPMENT_RULE,
        {"item": item, "from": before, "item_status": status},
    )


def complication_hero_point(complication: str) -> Change:
    """ "cuando el director activa una complicación puede decidir un punto de Héroe en compensación"
    (COMPLICACIONES, l.851): the GM's choice, so it is given only when the GM asks."""
    complication = str(complication).strip()
    if not complication:
        raise _refuse(
            "tracking.complication_blank",
            COMPLICATIONS_RULE,
            "Indica la complicación.",
            "Name the complication.",
        )
    return Change(
        "award",
        f"+1 punto de Héroe por la complicación «{complication}».",
        f"+1 hero point for the complication '{complication}'.",
        COMPLICATIONS_RULE,
        {"hero_points": 1, "complication": complication},
    )


def _text(action: Mapping, name: str) -> str:
    value = action.get(name)
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise _refuse(f"tracking.{name}", "", f"Falta «{name}».", f"'{name}' is missing.", path=f"/{name}")
    return value.strip()


def _cost(action: Mapping) -> Fraction:
    try:
        return Fraction(str(action.get("cost")))
    except (ValueError, ZeroDivisionError):
        raise _refuse(
            "tracking.cost", INVENTOR_RULE, "Coste no válido.", "Invalid cost.", path="/cost"
        ) from None


def apply_gm_action(standing: Standing, action: Mapping) -> tuple[Standing, list[Change]]:
    """What the GM rules between fights: `{"type": "use", "use", "detail"?}`, `{"type": "item",
    "item", "status"}`, `{"type": "invent", "item", "cost"}`, `{"type": "complication",
    "complication"}` (the hero point, l.851)."""
    kind = action.get("type") if isinstance(action, Mapping) else None
    if kind == "use":
        detail = action.get("detail") or ""
        standing, change = spend_once(
            standing, _text(action, "use"), detail if isinstance(detail, str) else ""
        )
    elif kind == "item":
        standing, change = set_item_status(standing, _text(action, "item"), _text(action, "status"))
    elif kind == "invent":
        standing, change = invent(standing, _text(action, "item"), _cost(action))
    elif kind == "complication":
        change = complication_hero_point(_text(action, "complication"))
    else:
        raise _refuse(
            "tracking.type", "", "Acción desconocida: use, item, invent o complication.",
            "Unknown action: use, item, invent or complication.", path="/type",
        )  # fmt: skip
    return standing, [change]


class Epic20Tracking:
    """The seam a campaign calls (`system.tracking`): each takes and gives a JSON standing."""

    def open_partida(self, standing: Mapping | None) -> tuple[dict, list[Change]]:
        new, changes = open_partida(Standing.from_json(standing))
        return new.as_json(), changes

    def close_partida(self, standing: Mapping | None) -> tuple[dict, list[Change]]:
        new, changes = close_partida(Standing.from_json(standing))
        return new.as_json(), changes

    def new_scene(self, standing: Mapping | None) -> tuple[dict, list[Change]]:
        new, changes = new_scene(Standing.from_json(standing))
        return new.as_json(), changes

    def gm_action(self, standing: Mapping | None, action: Mapping) -> tuple[dict, list[Change]]:
        new, changes = apply_gm_action(Standing.from_json(standing), action)
        return new.as_json(), changes


TRACKING = Epic20Tracking()
