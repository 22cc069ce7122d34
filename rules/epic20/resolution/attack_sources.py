"""Every Superioridad / Inferioridad source of an attack but the hero point's and the caller's:
the circumstances the state implies, the target's maneuvers in play, the attacker's declared
maneuvers (ATACAR EN COMBATE, MANIOBRAS DE COMBATE, LISTA DE VENTAJAS).

`attack.prepare_attack` and the Energizado's automatic attack (`energized.py`) both take their
sources from `all_sources`.
"""

from __future__ import annotations

from rules.core.errors import Refused

from . import powers_in_play
from .circumstances import circumstance_sources
from .maneuvers import RULE as MANEUVERS
from .maneuvers import family
from .sources import Source
from .state import DOWN


def _src(slug: str, delta: int, rule: str, es: str, en: str) -> Source:
    return Source(slug, delta, rule, es, en)


def _refuse(code: str, es: str, en: str, rule: str = MANEUVERS) -> Refused:
    return Refused(code, rule, es, en)


def _target_condition_sources(attacker, target, spec, profile) -> list[Source]:
    """What the target's own maneuvers in play do to this attack (MANIOBRAS DE COMBATE)."""
    extra: list[Source] = []
    for cond in target.conditions:
        if cond.slug == "exposed" and not (spec.counter and cond.source == "ataque-a-fondo"):
            extra.append(
                _src(
                    cond.source,
                    +1,
                    MANEUVERS,
                    f"Rival expuesto ({cond.source})",
                    f"Exposed opponent ({cond.source})",
                )
            )
        elif cond.slug == "total-defense":
            extra.append(_src("defensa-total", -1, MANEUVERS, "Defensa total", "Total defense"))
        elif cond.slug == "running-defense" and profile.kind == "ranged":
            extra.append(
                _src(
                    "defensa-a-la-carrera",
                    -cond.value,
                    MANEUVERS,
                    "Defensa a la carrera",
                    "Defensive running",
                )
            )
        elif cond.slug == "defensive-attack" and cond.other == attacker.id:
            extra.append(
                _src(
                    "ataque-defensivo",
                    -1,
                    MANEUVERS,
                    "Ataque defensivo del rival",
                    "Target's defensive attack",
                )
            )
    return extra


def _implied_circumstances(attacker, target) -> list[str]:
    """The circumstances the attacker's and the target's state imply (ATACAR EN COMBATE)."""
    auto: list[str] = []
    if attacker.condition("stunned"):
        auto.append("atacante-aturdido")
    if attacker.condition("prone"):
        auto.append("atacante-en-el-suelo")
    if target.status in DOWN:
        auto.append("rematar")
    if target.condition("unaware"):
        auto.append("objetivo-desprevenido")
    auto += powers_in_play.implied_circumstances(target)  # Invisibilidad switched on
    return auto


def _one_exposed(extra: list[Source]) -> list[Source]:
    """Only one "exposed" Superioridad counts: it describes one situation."""
    exposed = [s for s in extra if s.delta > 0]
    return [s for s in extra if s.delta <= 0] + exposed[:1]


def _counter_sources(attacker, target) -> list[Source]:
    """The extra attack a target's Ataque a fondo grants; refused when there is none to use."""
    lunge = target.condition("lunging")
    if lunge is None or lunge.other != attacker.id:
        raise _refuse(
            "attack.no_counter", "No hay ataque extra que usar.", "There is no extra attack to use."
        )
    # Ataque a fondo 2: "El ataque que recibe se hace con Inferioridad"; 3: Doble Inferioridad.
    if lunge.value >= 2:
        return [_src("ataque-a-fondo", 1 - lunge.value, MANEUVERS, "Ataque a fondo", "All-out attack")]
    return []


