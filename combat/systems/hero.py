"""The Hero System on the encounter pages: the SPD chart drawn as a grid of who acts in which
segment with the current segment marked, STUN, BODY and END of everyone the viewer may see, and
action forms that offer only what the character can use now (`rules.hero.choices`). Page forms
become actions the same way as the generic presentation (from the action schemas)."""

from __future__ import annotations

import hashlib
import json

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.hero.actions.schemas import CONDITIONS  # what the GM may set (set_condition)
from rules.hero.catalogue import catalogue_json
from rules.hero.choices import choices
from rules.hero.clock import dex_ties
from rules.hero.knockback import amendable
from rules.hero.modifiers import LISTED
from rules.hero.spd import SEGMENTS
from rules.hero.state import DOWN

from ..display import side_label, stat
from ..lines import EventView, LogLine, Names
from ..presentation import Presentation, turn_heading, turn_word
from . import generic, hero_lines, hero_schema

# When a turn's deadline passes (`combat.deadline_tasks`), the defaults this system can apply,
# as its own actions: ending the phase, defending or holding; any other default tells the GM.
DEADLINE_DEFAULTS = {"end_turn": "end_turn", "defend": "defend", "hold": "hold"}

TEMPLATES = {
    "controls": "combat/hero/_controls.html",
    "odds": "combat/hero/_odds.html",
    "panel": "combat/hero/_panel.html",
    "own_order": True,  # the panel shows who acts when; see combat/systems/generic.py
}
STATUS_LABELS = {
    "active": _("En pie"),
    "unconscious": _("Inconsciente"),
    "dying": _("Muriendo"),
    "dead": _("Muerto"),
}
CONDITION_LABELS = {
    "stunned": _("Aturdido"),
    "prone": _("En el suelo"),
    "in-cover": _("A cubierto"),
    "hidden": _("Oculto"),
    "flying": _("Volando"),
    "asleep": _("Dormido"),
    "exposed": _("Expuesto"),
    "grabbed": _("Agarrado"),
}
OUT_OF_PHASE = frozenset({"defend", "attack", "suppression_fire", "cover_fire"})
DEFENSIVE = ("block", "dodge", "dive-for-cover", "roll-with-punch")
# Actions that need nothing but a button (their schema is empty).
BUTTONS = {
    "recovery": _("Recuperarse (fase entera)"),
    "hold": _("Aguantar la fase"),
    "stand_up": _("Levantarse (media fase)"),
    "escape": _("Soltarse del agarre"),
    "break_cover": _("Escapar de quien le cubre"),
    "end_turn": _("Terminar la fase"),
}


def _name(entry: dict, lang: str) -> str:
    return entry.get("name_en" if lang == "en" else "name_es") or entry.get("slug", "")


def card(view: dict, lang: str) -> dict:
    """A combatant's card: its status, conditions, and its DCV now as the card's defense."""
    conditions = [c for c in view.get("conditions") or [] if c not in DOWN]
    return {
        **view,
        "status_label": str(STATUS_LABELS.get(view.get("status"), view.get("status", ""))),
        "side_label": side_label(view["side"]),
        "condition_views": [
            {"label": str(CONDITION_LABELS.get(c, c)), "ends": "", "turns": 0} for c in conditions
        ],
        "equipment_views": [],
        "defense": view.get("dcv_now"),
        "stats": [
            # The Spanish document's abbreviations, as the GM's table and the forms use them.
            stat("stun", _("ATU"), _("Aturdimiento (ATU)"), view.get("stun"), view.get("stun_max")),
            stat(
                "hit-points", _("CUE"), _("Cuerpo (CUE)"), view.get("hit_points"), view.get("hit_points_max")
            ),
            stat("end", _("AGU"), _("Aguante (AGU)"), view.get("end"), view.get("end_max")),
            stat("defense", _("VCD"), _("Valor de combate defensivo ahora"), view.get("dcv_now")),
            stat("spd", _("VEL"), _("Velocidad"), view.get("spd")),
        ],
    }


def chart_rows(clock: dict, cards: dict) -> list[dict]:
    """The SPD chart: one row per combatant (in DEX order), one cell per segment, the segments its
    SPD acts in marked, and the cell of whoever acts now."""
    segment, current = clock.get("segment"), clock.get("current")
    rows = []
    for entry in clock.get("chart") or []:
        cid = entry["combatant"]
        acts = set(entry["segments"])
        rows.append(
            {
                "id": cid,
                "name": cards[cid]["name"] if cid in cards else str(cid),
                "spd": entry["spd"],
                "dex": entry["dex"] if cards.get(cid, {}).get("initiative") is not None else None,
                "held": cid in (clock.get("held") or []),
                "cells": [
                    {
                        "segment": s,
                        "acts": s in acts,
                        "now": s == segment,
                        "acting": s == segment and cid == current,
                    }
                    for s in SEGMENTS
                ],
            }
        )
    return rows


