"""Epic20 on the encounter pages: labels of statuses and conditions, the options of the action
forms for the combatant whose turn it is (read from the engine's catalogue), the hero point
reroll button, and how a page form becomes an action."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from epic20site.errors import DomainError
from rules.epic20 import index
from rules.epic20.encounter.combatants import load
from rules.epic20.encounter.rerolls import offer
from rules.epic20.encounter.types import REROLLABLE
from rules.epic20.resolution import CIRCUMSTANCES
from rules.epic20.resolution.hero_points import BY_SLUG as HERO_POINT_USES
from rules.epic20.resolution.powers_in_play import ARMOUR, SWITCHES, THROWN_OBJECT, switchable
from rules.epic20.resolution.skills import DIFFICULTIES, skill_name
from rules.epic20.resolution.support import USES as SUPPORT_USES

from ..display import side_label
from ..display import stat as card_stat
from ..lines import EventView, LogLine, Names
from ..presentation import Presentation
from . import epic20_lines, epic20_schema
from . import epic20_panel as panel
from .epic20_lines import superiority_words as superiority_label
from .epic20_npc import NPC_EXAMPLE
from .epic20_options import DECLARED_ON_OWN_TURN as DECLARED_ON_OWN_TURN
from .epic20_options import entry_name as _name
from .epic20_options import maneuver_options
from .epic20_requests import KIND_LABELS, ODDS_QUERY, action_from_form, odds_request, odds_request_from_api
from .epic20_sections import rule_label

STATUS_LABELS = {
    "active": _("En pie"),
    "unconscious": _("Inconsciente"),
    "fled": _("Huye o se rinde"),
    "dying": _("Muriendo"),
    "stable": _("Estable"),
    "dead": _("Muerto"),
}
CONDITION_LABELS = {
    "stunned": _("Aturdido"),
    "blinded": _("Cegado"),
    "prone": _("En el suelo"),
    "unaware": _("Desprevenido"),
    "total-defense": _("Defensa total"),
    "running-defense": _("Defensa a la carrera"),
    "parrying": _("Parada"),
    "dodging": _("Esquiva"),
    "exposed": _("Expuesto"),
    "lunging": _("Ataque a fondo"),
    "aiming": _("Apuntando"),
    "studied": _("Estudiando a un objetivo"),
    "assisted": _("Punto débil mostrado"),
    # Support advantages (rules.epic20.resolution.support).
    "inspired": _("Inspirado (Superioridad en su próxima acción estándar)"),
    "teamwork": _("Ayudado (Trabajo en equipo)"),
    "interposing": _("Interponiéndose"),
    "keeping-distance": _("Manteniendo la distancia"),
    "defensive-attack": _("Ataque defensivo"),
    "borrowed-maneuver": _("Maniobra prestada"),
    "borrowed-power": _("Superpoder prestado"),
    # Powers in play (rules.epic20.resolution.powers_in_play).
    "camouflaged": _("Camuflado"),
    "invisible": _("Invisible"),
    "shrunk": _("Disminuido"),
    "grown": _("Crecido"),
    "running": _("Corriendo"),
    "spell": _("Hechizo lanzado"),
    "unarmoured": _("Sin armadura tecnológica"),
    "limited-used": _("Uso limitado gastado"),
    "limited-paid": _("Uso limitado pagado"),
}
ENDS_LABELS = {
    "start_of_turn": _("hasta el inicio de su turno"),
    "end_of_turn": _("hasta el final de su turno"),
    "scene": _("toda la escena"),
    "session": _("toda la sesión"),
    "combat": _("todo el combate"),
    "manual": _("hasta que se quite"),
    "day": _("todo el día"),
}
EQUIPMENT_LABELS = {
    "ready": _("listo"),
    "broken": _("averiado"),
    "unusable": _("inutilizable"),
    "dropped": _("en el suelo"),
    "lost": _("perdido"),
    "stolen": _("robado"),
    "destroyed": _("destruido"),
}


def condition_view(cond: dict, lang: str) -> dict:
    slug = cond.get("slug", "")
    label = CONDITION_LABELS.get(slug)
    if slug in ("borrowed-maneuver", "borrowed-power", "spell", "limited-used", "limited-paid") and cond.get(
        "source"
    ):
        label = f"{label}: {cond['source']}"
    return {
        "label": str(label) if label else (cond.get("source") or slug),
        "ends": str(ENDS_LABELS.get(cond.get("ends"), "")),
        "turns": cond.get("turns") or 0,
        "rule": cond.get("rule", ""),
        "source": cond.get("source", ""),
    }


def card(view: dict, lang: str) -> dict:
    """A combatant view with the labels its card shows."""
    return {
        **view,
        "status_label": str(STATUS_LABELS.get(view["status"], view["status"])),
        "side_label": side_label(view["side"]),
        "condition_views": [condition_view(c, lang) for c in view.get("conditions") or []],
        "equipment_views": [
            {
                "name": e.get("name", ""),
                "status": str(EQUIPMENT_LABELS.get(e.get("status"), e.get("status", ""))),
            }
            for e in view.get("equipment") or []
        ],
        "stats": card_stats(view),
    }


def card_stats(view: dict) -> list[dict]:
    """PV, Defensa (with the penalty it has taken, DAÑO EN COMBATE), puntos de Héroe and
    iniciativa; each None (drawn "—") behind the GM's screen."""
    defense = card_stat("defense", _("Def."), _("Defensa"), view.get("defense"))
    if view.get("defense") is not None and view.get("defense_penalty"):
        defense["penalty"] = {"value": view["defense_penalty"], "title": str(_("Penalizador acumulado"))}
    return [
        card_stat(
            "hit-points", _("PV"), _("Puntos de vida"), view.get("hit_points"), view.get("hit_points_max")
        ),
        defense,
        card_stat(
            "hero-points", _("PH"), _("Puntos de Héroe"), view.get("hero_points"), view.get("hero_points_max")
        ),
        card_stat("initiative", _("Ini."), _("Iniciativa"), view.get("initiative")),
    ]


