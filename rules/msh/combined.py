"""Ataque combinado (Ataques o maniobras especiales, 001 l.320-326): "Si dos jugadores atacan en el
mismo sitio al mismo tiempo, pueden obtener un beneficio para saltarse campos de fuerza o
Armaduras Corporales. Ambos pueden tener, como mucho, un rango de diferencia en Fuerza. El que
tenga un número menor ha de tener éxito en una tirada de Agilidad. Caso de tener éxito, el que
tenga mayor Fuerza puede modificar con +1 columna su tirada para impactar."

The stronger declares it (`combined_with`). "En el mismo sitio al mismo tiempo" is read from the
partner's own declaration of this round, when the combined attack resolves: the partner must
have declared an attack on the same target (a plain attack, a held one, a dodge's or an escape's
other action, a squeeze's other action) and still be able to act, or the combined attack lapses
with the reason (docs/rules-notes-msh.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import declarations as decl
from rules.core.dice import DiceSource
from rules.core.encounter import Table

from .attack_input import COMBINED_RULE as RULE
from .attack_input import Attack, refuse
from .combatant import ability, can_act
from .dice import roll_column
from .ranks import rank_of


def attacks_of(action: Mapping | None) -> list[Mapping]:
    """The attacks one declaration makes this turn: its own, a held one, its other action."""
    if not isinstance(action, Mapping):
        return []
    out: list[Mapping] = []
    if action.get("type") == "hold" and isinstance(action.get("action"), Mapping):
        out.append(action["action"])
    elif action.get("type") == "attack":
        out.append(action)
    if isinstance(action.get("then"), Mapping):
        out.append(action["then"])
    return out


def declared_targets(action: Mapping | None) -> set[int]:
    """Everyone a declared action attacks this turn."""
    out: set[int] = set()
    for attack in attacks_of(action):
        out |= {t for t in [attack.get("target"), *(attack.get("also_targets") or [])] if isinstance(t, int)}
    return out


def check_not_mutual(table: Table, action: Mapping, actor: int) -> None:
    """ "El que tenga mayor Fuerza puede modificar con +1 columna su tirada": one of the two gets
    the column. With equal Strengths either may declare it, but not both for each other."""
    for attack in attacks_of(action):
        partner = attack.get("combined_with")
        theirs = decl.declaration_of(table.state, partner) if isinstance(partner, int) else None
        if any(other.get("combined_with") == actor for other in attacks_of(theirs)):
            refuse(
                "attack.combined_mutual",
                "Tu compañero ya declaró el ataque combinado contigo: solo uno de los dos gana la columna.",
                "Your partner already declared the combined attack with you: only one of the two gains the column.",
                path="/combined_with",
                rule=RULE,
            )


def _same_place_same_time(table: Table, attack: Attack, partner_id: int, partner: Mapping) -> None:
    """ "Si dos jugadores atacan en el mismo sitio al mismo tiempo": the partner's declaration."""
    target = table.combatant(attack.targets[0]) or {}
    name, whom = partner.get("name", f"#{partner_id}"), target.get("name", f"#{attack.targets[0]}")
    if attack.targets[0] not in declared_targets(decl.declaration_of(table.state, partner_id)):
        refuse(
            "attack.combined_not_together",
            f"ataque combinado sin compañero: {name} no ha declarado un ataque contra {whom} este asalto.",
            f"combined attack without a partner: {name} did not declare an attack on {whom} this round.",
            path="/combined_with",
            kind="conflict",
            rule=RULE,
        )
    if not can_act(partner):
        refuse(
            "attack.combined_partner_down",
            f"ataque combinado sin compañero: {name} ya no puede actuar.",
            f"combined attack without a partner: {name} can no longer act.",
            path="/combined_with",
            kind="conflict",
            rule=RULE,
        )


def combined(table: Table, dice: DiceSource, attack: Attack, me: dict) -> tuple[dict | None, dict | None]:
    """The +1 column (or None) and the partner's Agility roll (or None without a partner)."""
    partner_id = attack.number("combined_with")
    if partner_id is None:
        return None, None
    partner = table.combatant(partner_id)  # who and how strong: checked by check_attack
    _same_place_same_time(table, attack, partner_id, partner)
    roll = roll_column(dice, rank_of(ability(partner, "agility")))
    roll["combatant"] = partner_id
    # "ha de tener éxito en una tirada de Agilidad": green or better, as every FEAT roll here.
    shift = {"slug": "combined-attack", "shifts": 1, "rule": RULE} if roll["colour"] != "white" else None
    return shift, roll