def _attacker_condition_sources(attacker, target, spec, profile) -> list[Source]:
    """What the attacker's own maneuvers and powers in play do to this attack (MANIOBRAS DE COMBATE)."""
    extra: list[Source] = []
    own = attacker.condition("defensive-attack")
    if own or "ataque-defensivo" in spec.maneuvers:
        extra.append(_src("ataque-defensivo", -1, MANEUVERS, "Ataque defensivo", "Defensive attack"))
    if attacker.condition("aiming", other=target.id):
        extra.append(_src("excelente-apuntando", +1, MANEUVERS, "Excelente apuntando", "Excellent aim"))
    if attacker.condition("assisted"):
        cond = attacker.condition("assisted")
        extra.append(
            _src(cond.source, +1, cond.rule or MANEUVERS, "Punto débil mostrado", "Weak point shown")
        )
    extra += powers_in_play.attack_sources(attacker, profile)  # Disminuirse, Velocista (powers in play)
    return extra


def _state_sources(attacker, target, spec, profile) -> tuple[list[str], list[Source]]:
    """Circumstances the state implies, plus sources that are no circumstance."""
    auto = _implied_circumstances(attacker, target)
    extra = _one_exposed(_target_condition_sources(attacker, target, spec, profile))
    if spec.counter:
        extra += _counter_sources(attacker, target)
    extra += _attacker_condition_sources(attacker, target, spec, profile)
    if "pesado" in target.advantages and set(spec.maneuvers) & {"tumbar", "empujar"}:
        extra.append(_src("pesado", -1, "LISTA DE VENTAJAS", "Objetivo pesado", "Heavy target"))
    return auto, extra


def _maneuver_sources(attacker, target, spec, tiers) -> list[Source]:
    out = []
    plus = {
        "ataque-a-fondo": ("Ataque a fondo", "All-out attack"),
        "ataque-poderoso": ("Ataque poderoso", "Power attack"),
        "ataque-sostenido": ("Ataque sostenido", "Sustained fire"),
    }
    for slug in spec.maneuvers:
        if slug in plus:
            out.append(_src(slug, +1, MANEUVERS, *plus[slug]))
        elif slug == "ataque-doble":
            out.append(_src(slug, -1, MANEUVERS, "Ataque doble", "Double attack"))
        elif slug == "agotar" and tiers[slug] >= 2:
            out.append(
                _src("agotar", tiers[slug] - 1, MANEUVERS, f"Agotar {tiers[slug]}", f"Exhaust {tiers[slug]}")
            )
        elif slug == "provocar-choque":
            learned = attacker.condition("crash-learned", other=target.id)
            if (
                learned
            ):  # "aplica Inferioridad (acumulativamente) … contra ese mismo objetivo durante el mismo día"
                out.append(
                    _src(
                        slug, -learned.value, MANEUVERS, "El objetivo ya conoce la treta", "Target learned it"
                    )
                )
    if spec.cone:
        out.append(_src("ataque-de-rafaga", -1, "LISTA DE PODERES", "Ráfaga en cono", "Burst cone"))
    return out


def all_sources(attacker, target, spec, profile, tiers) -> list[Source]:
    """Every Superioridad / Inferioridad of the attack but the hero point's and the caller's."""
    auto, extra = _state_sources(attacker, target, spec, profile)
    present = set(attacker.maneuvers) | set(attacker.powers) | {c.source for c in attacker.conditions}
    if attacker.condition("blind-fighting", other=target.id):
        present.add("blind-fighting")
    if profile.burst or profile.artillery or any(family(m) == "ataque" for m in spec.maneuvers):
        present.discard("ataque-de-distancia-a-melee")  # not with ráfagas or artillery (FAQ stacking too)
    if "ataque-anti-cobertura" not in spec.maneuvers:
        present.discard("ataque-anti-cobertura")  # only when the delayed attack is declared
    primary = next((m for m in spec.maneuvers if m in ("desarmar", "tumbar")), None)
    sources = circumstance_sources(
        [*spec.circumstances, *auto],
        present=present,
        maneuver=primary,
        uses_equipment=profile.equipment is not None,
        ranged=profile.kind == "ranged",
        stressful=spec.stressful,
    )
    return sources + extra + _maneuver_sources(attacker, target, spec, tiers)