def attack_options(folded_combatant: dict | None, lang: str) -> dict:
    """What the attack form offers the acting combatant: weapons, maneuvers, circumstances and
    hero point uses, named in the page's language."""
    if not folded_combatant:
        return {}
    state = load(folded_combatant)
    weapons = panel.weapons_for(state, lang)
    maneuvers = maneuver_options(state, lang)
    support = support_options(state, lang)
    return {
        "weapons": weapons,
        "support": support,
        "support_uses": [option["value"] for option in support],  # what the form's fields depend on
        **maneuvers,  # "maneuvers", "declarable", "any_time"
        "circumstances": [
            {"value": c.slug, "label": c.name_en if lang == "en" else c.name_es}
            for c in CIRCUMSTANCES
            if c.applies_to == "attack" and not c.per_unit
        ],
        "hero_point_uses": [
            {"value": slug, "label": _name(HERO_POINT_USES.get(slug), lang, slug)}
            for slug in ("superioridad", "subir-dos-niveles")
        ],
        "spend_uses": [
            {"value": slug, "label": _name(HERO_POINT_USES.get(slug), lang, slug)}
            for slug in ("punto-de-vida", "maniobra", "editar-escena")
            if slug in HERO_POINT_USES
        ],
        "progressions": [
            {
                "power": p.power,
                "by": p.by,
                "degrees": p.degrees,
                "label": _name(index.POWERS.get(p.power), lang, p.power),
            }
            for p in state.progressions
        ],
        "equipment": [item.name for item in state.equipment],
        "switchable": power_options(state, lang),
        "skills": skill_options(state, lang),
        "difficulties": difficulty_options(lang),
    }


