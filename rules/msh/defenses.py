"""Acciones defensivas (Evadirse, Esquivar, Bloqueo, Escape), Interposición, aiming and passing.

Evadirse, Esquivar and Bloqueo are announced at the start of the turn and rolled then ("Se tira
al anunciarse", "Cuando se anuncia, el defensor tira por Fuerza"): the round resolves them
before any attack, and their colour lasts the turn. Escape and aiming happen in their side's
place in the order.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table

from .attack_input import refuse
from .catalogue import DEFENSIVE_ACTION
from .combatant import ability, can_act, effects, refresh
from .dice import roll_column
from .phase import require_acting
from .ranks import BY_SLUG, TOP, rank_of, shifted
from .texts import colour_name

BLOCK_COLUMNS = {
    "white": 6,
    "green": 4,
    "yellow": 2,
    "red": 1,
}  # Bloqueo: "Reduce la Fuerza en 6/4/2/1 columnas"
DODGE_SHIFTS = {"white": 0, "green": -2, "yellow": -4, "red": -6}  # Esquivar: −2/−4/−6
EVADE_BONUS = {"yellow": 1, "red": 2}  # Evadirse: "+1 columna el turno siguiente" / "+2"
INTERPOSE_RULE = "Ataques o maniobras especiales › Interposición"
OTHER_NAMES = {
    "aim": ("apunta", "aims"),
    "pass": ("no hace nada", "does nothing"),
    "interpose": ("Interposición", "Interpose"),
}


def _actor(table: Table, actor: int | None) -> dict:
    me = table.combatant(actor) if actor is not None else None
    if me is None:
        refuse("defense.no_actor", "¿Quién actúa?", "Who acts?", path="/actor")
    if not can_act(me):
        refuse("defense.cannot_act", "No puede actuar.", "It cannot act.", kind="conflict")
    return me


def _karma(me: Mapping, action: Mapping) -> int:
    karma = action.get("karma", 0) or 0
    if (
        isinstance(karma, bool)
        or not isinstance(karma, int)
        or not 0 <= karma <= min(TOP, int(me.get("karma") or 0))
    ):
        refuse(
            "defense.bad_karma",
            "Karma no válido o insuficiente.",
            "Karma invalid or not enough.",
            path="/karma",
        )
    return karma


def _held_fast(me: Mapping) -> bool:
    held = (me.get("effects") or {}).get("held_by")
    return bool(held and held.get("full"))


def _roll(dice, me: dict, slug: str, karma: int, *, partial_hold_counts: bool = True) -> dict:
    ability_slug = DEFENSIVE_ACTION[slug].ability
    held = (me.get("effects") or {}).get("held_by")
    shifts = -2 if partial_hold_counts and held and not held.get("full") else 0  # Sujeción: −2 columns
    me["karma"] = int(me.get("karma") or 0) - karma
    column = shifted(rank_of(ability(me, ability_slug)), shifts)
    return roll_column(dice, column, karma=karma, shifts=shifts)


def _write(
    table: Table,
    me: dict,
    actor: int,
    slug: str,
    roll: dict | None,
    extra: dict,
    target: int | None = None,
    note: dict | None = None,
) -> None:
    entry = DEFENSIVE_ACTION.get(slug)
    name_es, name_en = (entry.name_es, entry.name_en) if entry else OTHER_NAMES.get(slug, (slug, slug))
    colour = roll["colour"] if roll else None
    es_c, en_c = colour_name(colour)
    result = entry.result(colour) if entry and colour else None
    payload = {
        "defense": slug,
        **(
            {
                "roll": roll,
                "colour": colour,
                "effect": result.effect if result else None,
                "column": roll["column"],
            }
            if roll
            else {}
        ),
        **extra,
        "text": {
            "es": f"{me['name']}: {name_es}"
            + (f", {es_c} ({roll['total']} en {BY_SLUG[roll['column']].name_es})." if roll else "."),
            "en": f"{me['name']}: {name_en}"
            + (f", {en_c} ({roll['total']} on {BY_SLUG[roll['column']].name_en})." if roll else "."),
        },
        "public_text": {
            "es": f"{me['name']}: {name_es}" + (f", {es_c}." if roll else "."),
            "en": f"{me['name']}: {name_en}" + (f", {en_c}." if roll else "."),
        },
        "private": "actor",
        "rule": entry.rule if entry else extra.get("rule", INTERPOSE_RULE),
    }
    if note:
        for key in ("text", "public_text"):
            payload[key] = {lang: payload[key][lang] + note[lang] for lang in ("es", "en")}
    table.write(Entry("defense", payload, actor=actor, target=target, round=table.round))


def resolve_evade(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    """Evadirse (Lucha): "Sirve para evitar los ataques cuerpo a cuerpo y de lucha libre"."""
    require_acting(table.state)
    me = _actor(table, actor)
    roll = _roll(dice, me, "evade", _karma(me, action))
    effects(me)["evade"] = roll["colour"]
    if roll["colour"] in EVADE_BONUS:
        effects(me)["bonus_cs"] = {"round": table.round + 1, "shifts": EVADE_BONUS[roll["colour"]]}
    refresh(me)
    _write(table, me, actor, "evade", roll, {})


def resolve_dodge(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    """Esquivar (Agilidad): "Todos los ataques a distancia tienen un -2 / -4 / -6"; the dodger's
    other action has −2 columns, also on a white ("Se mantiene la penalización")."""
    require_acting(table.state)
    me = _actor(table, actor)
    roll = _roll(dice, me, "dodge", _karma(me, action))
    effects(me)["dodge"] = DODGE_SHIFTS[roll["colour"]]
    refresh(me)
    _write(table, me, actor, "dodge", roll, {"incoming_shifts": DODGE_SHIFTS[roll["colour"]]})


def resolve_block(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    """Bloqueo (Fuerza): "El resultado cuenta como una Armadura Corporal que dura un único turno"."""
    require_acting(table.state)
    me = _actor(table, actor)
    roll = _roll(dice, me, "block", _karma(me, action))
    armour = shifted(rank_of(ability(me, "strength")), -BLOCK_COLUMNS[roll["colour"]]).value
    effects(me)["block_armor"] = armour
    refresh(me)
    _write(table, me, actor, "block", roll, {"block_armor": armour})


def resolve_escape(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    """Escape (Fuerza): "Sirve para liberarse de sujeciones… No se le aplica penalización por una
    sujeción parcial." Amarillo and rojo free the defender."""
    require_acting(table.state)
    me = _actor(table, actor)
    held = effects(me).get("held_by")
    if not held:
        refuse("escape.not_held", "No está sujeto.", "It is not held.", rule=DEFENSIVE_ACTION["escape"].rule)
    roll = _roll(dice, me, "escape", _karma(me, action), partial_hold_counts=False)
    freed = roll["colour"] in ("yellow", "red")
    if freed:
        release(table, actor)
    effects(me)["escaped"] = roll["colour"]  # a red one lets the declared attack follow (follow_ups.py)
    # Rojo: "puede o alejarse o intentar un ataque con un -2"; amarillo: "queda adyacente a su enemigo"
    away = roll["colour"] == "red" and bool(action.get("away"))
    if away:
        effects(me)["away"] = True
    refresh(me)
    extra = {"freed": freed, **({"away": away} if action.get("away") else {})}
    _write(table, me, actor, "escape", roll, extra, target=held.get("by"), note=AWAY_NOTE if away else None)


