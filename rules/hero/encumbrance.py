"""The seed's encumbrance tables ("Estorbo"): DCV and END a turn for the weight carried, and the
END changed by STR ("Esto también se usa con la regla de Aguante a largo plazo")."""

from __future__ import annotations

from fractions import Fraction

# Estorbo, "Peso total transportado Kg / VCD Tirada DES / AGU por turno": 0–3.2 kg 0/0, 3.3–6.4 −1/0,
# 6.5–12.5 −2/1, 12.6–25 −3/2, 25.1–50 −4/3, 50.1–100 −5/4, "Etc…" (the limit doubles).
ENCUMBRANCE_TABLE = (
    (Fraction(32, 10), 0, 0),
    (Fraction(64, 10), -1, 0),
    (Fraction(125, 10), -2, 1),
    (Fraction(25), -3, 2),
    (Fraction(50), -4, 3),
    (Fraction(100), -5, 4),
)


def encumbrance(kg) -> tuple[int, int]:
    """(DCV and DEX roll modifier, END per turn before STR) for the weight carried."""
    w = Fraction(str(kg))
    for limit, dcv, end in ENCUMBRANCE_TABLE:
        if w <= limit:
            return dcv, end
    limit, dcv, end = ENCUMBRANCE_TABLE[-1]
    while w > limit:
        limit, dcv, end = limit * 2, dcv - 1, end + 1
    return dcv, end


def encumbrance_end(base_end: int, strength: int) -> int:
    """Estorbo, "FUE / Coste AGU por turno": 0–4 x2, 5–9 x1½, 10–14 x1, 15–19 −1, 20–24 −2… (never
    below 0; "los individuos fuertes no sienten tanto el peso"). Halves round down."""
    if base_end <= 0:
        return 0
    if strength <= 4:
        return base_end * 2
    if strength <= 9:
        return base_end * 3 // 2
    return max(0, base_end - (strength - 10) // 5)
