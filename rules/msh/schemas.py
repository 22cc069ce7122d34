"""The input of each MSH action (docs/api.md "Actions of the new systems"), as the frozen dataclasses
the site builds its validation and OpenAPI schema from. `with` is a Python keyword: the field is
`with_` and its metadata names the JSON key (`"json": "with"`); the engine reads either."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .ranks import TOP

Colour = Literal["white", "green", "yellow", "red"]
DeclarableType = Literal["attack", "evade", "dodge", "block", "escape", "interpose", "aim", "pass", "hold"]


def _f(default, es: str, en: str, **bounds):
    return field(default=default, metadata={"help_es": es, "help_en": en, **bounds})


@dataclass(frozen=True)
class AttackInput:
    target: int = field(metadata={"help_es": "A quién se ataca", "help_en": "Whom to attack", "min": 1})
    combat_type: str = field(
        metadata={"help_es": "Tipo de combate (catálogo)", "help_en": "Combat type (catalogue)"}
    )
    with_: str = field(
        default="unarmed",
        metadata={
            "json": "with",
            "help_es": "Poder o arma, o «unarmed»",
            "help_en": "Power or weapon, or 'unarmed'",
        },
    )
    shifts: int = _f(
        0, "Otras columnas que da el Director", "Other column shifts the GM gives", min=-10, max=10
    )
    karma: int = _f(
        0, "Karma sumado a la tirada (1 por punto)", "Karma added to the roll (1 per point)", min=0, max=TOP
    )
    effect_karma: int = _f(
        0,
        "Karma reservado para Empujón/Aturdimiento/Muerte",
        "Karma kept for Slam/Stun/Kill rolls",
        min=0,
        max=TOP,
    )
    darkness: bool = _f(False, "En la oscuridad (−2)", "In darkness (−2)")
    point_blank: bool = _f(False, "A bocajarro (+3 y un color)", "Point blank (+3 and one colour)")
    areas: int = _f(0, "Áreas recorridas en la carga", "Areas run in the charge", min=0, max=20)
    diving: bool = _f(False, "Volador en picado (+4)", "Diving flier (+4)")
    surprise: bool = _f(False, "Por sorpresa (+2)", "By surprise (+2)")
    obstacles: bool = _f(
        False,
        "Carga: hay obstáculos más allá del objetivo (si falla, tira Agilidad)",
        "Charge: there are obstacles beyond the target (on a miss, roll Agility)",
    )
    also_targets: list[int] = field(
        default_factory=list,
        metadata={
            "help_es": "Otros objetivos adyacentes (−4)",
            "help_en": "Other adjacent targets (−4)",
            "min": 1,
        },
    )
    max_damage: int | None = _f(
        None, "Ataque moderado: daño máximo", "Pulled attack: most damage", min=0, max=TOP
    )
    max_colour: Colour | None = _f(
        None, "Reducir el resultado a este color", "Reduce the result to this colour"
    )
    called_shot: Literal["", "location", "disarm", "stun"] = _f(
        "", "Diana: efecto elegido", "Bullseye: chosen effect"
    )
    item: str | None = _f(None, "Arma del objetivo (arrancar, desarmar)", "Target's weapon (grab, disarm)")
    ground_material: int | None = _f(
        None,
        "Golpe al suelo / Onda de choque: material del suelo",
        "Ground strike / shock wave: ground material",
        min=0,
        max=TOP,
    )
    material: int | None = _f(
        None,
        "Material del objeto arrojado improvisado",
        "Material of an improvised thrown object",
        min=0,
        max=TOP,
    )
    combined_with: int | None = _f(None, "Ataque combinado con", "Combined attack with")


@dataclass(frozen=True)
class DefenseInput:
    karma: int = _f(0, "Karma sumado a la tirada", "Karma added to the roll", min=0, max=TOP)
    effect_karma: int = _f(
        0,
        "Karma reservado para Empujón/Aturdimiento/Muerte",
        "Karma kept for Slam/Stun/Kill rolls",
        min=0,
        max=TOP,
    )


@dataclass(frozen=True)
class DodgeInput:
    karma: int = _f(0, "Karma sumado a la tirada", "Karma added to the roll", min=0, max=TOP)
    effect_karma: int = _f(0, "Karma reservado", "Karma kept", min=0, max=TOP)
    then: AttackInput | None = _f(None, "Otra acción, con −2 columnas", "Another action, at −2 columns")


@dataclass(frozen=True)
class EscapeInput:
    """Escape, rojo: "El defensor se libera y puede o alejarse o intentar un ataque con un -2"; the
    choice is declared with the escape and happens only if the escape comes out red."""

    karma: int = _f(0, "Karma sumado a la tirada", "Karma added to the roll", min=0, max=TOP)
    effect_karma: int = _f(0, "Karma reservado", "Karma kept", min=0, max=TOP)
    then: AttackInput | None = _f(
        None, "Si sale rojo: un ataque con −2 columnas", "On a red: an attack at −2 columns"
    )
    away: bool = _f(False, "Si sale rojo: alejarse (fuera de alcance)", "On a red: move away (out of reach)")


@dataclass(frozen=True)
class InterposeInput:
    protect: int = field(metadata={"help_es": "A quién cubre", "help_en": "Whom it covers", "min": 1})
    karma: int = _f(0, "Karma sumado a la tirada", "Karma added to the roll", min=0, max=TOP)
    effect_karma: int = _f(0, "Karma reservado", "Karma kept", min=0, max=TOP)


@dataclass(frozen=True)
class HoldInput:
    before: int = field(
        metadata={
            "help_es": "El defensor cuya acción contrarresta",
            "help_en": "The defender whose action it counters",
        }
    )
    action: AttackInput = field(metadata={"help_es": "El ataque reservado", "help_en": "The held attack"})
    effect_karma: int = _f(0, "Karma reservado", "Karma kept", min=0, max=TOP)


@dataclass(frozen=True)
class SimpleInput:
    effect_karma: int = _f(0, "Karma reservado", "Karma kept", min=0, max=TOP)


@dataclass(frozen=True)
class DeclaredAction:
    """Any declarable action: `type` plus that type's fields."""

    type: DeclarableType = field(metadata={"help_es": "Qué se declara", "help_en": "What is declared"})
    target: int | None = _f(None, "", "", min=1)
    combat_type: str | None = None
    with_: str | None = field(default=None, metadata={"json": "with"})
    shifts: int = _f(0, "", "", min=-10, max=10)
    karma: int = _f(0, "", "", min=0, max=TOP)
    effect_karma: int = _f(0, "", "", min=0, max=TOP)
    darkness: bool = False
    point_blank: bool = False
    areas: int = _f(0, "", "", min=0, max=20)
    diving: bool = False
    surprise: bool = False
    obstacles: bool = False
    also_targets: list[int] = field(default_factory=list, metadata={"min": 1})
    max_damage: int | None = None
    max_colour: Colour | None = None
    called_shot: Literal["", "location", "disarm", "stun"] = ""
    item: str | None = None
    ground_material: int | None = None
    material: int | None = None
    combined_with: int | None = None
    protect: int | None = _f(None, "", "", min=1)
    before: int | None = None
    action: AttackInput | None = None
    then: AttackInput | None = _f(
        None,
        "Otra acción: tras Esquivar (−2), tras un Escape rojo (−2) o mientras se aprieta a quien se "
        "tiene inmovilizado",
        "Another action: after a dodge (−2), after a red escape (−2) or while squeezing someone held fast",
    )
    away: bool = _f(False, "Escape rojo: alejarse", "Red escape: move away")


@dataclass(frozen=True)
class DeclareInput:
    action: DeclaredAction = field(
        metadata={"help_es": "La acción declarada", "help_en": "The declared action"}
    )


@dataclass(frozen=True)
class StartInput:
    auto_resolve: bool = _f(
        True, "Resolver en cuanto todos declaren", "Resolve as soon as everyone has declared"
    )


@dataclass(frozen=True)
class NoInput:
    pass
