"""What a rolled attack does to its target, one handler per kind of effect (MANIOBRAS DE COMBATE,
SUPERPODERES CON PROGRESIÓN, LISTA DE PODERES › Debilitar, DAÑO EN COMBATE).

`attack_effects.apply_attack` finds the handler with `handler_for` and calls it with the hit as
a `Hit`; the handler answers an `Applied`: the new states, the defense the target loses, the
damage to deal, extra log fields and effect events. Cegar's and Agotar's extra rules (Cegar's
"no puede ver ni realizar ataques a distancia", Agotar's "como mucho 1") live here too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from rules.core.errors import Refused

from . import hero_points, progression
from .attack import PreparedAttack
from .damage import stun
from .maneuvers import RULE as MANEUVERS
from .state import DROPPED, READY, CombatantState, Condition, Event, with_condition, with_item

# Cegar (seed l.799): "El objetivo aturdido de esta forma no puede ver ni realizar ataques a
# distancia salvo que el director crea que puede localizar a su oponente".
BLINDED = "blinded"
# Agotar (seed l.801): "si este tiene una reserva de energía inagotable, en cuyo caso como mucho
# reduciría la defensa en 1 punto" — the GM names the circumstance on the attack, or marks the
# target with a condition of the same slug for the whole fight.
INEXHAUSTIBLE = "reserva-inagotable"


@dataclass(frozen=True)
class Hit:
    """The rolled attack as the handlers read it."""

    prepared: PreparedAttack
    hit: bool
    margin: int
    successes: int
    defense_loss: int  # what the hit costs the target's defense before the effect changes it


@dataclass(frozen=True)
class Applied:
    attacker: CombatantState
    target: CombatantState
    defense_loss: int
    damage: int = 0
    extra: Mapping = field(default_factory=lambda: MappingProxyType({}))
    effects: tuple[Event, ...] = ()


def effect_event(attacker: CombatantState, target: CombatantState, slug: str, es: str, en: str) -> Event:
    return Event(
        "maneuver",
        f"{target.display_name} {es} ({slug}).",
        f"{target.display_name} {en} ({slug}).",
        MANEUVERS,
        actor=attacker.id,
        target=target.id,
        data={"maneuver": slug},
    )


def _start(h: Hit, **changes) -> Applied:
    p = h.prepared
    return replace(Applied(p.attacker, p.target, h.defense_loss), **changes)


def _stun(h: Hit) -> Applied:
    """Aturdir: "no hacen daño, sino que aplican Inferioridad … durante 1 turno, si obtuvieron algún
    éxito. Y no restan a la defensa en ningún caso" (Aturdir 2: "Sí pueden restar defensa"). Cegar:
    the same, paying "1 punto de Héroe cuando tiene éxito", and the target cannot see."""
    p = h.prepared
    maneuver, attacker, target = p.maneuver, p.attacker, p.target
    loss = 0 if maneuver == "cegar" or p.tiers.get("aturdir", 0) < 2 else h.defense_loss
    if not h.successes:
        return _start(h, defense_loss=loss)
    target = stun(target, source=maneuver, rule=MANEUVERS, by=attacker.id)
    if maneuver == "cegar":
        attacker = hero_points.pay(attacker, 1, what="cegar")  # "requiere el gasto de 1 punto de Héroe"
        turns = target.condition("stunned").turns
        target = with_condition(
            target, Condition(BLINDED, source="cegar", rule=MANEUVERS, by=attacker.id, turns=turns)
        )
        said = effect_event(attacker, target, maneuver, "queda aturdido y cegado", "is stunned and blinded")
    else:
        said = effect_event(attacker, target, maneuver, "queda aturdido", "is stunned")
    return Applied(attacker, target, loss, effects=(said,))


def _disarm(h: Hit) -> Applied:
    """Desarmar: "Si logra causar daño, no lo causa sino que el oponente es desarmado … No resta
    defensa" (Desarmar 2: "Puede restar defensa")."""
    p = h.prepared
    loss = h.defense_loss if p.tiers["desarmar"] >= 2 else 0
    if not h.successes:
        return _start(h, defense_loss=loss)
    target = p.target
    item = target.item(p.spec.target_weapon) if p.spec.target_weapon else None
    item = item or next((eq for eq in target.equipment if eq.status == READY and not eq.armor), None)
    extra = {}
    if item is not None:
        target = with_item(target, replace(item, status=DROPPED))
        extra["disarmed"] = item.name
    said = effect_event(p.attacker, target, "desarmar", "queda desarmado", "is disarmed")
    return Applied(p.attacker, target, loss, extra=extra, effects=(said,))