AWAY_NOTE = {
    "es": " Se aleja: queda fuera de alcance este turno.",
    "en": " It moves away: out of reach this turn.",
}


def release(table: Table, held_id) -> None:
    """End a hold on `held_id` (it escaped, or the holder fell)."""
    held = table.combatant(held_id)
    if held is None:
        return
    by = effects(held).pop("held_by", {}).get("by")
    refresh(held)
    holder = table.combatant(by) if by is not None else None
    if holder is not None and effects(holder).get("holding") == int(held_id):
        effects(holder).pop("holding", None)
        refresh(holder)


def resolve_interpose(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    """Interposición: "Si un héroe pasa una tirada de Agilidad, puede ponerse delante de alguien
    que va a recibir un disparo y convertirse en el receptor de éste" (rolled when announced)."""
    require_acting(table.state)
    me = _actor(table, actor)
    protect = action.get("protect")
    if (
        isinstance(protect, bool)
        or not isinstance(protect, int)
        or protect == actor
        or table.combatant(protect) is None
    ):
        refuse(
            "interpose.unknown",
            "¿Delante de quién?",
            "In front of whom?",
            path="/protect",
            rule=INTERPOSE_RULE,
        )
    karma = _karma(me, action)
    me["karma"] = int(me.get("karma") or 0) - karma
    roll = roll_column(dice, rank_of(ability(me, "agility")), karma=karma)
    if roll["colour"] != "white":
        effects(me)["interpose"] = protect
        refresh(me)
    _write(
        table,
        me,
        actor,
        "interpose",
        roll,
        {
            "protect": protect,
            "interposed": roll["colour"] != "white",
            "effect": "interposed" if roll["colour"] != "white" else "fail",
        },
        target=protect,
    )


def resolve_aim(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    """ "Caso de perderse un turno apuntando, se obtiene +1 columna a la tirada" (next turn)."""
    require_acting(table.state)
    me = _actor(table, actor)
    effects(me)["aimed"] = table.round + 1
    refresh(me)
    _write(table, me, actor, "aim", None, {"rule": "Tipos de combate › A distancia"})


def resolve_pass(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    require_acting(table.state)
    me = table.combatant(actor) if actor is not None else None
    if me is None:
        refuse("pass.no_actor", "¿Quién pasa?", "Who passes?", path="/actor")
    _write(table, me, actor, "pass", None, {"rule": "Secuencia de combate"})


held_fast = _held_fast
