"""Los Tipos de Ataque as actions: the full attack with its multiple attacks (Atacar), the
supernatural attack (El Combate Sobrenatural), the counterattack and the opportunity attack."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import CONFLICT, Refused

from . import reach
from .attack import Strike, strike
from .catalogue import (
    ATTACK_TYPES,
    ATTACKING,
    CAPABILITY,
    DRAW_PENALTY,
    EXTRA_WEAPON_PENALTY,
    FAST_PROJECTILE_PENALTY,
    SIZES,
    STATE,
    SUPERNATURAL,
    ZONE,
    range_for_perception,
)
from .combatant import DEAD, all_action_modifiers, need, need_standing, roll_d10, state_modifiers, total
from .derived import (
    attacks_allowed,
    power_named,
    reload_after_reduction,
    reload_allows_multiple,
    weapon_named,
)


def _refuse(code: str, es: str, en: str, *, path: str = "", rule: str = ATTACKING, kind: str = "invalid"):
    raise Refused(code, rule, es, en, path=path, kind=kind)


def _aim(action: Mapping) -> list[dict]:
    aimed = action.get("aimed")
    if aimed is None:
        return []
    if not isinstance(aimed, str) or aimed not in ZONE:
        _refuse("attack.unknown_zone", "Zona desconocida.", "Unknown zone.", path="/aimed")
    # Atacar: "aplicando el penalizador correspondiente de la Tabla de Ataques Apuntados".
    return [{"slug": "aimed", "value": ZONE[aimed].aim_penalty}]


def _parties(table: Table, action: Mapping, actor) -> tuple[dict, dict]:
    attacker = need(table, actor, path="/actor")
    need_standing(attacker)
    target = need(table, action.get("target"))
    if int(action["target"]) == int(actor):
        _refuse("attack.self", "Nadie se ataca a sí mismo.", "Nobody attacks themselves.", path="/target")
    if target["status"] == DEAD:
        _refuse("attack.target_dead", "El blanco ya está muerto.", "The target is already dead.", path="/target",
                kind=CONFLICT)  # fmt: skip
    return attacker, target


def _weapon_in_hand(attacker: Mapping, name, *, path: str = "/with", melee: bool = False) -> dict:
    weapon = weapon_named(attacker["sheet"], name) if isinstance(name, str) else None
    if weapon is None:
        _refuse(
            "attack.unknown_weapon",
            "Esa arma no está en la ficha.",
            "That weapon is not on the sheet.",
            path=path,
        )
    if name != "unarmed" and name not in (attacker.get("wielding") or []):
        _refuse("attack.not_in_hand", "Esa arma no está en la mano: equípala antes.",
                "That weapon is not in hand: ready it first.", path=path)  # fmt: skip
    if melee and weapon["ranged"]:
        # Los Tipos de Ataque: "debe ser un ataque cuerpo a cuerpo".
        _refuse("attack.not_melee", "Hace falta un arma cuerpo a cuerpo.", "A melee weapon is needed.",
                path=path, rule=ATTACK_TYPES)  # fmt: skip
    return weapon


def _situational(attacker: Mapping, *, supernatural: bool = False) -> list[dict]:
    return all_action_modifiers(attacker) + state_modifiers(attacker, "attack", supernatural=supernatural)


def _multiple_modifiers(
    attacker: Mapping, weapon: Mapping, count: int, situational: list[dict]
) -> list[dict]:
    """Atacar: one extra attack per 10 points of the final Capacidad de Ataque, each at −2/−3/−4 per
    added attack by Tamaño; a ranged weapon adds its reduced Recarga, and above 5 allows one."""
    final = int(attacker["sheet"]["attack"]) + total(situational)
    allowed = attacks_allowed(final)
    if count < 1 or count > allowed:
        _refuse("attack.too_many_attacks", f"Con {final} de Capacidad de Ataque final caben de 1 a {allowed} ataques.",
                f"A final attack capability of {final} allows 1 to {allowed} attacks.", path="/attacks")  # fmt: skip
    if count == 1:
        return []
    out = [
        {"slug": "multiple-attacks", "value": -SIZES[weapon["size"]].multiple_attack_penalty * (count - 1)}
    ]
    if weapon["ranged"]:
        sheet = attacker["sheet"]
        reload = reload_after_reduction(weapon["reload"], sheet["attack"], sheet["dexterity_modifier"])
        if not reload_allows_multiple(reload):
            _refuse("attack.reload_too_slow", f"Recarga {reload} tras la reducción: un solo ataque por turno.",
                    f"Reload {reload} after the reduction: one attack a turn.", path="/attacks")  # fmt: skip
        if reload:
            out.append({"slug": "reload", "value": -reload})
    return out


def _extra_weapon(attacker: Mapping, action: Mapping, main: str) -> dict | None:
    name = action.get("extra_weapon")
    if name is None:
        return None
    if name == main or name == "unarmed":
        _refuse("attack.same_weapon", "El arma adicional es otra arma en la mano.",
                "The additional weapon is another weapon in hand.", path="/extra_weapon")  # fmt: skip
    return _weapon_in_hand(attacker, name, path="/extra_weapon")


def _plan(table: Table, attacker: Mapping, action: Mapping) -> list[Strike]:
    weapon = _weapon_in_hand(attacker, action.get("with"))
    count = 1 if action.get("attacks") is None else action["attacks"]
    situational = _situational(attacker)
    shared = situational + _aim(action) + _multiple_modifiers(attacker, weapon, count, situational)
    extra = _extra_weapon(attacker, action, weapon["name"])
    of = count + (1 if extra else 0)
    drawn = attacker.get("drawn_round") == table.round
    plan = []
    for index in range(1, count + 1):
        first_draw = [{"slug": "draw", "value": DRAW_PENALTY}] if drawn and index == 1 else []
        plan.append(Strike("full-attack", "attack", weapon["name"], weapon["damage"], tuple(shared + first_draw),
                           aimed=action.get("aimed"), index=index, of=of))  # fmt: skip
    if extra:
        modifiers = situational + _aim(action) + [{"slug": "extra-weapon", "value": EXTRA_WEAPON_PENALTY}]
        plan.append(Strike("full-attack", "attack", extra["name"], extra["damage"], tuple(modifiers),
                           aimed=action.get("aimed"), index=of, of=of))  # fmt: skip
    return plan


def _run(table: Table, dice: DiceSource, actor: int, target: int, plan: list[Strike]) -> None:
    """Atacar: "Si un defensor consigue un contraataque … el personaje pierde la posibilidad de
    continuar realizando sus ataques múltiples"; a dead target ends them too."""
    for done, spec in enumerate(plan, start=1):
        payload = strike(table, dice, actor, target, spec)
        left = len(plan) - done
        if left and (payload["counterattack"] or payload["target_status"] == DEAD):
            why = "counterattack" if payload["counterattack"] else "target_dead"
            table.write(
                Entry("attacks_lost", {
                    "lost": left, "reason": why, "rule": ATTACKING,
                    "text": {"es": "Se pierde 1 ataque." if left == 1 else f"Se pierden {left} ataques.",
                             "en": "1 attack is lost." if left == 1 else f"{left} attacks are lost."},
                }, actor=actor, target=target, round=table.round)
            )  # fmt: skip
            return


