"""What happens to equipment in play (Reglas de equipo).

Powers never fail ("equipo especial extraordinario que no falla", LISTA DE PODERES); equipment
does: it breaks on a natural 1, defensive equipment on a received critical, and it can be lost,
stolen or destroyed.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.errors import Refused
from rules.epic20 import weapons
from rules.epic20.dice import Roll

from .state import (
    BROKEN,
    DESTROYED,
    DROPPED,
    LOST,
    READY,
    STOLEN,
    UNUSABLE,
    CombatantState,
    EquipmentState,
    Event,
    with_item,
)

RULE = "Reglas de equipo"
STATUSES = (READY, BROKEN, UNUSABLE, DROPPED, LOST, STOLEN, DESTROYED)


def _event(state: CombatantState, name: str, status: str, es: str, en: str) -> Event:
    return Event(
        "equipment",
        f"{name}: {es}",
        f"{name}: {en}",
        RULE,
        actor=state.id,
        data={"item": name, "item_status": status},
    )


def after_own_roll(
    state: CombatantState, item_name: str | None, roll: Roll
) -> tuple[CombatantState, list[Event]]:
    """ "Con un resultado de 1 en cualquier tirada de d20 en la que se esté utilizando, el objeto se
    estropeará. Será necesario un turno completo para volverlo a activar … Si la tirada se hacía con
    inferioridad, el objeto no podrá usarse durante el resto de partida." """
    item = state.item(item_name) if item_name else None
    if item is None or not roll.natural_1:
        return state, []
    if roll.fumble:
        return with_item(state, replace(item, status=UNUSABLE)), [
            _event(
                state,
                item.name,
                UNUSABLE,
                "inutilizable el resto de la partida.",
                "unusable for the rest of the session.",
            )
        ]
    return with_item(state, replace(item, status=BROKEN)), [
        _event(
            state,
            item.name,
            BROKEN,
            "estropeado: un turno completo para reactivarlo.",
            "broken: a full turn to reactivate.",
        )
    ]


def after_critical_received(
    state: CombatantState, armor_item: str | None
) -> tuple[CombatantState, list[Event]]:
    """ "Si el objeto es defensivo … cuando reciba un crítico se estropeará … y necesitará un turno
    completo para activarlo. Si el equipo de defensa era mundano, el crítico no lo estropeará sino
    que lo dejará inútil durante el resto de partida." Only the item whose defense counted."""
    item = state.item(armor_item) if armor_item else None
    if item is None or item.status != READY:
        return state, []
    if item.kind == "special":
        return with_item(state, replace(item, status=BROKEN)), [
            _event(state, item.name, BROKEN, "estropeado por el crítico.", "broken by the critical.")
        ]
    return with_item(state, replace(item, status=UNUSABLE)), [
        _event(
            state,
            item.name,
            UNUSABLE,
            "inútil el resto de la partida.",
            "useless for the rest of the session.",
        )
    ]


def out_of_ammo(state: CombatantState, item_name: str) -> tuple[CombatantState, list[Event]]:
    """Ataque sostenido: "el arma queda sin munición … como si hubiera sacado un 1"."""
    item = state.item(item_name)
    if item is None:
        return state, []
    return with_item(state, replace(item, status=BROKEN)), [
        _event(
            state,
            item.name,
            BROKEN,
            "sin munición: hay que recargarla.",
            "out of ammunition: it must be reloaded.",
        )
    ]


def reactivate(state: CombatantState, item_name: str, budget):
    """A full turn ("todas las acciones del turno salvo las gratuitas") brings a broken item back.
    `budget` is the holder's untouched `ActionBudget`; returns (state, budget, events)."""
    item = state.item(item_name)
    if item is None or item.status != BROKEN:
        raise Refused(
            "equipment.not_broken",
            RULE,
            f"«{item_name}» no está estropeado.",
            f"'{item_name}' is not broken.",
        )
    budget = budget.spend_whole_turn(reason="equipment.reactivate")
    state = with_item(state, replace(item, status=READY))
    return state, budget, [_event(state, item.name, READY, "reactivado.", "reactivated.")]


def set_status(state: CombatantState, item_name: str, status: str) -> tuple[CombatantState, list[Event]]:
    """Lost, stolen, destroyed, dropped or found again, as the GM rules (Perderse, Robado, Destruirse).
    A destroyed item is gone for good: "el héroe pierde esta ventaja de equipo y debe volver a comprarla"."""
    item = state.item(item_name)
    if item is None or status not in STATUSES:
        raise Refused(
            "equipment.unknown", RULE, f"«{item_name}»: estado no válido.", f"'{item_name}': invalid status."
        )
    if item.status == DESTROYED and status != DESTROYED:
        raise Refused(
            "equipment.destroyed",
            RULE,
            "El equipo destruido hay que volver a comprarlo.",
            "A destroyed item must be bought again.",
        )
    return with_item(state, replace(item, status=status)), [_event(state, item.name, status, status, status)]


def start_of_session(state: CombatantState) -> CombatantState:
    """ "Al principio de una partida, se considera que se ha encontrado cualquier equipo perdido";
    what was broken or useless for the session works again. Stolen and destroyed items stay so."""
    return replace(
        state,
        equipment=tuple(
            replace(eq, status=READY) if eq.status in (LOST, BROKEN, UNUSABLE, DROPPED) else eq
            for eq in state.equipment
        ),
    )


def equipment_states(parsed_equipment, maneuvers=()) -> tuple[EquipmentState, ...]:
    """The fight's equipment from the sheet's (`rules.epic20.sheet.EquipmentEntry`), with every
    property the maneuvers read: a shield "embrazado" (Defensa con escudo), two-handed (Ataque
    brutal, Desarmar), reach (Ataque manteniendo la distancia), ranged and burst (Ataque sostenido,
    Ataque brutal de ráfaga, Ataque doble), heavy (Superdefensas' Nota). `maneuvers`: the sheet's
    `ManeuverEntry`s, whose detail names the weapon Fineza con un arma / Ojo agudo chose (the
    same choice `rules.epic20.derived` shows on the sheet)."""
    parsed_equipment = tuple(parsed_equipment)
    entries = tuple(maneuvers)
    chosen = weapons.chosen_weapons(
        {getattr(e, "slug", e) for e in entries}, parsed_equipment, weapons.maneuver_details(entries)
    )
    return tuple(_state_of(entry, chosen) for entry in parsed_equipment)


def _state_of(entry, chosen) -> EquipmentState:
    return EquipmentState(
        name=entry.name,
        kind=entry.kind,
        power=entry.power,
        armor=entry.armor,
        shield=entry.shield,
        two_handed=entry.two_handed,
        burst=weapons.is_burst(entry),
        reach=entry.reach,
        ranged=weapons.is_ranged(entry),
        heavy=entry.heavy,
        chosen_for=frozenset(m for m, name in chosen.items() if name == entry.name),
        immune_to=(entry.detail,) if entry.detail else (),
    )