def difficulty_options(lang: str) -> list[dict]:
    """The table of difficulties (HABILIDADES), for the difficulty field's suggestions."""
    return [
        {"value": d.value, "label": f"{d.value} · {d.label_en if lang == 'en' else d.label_es}"}
        for d in DIFFICULTIES
    ]


def base_skill_options(lang: str) -> list[dict]:
    """Every base skill of the catalogue by name: what a GM may call for from anyone."""
    return sorted(
        ({"value": slug, "label": skill_name(slug, lang)} for slug in index.SKILLS),
        key=lambda o: o["label"],
    )


# What each support use costs and does, shown under the form for the uses the combatant has.
SUPPORT_HELP = {
    "contacto-curativo": _(
        "Contacto curativo: acción estándar, tirada de Inteligencia contra 10, cura 1 por cada 5 de "
        "diferencia (no el daño emocional; no cura máquinas)."
    ),
    "contacto-reparador": _(
        "Contacto reparador: acción estándar, tirada de Inteligencia contra 10, repara 1 por cada 5 "
        "de diferencia (sólo máquinas)."
    ),
    "regeneracion": _("Regeneración: acción estándar y de movimiento, 1 punto de vida."),
    "motivador": _(
        "Motivador: 1 punto de Héroe, acción estándar y de comunicarse, tirada de Presencia contra 10."
    ),
    "inspirar-a-otros": _("Inspirar a otros: 1 punto de Héroe por compañero y una acción de comunicarse."),
    "trabajo-en-equipo": _(
        "Trabajo en equipo: acción estándar; el compañero tendrá Superioridad en su próxima tirada de "
        "esa habilidad o ese tipo de ataque."
    ),
}


def support_options(state, lang: str) -> list[dict]:
    """The support form: the healing powers and helping advantages the combatant has, each with
    what it costs and does."""
    options = []
    for slug in SUPPORT_USES:
        if state.has(slug):
            entry = index.POWERS.get(slug) or index.ADVANTAGES.get(slug)
            options.append(
                {"value": slug, "label": _name(entry, lang, slug), "help": str(SUPPORT_HELP[slug])}
            )
    return options


def skill_options(state, lang: str) -> list[dict]:
    """The skill selector: every skill of the sheet with its roll ("Acrobacias +8, Superioridad"),
    by name. A combatant stored before states carried skills is offered the base skills (the
    service fills in its numbers from the sheet when it rolls)."""
    if not state.skills:
        return base_skill_options(lang)
    options = []
    for key, stat in state.skills.items():
        dice = superiority_label(stat.superiority)
        label = f"{skill_name(key, lang)} {stat.bonus:+d}" + (f", {dice}" if dice else "")
        options.append({"value": key, "label": label})
    return sorted(options, key=lambda o: o["label"])


def power_options(state, lang: str) -> list[dict]:
    """The use_power form: each power the combatant can switch on or off (or cast, a Mago), with
    whether it is on now and its Uso limitado price in hero points."""
    options = []
    for entry in switchable(state):
        slug = entry["power"]
        if slug == ARMOUR:
            label = str(_("Armadura tecnológica"))
        elif slug in SWITCHES:
            switch = SWITCHES[slug]
            label = switch.name_en if lang == "en" else switch.name_es
        else:
            label = _name(index.POWERS.get(slug), lang, slug)
        options.append({"value": slug, "label": label, "on": entry["on"], "limited": entry["limited"]})
    return options


# When a turn's deadline passes (`combat.deadline_tasks`), the defaults this system can apply,
# as its own actions: ending the turn or delaying it; any other default tells the GM.
DEADLINE_DEFAULTS = {"end_turn": "end_turn", "delay": "delay"}

TEMPLATES = {
    "controls": "combat/epic20/_controls.html",
    "odds": "combat/epic20/_odds.html",
    "gm_tools": "combat/epic20/_gm_tools.html",
}