def _complex_free(attacker: Mapping) -> None:
    used = attacker.get("turn_actions") or {}
    if used.get("complex_used") or used.get("complex_m"):
        _refuse("turn.no_complex_action", "Ya usó su Acción Compleja este turno.",
                "The complex action of this turn is already spent.", kind=CONFLICT, rule="Las Acciones")  # fmt: skip


def supernatural_spec(attacker: Mapping, action: Mapping) -> Strike:
    """El Combate Sobrenatural: attack powers "funcionan como ataques ordinarios", "todos los poderes
    son Proyectiles Rápidos" (−6 to the defense) and casting "es una Acción Gratuita"; casting
    suffers only "Visión reducida y Ceguera" and the aimed penalty."""
    capability = action["capability"]
    power = (
        power_named(attacker["sheet"], action.get("with")) if isinstance(action.get("with"), str) else None
    )
    if power is None or power["kind"] != "attack" or power["capability"] != capability:
        _refuse("power.unknown", f"No tiene un poder de ataque de {CAPABILITY[capability].name_es} con ese nombre.",
                f"No {CAPABILITY[capability].name_en} attack power of that name.", path="/with", rule=SUPERNATURAL)  # fmt: skip
    if action.get("attacks") not in (None, 1) or action.get("extra_weapon"):
        _refuse("power.one_at_a_time", "Un poder se lanza de uno en uno.", "A power is cast one at a time.",
                path="/attacks", rule=SUPERNATURAL)  # fmt: skip
    reach = power["range"] or range_for_perception(attacker["sheet"]["perception"])
    if action.get("distance") is not None and action["distance"] < 0:
        _refuse("power.bad_distance", "La distancia no puede ser negativa.", "A distance cannot be negative.",
                path="/distance", rule=SUPERNATURAL)  # fmt: skip
    if action.get("distance") is not None and action["distance"] > reach:
        _refuse(
            "power.out_of_range",
            f"Alcance {reach} m.",
            f"Range {reach} m.",
            path="/distance",
            rule=SUPERNATURAL,
        )
    defense = [{"slug": "fast-projectile", "value": FAST_PROJECTILE_PENALTY}] if power["fast"] else []
    modifiers = (
        all_action_modifiers(attacker) + state_modifiers(attacker, "attack", supernatural=True) + _aim(action)
    )
    return Strike("supernatural-attack", capability, power["name"], power["damage"], tuple(modifiers),
                  tuple(defense), aimed=action.get("aimed"), rule=SUPERNATURAL)  # fmt: skip


