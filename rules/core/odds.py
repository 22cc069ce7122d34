"""Exact odds, shared by every system: probabilities are `Fraction`s from exact distributions
(icepool or plain enumeration), never sampled. A player who may not know a hidden NPC's numbers
gets a coarse band instead of the exact value, so the odds cannot be worked back into the
number they hide (docs/architecture.md, "One privacy policy")."""

from __future__ import annotations

from fractions import Fraction

# (upper bound, slug, es, en): a probability p falls in the first band with p <= bound.
BANDS = (
    (Fraction(0), "none", "imposible", "impossible"),
    (Fraction(1, 4), "low", "poco probable", "unlikely"),
    (Fraction(1, 2), "even", "incierto", "uncertain"),
    (Fraction(3, 4), "good", "probable", "likely"),
    (Fraction(99, 100), "high", "muy probable", "very likely"),
    (Fraction(1), "certain", "casi seguro", "almost certain"),
)


def band(p: Fraction) -> dict:
    """The coarse band a probability falls in: `{"band", "label_es", "label_en"}`."""
    for bound, slug, es, en in BANDS:
        if p <= bound:
            return {"band": slug, "label_es": es, "label_en": en}
    raise ValueError(f"not a probability: {p}")


def as_float(p: Fraction) -> float:
    return float(p)