def _reroll_offer(events, records_of, *, may_act_for, cards) -> dict | None:
    """The hero point reroll button: the log's last action, right after it rolled."""
    live = [e for e in events if not e.undone]
    if not live:
        return None
    group = [e for e in live if e.action == live[-1].action]
    request = (group[-1].patch or {}).get("request")
    found = offer(records_of(group), request, may_act_for=may_act_for, rerollable=tuple(REROLLABLE))
    if found is not None:
        found["name"] = (cards.get(found["actor"]) or {}).get("name", "")
        for choice in found["choices"]:
            choice["name"] = (cards.get(choice["target"]) or {}).get("name", "")
    return found


def _turn_panel(page, current, options: dict) -> dict:
    """The acting combatant's tabs, the enemy the attack aims at by default, and the skill a
    sheet's link asked for (`?skill=`), when it is one of theirs."""
    if not options:
        return {}
    closed = panel.closed_tabs((page.state.get("turn") or {}).get("left") or {}, options, gm=page.is_gm)
    tabs = panel.tabs_for(options, closed)
    alive = [c for c in page.cards.values() if not c["removed"]]
    targets = panel.target_choices(current, alive)
    declared = page.declared_action or {}
    skill = _chosen_skill(page.skill, options, declared)
    found = _declared_attack(declared, targets, options["weapons"])
    return {
        "tabs": tabs,
        "first_tab": panel.first_open_tab(tabs, "skill" if skill else "attack" if found else ""),
        "closed": closed,
        "targets": targets,
        "attack_kinds": panel.kinds_for(options["weapons"], KIND_LABELS),
        "default_attack": found or _default_attack(page, current, targets["default"], options["weapons"]),
        "chosen_skill": skill,
    }


def _chosen_skill(asked: str, options: dict, declared: dict) -> str:
    """The skill the skill tab starts on: the one a sheet's link asked for (`?skill=`), when it
    is one of theirs, else the one of a declared skill check ("" for none)."""
    skill = asked if any(o["value"] == asked for o in options.get("skills") or ()) else ""
    if declared.get("type") == "skill_check" and not skill:
        skill = str(declared.get("skill") or "")
    return skill


def _declared_attack(declared: dict, targets: dict, weapons: list[dict]) -> dict | None:
    """A declared attack as the attack form starts on it: its target and its weapon (and kind);
    None for any other declaration. Sets the target the form selects."""
    if declared.get("type") != "attack":
        return None
    listed = {c["id"] for c in targets["enemies"] + targets["others"]}
    if declared.get("target") in listed:
        targets["default"] = declared["target"]
    return next(
        (w for w in weapons if w["value"] == declared.get("with") and w["kind"] == declared.get("kind")), None
    )


def _default_attack(page, current, target, weapons: list[dict]) -> dict | None:
    """The weapon (and so the kind of attack) the attack form starts on: the best by the odds
    against the target it starts on, as this viewer may know them (`panel.best_attack`)."""
    if target is None or not weapons:
        return None

    def odds_of(weapon: dict) -> dict | None:
        request = {"type": "attack", "actor": current["id"], "target": target,
                   "kind": weapon["kind"], "with": weapon["value"]}  # fmt: skip
        try:
            return page.reader.odds(request)
        except DomainError:  # an attack the rules refuse now is not offered first
            return None

    # A thrown object needs one at hand, which the scene decides, not the sheet: never the default.
    own = [w for w in weapons if w["value"] != THROWN_OBJECT]
    return panel.best_attack(own, odds_of)


def _reactors(page) -> list[dict]:
    """The user's own combatants, each with the targets of its out-of-turn attack (enemies
    first, one chosen by default)."""
    alive = [c for c in page.cards.values() if not c["removed"]]
    mine = [page.cards[cid] for cid in sorted(page.mine) if cid in page.cards]
    return [{**card, "targets": panel.target_choices(card, alive)} for card in mine if not card["removed"]]


