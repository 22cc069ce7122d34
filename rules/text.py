"""Small pure helpers shared by every system's engine."""

import re
import unicodedata


def slugify(name: str) -> str:
    """Lowercase ASCII words joined by `-` (docs/api.md "Conventions"): "Ataque a fondo 2" →
    "ataque-a-fondo-2", "Percepción visual" → "percepcion-visual", "Ric@" → "ric-a"."""
    name = name.replace("@", " a ")
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