def _target_options(cards: dict, actor: int) -> list[dict]:
    """Everyone else in the fight still alive, the other sides first (the likelier target is
    chosen): the dead are no target to offer, let alone preselect."""
    side = cards[actor]["side"]
    others = [
        c for c in cards.values() if not c["removed"] and c["id"] != actor and c.get("status") != "dead"
    ]
    others.sort(key=lambda c: c["side"] == side)
    return [{"id": c["id"], "name": c["name"]} for c in others]


def _modifier_options(lang: str) -> tuple[list[dict], list[dict]]:
    """The combat modifiers an attack names (`modifiers`): groups (one of each) and single ones."""
    groups: dict[str, list[dict]] = {}
    single = []
    for m in catalogue_json()["combat_modifiers"]:
        if m["slug"] not in LISTED:
            continue
        option = {"slug": m["slug"], "label": _name(m, lang)}
        if m["group"]:
            groups.setdefault(m["group"], []).append(option)
        else:
            single.append(option)
    return [{"group": g, "options": opts} for g, opts in groups.items()], single


GROUP_LABELS = {
    "concealment": _("Ocultación"),
    "surprised": _("Sorprendido"),
    "size": _("Tamaño del objetivo"),
    "thrown": _("Objeto arrojado"),
}


def actor_menu(raw: dict, actor: int, cards: dict, lang: str) -> dict:
    """What one combatant may do now, as the forms offer it."""
    found = choices(raw, actor)
    names = {m["slug"]: m for m in catalogue_json()["maneuvers"]}
    c = (raw.get("combatants") or {}).get(str(actor)) or {}
    attacks = [
        {"value": a, "label": str(_("Golpe (FUE/5 d6)")) if a == "strike" else a} for a in found["attacks"]
    ]
    return {
        "card": cards[actor],
        "actions": found["actions"],
        "attacks": attacks,
        "maneuvers": [{"value": m, "label": _name(names[m], lang)} for m in found["maneuvers"] if m in names],
        "defenses": [{"value": m, "label": _name(names[m], lang)} for m in DEFENSIVE],
        "buttons": [
            {"type": t, "label": str(label)} for t, label in BUTTONS.items() if t in found["actions"]
        ],
        "targets": _target_options(cards, actor),
        "lost_attacks": list(c.get("lost_attacks") or []),
        # No attack left to pay for: the page says why the attack form is gone.
        "end_needed": found["end_needed"],
        "end_left": c.get("end"),
        "autofire": [a["name"] for a in (c.get("sheet") or {}).get("attacks", []) if a.get("autofire")],
    }


def _acting_menus(page, raw: dict) -> tuple[dict | None, list[dict]]:
    """The menu of whoever acts now (if the viewer acts for them) and the abort forms of the
    viewer's other combatants who may still abort to a defensive maneuver."""
    if page.state["status"] != "active":
        return None, []
    mine = [cid for cid, c in page.cards.items() if not c["removed"] and (page.is_gm or cid in page.mine)]
    current = page.state["current"]
    menu = actor_menu(raw, current, page.cards, page.lang) if current in mine else None
    aborts = []
    for cid in mine:
        if cid == current:
            continue
        other = actor_menu(raw, cid, page.cards, page.lang)
        if OUT_OF_PHASE & set(other["actions"]):
            aborts.append(other)
    return menu, aborts


INTO_LABELS = {
    "ground": _("sin chocar con nada"),
    "wall": _("contra una pared"),
    "object": _("contra un objeto"),
}


def amendable_knockbacks(page, raw: dict) -> list[dict]:
    """For the GM: the last attack's knockbacks, whose obstacle may still be named (6E Knockback)."""
    if not page.is_gm or page.state["status"] != "active":
        return []
    return [
        {
            "target": int(cid),
            "name": page.cards[int(cid)]["name"],
            "inches": record["inches"],
            "into": str(INTO_LABELS.get(record["into"], record["into"])),
        }
        for cid, record in sorted(amendable(raw).items(), key=lambda kv: int(kv[0]))
        if int(cid) in page.cards
    ]


def tie_groups(page, raw: dict) -> list[list[dict]]:
    """For the GM only (equal DEX would tell a hidden NPC's): each DEX tie, in its acting order."""
    if not page.is_gm or page.state["status"] == "ended":
        return []
    return [
        [{"id": cid, "name": page.cards[cid]["name"]} for cid in group if cid in page.cards]
        for group in dex_ties(raw)
    ]


