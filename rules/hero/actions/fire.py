"""Fire that waits: Fuego sostenido (suppression) and Cubrir (holding a target at gunpoint) — both
strike out of the shooter's phase when the target does what the fire was waiting for."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import CONFLICT
from rules.core.texts import plural

from .. import aim as aims
from ..derived import strength_halves
from ..phase import end_phase, spend
from ..rolls import characteristic_roll, three_d6
from ..spd import SEGMENTS
from ..state import chars, combatant_or_refuse, drop_condition, refuse, spend_end
from ..tohit import hits
from .contests import characteristic_dice
from .hit import damage_target, hit_payload, summary
from .prepare import prepare
from .schemas import SuppressInput, TargetInput, read
from .strike import aim_at

RULE_SUPPRESS = "Fuego sostenido"
RULE_COVER = "Cubrir"


def segments_until_next_phase(phases, segment: int) -> int:
    """Segments from this one up to (not including) the character's next phase."""
    for step in range(1, 13):
        if SEGMENTS[(segment - 1 + step) % 12] in phases:
            return step
    return 12


def suppress(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """ "La maniobra tarda media fase … Puede durar hasta la siguiente fase de acción del personaje. El
    personaje debe disparar el mismo número de balas en cada segmento" (END for every segment)."""
    c = table.combatant(actor)
    req = read(SuppressInput, action)
    w = aims.weapon(c, req["attack"])
    if not w.autofire:
        raise refuse(
            "suppression.needs_autofire",
            "El fuego sostenido necesita fuego automático.",
            "Suppression fire needs an autofire attack.",
            rule=RULE_SUPPRESS,
            path="/attack",
        )
    if req["shots"] > w.autofire or req["shots"] < req["hexes"]:
        raise refuse(
            "suppression.shots",
            "Un disparo por hexágono, sin pasar del máximo del arma.",
            "One shot a hex, within the weapon's maximum.",
            rule=RULE_SUPPRESS,
            path="/shots",
        )
    spend(c, 1)
    segments = segments_until_next_phase(c["phases"], table.state["segment"])
    spend_end(c, w.end * req["shots"] * segments, rule=RULE_SUPPRESS)
    c["suppressing"] = {**req, "hit": {}}
    table.write(
        Entry(
            "suppression",
            {
                "text": {
                    "es": f"Riega {req['hexes']} {plural(req['hexes'], 'hexágono', 'hexágonos')} con {w.name}.",
                    "en": f"Hoses {req['hexes']} {plural(req['hexes'], 'hex', 'hexes')} with {w.name}.",
                },
                "rule": RULE_SUPPRESS,
                "segments": segments,
                **req,
            },
            actor=actor,
            round=table.round,
        )
    )
    end_phase(table, dice, actor)


def suppression_hit(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """ "Cualquier persona … que entre en el área cubierta por el fuego sostenido es atacada de forma
    automática … El VCD del objetivo es normal, y cada objetivo sólo puede ser alcanzado una vez por segmento." (Fuego sostenido)"""
    c = combatant_or_refuse(table, actor)
    s = c.get("suppressing")
    if not s or c["status"] != "active":
        raise refuse(
            "suppression.none",
            "No está haciendo fuego sostenido.",
            "They are not laying down suppression fire.",
            rule=RULE_SUPPRESS,
            kind=CONFLICT,
        )
    target_id = read(TargetInput, action)["target"]
    now = [table.round, table.state["segment"]]
    if s["hit"].get(str(target_id)) == now:
        raise refuse(
            "suppression.once_a_segment",
            "Ese objetivo ya recibió fuego en este segmento.",
            "That target was already fired on this segment.",
            rule=RULE_SUPPRESS,
            kind=CONFLICT,
        )
    p = prepare(
        table,
        actor,
        {"target": target_id, "attack": s["attack"], "maneuver": "other-attacks", "range": s["range"]},
    )
    aim = aim_at(table, p, actor, target_id)
    aim.add("ocv", "suppression-fire", -2, RULE_SUPPRESS)  # "una penalización de -2 VCO"
    aim.add("ocv", "suppression-hexes", -(s["hexes"] - 1), RULE_SUPPRESS)  # "-1 VCO" each extra hex
    thrown = three_d6(dice)
    hit = hits(thrown["total"], aim.to_hit)
    payload = hit_payload(target_id, thrown, aim.ocv, aim.dcv, aim.to_hit, hit, aim.lines)
    payload.update(
        {
            "attack": s["attack"],
            "maneuver": "suppression-fire",
            "maneuver_es": "Fuego sostenido",
            "maneuver_en": "Suppression Fire",
            "rule": RULE_SUPPRESS,
            "private": "target",
        }
    )
    if hit:
        damage_target(table, dice, p, actor, target_id, aim.ocv, payload)
    c["suppressing"] = {**s, "hit": {**s["hit"], str(target_id): now}}
    payload["text"], payload["public_text"] = summary(payload)
    table.write(Entry("attack", payload, actor=actor, target=target_id, round=table.round))


def cover_fire(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """ "Si el objetivo intenta escapar, el atacante automáticamente causa el daño al objetivo"."""
    target_id = read(TargetInput, action)["target"]
    target = combatant_or_refuse(table, target_id, path="/target", role="target")
    covered = target.get("covered_by")
    if not covered or covered["by"] != actor or table.combatant(actor)["status"] != "active":
        raise refuse(
            "cover.not_covering",
            "No tiene cubierto a ese objetivo.",
            "They are not covering that target.",
            rule=RULE_COVER,
            kind=CONFLICT,
        )
    p = prepare(table, actor, {"target": target_id, "attack": covered["attack"], "range": covered["range"]})
    payload = hit_payload(target_id, None, 0, 0, 0, True, [])
    payload.update(
        {
            "attack": p.weapon.name,
            "maneuver": "cover",
            "maneuver_es": "Cubrir",
            "maneuver_en": "Cover",
            "rule": RULE_COVER,
            "private": "target",
            "roll": {"sides": 6, "faces": [], "nonces": [], "total": 0},
            "automatic": True,
        }
    )
    spend_end(table.combatant(actor), p.end)
    damage_target(table, dice, p, actor, target_id, 0, payload)
    target["covered_by"] = None
    drop_condition(target, "covered")
    payload["text"], payload["public_text"] = summary(payload)
    table.write(Entry("attack", payload, actor=actor, target=target_id, round=table.round))


def break_cover(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """ "Cualquier Ataque de Presencia que iguale la PRE del personaje que cubre, pero … el defensor está
    en -3d6 … Si el atacante se distrae con éxito, hacer una tirada de DES contra DES (primero
    objetivo). Si el atacante gana, el defensor está cubierto nuevamente." (Cubrir)"""
    c = table.combatant(actor)
    covered = c.get("covered_by")
    if not covered:
        raise refuse(
            "cover.not_covered", "Nadie le tiene cubierto.", "Nobody is covering them.", rule=RULE_COVER
        )
    spend(c, 0.5)
    coverer = table.combatant(covered["by"])
    # PRE/5 d6 with its ½d6 (6E Presence Attack, the same table as STR's), less the seed's 3d6.
    presence = characteristic_dice(dice, strength_halves(chars(c)["pre"]) - 6)
    distracted = coverer is None or presence["total"] >= chars(coverer)["pre"]
    payload: dict = {
        "rule": RULE_COVER,
        "presence_roll": presence,
        "distracted": distracted,
        "private": "target",
    }
    free = coverer is None
    if distracted and coverer is not None:
        mine, theirs = three_d6(dice), three_d6(dice)
        my_margin = characteristic_roll(chars(c)["dex"]) - mine["total"]
        their_margin = characteristic_roll(chars(coverer)["dex"]) - theirs["total"]
        free = my_margin > their_margin  # ties to the one covering: "Si el atacante gana"
        payload.update(
            {
                "dex_roll": mine,
                "coverer_dex_roll": theirs,
                "margin": my_margin,
                "coverer_margin": their_margin,
            }
        )
    payload["free"] = free
    if free:
        c["covered_by"] = None
        drop_condition(c, "covered")
    payload["text"] = {
        "es": "Escapa de la cobertura." if free else "Sigue cubierto.",
        "en": "Escapes being covered." if free else "Is still covered.",
    }
    table.write(Entry("break_cover", payload, actor=actor, target=covered["by"], round=table.round))
    end_phase(table, dice, actor)
