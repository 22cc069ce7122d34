"""Hit points, stun, unconsciousness, dying and death (DAÑO EN COMBATE, ATURDIMIENTO, FAQ)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.texts import plural

from .state import (
    ACTING,
    ACTIVE,
    DEAD,
    DYING,
    FLED,
    STABLE,
    UNCONSCIOUS,
    CombatantState,
    Condition,
    Event,
    with_condition,
)

DAMAGE_RULE = "DAÑO EN COMBATE"
STUN_RULE = "ATURDIMIENTO"
FAQ_DEATH = "PREGUNTAS FRECUENTES › ¿Cómo muere un personaje?"
FAQ_EMOTIONAL = "PREGUNTAS FRECUENTES › ¿En qué se diferencian el daño físico, mental y emocional?"


def stun_threshold(hit_points_max: int, corpulencia) -> int:
    """Least damage in one hit that stuns (ATURDIMIENTO), with "la mitad" = ⌊max/2⌋ (REDONDEOS):
    Corpulencia 0 "la mitad - 1 … (mínimo 1)", ½ "la mitad", 1 "más de la mitad". Always ≥ 1:
    only damage stuns ("Tras recibir daño")."""
    half = hit_points_max // 2
    if corpulencia == 0:
        return max(1, half - 1)
    if corpulencia >= 1:
        return half + 1
    return max(1, half)


def stun(state: CombatantState, *, source: str, rule: str, by: str | None = None) -> CombatantState:
    """ATURDIMIENTO: "Inferioridad durante el turno actual si no ha actuado aún o el siguiente si
    ya actuó … no se acumula, así que siempre dura como máximo 1 turno". It ends with the holder's
    next turn end; if the holder is acting now, the current turn does not count."""
    turns = 2 if state.turn == ACTING else 1
    cond = Condition("stunned", source=source, rule=rule, by=by, ends="end_of_turn", turns=turns)
    return with_condition(state, cond)


def _status_after(state: CombatantState, hit_points: int) -> str:
    if hit_points > 0:
        return ACTIVE if state.status != FLED else FLED
    if hit_points == 0:
        # FAQ: with emotional damage at 0 "no queda inconsciente sino que tratará de huir o se rendirá".
        return FLED if state.emotional_damage > 0 else UNCONSCIOUS
    if hit_points <= -state.level:
        return UNCONSCIOUS if "inmortalidad" in state.powers else DEAD
    return DYING


def set_hit_points(state: CombatantState, hit_points: int) -> CombatantState:
    """Apply the FAQ thresholds: 0 unconscious (or fled), below 0 dying, −nivel dead; Inmortalidad
    stops at −nivel, unconscious, and wakes the next day with 1 hit point."""
    if "inmortalidad" in state.powers:
        hit_points = max(hit_points, -state.level)
    status = _status_after(state, hit_points)
    if status == DYING and state.status == STABLE and hit_points >= state.hit_points:
        status = STABLE
    return replace(state, hit_points=hit_points, status=status)


def take_damage(
    target: CombatantState, amount: int, damage_type: str, *, by: str | None = None, source: str = "attack"
) -> tuple[CombatantState, list[Event]]:
    """Lose `amount` hit points (DAÑO EN COMBATE: "por cada 5 puntos de diferencia … un punto de
    daño que hace que se pierda 1 pto de vida"), then stun and status."""
    if amount <= 0:
        return target, []
    before = target
    if damage_type == "emotional":
        target = replace(target, emotional_damage=target.emotional_damage + amount)
    target = set_hit_points(target, target.hit_points - amount)
    if before.status == STABLE and target.status in (STABLE, DYING):
        # FAQ: finishing "reiniciaría el proceso de pérdida de puntos de vida".
        target = replace(target, status=DYING)
    events = [
        Event(
            "damage",
            f"{target.display_name} pierde {amount} {plural(amount, 'punto', 'puntos')} de vida ({target.hit_points}).",
            f"{target.display_name} loses {amount} hit {plural(amount, 'point', 'points')} ({target.hit_points}).",
            DAMAGE_RULE,
            actor=by,
            target=target.id,
            data={"damage": amount, "damage_type": damage_type, "target_hit_points": target.hit_points},
            private="target",
            public=(
                f"{target.display_name} pierde {amount} {plural(amount, 'punto', 'puntos')} de vida.",
                f"{target.display_name} loses {amount} hit {plural(amount, 'point', 'points')}.",
            ),
        )
    ]
    if target.status == ACTIVE and amount >= stun_threshold(
        target.hit_points_max, target.attribute("corpulencia")
    ):
        target = stun(target, source="damage", rule=STUN_RULE, by=by)
        events.append(
            Event(
                "stunned",
                f"{target.display_name} queda aturdido (Inferioridad durante un turno).",
                f"{target.display_name} is stunned (Inferiority for one turn).",
                STUN_RULE,
                actor=by,
                target=target.id,
            )
        )
    if target.status != before.status:
        events.append(status_event(target, by))
    return target, events


_STATUS_TEXT = {
    UNCONSCIOUS: ("queda inconsciente", "falls unconscious", DAMAGE_RULE),
    FLED: ("huye o se rinde", "flees or surrenders", FAQ_EMOTIONAL),
    DYING: ("está muriendo", "is dying", FAQ_DEATH),
    STABLE: ("se estabiliza", "is stable", FAQ_DEATH),
    DEAD: ("muere", "dies", FAQ_DEATH),
    ACTIVE: ("vuelve en sí", "comes to", DAMAGE_RULE),
}


def status_event(state: CombatantState, by: str | None = None) -> Event:
    es, en, rule = _STATUS_TEXT[state.status]
    who = state.display_name
    return Event(
        "status",
        f"{who} {es}.",
        f"{who} {en}.",
        rule,
        actor=by,
        target=state.id,
        data={"target_status": state.status},
    )


def heal(state: CombatantState, amount: int, *, stabilizes: bool = True) -> CombatantState:
    """Recover hit points up to the maximum; emotional damage heals with them. Healing a dying
    character at least 1 stabilizes it (FAQ: "superpoderes curativos, que estabilizan cuando
    curan al menos 1 pv"); `stabilizes=False` for a point that is no healing power (a hero
    point's "Ganar 1 pto de vida": the FAQ stabilizes only through Medicina 15, a healing power
    or 16+ on the dying roll)."""
    if amount <= 0 or state.status == DEAD:
        return state
    # Necesita un elemento: that damage "no puede ser sanado hasta haber logrado este tipo de sueño".
    ceiling = state.hit_points_max - state.unhealable_damage
    if state.hit_points >= ceiling:
        return state
    hit_points = min(ceiling, state.hit_points + amount)
    healed = replace(
        state, emotional_damage=min(state.emotional_damage, max(0, state.hit_points_max - hit_points))
    )
    healed = set_hit_points(healed, hit_points)
    if healed.status == DYING and stabilizes:
        healed = replace(healed, status=STABLE)
    return healed


def minion_hit_points(chosen_by_gm: int) -> int:
    """DAÑO EN COMBATE › Esbirros: "El número será determinado por el Director. Su mínimo será 1"."""
    return max(1, chosen_by_gm)
