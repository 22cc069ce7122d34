"""Ranks and the Universal Table.

The seed names the columns ("Tirar en la tabla pertinente", "Mirar el resultado en la tabla
universal") but does not reproduce the table: the rank values, their number ranges and each
column's colour thresholds are the published ones (Marvel Super Heroes Advanced Set, TSR 1986,
the Universal Table; docs/rules-notes-msh.md). A column shift moves along this list and stops
at its ends.
"""

from __future__ import annotations

from dataclasses import dataclass

RULE = "Procedimiento de combate"
COLOURS = ("white", "green", "yellow", "red")
COLOUR_NAMES = {
    "white": ("Blanco", "White"),
    "green": ("Verde", "Green"),
    "yellow": ("Amarillo", "Yellow"),
    "red": ("Rojo", "Red"),
}
TOP = 10**6  # the largest rank number a sheet or an input may carry


@dataclass(frozen=True)
class Rank:
    """One column of the Universal Table: `value` is the rank's standard number, `min`/`max`
    the numbers it covers, `green`/`yellow`/`red` the lowest d100 roll of each colour."""

    slug: str
    name_es: str
    name_en: str
    value: int
    min: int
    max: int
    green: int
    yellow: int
    red: int

    def colour(self, roll: int) -> str:
        """The colour a d100 roll (1-100, Karma already added) reads on this column."""
        if roll >= self.red:
            return "red"
        if roll >= self.yellow:
            return "yellow"
        if roll >= self.green:
            return "green"
        return "white"

    def ranges(self) -> list[dict]:
        """The d100 rolls that read each colour on this column, as the published table prints
        them (a colour with no roll would be left out; every column has all four)."""
        edges = (("white", 1, self.green), ("green", self.green, self.yellow))
        edges += (("yellow", self.yellow, self.red), ("red", self.red, 101))
        return [
            {"colour": colour, "from": low, "to": high - 1, "count": high - low}
            for colour, low, high in edges
            if high > low
        ]

    def as_dict(self) -> dict:
        return {
            "slug": self.slug,
            "name_es": self.name_es,
            "name_en": self.name_en,
            "value": self.value,
            "min": self.min,
            "max": self.max,
            "green": self.green,
            "yellow": self.yellow,
            "red": self.red,
        }


RANKS: tuple[Rank, ...] = (
    Rank("shift-0", "Cero", "Shift 0", 0, 0, 0, 66, 95, 100),
    Rank("feeble", "Ínfimo", "Feeble", 2, 1, 2, 61, 91, 100),
    Rank("poor", "Pobre", "Poor", 4, 3, 4, 56, 86, 100),
    Rank("typical", "Normal", "Typical", 6, 5, 7, 51, 81, 98),
    Rank("good", "Bueno", "Good", 10, 8, 15, 46, 76, 98),
    Rank("excellent", "Excelente", "Excellent", 20, 16, 25, 41, 71, 95),
    Rank("remarkable", "Notable", "Remarkable", 30, 26, 35, 36, 66, 95),
    Rank("incredible", "Increíble", "Incredible", 40, 36, 45, 31, 61, 91),
    Rank("amazing", "Asombroso", "Amazing", 50, 46, 62, 26, 56, 91),
    Rank("monstrous", "Monstruoso", "Monstrous", 75, 63, 87, 21, 51, 86),
    Rank("unearthly", "Sobrenatural", "Unearthly", 100, 88, 125, 16, 46, 86),
    Rank("shift-x", "Shift X", "Shift X", 150, 126, 175, 11, 41, 81),
    Rank("shift-y", "Shift Y", "Shift Y", 200, 176, 350, 7, 41, 81),
    Rank("shift-z", "Shift Z", "Shift Z", 500, 351, 999, 4, 36, 76),
    Rank("class-1000", "Clase 1000", "Class 1000", 1000, 1000, 2999, 2, 36, 76),
    Rank("class-3000", "Clase 3000", "Class 3000", 3000, 3000, 4999, 2, 31, 71),
    Rank("class-5000", "Clase 5000", "Class 5000", 5000, 5000, 9999, 2, 26, 66),
    # A roll of 01 is white on every column, Beyond included (the published table).
    Rank("beyond", "Más allá", "Beyond", 10000, 10000, TOP, 2, 21, 61),
)
BY_SLUG = {rank.slug: rank for rank in RANKS}
INDEX = {rank.slug: i for i, rank in enumerate(RANKS)}


def rank_of(number: int) -> Rank:
    """The rank a number falls in (0 is Shift 0; anything past Class 5000 is Beyond)."""
    if number < 0:
        raise ValueError(f"a rank number is never negative: {number}")
    for rank in RANKS:
        if number <= rank.max:
            return rank
    return RANKS[-1]


def column_index(number: int) -> int:
    return INDEX[rank_of(number).slug]


def shifted(rank: Rank, shifts: int) -> Rank:
    """The column `shifts` columns right (+) or left (−) of `rank`, stopping at Shift 0 and Beyond."""
    index = min(max(INDEX[rank.slug] + shifts, 0), len(RANKS) - 1)
    return RANKS[index]


def colour_up(colour: str, steps: int = 1) -> str:
    """A colour `steps` better (point blank: "sube un color"), red staying red."""
    return COLOURS[min(COLOURS.index(colour) + steps, len(COLOURS) - 1)]


def at_most(colour: str, cap: str | None) -> str:
    """The colour lowered to `cap` when the attacker reduces the result ("reducir… el resultado")."""
    if cap is None:
        return colour
    return COLOURS[min(COLOURS.index(colour), COLOURS.index(cap))]


def better(colour: str, than: str) -> bool:
    return COLOURS.index(colour) > COLOURS.index(than)


def rank_name(number: int) -> dict:
    rank = rank_of(number)
    return {"slug": rank.slug, "name_es": rank.name_es, "name_en": rank.name_en}