def _capability(action: Mapping) -> str:
    capability = action.get("capability") or "attack"
    if not isinstance(capability, str) or capability not in CAPABILITY:
        _refuse(
            "attack.unknown_capability", "Capacidad desconocida.", "Unknown capability.", path="/capability"
        )
    return capability


def attack(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    attacker, _ = _parties(table, action, actor)
    capability = _capability(action)
    if capability != "attack":
        strike(
            table,
            dice,
            actor,
            int(action["target"]),
            supernatural_spec(attacker, {**action, "capability": capability}),
        )
        return
    _complex_free(attacker)
    plan = _plan(table, attacker, action)
    attacker["turn_actions"] = {**attacker["turn_actions"], "complex_used": True}
    _run(table, dice, actor, int(action["target"]), plan)
    if not weapon_named(attacker["sheet"], action["with"])["ranged"]:
        # A melee attack puts both within 2 m of each other (rules notes, "Alcance de 2 m").
        reach.engage(table, actor, int(action["target"]))


def counterattack(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """Los Tipos de Ataque: only after reaching "Contraataque", "una vez por turno", melee, against
    "el blanco del que ha conseguido defenderse", with the bonus of Defenderse."""
    attacker, _ = _parties(table, action, actor)
    spec, against = counter_spec(table, attacker, action)
    attacker["counterattack_offer"] = None
    attacker["counterattacked_round"] = table.round
    strike(table, dice, actor, against, spec)
    reach.engage(table, actor, against)  # a counterattack is made in melee


def counter_spec(table: Table, attacker: Mapping, action: Mapping) -> tuple[Strike, int]:
    offer = attacker.get("counterattack_offer")
    if not offer or offer.get("round") != table.round:
        _refuse("counterattack.not_earned", "No hay contraataque ganado ahora.", "No counterattack has been earned now.",
                kind=CONFLICT, rule=ATTACK_TYPES)  # fmt: skip
    if int(action["target"]) != offer["against"]:
        _refuse("counterattack.wrong_target", "Solo contra quien le atacó.", "Only against the attacker.",
                path="/target", rule=ATTACK_TYPES)  # fmt: skip
    weapon = _weapon_in_hand(attacker, action.get("with"), melee=True)
    modifiers = [
        {"slug": "counterattack-bonus", "value": offer["bonus"]},
        *_situational(attacker),
        *_aim(action),
    ]
    spec = Strike("counterattack", "attack", weapon["name"], weapon["damage"], tuple(modifiers),
                  aimed=action.get("aimed"), rule=ATTACK_TYPES)  # fmt: skip
    return spec, int(offer["against"])


def _reflex(combatant: Mapping, extra: int) -> int:
    return int(combatant["sheet"]["reflex_resistance"]) + extra + total(all_action_modifiers(combatant))


def opportunity_attack(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """Los Tipos de Ataque: when an enemy leaves "el alcance (2 metros)" (it was engaged with the
    attacker and its movement left the reach this round: `reach`), once a turn, an opposed
    Resistencia de Reflejos with +3/+1/−1 by Tamaño; the winner's melee attack puts the enemy in
    Flanqueo ("un -4 a la Capacidad Defensiva"); "la única Maniobra … es la de Ataque apuntado"."""
    attacker, target = _parties(table, action, actor)
    _enemy(attacker, target)
    if attacker.get("opportunity_round") == table.round:
        _refuse("opportunity.used", "Ya hizo su Ataque de Oportunidad este turno.",
                "The opportunity attack of this turn is spent.", kind=CONFLICT, rule=ATTACK_TYPES)  # fmt: skip
    reach.need_offer(table, attacker, target, int(action["target"]))
    weapon = _weapon_in_hand(attacker, action.get("with"), melee=True)
    _aim(action)
    attacker["opportunity_round"] = table.round
    mine = roll_d10(dice, _reflex(attacker, SIZES[weapon["size"]].opportunity_modifier))
    theirs = roll_d10(dice, _reflex(target, 0))
    won = mine["total"] > theirs["total"]
    table.write(
        Entry("opportunity_roll", {
            "attacker_roll": mine, "target_roll": theirs, "won": won, "rule": ATTACK_TYPES, "private": ["actor", "target"],
            "text": {"es": f"Reflejos: {attacker['name']} {mine['total']} contra {target['name']} {theirs['total']}: "
                           + ("ataca." if won else "no llega."),
                     "en": f"Reflexes: {attacker['name']} {mine['total']} against {target['name']} {theirs['total']}: "
                           + ("attacks." if won else "misses the moment.")},
            "public_text": {"es": f"{attacker['name']} intenta un Ataque de Oportunidad: " + ("ataca." if won else "no llega."),
                            "en": f"{attacker['name']} tries an opportunity attack: " + ("attacks." if won else "misses the moment.")},
        }, actor=actor, target=int(action["target"]), round=table.round)
    )  # fmt: skip
    if won:
        strike(table, dice, actor, int(action["target"]), opportunity_spec(attacker, weapon, action))


def _enemy(attacker: Mapping, target: Mapping) -> None:
    """Los Tipos de Ataque: "Si un enemigo intentar salir del alcance"."""
    if attacker.get("side") == target.get("side"):
        _refuse("opportunity.not_an_enemy", "Solo contra un enemigo.", "Only against an enemy.", path="/target",
                rule=ATTACK_TYPES)  # fmt: skip


def opportunity_spec(attacker: Mapping, weapon: Mapping, action: Mapping) -> Strike:
    flanked = ({"slug": "flanked", "value": STATE["flanked"].defense},)
    return Strike("opportunity-attack", "attack", weapon["name"], weapon["damage"],
                  tuple(_situational(attacker) + _aim(action)), flanked, aimed=action.get("aimed"), rule=ATTACK_TYPES)  # fmt: skip


def opportunity_reflexes(attacker: Mapping, target: Mapping, weapon: Mapping) -> tuple[int, int]:
    """The two Resistencia de Reflejos values of the opposed roll, before the dice."""
    return _reflex(attacker, SIZES[weapon["size"]].opportunity_modifier), _reflex(target, 0)


def plan_for(table: Table, action: Mapping, actor) -> tuple[list[Strike], tuple[int, int] | None]:
    """The strikes an attack-like action would make (no die rolled, nothing changed), and for an
    opportunity attack the two Reflejos values it must win first. Refuses as the action would."""
    kind = action.get("type", "attack")
    attacker, target = _parties(table, action, actor)
    if kind == "counterattack":
        return [counter_spec(table, attacker, action)[0]], None
    if kind == "opportunity_attack":
        _enemy(attacker, target)
        reach.need_offer(table, attacker, target, int(action["target"]))
        weapon = _weapon_in_hand(attacker, action.get("with"), melee=True)
        return [opportunity_spec(attacker, weapon, action)], opportunity_reflexes(attacker, target, weapon)
    capability = _capability(action)
    if capability != "attack":
        return [supernatural_spec(attacker, {**action, "capability": capability})], None
    return _plan(table, attacker, action), None
