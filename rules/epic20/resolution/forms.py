"""Changes of form in play (LISTA DE PODERES › Superpoderes de utilidad): the gas forms.

Convertirse en gas (seed l.357): "en esta forma el personaje es intangible pero es afectado por
ataques con áreas de efecto y por efectos de viento. El resto de efectos y daños no se le aplican
… No puede interactuar con el medio físico. No puede ahogar a otras personas." Convertirse en gas
nocivo (l.359): "como el poder anterior, pero puede realizar un ataque mundano de ahogamiento, de
cuerpo a cuerpo". The forms are switched on and off like any switch (`powers_in_play.SWITCHES`).
"""

from __future__ import annotations

from rules.core.errors import Refused

from .state import CombatantState, Event

GAS_RULE = "LISTA DE PODERES › Convertirse en gas"
GAS_FORMS = ("gaseous", "noxious-gas")
NOXIOUS_GAS = "convertirse-en-gas-nocivo"
AREA_SHAPES = ("area", "cone")
WIND_WORDS = frozenset({"viento", "wind", "huracan", "tornado", "vendaval"})


def in_gas_form(state: CombatantState) -> bool:
    return any(state.condition(slug) for slug in GAS_FORMS)


def reaches_gas(shape: str, cone: bool, words: frozenset[str]) -> bool:
    """Only "ataques con áreas de efecto" (an area or a cone) and "efectos de viento" (an attack
    whose element or description says wind) affect the gas."""
    return shape in AREA_SHAPES or cone or bool(words & WIND_WORDS)


def refuse_gas_attacker(attacker: CombatantState, kind: str, with_: str) -> None:
    """The gas "No puede interactuar con el medio físico": no melee or ranged attack, but the
    noxious gas's own choking attack "de cuerpo a cuerpo"."""
    if not in_gas_form(attacker) or kind not in ("melee", "ranged"):
        return
    if with_ == NOXIOUS_GAS and kind == "melee" and attacker.condition("noxious-gas"):
        return
    raise Refused(
        "attack.gas_form",
        GAS_RULE,
        f"{attacker.display_name} es gas: no puede interactuar con el medio físico.",
        f"{attacker.display_name} is a gas: it cannot interact with the physical world.",
    )


def gas_event(attacker: CombatantState, target: CombatantState) -> Event:
    who = target.display_name
    return Event(
        "gas_form",
        f"El ataque atraviesa a {who}, que es gas: sólo le afectan áreas de efecto y el viento.",
        f"The attack passes through {who}, who is a gas: only areas of effect and wind affect it.",
        GAS_RULE,
        actor=attacker.id,
        target=target.id,
    )
