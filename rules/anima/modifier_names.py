"""The name of every modifier the Anima engine writes on a roll (`{"slug", "value"}` in an
event's `attack_modifiers`, `defense_modifiers` or `modifiers`), in Spanish and English: the
catalogue's fixed modifiers and Estados de Combate, and the ones whose value depends on the
action (seed 003: Atacar, Defenderse, Los Tipos de Ataque, Las Acciones)."""

from __future__ import annotations

from .catalogue import COMBAT_STATES, MODIFIERS

# Modifiers whose value the action decides, by the section that grants them.
_BY_ACTION = {
    # Atacar: "aplicando el penalizador correspondiente de la Tabla de Ataques Apuntados".
    "aimed": ("Ataque apuntado", "Aimed attack"),
    # Atacar: "un penalizador … a todos sus ataques" por cada ataque adicional, según el Tamaño.
    "multiple-attacks": ("Ataques múltiples", "Multiple attacks"),
    # Atacar: an arma de proyectiles adds its Recarga (reduced by the attack's points).
    "reload": ("Recarga", "Reload"),
    # Defenderse: "un bonificador … equivalente a la diferencia … dividida entre 2".
    "counterattack-bonus": ("Bonificador de contraataque", "Counterattack bonus"),
    # Estado de Vida y Muerte: surviving it leaves −6 to every action (rules notes).
    "life-and-death": ("Secuelas de Vida y Muerte", "Life-and-death aftermath"),
}

NAMES: dict[str, tuple[str, str]] = {
    **{m.slug: (m.name_es, m.name_en) for m in MODIFIERS},
    **{s.slug: (s.name_es, s.name_en) for s in COMBAT_STATES},
    **_BY_ACTION,
}