def _trip(h: Hit) -> Applied:
    """Tumbar: "si causa daño, en lugar de hacerlo tumba al enemigo … En ningún caso este ataque
    resta a la defensa" (2: puede); "Si el ataque falla por 5 o más, entonces el propio luchador
    cae tumbado" (3: por 10 o más)."""
    p = h.prepared
    n = p.tiers["tumbar"]
    loss = h.defense_loss if n >= 2 else 0
    prone = Condition("prone", source="tumbar", rule=MANEUVERS, ends="manual")
    if h.successes:
        target = with_condition(p.target, prone)
        said = effect_event(p.attacker, target, "tumbar", "cae tumbado", "is knocked down")
        return Applied(p.attacker, target, loss, effects=(said,))
    if not h.hit and h.margin <= (-10 if n >= 3 else -5):
        attacker = with_condition(p.attacker, prone)
        said = effect_event(attacker, attacker, "tumbar", "cae tumbado", "falls down")
        return Applied(attacker, p.target, loss, effects=(said,))
    return _start(h, defense_loss=loss)


def _push(h: Hit) -> Applied:
    """Empujar: "no causa daño real ni disminuye la defensa a «no esbirros» (pero sí a esbirros)
    … el oponente es desplazado 1'5 metros x número de heridas"; 2: "Sí resta defensa"; 3: "elige la
    dirección". Empujar a distancia works "como la maniobra de combate «empujar»" (reading in
    docs/rules-notes.md: like its first tier, so a plain hit costs a non-minion nothing either)."""
    p = h.prepared
    n = p.tiers.get("empujar", 1)
    loss = h.defense_loss if n >= 2 or p.target.minion else 0
    if not h.successes:
        return _start(h, defense_loss=loss)
    meters = 1.5 * h.successes
    extra = {"pushed_meters": meters, "direction_chosen": p.maneuver != "empujar" or n >= 3}
    said = effect_event(p.attacker, p.target, "empujar", f"es empujado {meters} m", f"is pushed {meters} m")
    return _start(h, defense_loss=loss, extra=extra, effects=(said,))


def _exhaust(h: Hit) -> Applied:
    """Agotar: "NO resta puntos de vida sino que disminuye la defensa … en 1 + 1 por cada éxito
    obtenido"; against "una reserva de energía inagotable … como mucho reduciría la defensa en 1"."""
    loss = 1 + h.successes if h.hit else 0
    named = {c.partition(":")[0] for c in h.prepared.spec.circumstances}
    if INEXHAUSTIBLE in named or h.prepared.target.condition(INEXHAUSTIBLE):
        loss = min(loss, 1)
    return _start(h, defense_loss=loss)


def _demoralize(h: Hit) -> Applied:
    """Desmoralizar: "resta puntos de vida normalmente aunque es una pérdida emocional (no resta
    defensa)"."""
    return _start(h, defense_loss=0, damage=h.successes)


def _progression(h: Hit) -> Applied:
    p = h.prepared
    target, more = progression.add_degrees(
        p.target,
        power=p.profile.slug,
        by=p.attacker,
        steps=p.profile.progression,
        escape_attribute=p.profile.escape_attribute or "corpulencia",
        successes=h.successes,
        grab=p.maneuver == "agarron" or p.profile.slug.startswith("agarrar"),
    )
    return _start(h, target=target, effects=tuple(more))