def console_context(page) -> dict:
    raw = page.folded
    clock = page.state["clock"]
    menu, aborts = _acting_menus(page, raw)
    groups, single = _modifier_options(page.lang)
    for group in groups:
        group["label"] = str(GROUP_LABELS.get(group["group"], group["group"]))
    locations = catalogue_json()["hit_locations"] if raw.get("hit_locations") else []
    knockbacks = amendable_knockbacks(page, raw)
    key_parts = [
        clock.get("segment"),
        clock.get("spent"),
        menu and menu["actions"],
        [a["card"]["id"] for a in aborts],
        knockbacks,
    ]
    return {
        "clock": clock,
        "chart": chart_rows(clock, page.cards),
        "segments": list(SEGMENTS),
        "segment_order": [page.cards[cid]["name"] for cid in clock.get("order") or [] if cid in page.cards],
        "menu": menu,
        "aborts": aborts,
        "modifier_groups": groups,
        "modifier_single": single,
        "hit_locations": [{"slug": h["slug"], "label": _name(h, page.lang)} for h in locations],
        "hit_locations_on": bool(raw.get("hit_locations")),
        "knockbacks": knockbacks,
        "gm_conditions": [{"slug": s, "label": str(CONDITION_LABELS[s])} for s in CONDITIONS],
        "dex_ties": tie_groups(page, raw),
        "controls_key": hashlib.sha1(json.dumps(key_parts, default=str).encode()).hexdigest()[:10],
    }


def declared_details(action: dict, lang: str) -> list[str]:
    """What a declared action uses: the attack and its maneuver, the inches moved."""
    names = {m["slug"]: m for m in catalogue_json()["maneuvers"]}
    out = [str(action["attack"])] if action.get("attack") and action["attack"] != "strike" else []
    if action.get("maneuver") in names:
        out.append(_name(names[action["maneuver"]], lang))
    if action.get("inches") is not None:
        out.append(f'{action["inches"]}"')
    return out


def action_from_form(post, system=None) -> dict:
    return generic.action_from_form(post, system)


def odds_request(query, system=None) -> dict | None:
    request = generic.action_from_form(query, system)
    if request.get("type") != "attack" or not isinstance(request.get("target"), int):
        return None
    return request if isinstance(request.get("actor"), int) else None


def odds_request_from_api(query) -> dict:
    """`GET /encounters/{id}/odds/?actor=&target=&attack=…`, typed by the attack's schema (an
    attack when no type is named), as the odds box's form is."""
    from rules.hero.system import SYSTEM

    fields = query.copy()
    if not fields.get("type"):
        fields["type"] = "attack"
    return generic.action_from_form(fields, SYSTEM)


NPC_EXAMPLE = (
    '{"system": "hero", "name": "Matón", "characteristics": {"str": 15, "dex": 11, "con": 13, "body": 10, '
    '"int": 8, "ego": 8, "pre": 10, "pd": 4, "ed": 3, "spd": 2, "rec": 6, "end": 26, "stun": 25}, '
    '"resistant_defenses": {"pd": 0, "ed": 0}, "combat_levels": [], "range_levels": 0, "attacks": []}'
)


class HeroPresentation(Presentation):
    """Time is counted in turns of 12 segments (6E Speed Chart)."""

    slug = "hero"
    schema = hero_schema.SCHEMA
    deadline_defaults = DEADLINE_DEFAULTS
    templates = TEMPLATES
    npc_example = NPC_EXAMPLE

    card = staticmethod(card)
    console_context = staticmethod(console_context)
    action_from_form = staticmethod(action_from_form)
    odds_request = staticmethod(odds_request)
    odds_request_from_api = staticmethod(odds_request_from_api)
    declared_details = staticmethod(declared_details)

    def heading(self, round_number: int, lang: str) -> str:
        return turn_heading(round_number)  # a turn of 12 segments

    def time_word(self) -> str:
        return turn_word()

    def clock_label(self, clock, lang: str) -> str:
        turn, segment = clock.get("turn") or 0, clock.get("segment")
        if not turn:
            return ""
        if segment is None:
            return self.heading(turn, lang)
        return gettext("Turno %(turn)s, segmento %(segment)s") % {"turn": turn, "segment": segment}

    def log_line(self, view: EventView, names: Names, lang: str) -> LogLine:
        turn = int(view.get("round") or 0)
        segment = view.get("segment")
        heading = self.heading(turn, lang)
        time = self.clock_label({"turn": turn, "segment": segment}, lang) if turn else heading
        rule = self.rule_label(str(view.get("rule") or ""), lang)
        return hero_lines.log_line(view, names, lang, heading=heading, time=time, rule=rule)


PRESENTATION = HeroPresentation()
