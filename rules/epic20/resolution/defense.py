"""Defense against one attack (DEFENDERSE EN COMBATE).

"La defensa base es 10 y se suma ½ nivel … Luego, se puede sumar el valor más alto de las
defensas que posea, pero sólo se puede aplicar una defensa a la vez": mundane ¼ nivel, special
½ nivel, "La defensa mínima que suma una armadura ya sea mundana o especial es 1". Parada and
Esquiva add ¼ nivel of mundane defense that stacks with mundane armor only. Accumulated
penalties (DAÑO EN COMBATE) are subtracted.
"""

from __future__ import annotations

from dataclasses import dataclass

from .profiles import AttackProfile
from .state import READY, CombatantState, EquipmentState

SPECIAL_PHYSICAL_POWERS = ("superproteccion", "superesquiva")  # LISTA DE PODERES › Superdefensas
# ARQUETIPOS: Artista Marcial "cuando no lleva ninguna armadura se aplica como si llevara armadura
# mundana"; Bravo and Granuja "mientras … no use ningún tipo de superpoder o equipo de protección".
UNARMORED_ARCHETYPES = ("artista-marcial", "bravo", "granuja")
SHIELD_TIERS = ("defensa-con-escudo", "defensa-con-escudo-2", "defensa-con-escudo-3")


@dataclass(frozen=True)
class Defense:
    value: int
    base: int  # 10 + ½ nivel
    best: int  # the single defense that counts
    best_source: str | None  # power slug, item name, archetype or maneuver
    maneuver_bonus: int  # Parada / Esquiva
    penalty: int
    armor_item: str | None  # the equipment item whose protection counted (breaks on a critical)

    def as_dict(self) -> dict:
        return {
            "value": self.value,
            "base": self.base,
            "best": self.best,
            "best_source": self.best_source,
            "maneuver_bonus": self.maneuver_bonus,
            "penalty": self.penalty,
        }


def mundane_value(level: int) -> int:
    return max(1, level // 4)


def special_value(level: int) -> int:
    return max(1, level // 2)


def shield_in_use(target: CombatantState) -> bool:
    """Defensa con escudo (seed l.741): "Usar esta maniobra cuenta como estar usando armadura (ver
    arquetipos como Artista Marcial, Bravo, Granuja…)". It works on every hit while a shield is
    strapped on, so a ready shield with the maneuver is armour for those archetypes."""
    has_maneuver = any(target.has(slug) for slug in SHIELD_TIERS)
    return has_maneuver and any(eq.shield and eq.status == READY for eq in target.equipment)


Candidate = tuple[int, str | None, str | None]  # (value, source, armor item)
NO_DEFENSE: Candidate = (0, None, None)


def _unarmored_archetype(target: CombatantState, armor: list[EquipmentState]) -> bool:
    """ARQUETIPOS (see UNARMORED_ARCHETYPES): the archetype counts as mundane armour while it wears no
    armour or shield; Bravo and Granuja also lose it while they have a superdefensa."""
    if target.archetype not in UNARMORED_ARCHETYPES or armor or shield_in_use(target):
        return False
    uses_powers = any(p in target.powers for p in SPECIAL_PHYSICAL_POWERS)
    return target.archetype == "artista-marcial" or not uses_powers


def _physical_candidates(target: CombatantState, level: int) -> tuple[list[Candidate], list[Candidate]]:
    """Superdefensas, special and mundane armour and the unarmored archetypes against melee/ranged
    (LISTA DE PODERES › Superdefensas; ARQUETIPOS)."""
    armor = [eq for eq in target.equipment if eq.armor and eq.status == READY]
    special = [(special_value(level), p, None) for p in SPECIAL_PHYSICAL_POWERS if p in target.powers]
    special += [(special_value(level), eq.name, eq.name) for eq in armor if eq.kind == "special"]
    mundane_armor = [(mundane_value(level), eq.name, eq.name) for eq in armor if eq.kind != "special"]
    if _unarmored_archetype(target, armor):
        mundane_armor.append((mundane_value(level), target.archetype, None))
    return special, mundane_armor


def _mental_candidates(target: CombatantState, level: int) -> tuple[list[Candidate], list[Candidate]]:
    """Escudo mental: "no se aplican superdefensas especiales a este ataque, salvo escudo mental"."""
    if "escudo-mental" in target.powers:
        return [(special_value(level), "escudo-mental", None)], []
    return [], []


def _emotional_candidates(
    target: CombatantState, level: int, profile: AttackProfile | None
) -> tuple[list[Candidate], list[Candidate]]:
    """Escudo emocional, and Sin miedo against terror (LISTA DE VENTAJAS)."""
    special: list[Candidate] = []
    mundane_armor: list[Candidate] = []
    if "escudo-emocional" in target.powers:
        special.append((special_value(level), "escudo-emocional", None))
    if profile is not None and profile.terror and "sin-miedo" in target.advantages:
        mundane_armor.append((mundane_value(level), "sin-miedo", None))  # LISTA DE VENTAJAS
    return special, mundane_armor


def _candidates(
    target: CombatantState, kind: str, profile: AttackProfile | None
) -> tuple[list[Candidate], list[Candidate]]:
    """The special and the mundane defenses the target may pick from against an attack of `kind`."""
    level = target.effective_level
    if kind in ("melee", "ranged"):
        return _physical_candidates(target, level)
    if kind == "mental":
        return _mental_candidates(target, level)
    if kind == "emotional":
        return _emotional_candidates(target, level, profile)
    return [], []


def _maneuver(target: CombatantState, kind: str, unstoppable: bool) -> tuple[int, str | None]:
    """Parada: "incrementar en 1/4 la defensa mundana … contra ataques cuerpo a cuerpo";
    Esquiva: "Como la anterior, pero usable … contra ataques a distancia o cuerpo a cuerpo"."""
    level = target.effective_level
    if target.condition("dodging") and kind in ("melee", "ranged"):
        return mundane_value(level), "esquiva"
    if target.condition("parrying") and kind == "melee" and not unstoppable:
        return mundane_value(level), "parada"
    return 0, None


def defense_against(
    target: CombatantState, profile: AttackProfile | None, *, unstoppable: bool = False
) -> Defense:
    """The target's defense against `profile` (None: the generic defense shown in the state).

    `unstoppable`: the attacker has Imparable, which "ignora la maniobra de Parada".
    """
    level = target.effective_level
    kind = profile.kind if profile else "melee"
    special, mundane_armor = _candidates(target, kind, profile)
    maneuver_bonus, maneuver_source = _maneuver(target, kind, unstoppable)

    best_mundane = max(mundane_armor, default=NO_DEFENSE)
    mundane_total = (best_mundane[0] + maneuver_bonus, best_mundane[1] or maneuver_source, best_mundane[2])
    best_special = max(special, key=lambda c: (c[0], c[2] is None), default=NO_DEFENSE)
    chosen = best_special if best_special[0] >= mundane_total[0] and best_special[0] > 0 else mundane_total
    used_maneuver = maneuver_bonus if chosen is mundane_total else 0
    base = 10 + level // 2
    best = chosen[0]
    return Defense(
        value=base + best - target.defense_penalty,
        base=base,
        best=best - used_maneuver,
        best_source=chosen[1],
        maneuver_bonus=used_maneuver,
        penalty=target.defense_penalty,
        armor_item=chosen[2],
    )