def _weaken_level(h: Hit) -> Applied:
    target, more = progression.weaken_level(h.prepared.target, h.successes, h.prepared.attacker.id)
    return _start(h, target=target, effects=tuple(more))


def _weaken_attribute(h: Hit) -> Applied:
    p = h.prepared
    if not p.spec.drained_attribute:
        raise Refused(
            "attack.attribute_needed", "LISTA DE PODERES", "¿Qué atributo debilita?", "Which attribute?"
        )
    target, more = progression.weaken_attribute(
        p.target, p.spec.drained_attribute, h.successes, p.attacker.id
    )
    return _start(h, target=target, effects=tuple(more))


SUGGESTIONS = ("sugestion", "sugestion-con-condicionantes")
SUGGESTED = "suggested"
SUGGESTION_RULE = "LISTA DE PODERES › Sugestión"


def _suggest(h: Hit) -> Applied:
    """Sugestión (seed l.379): "Para que funcione se debe conseguir al menos un éxito en la tirada
    correspondiente de Inteligencia": with a success the target is under the order (a condition
    the GM ends); a hit by less than 5 only costs the defense, as any mind control (DAÑO EN COMBATE)."""
    if not h.successes:
        return _start(h)
    p = h.prepared
    order = p.spec.order.strip()[:500]
    cond = Condition(SUGGESTED, source=p.profile.slug, rule=SUGGESTION_RULE, by=p.attacker.id, ends="manual")
    target = with_condition(p.target, cond, stack=True)
    said_es = f"{target.display_name} obedece la sugestión" + (f": «{order}»" if order else "")
    said_en = f"{target.display_name} follows the suggestion" + (f": “{order}”" if order else "")
    event = Event(
        "suggestion",
        said_es + ".",
        said_en + ".",
        SUGGESTION_RULE,
        actor=p.attacker.id,
        target=target.id,
        data={"power": p.profile.slug, "order": order},
    )
    return _start(h, target=target, extra={"suggested": True}, effects=(event,))


def _damage(h: Hit) -> Applied:
    """DAÑO EN COMBATE: "por cada 5 puntos de diferencia … un punto de daño"."""
    return _start(h, damage=h.successes)


def _nothing(h: Hit) -> Applied:
    return _start(h)


def _unaffected(h: Hit) -> Applied:
    """Superdefensas (immune) / Insustancial: the hit changes nothing on the target, not even its
    defense ("no resta a la defensa porque no llega a hacer daño", Tumbar)."""
    return _start(h, defense_loss=0)


MANEUVER_EFFECTS: Mapping[str, Callable[[Hit], Applied]] = MappingProxyType(
    {
        "aturdir": _stun,
        "cegar": _stun,
        "desarmar": _disarm,
        "tumbar": _trip,
        "empujar": _push,
        "agotar": _exhaust,
        "desmoralizar": _demoralize,
    }
)


def handler_for(prepared: PreparedAttack, unaffected: bool, hit: bool) -> Callable[[Hit], Applied]:
    """The effect of this attack: the declared maneuver's, else the power's (a push, a
    progression, a weakening), else plain damage."""
    profile = prepared.profile
    if hit and unaffected:
        return _unaffected
    if prepared.maneuver in MANEUVER_EFFECTS:
        return MANEUVER_EFFECTS[prepared.maneuver]
    if profile.damage is None and profile.slug.startswith("empujar-a-distancia"):
        return _push
    if profile.slug in SUGGESTIONS:
        return _suggest
    if profile.progression:
        return _progression
    if profile.slug == "debilitar-nivel":
        return _weaken_level
    if profile.slug.startswith("debilitar"):
        return _weaken_attribute
    return _damage if profile.damage is not None else _nothing
