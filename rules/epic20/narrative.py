"""The narrative effects the document gives numbers for, shown on the sheet (`derived.narrative`)
and, for Crecer, in the log when it is switched on (`resolution.powers_in_play`).

- Crecer (LISTA DE PODERES, seed l.325): "Su tamaño aumenta 1/2 metro x nivel"; "cuenta como
  Superfuerza pero sólo al estar crecido. Gana la maniobra «interponerse»".
- Excelente atleta (LISTA DE VENTAJAS, l.575): "El movimiento normal (no especial) del personaje
  se duplica, es decir, salta el doble, corre el doble".
- Masa de músculos (ARQUETIPOS, l.461): "Puede levantar el doble de peso que un superhéroe normal
  con superfuerza".
- Ayudante (LISTA DE VENTAJAS, l.581): "de nivel la mitad del personaje" (rounded down, REDONDEOS).
- Base secreta (LISTA DE VENTAJAS): "Base de 1000 metros por punto".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

GROWTH = "crecer"
BASE_METERS_PER_POINT = 1000


@dataclass(frozen=True)
class Note:
    slug: str
    value: float | int | None
    text_es: str
    text_en: str
    rule: str

    def as_dict(self) -> dict:
        return {
            "slug": self.slug,
            "value": self.value,
            "text_es": self.text_es,
            "text_en": self.text_en,
            "rule": self.rule,
        }


def growth_meters(level: int) -> float:
    """Crecer: "Su tamaño aumenta 1/2 metro x nivel"."""
    return level / 2


def growth_texts(level: int) -> tuple[str, str]:
    meters = _number(growth_meters(level))
    return (
        f"crece {meters} m; cuenta como Superfuerza y gana «Interponerse» mientras está crecido",
        f"grows {meters} m; counts as Super-strength and gains Interpose while grown",
    )


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value).replace(".", ",")


def notes(
    level: int,
    powers: frozenset[str],
    advantages: frozenset[str],
    archetype: str | None,
    advantage_points: Mapping[str, Fraction] | None = None,
) -> list[Note]:
    """Every narrative number the sheet implies."""
    out: list[Note] = []
    if GROWTH in powers:
        es, en = growth_texts(level)
        out.append(
            Note("crecer", growth_meters(level), f"Crecer: {es}.", f"Growth: {en}.", "LISTA DE PODERES")
        )
    if "excelente-atleta" in advantages:
        out.append(
            Note(
                "excelente-atleta",
                2,
                "Excelente atleta: salta y corre el doble (movimiento normal ×2).",
                "Excellent athlete: jumps and runs twice as far (normal movement ×2).",
                "LISTA DE VENTAJAS",
            )
        )
    if archetype == "masa-de-musculos":
        out.append(
            Note(
                "masa-de-musculos",
                2,
                "Masa de músculos: levanta el doble que un superhéroe normal con Superfuerza.",
                "Mass of muscle: lifts twice what a normal super-strong hero lifts.",
                "ARQUETIPOS",
            )
        )
    if "ayudante" in advantages:
        helper = level // 2
        out.append(
            Note(
                "ayudante",
                helper,
                f"Ayudante de nivel {helper}.",
                f"Sidekick of level {helper}.",
                "LISTA DE VENTAJAS",
            )
        )
    if "base-secreta" in advantages:
        points = (advantage_points or {}).get("base-secreta") or Fraction(1)
        meters = int(points * BASE_METERS_PER_POINT)
        out.append(
            Note(
                "base-secreta",
                meters,
                f"Base secreta de {meters} metros.",
                f"Secret base of {meters} metres.",
                "LISTA DE VENTAJAS",
            )
        )
    return out