def console_context(page) -> dict:
    """What Epic20's controls show on the encounter page (`page`: a `combat.console.ConsoleView`)."""
    lang, state, cards = page.lang, page.state, page.cards
    folded = page.folded.get("combatants") or {}
    current = cards.get(state["current"])
    options = attack_options(folded.get(str(current["id"])), lang) if page.my_turn and current else {}
    reroll = None
    if page.latest:
        reroll = _reroll_offer(
            page.events, page.records, may_act_for=lambda cid: page.is_gm or cid in page.mine, cards=cards
        )
    return {
        "options": options,
        "turn_panel": _turn_panel(page, current, options),
        # Out of turn, a player may still spend hero points or declare reactions for their own.
        "reactors": _reactors(page),
        "kinds": [{"value": k, "label": str(v)} for k, v in KIND_LABELS.items()],
        # The GM may call for a check from anyone at any moment (a free skill check).
        "gm_skills": base_skill_options(lang) if page.is_gm else [],
        "difficulties": difficulty_options(lang) if page.is_gm else [],
        "reroll": reroll,
        "controls_key": f"r{reroll['seq']}" if reroll else "",
    }


# The actions by the names the panel gives them, for a declaration shown in words.
ACTION_LABELS = {
    "attack": _("Atacar"),
    "skill_check": _("Tirada de habilidad"),
    "maneuver": _("Maniobra"),
    "use_power": _("Poder"),
    "support": _("Apoyo"),
    "escape": _("Librarse de efectos"),
    "delay": _("Retrasar la acción"),
    "end_turn": _("Terminar el turno"),
    "invent": _("Inventar"),
}


def declared_details(action: dict, lang: str) -> list[str]:
    """What a declared action uses, named as the forms name it: the kind of attack and the
    weapon, the skill, the maneuver, the power or support use."""
    out = [str(KIND_LABELS[action["kind"]])] if action.get("kind") in KIND_LABELS else []
    weapon = action.get("with")
    if weapon:
        out.append(
            str(_("Sin armas")) if weapon == panel.UNARMED else _name(index.POWERS.get(weapon), lang, weapon)
        )
    if action.get("skill"):
        out.append(skill_name(action["skill"], lang))
    if action.get("maneuver"):
        out.append(_name(index.MANEUVERS.get(action["maneuver"]), lang, action["maneuver"]))
    for key in ("power", "use"):
        if action.get(key):
            slug = action[key]
            out.append(_name(index.POWERS.get(slug) or index.ADVANTAGES.get(slug), lang, slug))
    if action.get("active") is not None and action.get("power"):
        out.append(str(_("activar")) if action["active"] else str(_("desactivar")))
    return out


class Epic20Presentation(Presentation):
    slug = "epic20"
    schema = epic20_schema.SCHEMA
    npc_example = NPC_EXAMPLE
    deadline_defaults = DEADLINE_DEFAULTS
    templates = TEMPLATES
    odds_query = ODDS_QUERY
    action_labels = ACTION_LABELS

    card = staticmethod(card)
    console_context = staticmethod(console_context)
    action_from_form = staticmethod(action_from_form)
    odds_request = staticmethod(odds_request)
    odds_request_from_api = staticmethod(odds_request_from_api)
    declared_details = staticmethod(declared_details)
    rule_label = staticmethod(rule_label)

    def choice_label(self, field: str, value: str, lang: str) -> str:
        return str(KIND_LABELS.get(value, value)) if field == "kind" else value

    def superseded_label(self, seq: int) -> str:
        # A roll is thrown again by spending a hero point (PUNTOS DE HÉROE).
        return _("repetida con un punto de Héroe: ver #%(seq)s") % {"seq": seq}

    def log_line(self, view: EventView, names: Names, lang: str) -> LogLine:
        heading = self.heading(int(view.get("round") or 0), lang)
        return epic20_lines.log_line(
            view, names, lang, heading=heading, rule_label=rule_label, kinds=KIND_LABELS
        )


PRESENTATION = Epic20Presentation()
