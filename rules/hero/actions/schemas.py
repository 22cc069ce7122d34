"""The input of every Hero action type (besides `type` and `actor`), as the site validates it
(rules/core/encounter.py "Schemas"). docs/api.md: `{"type": "attack", "actor", "target", "attack":
"<attack name>", "maneuver": "<maneuver slug>"?, "range": number?}`; the rest are optional keys."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Literal

from rules.core.errors import Refused


def _f(default, es: str, en: str, **bounds):
    meta = {"help_es": es, "help_en": en, **bounds}
    if isinstance(default, list):
        return field(default_factory=list, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class AttackInput:
    target: int = field(metadata={"help_es": "A quién se ataca", "help_en": "Who is attacked", "min": 1})
    attack: str = _f(
        "strike",
        "Nombre del ataque de la hoja, o strike (FUE/5 d6)",
        "Attack name on the sheet, or strike (STR/5 d6)",
    )
    maneuver: str | None = _f(
        None, "Maniobra de combate (strike si no se dice)", "Combat maneuver (strike if none)"
    )
    range: float = _f(0, "Distancia en pulgadas", "Range in inches", min=0, max=100000)
    modifiers: list[str] = _f([], "Modificadores de combate (catálogo)", "Combat modifiers (catalogue)")
    levels_dcv: int = _f(0, "Niveles de combate pasados a VCD", "Combat levels put into DCV", min=0, max=30)
    levels_damage: int = _f(
        0,
        "Niveles de combate pasados a daño (2 por clase)",
        "Levels put into damage (2 per DC)",
        min=0,
        max=30,
    )
    shots: int = _f(1, "Disparos de fuego automático", "Autofire shots", min=1, max=60)
    spread: int = _f(
        0,
        "Dados quitados para esparcir la ráfaga (+1 VCO cada uno)",
        "Dice taken off to spread a blast",
        min=0,
        max=30,
    )
    bounces: int = _f(
        0, "Rebotes (1 nivel de combate cada uno)", "Bounces (1 combat level each)", min=0, max=30
    )
    surprise_bonus: int = _f(
        0, "Bono de maniobra de sorpresa (DJ)", "Surprise maneuver bonus (GM)", min=0, max=3
    )
    attackers: int = _f(
        1, "Atacantes coordinados contra el objetivo", "Coordinated attackers on the target", min=1, max=20
    )
    coordinated: bool = _f(
        False, "Ataque coordinado (suma el ATU para aturdir)", "Coordinated (STUN adds up to stun)"
    )
    brace: bool = _f(
        False, "Apoyado (+2 sólo contra la distancia, VCD x1/2)", "Brace (+2 vs range only, DCV x1/2)"
    )
    location: str | None = _f(None, "Localización apuntada", "Placed shot location")
    velocity: int = _f(
        0, "Velocidad en pulgadas (mover por / a través)", "Velocity in inches", min=0, max=1000
    )
    moved: float | None = _f(
        None, "Pulgadas recorridas antes del golpe", "Inches moved before impact", min=0, max=1000
    )
    more_targets: list[int] = _f(
        [],
        "Otros objetivos (barrido, mover por, fuego automático)",
        "Further targets (sweep, move by, autofire)",
        min=1,
    )
    spread_hexes: int = _f(0, "Hexágonos extra del fuego automático", "Extra autofire hexes", min=0, max=60)
    distance_from_center: int = _f(
        0, "Hexágonos desde el centro de la explosión", "Hexes from the explosion's centre", min=0, max=100
    )
    weapon: str | None = _f(
        None, "Arma del objetivo (desarmar, agarrar el arma)", "Target's weapon (disarm, grab it)"
    )
    then: Literal["squeeze", "throw"] | None = _f(None, "Tras agarrar: apretar o lanzar", "After a grab")
    fly_dice: int = _f(
        1,
        "Dados de hexágonos que vuela el arma desarmada (1 o 2)",
        "Disarmed weapon flies 1 or 2d6",
        min=1,
        max=2,
    )
    obstacle: Literal["wall", "object"] | None = _f(
        None,
        "Si sale despedido, choca contra una pared (wall) o un objeto (object)",
        "If knocked back, the target hits a wall or an object",
    )
    obstacle_def: int = _f(0, "DEF del objeto", "The object's DEF", min=0, max=50)
    obstacle_body: int = _f(0, "CUE del objeto", "The object's BODY", min=0, max=100)


@dataclass(frozen=True)
class DefendInput:
    maneuver: Literal["block", "dodge", "dive-for-cover", "roll-with-punch"] = field(
        metadata={"help_es": "Maniobra defensiva", "help_en": "Defensive maneuver"}
    )
    abort: bool = _f(
        False, "Abortar: fuera de la fase, pierde la siguiente", "Abort: out of phase, lose the next one"
    )
    levels_dcv: int = _f(0, "Niveles de combate pasados a VCD", "Combat levels put into DCV", min=0, max=30)
    distance: float = _f(1, "Pulgadas del salto (tirarse al suelo)", "Inches of the dive", min=0, max=100)
    protect: int | None = _f(None, "A quién cubre al tirarse al suelo", "Whom the dive shields", min=1)


@dataclass(frozen=True)
class TrackInput:
    target: int = field(
        metadata={"help_es": "Objetivo en el que establecerse", "help_en": "Target to set on", "min": 1}
    )


@dataclass(frozen=True)
class SuppressInput:
    attack: str = field(metadata={"help_es": "Ataque de fuego automático", "help_en": "Autofire attack"})
    hexes: int = _f(1, "Hexágonos regados", "Hexes covered", min=1, max=60)
    shots: int = _f(1, "Disparos por segmento", "Shots each segment", min=1, max=60)
    range: float = _f(0, "Distancia en pulgadas", "Range in inches", min=0, max=100000)


@dataclass(frozen=True)
class TargetInput:
    target: int = field(metadata={"help_es": "Objetivo", "help_en": "Target", "min": 1})


@dataclass(frozen=True)
class MoveInput:
    inches: float = field(metadata={"help_es": "Pulgadas", "help_en": "Inches", "min": 0, "max": 1000})
    full: bool = _f(False, "Movimiento completo (fase entera)", "Full move (whole phase)")


@dataclass(frozen=True)
class PickUpInput:
    attack: str = field(metadata={"help_es": "Arma a recoger", "help_en": "Weapon to pick up"})


@dataclass(frozen=True)
class StartInput:
    hit_locations: bool = _f(False, "Usar localización de impacto", "Use hit locations")


# "asleep": Sorprendido, "un personaje que está inconsciente o dormido recibirá x2 ATU" (state.out_cold).
CONDITIONS = ("prone", "in-cover", "hidden", "stunned", "flying", "asleep")


@dataclass(frozen=True)
class ConditionInput:
    target: int = field(metadata={"help_es": "Combatiente", "help_en": "Combatant", "min": 1})
    condition: Literal["prone", "in-cover", "hidden", "stunned", "flying", "asleep"] = field(
        metadata={"help_es": "Estado", "help_en": "Condition"}
    )
    on: bool = _f(True, "Poner o quitar", "Set or clear")


@dataclass(frozen=True)
class TieInput:
    first: int = field(metadata={"help_es": "Quién actúa antes", "help_en": "Who acts first"})
    second: int = field(
        metadata={"help_es": "Quién actúa después (misma DES)", "help_en": "Who acts after (same DEX)"}
    )


@dataclass(frozen=True)
class AdjustInput:
    target: int = field(metadata={"help_es": "Combatiente", "help_en": "Combatant", "min": 1})
    stun: int = _f(0, "Cambio de ATU", "STUN change", min=-1000, max=1000)
    body: int = _f(0, "Cambio de CUE", "BODY change", min=-1000, max=1000)
    end: int = _f(0, "Cambio de AGU", "END change", min=-1000, max=1000)
    reason: str = _f("", "Motivo", "Reason")


@dataclass(frozen=True)
class KnockbackObstacleInput:
    target: int = field(
        metadata={"help_es": "Quién salió despedido", "help_en": "Who was knocked back", "min": 1}
    )
    obstacle: Literal["wall", "object"] = field(
        metadata={
            "help_es": "Contra qué chocó: una pared (wall) o un objeto (object)",
            "help_en": "What it hit: a wall or an object",
        }
    )
    obstacle_def: int = _f(0, "DEF del objeto", "The object's DEF", min=0, max=50)
    obstacle_body: int = _f(0, "CUE del objeto", "The object's BODY", min=0, max=100)


@dataclass(frozen=True)
class Empty:
    pass


# A phase by its turn and segment, "2.6": what the page's "Terminar la fase" names.
PHASE_PATTERN = r"^[0-9]{1,4}\.(?:[1-9]|1[0-2])$"


@dataclass(frozen=True)
class EndTurnInput:
    phase: str | None = _f(
        None,
        "La fase que se termina, «turno.segmento» (2.6); si ya terminó, no se termina la siguiente",
        "The phase being ended, “turn.segment” (2.6); if it is already over, the next one is not ended",
        pattern=PHASE_PATTERN,
        max_length=7,
    )


def _bad(name: str, es: str, en: str) -> Refused:
    return Refused(f"input.{name}", "Comprobación de secuencia de combate", es, en, path=f"/{name}")


def _check_number(f, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _bad(f.name, f"«{f.name}» debe ser un número.", f"“{f.name}” must be a number.")
    low, high = f.metadata.get("min"), f.metadata.get("max")
    if (low is not None and value < low) or (high is not None and value > high):
        raise _bad(
            f.name,
            f"«{f.name}» debe estar entre {low} y {high} (es {value}).",
            f"“{f.name}” must be between {low} and {high} (it is {value}).",
        )


def read(schema: type, action: Mapping) -> dict:
    """The action's fields with the schema's defaults filled. The site has validated the action
    against this same schema (types, bounds, required fields) before the engine sees it, so the
    engine trusts it (rules/core/encounter.py, "Schemas")."""
    out = {}
    for f in fields(schema):
        if action.get(f.name) is not None:
            out[f.name] = action[f.name]
        elif f.default is not MISSING:
            out[f.name] = f.default
        elif f.default_factory is not MISSING:
            out[f.name] = f.default_factory()
    return out


def checked(schema: type, request: Mapping) -> dict:
    """A request the site does not validate against the schema (the odds asked before acting):
    its required fields present and its numbers within their bounds, then `read`."""
    for f in fields(schema):
        value = request.get(f.name)
        if value is None:
            if f.default is MISSING and f.default_factory is MISSING:
                raise _bad(f.name, f"Falta «{f.name}».", f"“{f.name}” is missing.")
        elif f.metadata.get("min") is not None or f.metadata.get("max") is not None:
            _check_number(f, value)
    return read(schema, request)
