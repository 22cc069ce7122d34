"""The Estado de Vida y Muerte, which the seed names ("muere automáticamente sin pasar por el
Estado de Vida y Muerte", Las Consecuencias Críticas) but does not describe. The reading follows
the published Anima: Beyond Fantasy (docs/rules-notes-anima.md, "Estado de Vida y Muerte"):

- a combatant whose Puntos de Vida reach 0 or fewer lies between life and death (`dying`);
- it dies when its negative Puntos de Vida reach five times its Constitución (−5 × Con);
- at the start of every round it rolls Resistencia Física + 1D10 against 12 (the published 120,
  divided by 10 as every published number here): above 12 it is stabilised (0 PV, conscious,
  −6 to every action from then on); otherwise it loses 1 PV, and failing by more than 6 (the
  published 60) kills it;
- an ally may give first aid (Medicina + 1D10 above 12 stabilises; its complex action), and the
  GM may stabilise it outright (a healing power, care the site does not model)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import CONFLICT, Refused

from .catalogue import ACTIONS, LIFE_AND_DEATH
from .combatant import ACTIVE, DEAD, DYING, all_action_modifiers, need, need_standing, roll_d10, total

RULE = LIFE_AND_DEATH
DIFFICULTY = 12  # the published Resistencia Física 120, divided by 10
DEATH_MARGIN = 6  # "failure by more than 60": more than 6
AFTERMATH_PENALTY = -6  # the published −60 to all actions once stabilised
DEATH_PER_CONSTITUTION = 5  # dead at negative Puntos de Vida equal to 5 × Constitución
DEFAULT_CONSTITUTION = 5


def death_limit(combatant: Mapping) -> int:
    """The Puntos de Vida at which it dies: −5 × Constitución."""
    constitution = int((combatant.get("sheet") or {}).get("constitution") or DEFAULT_CONSTITUTION)
    return -DEATH_PER_CONSTITUTION * constitution


def physical_resistance(combatant: Mapping) -> int:
    sheet = combatant.get("sheet") or {}
    value = sheet.get("physical_resistance")
    return int(sheet.get("reflex_resistance") or 0) if value is None else int(value)


def settle_status(combatant: dict) -> None:
    """After its Puntos de Vida changed: dead at the limit, between life and death at 0 or below,
    standing above 0. A dead combatant stays dead."""
    if combatant.get("status") == DEAD:
        return
    hit_points = int(combatant["hit_points"])
    if hit_points <= death_limit(combatant):
        combatant["status"] = DEAD
    else:
        combatant["status"] = DYING if hit_points <= 0 else ACTIVE


def stabilise(combatant: dict) -> None:
    """Published: "his Life Points reset to 0 and he recovers consciousness", with −60 (−6 here)
    to every action, which fades by days: it lasts the fight."""
    combatant["hit_points"] = 0
    combatant["status"] = ACTIVE
    combatant["life_death_penalty"] = AFTERMATH_PENALTY


def outcome_of(total: int, combatant: Mapping) -> str:
    """`stabilised` above the difficulty; else one Punto de Vida is lost, and it is `dead` when it
    failed by more than 6 or the lost point reaches the limit, else `worse`."""
    if total > DIFFICULTY:
        return "stabilised"
    if DIFFICULTY - total > DEATH_MARGIN or int(combatant["hit_points"]) - 1 <= death_limit(combatant):
        return "dead"
    return "worse"


TEXTS = {
    "stabilised": ("{name} se estabiliza: 0 PV, consciente, −6 a toda acción.",
                   "{name} stabilises: 0 HP, conscious, −6 to every action."),
    "worse": ("{name} sigue entre la vida y la muerte y pierde 1 PV.",
              "{name} stays between life and death and loses 1 HP."),
    "dead": ("{name} muere.", "{name} dies."),
}  # fmt: skip
PUBLIC_TEXTS = {
    "stabilised": ("{name} se estabiliza.", "{name} stabilises."),
    "worse": ("{name} sigue entre la vida y la muerte.", "{name} stays between life and death."),
    "dead": ("{name} muere.", "{name} dies."),
}


def _texts(outcome: str, name: str, roll: dict) -> dict:
    es, en = (t.format(name=name) for t in TEXTS[outcome])
    numbers = f" ({roll['total']} contra {DIFFICULTY})", f" ({roll['total']} against {DIFFICULTY})"
    public_es, public_en = (t.format(name=name) for t in PUBLIC_TEXTS[outcome])
    return {
        "text": {
            "es": f"Resistencia Física{numbers[0]}: {es}",
            "en": f"Physical resistance{numbers[1]}: {en}",
        },
        "public_text": {"es": public_es, "en": public_en},
    }


def check(table: Table, dice: DiceSource, cid: int) -> str:
    """One Resistencia Física check of a combatant between life and death, with its event."""
    combatant = table.state["combatants"][str(cid)]
    resistance = physical_resistance(combatant)
    roll = roll_d10(dice, resistance)
    outcome = outcome_of(roll["total"], combatant)
    if outcome == "stabilised":
        stabilise(combatant)
    elif outcome == "worse":
        combatant["hit_points"] = int(combatant["hit_points"]) - 1
    else:
        combatant["hit_points"] = int(combatant["hit_points"]) - 1
        combatant["status"] = DEAD
    payload = {
        "roll": roll, "physical_resistance": resistance, "difficulty": DIFFICULTY, "total": roll["total"],
        "margin": roll["total"] - DIFFICULTY, "outcome": outcome, "hit_points": combatant["hit_points"],
        "death_limit": death_limit(combatant), "status": combatant["status"], "rule": RULE, "private": "actor",
        **_texts(outcome, combatant["name"], roll),
    }  # fmt: skip
    table.write(Entry("life_and_death", payload, actor=cid, round=table.round))
    return outcome


def round_checks(table: Table, dice: DiceSource) -> None:
    """At the start of every round, each combatant between life and death rolls its check (the
    published game rolls it every hour; a fight here is counted in rounds: rules notes)."""
    for cid in sorted(int(k) for k in table.combatants()):
        combatant = table.state["combatants"][str(cid)]
        if combatant.get("status") == DYING and not combatant.get("removed"):
            check(table, dice, cid)


def _need_dying(patient: Mapping) -> None:
    if patient.get("status") != DYING:
        raise Refused("life_and_death.not_dying", RULE, f"{patient['name']} no está entre la vida y la muerte.",
                      f"{patient['name']} is not between life and death.", path="/target", kind=CONFLICT)  # fmt: skip


def gm_stabilise(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """The GM's hand: a healing power or care the site does not model stabilises the patient."""
    patient = need(table, action.get("target"))
    _need_dying(patient)
    stabilise(patient)
    name = patient["name"]
    table.write(
        Entry("stabilised", {
            "by": "gm", "hit_points": 0, "rule": RULE,
            "text": {"es": f"El Director estabiliza a {name}: 0 PV, consciente, −6 a toda acción.",
                     "en": f"The GM stabilises {name}: 0 HP, conscious, −6 to every action."},
        }, target=int(action["target"]), round=table.round)
    )  # fmt: skip


