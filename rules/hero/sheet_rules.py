"""What a Hero sheet may hold (docs/api.md "Hero sheet"): the characteristics with their bounds, the
attack kinds and the scopes combat skill levels apply to ("Niveles de combate")."""

from __future__ import annotations

from .spd import MAX_SPD, MIN_SPD

# (key, name_es, name_en, lowest, highest). The seed writes DES, CON, CUE, VOL, AGU, ATU, FUE, DF;
# 0 is the lowest a characteristic may be, BODY and STUN at least 1 (a character with none is
# already out of the fight), SPD 1–12 (the Speed Chart). 300 is an absurd-number guard.
CHARACTERISTICS = (
    ("str", "FUE", "STR", 0, 300),
    ("dex", "DES", "DEX", 0, 300),
    ("con", "CON", "CON", 0, 300),
    ("body", "CUE", "BODY", 1, 300),
    ("int", "INT", "INT", 0, 300),
    ("ego", "VOL", "EGO", 0, 300),
    ("pre", "PRE", "PRE", 0, 300),
    ("pd", "DF", "PD", 0, 300),
    ("ed", "DE", "ED", 0, 300),
    ("spd", "VEL", "SPD", MIN_SPD, MAX_SPD),
    ("rec", "REC", "REC", 0, 300),
    ("end", "AGU", "END", 0, 1000),
    ("stun", "ATU", "STUN", 1, 1000),
)
CHARACTERISTIC_KEYS = tuple(c[0] for c in CHARACTERISTICS)

ATTACK_KINDS = (
    {"slug": "hth", "name_es": "Cuerpo a cuerpo", "name_en": "Hand-to-hand"},
    {"slug": "ranged", "name_es": "A distancia", "name_en": "Ranged"},
    {"slug": "mental", "name_es": "Mental", "name_en": "Mental"},
)
ATTACK_KIND_SLUGS = frozenset(k["slug"] for k in ATTACK_KINDS)

# "Niveles de combate": what a level may add to. `dcv_against`: the attacks it defends against
# ("sólo los niveles de combate de ocho puntos se pueden utilizar para VCD contra ataques a
# distancia. Los niveles de combate de cinco puntos con combate cuerpo a cuerpo pueden ser
# aplicados al VCD sólo contra ataques cuerpo a cuerpo"). A level naming one attack applies to it
# only; it defends like the kind of that attack (never against ranged ones).
LEVEL_SCOPES = (
    {"slug": "all", "name_es": "Todo el combate", "name_en": "All combat", "dcv_against": ["hth", "ranged"]},
    {"slug": "hth", "name_es": "Cuerpo a cuerpo", "name_en": "Hand-to-hand", "dcv_against": ["hth"]},
    {"slug": "ranged", "name_es": "A distancia", "name_en": "Ranged", "dcv_against": []},
    {"slug": "mental", "name_es": "Combate mental", "name_en": "Mental combat", "dcv_against": ["mental"]},
)
LEVEL_SCOPE_SLUGS = frozenset(s["slug"] for s in LEVEL_SCOPES)

MAX_DICE = 30
MAX_LEVELS = 30
MAX_ATTACKS = 40
MAX_SHOTS = 60
MAX_MOVEMENT = 200
MAX_CARRIED_KG = 100000
DEFAULT_MOVEMENT = 6  # inches per phase: the published game's Running 6" (12m in 6E)
STRIKE = "strike"  # the attack name of a plain STR strike, present on every sheet
