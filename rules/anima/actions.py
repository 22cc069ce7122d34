"""The action types of an Anima encounter, each with its input schema (`rules.core.encounter`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.core.encounter import ActionType

from . import life_death, order, powers, reach, sequences, turn_actions
from .combatant import refresh_turn

ZONES = Literal[
    "right-leg", "left-leg", "abdomen", "torso", "right-arm", "left-arm", "right-hand", "left-hand", "head"
]
STATES = Literal["flanked", "surprised", "reduced-vision", "blinded", "prone"]


def _help(es: str, en: str, **bounds) -> dict:
    return {"help_es": es, "help_en": en, **bounds}


# `with` is a Python keyword: the field is `with_` and its name in a request is `json_name`.
WITH = {"json_name": "with"}


@dataclass(frozen=True)
class Nothing:
    """An action with no fields besides `type` (and `actor`)."""


@dataclass(frozen=True)
class Attack:
    target: int = field(metadata=_help("Blanco.", "Target.", min=1))
    with_: str = field(
        metadata=_help("Arma, «unarmed» o poder de ataque.", "Weapon, 'unarmed' or attack power.", **WITH)
    )
    capability: Literal["attack", "magic", "psychic"] = field(
        default="attack", metadata=_help("Capacidad Ofensiva.", "Offensive capability.")
    )
    attacks: int | None = field(
        default=None, metadata=_help("Ataques múltiples.", "Multiple attacks.", min=1, max=100)
    )
    aimed: ZONES | None = field(default=None, metadata=_help("Ataque apuntado.", "Aimed attack."))
    extra_weapon: str | None = field(
        default=None, metadata=_help("Arma adicional (−4).", "Additional weapon (−4).")
    )
    distance: float | None = field(
        default=None, metadata=_help("Distancia (m).", "Distance (m).", min=0, max=100000)
    )


@dataclass(frozen=True)
class Counterattack:
    target: int = field(metadata=_help("Quien le atacó.", "The attacker.", min=1))
    with_: str = field(
        metadata=_help("Arma cuerpo a cuerpo o «unarmed».", "Melee weapon or 'unarmed'.", **WITH)
    )
    aimed: ZONES | None = field(default=None, metadata=_help("Ataque apuntado.", "Aimed attack."))


@dataclass(frozen=True)
class OpportunityAttack:
    target: int = field(metadata=_help("Quien sale del alcance (2 m).", "Who leaves the reach (2 m).", min=1))
    with_: str = field(
        metadata=_help("Arma cuerpo a cuerpo o «unarmed».", "Melee weapon or 'unarmed'.", **WITH)
    )
    aimed: ZONES | None = field(
        default=None, metadata=_help("Única maniobra: ataque apuntado.", "Only maneuver: aimed.")
    )


@dataclass(frozen=True)
class Move:
    metres: float = field(metadata=_help("Metros.", "Metres.", min=0, max=1000))
    use: Literal["movement", "complex"] = field(
        default="movement", metadata=_help("Acción de Movimiento o Compleja.", "Movement or complex action.")
    )
    leaves_reach: bool = field(
        default=False,
        metadata=_help(
            "Sale del alcance (2 m) de quienes estaba trabado.",
            "Leaves the reach (2 m) of whoever it was engaged with.",
        ),
    )


@dataclass(frozen=True)
class Equip:
    weapons: list[str] = field(
        metadata=_help("Hasta dos armas de la ficha.", "Up to two of the sheet's weapons.")
    )


@dataclass(frozen=True)
class ChooseDefense:
    capability: Literal["defense", "magic", "psychic"] = field(
        metadata=_help("Capacidad Defensiva.", "Defensive capability.")
    )


@dataclass(frozen=True)
class AreaPower:
    power: str = field(metadata=_help("Poder de Área.", "Area power."))
    targets: list[int] = field(metadata=_help("Quienes están en la zona.", "Who is in the area."))
    difficulty: int | None = field(
        default=None, metadata=_help("Dificultad.", "Difficulty.", min=1, max=9999)
    )
    stayed: list[int] = field(
        default_factory=list, metadata=_help("Se quedaron en la zona.", "Stayed in the area.")
    )
    distance: float | None = field(
        default=None, metadata=_help("Distancia (m).", "Distance (m).", min=0, max=100000)
    )


@dataclass(frozen=True)
class PassivePower:
    power: str = field(metadata=_help("Poder Pasivo.", "Passive power."))
    targets: list[int] = field(metadata=_help("Blancos.", "Targets."))
    difficulty: int | None = field(
        default=None, metadata=_help("Dificultad.", "Difficulty.", min=1, max=9999)
    )
    distance: float | None = field(
        default=None, metadata=_help("Distancia (m).", "Distance (m).", min=0, max=100000)
    )


@dataclass(frozen=True)
class Condition:
    target: int = field(metadata=_help("Combatiente.", "Combatant.", min=1))
    condition: STATES = field(metadata=_help("Estado de Combate.", "Combat state."))
    on: bool = field(default=True, metadata=_help("Poner o quitar.", "On or off."))


@dataclass(frozen=True)
class Adjust:
    target: int = field(metadata=_help("Combatiente.", "Combatant.", min=1))
    hit_points: int | None = field(
        default=None, metadata=_help("Puntos de Vida.", "Hit points.", min=-99999, max=99999)
    )
    status: Literal["active", "dying", "dead"] | None = field(
        default=None, metadata=_help("Estado.", "Status.")
    )


@dataclass(frozen=True)
class Engagement:
    target: int = field(metadata=_help("Combatiente.", "Combatant.", min=1))
    other: int = field(metadata=_help("El otro combatiente.", "The other combatant.", min=1))
    on: bool = field(
        default=True, metadata=_help("Trabados a menos de 2 m o ya no.", "Engaged within 2 m or not.")
    )


@dataclass(frozen=True)
class Patient:
    target: int = field(
        metadata=_help("Quien está entre la vida y la muerte.", "Who is between life and death.", min=1)
    )


@dataclass(frozen=True)
class ResultsTable:
    minimums: list[int] = field(
        metadata=_help("Mínimo de cada nivel salvo el primero.", "Minimum of each level but the first.")
    )
    maximums: list[int] = field(
        metadata=_help("Máximo de cada nivel salvo el último.", "Maximum of each level but the last.")
    )
    damage_percents: list[int] = field(
        metadata=_help("Porcentaje de daño de cada nivel.", "Damage percent of each level.")
    )


def _resolver(resolve):
    """Resolves an action the site has validated against its schema (the engine trusts it, as
    rules/core/encounter.py says); afterwards the dead and the removed leave every engagement
    (`reach.settle`) and `turn.left` says what the current combatant has left of its turn."""

    def run(table, dice, action, actor):
        resolve(table, dice, action, actor)
        reach.settle(table)
        refresh_turn(table)

    return run


def _type(name: str, resolve, schema: type, **options) -> ActionType:
    return ActionType(name, _resolver(resolve), schema, **options)


ACTIONS = {
    "start": _type("start", order.start, Nothing, gm_only=True, needs_actor=False, phases=("setup",),
                        summary_es="Tirar iniciativa y empezar.", summary_en="Roll initiative and begin."),
    "end": _type("end", order.end, Nothing, gm_only=True, needs_actor=False, phases=("setup", "active"),
                      summary_es="Terminar el combate.", summary_en="End the fight."),
    "end_turn": _type("end_turn", order.end_turn, Nothing, summary_es="Terminar el turno.", summary_en="End the turn."),
    "attack": _type("attack", sequences.attack, Attack,
                         summary_es="Ataque Completo o poder de ataque.", summary_en="Full attack or attack power."),
    "counterattack": _type("counterattack", sequences.counterattack, Counterattack,
                                summary_es="Contraataque ganado.", summary_en="An earned counterattack."),
    "opportunity_attack": _type("opportunity_attack", sequences.opportunity_attack, OpportunityAttack,
                                     summary_es="Ataque de Oportunidad.", summary_en="Opportunity attack."),
    "move": _type("move", turn_actions.move, Move, summary_es="Moverse.", summary_en="Move."),
    "equip": _type("equip", turn_actions.equip, Equip, summary_es="Desenfundar o equipar.", summary_en="Ready weapons."),
    "choose_defense": _type("choose_defense", turn_actions.choose_defense, ChooseDefense,
                                 summary_es="Elegir la Capacidad Defensiva.", summary_en="Choose the defensive capability."),
    "area_power": _type("area_power", powers.area_power, AreaPower, summary_es="Poder de Área.", summary_en="Area power."),
    "passive_power": _type("passive_power", powers.passive_power, PassivePower,
                                summary_es="Poder Pasivo.", summary_en="Passive power."),
    "condition": _type("condition", turn_actions.condition, Condition, gm_only=True, needs_actor=False,
                            phases=("setup", "active"), summary_es="Estado de Combate.", summary_en="Combat state."),
    "adjust": _type("adjust", turn_actions.adjust, Adjust, gm_only=True, needs_actor=False,
                         phases=("setup", "active"), summary_es="Ajuste del Director.", summary_en="GM adjustment."),
    "engagement": _type("engagement", reach.engagement, Engagement, gm_only=True, needs_actor=False,
                             phases=("setup", "active"), summary_es="Trabados a menos de 2 m.",
                             summary_en="Engaged within 2 m."),
    "first_aid": _type("first_aid", life_death.first_aid, Patient,
                            summary_es="Primeros auxilios a un aliado.", summary_en="First aid to an ally."),
    "stabilise": _type("stabilise", life_death.gm_stabilise, Patient, gm_only=True, needs_actor=False,
                            phases=("setup", "active"), summary_es="Estabilizar (el Director).",
                            summary_en="Stabilise (the GM)."),
    "set_results_table": _type("set_results_table", turn_actions.set_results_table, ResultsTable, gm_only=True,
                                    needs_actor=False, phases=("setup", "active"),
                                    summary_es="Tabla de resultados de la campaña.", summary_en="The campaign's results table."),
}  # fmt: skip