def _spend_complex(healer: dict) -> None:
    used = healer.get("turn_actions") or {}
    if used.get("complex_used") or used.get("complex_m"):
        raise Refused("turn.no_complex_action", ACTIONS, "Ya usó su Acción Compleja este turno.",
                      "The complex action of this turn is already spent.", kind=CONFLICT)  # fmt: skip
    healer["turn_actions"] = {**used, "complex_used": True}


def first_aid(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """An ally's first aid (published: a Medicina check "may stabilize dying creatures, putting
    their Life Points to 0"): its complex action, Medicina + 1D10 above 12 stabilises."""
    healer = need(table, actor, path="/actor")
    patient = need(table, action.get("target"))
    if int(action["target"]) == int(actor):
        raise Refused("life_and_death.self", RULE, "Nadie puede atenderse a sí mismo: hace falta un aliado en pie.",
                      "Nobody can tend themselves: a standing ally must.", path="/target")  # fmt: skip
    need_standing(healer)
    _need_dying(patient)
    if patient.get("side") != healer.get("side"):
        raise Refused(
            "life_and_death.not_an_ally", RULE, "Solo a un aliado.", "Only to an ally.", path="/target"
        )
    _spend_complex(healer)
    medicine = int(healer["sheet"].get("medicine") or 0)
    modifiers = all_action_modifiers(healer)
    roll = roll_d10(dice, medicine + total(modifiers))
    saved = roll["total"] > DIFFICULTY
    if saved:
        stabilise(patient)
    who, name = healer["name"], patient["name"]
    done_es, done_en = (
        ("se estabiliza", "stabilises them") if saved else ("no lo consigue", "does not manage it")
    )
    table.write(
        Entry("first_aid", {
            "roll": roll, "medicine": medicine, "modifiers": modifiers, "total": roll["total"],
            "difficulty": DIFFICULTY, "stabilised": saved, "rule": RULE, "private": "actor",
            "text": {"es": f"{who} atiende a {name} (Medicina {roll['total']} contra {DIFFICULTY}): {done_es}.",
                     "en": f"{who} tends {name} (Medicine {roll['total']} against {DIFFICULTY}): {done_en}."},
            "public_text": {"es": f"{who} atiende a {name}: {done_es}.", "en": f"{who} tends {name}: {done_en}."},
        }, actor=actor, target=int(action["target"]), round=table.round)
    )  # fmt: skip
