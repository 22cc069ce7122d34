"""Where the round stands (SECUENCIA DE COMBATE): `table.state["msh"]` keeps `phase`
("declare" or "act"), `side` (the side declaring or acting now), `sides` (by initiative, highest
first) and `initiative` (side → total). Every action that acts checks it here."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.errors import CONFLICT, Refused

SEQUENCE = "Secuencia de combate"
DECLARE, ACT = "declare", "act"


def round_state(state: Mapping) -> dict:
    return dict(state.get("msh") or {})


def phase(state: Mapping) -> str | None:
    return round_state(state).get("phase")


def attacking_side(state: Mapping) -> str | None:
    """ "El bando atacante (mayor iniciativa)"."""
    sides = round_state(state).get("sides") or []
    return sides[0] if sides else None


def require_acting(state: Mapping) -> None:
    """Actions happen in the act phase only; in the declare phase they are declared."""
    if state.get("status") != "active" or phase(state) != ACT:
        raise Refused(
            "phase.declare",
            SEQUENCE,
            "Ahora se declaran las acciones: use «declare».",
            "Actions are being declared now: use 'declare'.",
            kind=CONFLICT,
        )
