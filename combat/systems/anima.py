"""The Anima-style fight on the encounter page: the turn's forms offer only what the acting
combatant can use now (the weapons in hand, its attack powers, the multiple attacks its
capability allows, what is left of its movement), the counterattack form appears to whoever
earned one, a panel shows each combatant's defenses this turn (the −2 from the third on) and
both rolls of the latest attack, and the odds box shows the engine's odds within its privacy
policy. The actions themselves are the engine's (`rules.anima.actions`)."""

from __future__ import annotations

import hashlib
import json

from django.utils.translation import gettext_lazy as _

from rules.anima.catalogue import COMBAT_STATES, STATE, STATUSES, ZONE, ZONES
from rules.anima.combatant import turn_left
from rules.anima.derived import attacks_allowed

from ..display import side_label, stat
from ..lines import EventView, LogLine, Names
from ..presentation import Presentation, turn_heading, turn_word
from . import anima_lines, anima_schema, generic

# When a turn's deadline passes (`combat.deadline_tasks`), the defaults this system can apply,
# as its own actions: ending the turn; any other default tells the GM.
DEADLINE_DEFAULTS = {"end_turn": "end_turn"}

TEMPLATES = {
    "controls": "combat/anima/_controls.html",
    "odds": "combat/anima/_odds.html",
    "panel": "combat/anima/_panel.html",
}
ODDS_TYPES = ("attack", "counterattack", "opportunity_attack")
STATUS_NAMES = {s["slug"]: s for s in STATUSES}
DEFENSE_NAMES = {
    "defense": ("Defensa", "Defense"),
    "magic": ("Mágica", "Magic"),
    "psychic": ("Psíquica", "Psychic"),
}
CAPABILITIES = ("attack", "magic", "psychic")
_IN_HAND = ("en la mano", "in hand")


def _name(item: dict, lang: str) -> str:
    return item.get("name_en") if lang == "en" else item.get("name_es")


def card(view: dict, lang: str) -> dict:
    """A combatant as the page draws it: the generic card's keys, and Anima's own."""
    status = STATUS_NAMES.get(view.get("status") or "active", STATUS_NAMES["active"])
    conditions = [
        {"label": (STATE[s].name_en if lang == "en" else STATE[s].name_es) if s in STATE else s, "ends": "", "turns": 0}
        for s in view.get("conditions") or []
    ]  # fmt: skip
    penalty = int(view.get("next_defense_penalty") or 0)
    return {
        **view,
        "status_label": _name(status, lang),
        "side_label": side_label(view["side"]),
        "condition_views": conditions,
        "equipment_views": [
            {"name": w, "status": _IN_HAND[lang == "en"]} for w in view.get("wielding") or []
        ],
        "defense_penalty": -penalty if penalty else 0,
        "defense_label": DEFENSE_NAMES.get(view.get("defense_with") or "", ("", ""))[lang == "en"],
        "hero_points": None,
        "stats": [
            stat(
                "hit-points", _("PV"), _("Puntos de vida"), view.get("hit_points"), view.get("hit_points_max")
            ),
            stat("defense", _("Def."), _("Defensa"), view.get("defense")),
            stat("defenses", _("Def. usadas"), _("Defensas este turno"), view.get("defenses_this_round")),
            stat("initiative", _("Ini."), _("Iniciativa"), view.get("initiative")),
        ],
    }


def _weapons(sheet: dict, in_hand: list[str], *, melee: bool = False) -> list[dict]:
    """The weapons it may strike with now: those in hand (and bare hands)."""
    out = []
    for weapon in sheet.get("weapons") or []:
        if weapon["name"] in in_hand and not (melee and weapon["ranged"]):
            out.append({"name": weapon["name"], "ranged": weapon["ranged"], "size": weapon["size"]})
    return out


def _powers(sheet: dict, kind: str) -> list[dict]:
    return [p for p in sheet.get("powers") or [] if p.get("kind") == kind]


def _turn(page, actor: dict, targets: list[dict], lang: str) -> dict:
    """The acting combatant's forms: only what it can use now."""
    sheet = actor.get("sheet") or {}
    left = page.state.get("turn", {}).get("left") or {}
    in_hand = actor.get("wielding") or []
    max_attacks = attacks_allowed(_final_attack(sheet, actor))
    attack_powers = _powers(sheet, "attack")
    complex_left = bool(left.get("complex"))
    return {
        "actor": actor,
        # Fallen in its own turn (Estado de Vida y Muerte): it can only end the turn.
        "down": actor.get("status") != "active",
        # Enemies first: the target a turn's forms offer first is one of the other side.
        "targets": _enemies_first(actor, targets),
        "weapons": _weapons(sheet, in_hand),
        "attack_powers": attack_powers,
        "area_powers": _powers(sheet, "area"),
        "passive_powers": _powers(sheet, "passive"),
        "attack_counts": list(range(1, max_attacks + 1)),
        "extra_weapons": _weapons(sheet, in_hand)[1:] if len(in_hand) == 2 else [],
        "sheet_weapons": [w["name"] for w in sheet.get("weapons") or []],
        "in_hand": in_hand,
        "complex_left": complex_left,
        "movement_left": left.get("movement_m", 0),
        "complex_as_movement_m": left.get("complex_as_movement_m", 0),
        "capabilities": _offensive(sheet, attack_powers),
        "engaged_names": ", ".join(
            page.cards[c]["name"] for c in actor.get("engaged_with") or [] if c in page.cards
        ),
        "patients": _patients(actor, targets),
    }


def _final_attack(sheet: dict, actor: dict) -> int:
    """The attack ability with the penalties of moving and of being near death applied."""
    return (
        int(sheet.get("attack") or 0)
        - int(actor.get("movement_penalty") or 0)
        + int(actor.get("life_death_penalty") or 0)
    )


def _enemies_first(actor: dict, targets: list[dict]) -> list[dict]:
    return sorted((t for t in targets if t["id"] != actor["id"]), key=lambda t: t["side"] == actor["side"])


def _patients(actor: dict, targets: list[dict]) -> list[dict]:
    """The dying allies the acting combatant may tend."""
    return [
        t for t in targets if t["status"] == "dying" and t["side"] == actor["side"] and t["id"] != actor["id"]
    ]


def _offensive(sheet: dict, attack_powers: list[dict]) -> list[tuple[str, str]]:
    out = [("attack", "Ataque")]
    kinds = {p.get("capability") for p in attack_powers}
    if "magic" in kinds:
        out.append(("magic", "Mágica"))
    if "psychic" in kinds:
        out.append(("psychic", "Psíquica"))
    return out


def _offers(page, controlled: list[dict]) -> list[dict]:
    """The counterattacks earned this round by combatants the viewer plays (Defenderse:
    "cuando el resultado de la defensa alcance el nivel de Contraataque")."""
    out = []
    for combatant in controlled:
        offer = combatant.get("counterattack_offer")
        if not offer or offer.get("round") != page.state.get("round") or combatant.get("status") != "active":
            continue
        against = page.cards.get(offer.get("against"))
        if against is None:
            continue
        sheet = combatant.get("sheet") or {}
        out.append({"actor": combatant, "against": against, "bonus": offer.get("bonus"),
                    "weapons": _weapons(sheet, combatant.get("wielding") or [], melee=True)})  # fmt: skip
    return out


def _opportunities(page, controlled: list[dict]) -> list[dict]:
    """Opportunity attacks the viewer's combatants may make now (Los Tipos de Ataque): against an
    enemy that was engaged with them and left their 2 m reach this round, once a round."""
    out = []
    round_number = page.state.get("round")
    for combatant in controlled:
        offer = combatant.get("opportunity_offer") or {}
        if (
            offer.get("round") != round_number
            or combatant.get("status") != "active"
            or combatant.get("opportunity_used") == round_number
        ):
            continue
        sheet = combatant.get("sheet") or {}
        weapons = _weapons(sheet, combatant.get("wielding") or [], melee=True)
        for against in offer.get("against") or []:
            target = page.cards.get(against)
            if target and target.get("status") != "dead" and not target["removed"]:
                key = f"{combatant['id']}-{target['id']}"
                out.append({"actor": combatant, "against": target, "weapons": weapons, "key": key})
    return out


def _zone_name(slug: str, lang: str) -> str:
    zone = ZONE.get(slug)
    if zone is None:
        return slug
    return zone.name_en if lang == "en" else zone.name_es


def _engagements(cards: list[dict]) -> list[dict]:
    """Each pair within 2 m of each other once, for the panel."""
    names = {c["id"]: c["name"] for c in cards}
    pairs = sorted(
        {tuple(sorted((c["id"], o))) for c in cards for o in c.get("engaged_with") or [] if o in names}
    )
    return [{"ids": pair, "names": (names[pair[0]], names[pair[1]])} for pair in pairs]


def _last_attack(page) -> dict | None:
    """The latest attack with both of its rolls, as this viewer may see them."""
    for event in reversed(page.reader.events(page.events, page.lang)):
        if event.get("type") == "attack" and "attack_roll" in event and not event.get("undone"):
            return event
    return None


def _in_hand_key(controlled: list[dict]) -> str:
    """What the forms of the viewer's combatants offer besides the turn: the weapons in hand (the
    attack form's "Con"), the states and the defense chosen. A weapon just equipped redraws them."""
    parts = [[c["id"], c.get("wielding"), c.get("conditions"), c.get("defense_with")] for c in controlled]
    return hashlib.sha1(json.dumps(parts, default=str).encode()).hexdigest()[:10]


def _name_cards(cards: list[dict], lang: str) -> None:
    """Each card with the names of whom it is engaged with and the zones it lost, in words."""
    names = {c["id"]: c["name"] for c in cards}
    for c in cards:
        c["engaged_names"] = ", ".join(names[o] for o in c.get("engaged_with") or [] if o in names)
        c["destroyed_zone_names"] = [_zone_name(z, lang) for z in c.get("destroyed_zones") or []]


def _shields(controlled: list[dict], lang: str) -> list[dict]:
    """The viewer's combatants with more than one defence to choose from, and their choices."""
    out = []
    for c in controlled:
        defenses = (c.get("derived") or {}).get("defenses") or {}
        if len(defenses) > 1:
            out.append({"actor": c, "choices": [(k, DEFENSE_NAMES[k][lang == "en"]) for k in defenses]})
    return out


def _controls_key(
    offers: list[dict],
    opportunity: list[dict],
    engagements: list[dict],
    cards: list[dict],
    controlled: list[dict],
) -> str:
    """What the controls depend on beyond the turn: redrawn when any of it changes."""
    key = "-".join(f"{o['actor']['id']}o{o['against']['id']}" for o in offers)
    key += "-r" + "-".join(o["key"] for o in opportunity)
    key += "-e" + "-".join(f"{a}e{b}" for a, b in (e["ids"] for e in engagements))
    key += "-s" + "".join(str(c.get("status") or "")[:2] for c in cards)
    key += "-d" + "".join(str(c.get("defenses_this_round") or 0) for c in cards)
    return key + "-h" + _in_hand_key(controlled)


def _choices(lang: str) -> dict:
    """The aimed zones, combat states and statuses the GM's and players' forms offer."""
    english = lang == "en"
    return {
        "anima_zones": [
            {"slug": z.slug, "name": z.name_en if english else z.name_es, "penalty": z.aim_penalty}
            for z in ZONES
        ],
        "anima_states": [
            {"slug": s.slug, "name": s.name_en if english else s.name_es} for s in COMBAT_STATES
        ],
        "anima_statuses": [(s["slug"], _name(s, lang)) for s in STATUSES],
    }


def _turn_of(page, cards: list[dict]) -> dict | None:
    """The acting combatant's turn, when the fight runs and this viewer acts now."""
    current = page.cards.get(page.state.get("current"))
    if page.state["status"] != "active" or not page.my_turn or not current:
        return None
    standing = [c for c in cards if c.get("status") != "dead"]
    return _turn(page, current, standing, page.lang)


def console_context(page) -> dict:
    """What Anima's controls and panel show (`page`: a `combat.console.ConsoleView`)."""
    cards = [c for c in page.cards.values() if not c["removed"]]
    controlled = [c for c in cards if page.is_gm or c["id"] in page.mine]
    active = page.state["status"] == "active"
    offers = _offers(page, controlled) if active else []
    opportunity = _opportunities(page, controlled) if active else []
    engagements = _engagements(cards)
    turn = _turn_of(page, cards)
    _name_cards(cards, page.lang)
    return {
        "anima_turn": turn,
        "anima_offers": offers,
        "anima_opportunity": opportunity,
        "anima_shields": _shields(controlled, page.lang),
        **_choices(page.lang),
        "anima_last_attack": _last_attack(page),
        "anima_engagements": engagements,
        "anima_dying": [c for c in cards if c.get("status") == "dying"],
        "anima_cards": cards,
        "controls_key": _controls_key(offers, opportunity, engagements, cards, controlled),
    }


def declarer_turn(combatant: dict) -> dict:
    """The turn of a combatant who declares ahead, as it will be when its turn comes: nothing
    spent yet (Las Acciones), so the forms offer its whole turn."""
    if not combatant.get("sheet"):
        return {}
    return {"left": turn_left({**combatant, "turn_actions": {}})}


def declared_details(action: dict, lang: str) -> list[str]:
    """What a declared action uses: the weapon or power, the metres moved, the weapons readied."""
    out = [str(action[key]) for key in ("with", "power") if action.get(key)]
    if action.get("metres"):
        out.append(f"{action['metres']} m")
    if action.get("weapons"):
        out.append(", ".join(str(w) for w in action["weapons"]))
    return out


class _Fields:
    """A form's fields with `strike` ("<capability>:<weapon or power>", one choice the page
    offers) read as the action's `capability` and `with`."""

    def __init__(self, post):
        self.post = post
        capability, _sep, name = (post.get("strike") or "").partition(":")
        self.extra = {"capability": capability, "with": name} if name and capability in CAPABILITIES else {}

    def get(self, key, default=None):
        return self.extra[key] if key in self.extra else self.post.get(key, default)

    def __getitem__(self, key):
        return self.extra[key] if key in self.extra else self.post[key]

    def getlist(self, key):
        return self.post.getlist(key)

    def __contains__(self, key):
        return key in self.extra or key in self.post


def action_from_form(post, system=None) -> dict:
    """The form's fields as the action's JSON, typed by the action's schema (`generic`)."""
    if system is None:
        from rules.anima.system import SYSTEM as system
    return generic.action_from_form(_Fields(post), system)


def odds_request(query, system=None) -> dict | None:
    """The would-be attack the odds box describes, or None while it is incomplete."""
    if query.get("type") not in ODDS_TYPES:
        return None
    request = action_from_form(query, system)
    if not isinstance(request.get("actor"), int) or not isinstance(request.get("target"), int):
        return None
    if not request.get("with"):
        return None
    return request


def odds_request_from_api(query) -> dict:
    """`GET /encounters/{id}/odds/?type=attack&actor=&target=&with=…`, typed by the schema
    (an attack when no type is named)."""
    from rules.anima.system import SYSTEM

    fields = query.copy()
    if not fields.get("type"):
        fields["type"] = "attack"
    return action_from_form(fields, SYSTEM)


__all__ = ["TEMPLATES", "AnimaPresentation", "action_from_form", "card", "console_context", "odds_request"]

NPC_EXAMPLE = (
    '{"system": "anima", "name": "Orco", "attack": 26, "defense": 20, "defense_kind": "block", '
    '"magic_projection": 0, "psychic_projection": 0, "initiative": 6, "hit_points": 140, '
    '"dexterity_modifier": 0, "reflex_resistance": 10, "armor": 3, "weapons": [{"name": "Hacha", '
    '"size": "large", "damage": 70, "ranged": false, "reload": 0, "initiative": -2}]}'
)


class AnimaPresentation(Presentation):
    slug = "anima"
    schema = anima_schema.SCHEMA
    deadline_defaults = DEADLINE_DEFAULTS
    templates = TEMPLATES
    odds_types = ODDS_TYPES
    npc_example = NPC_EXAMPLE

    card = staticmethod(card)
    console_context = staticmethod(console_context)
    action_from_form = staticmethod(action_from_form)
    odds_request = staticmethod(odds_request)
    odds_request_from_api = staticmethod(odds_request_from_api)
    declared_details = staticmethod(declared_details)
    declarer_turn = staticmethod(declarer_turn)

    def heading(self, round_number: int, lang: str) -> str:
        # "Durante un turno, un personaje puede realizar…" (Acciones): every standing combatant
        # acts once a turno, and the engine's log says "Comienza el turno n.".
        return turn_heading(round_number)

    def time_word(self) -> str:
        return turn_word()

    def log_line(self, view: EventView, names: Names, lang: str) -> LogLine:
        heading = self.heading(int(view.get("round") or 0), lang)
        rule = self.rule_label(str(view.get("rule") or ""), lang)
        return anima_lines.log_line(view, names, lang, heading=heading, rule=rule)


PRESENTATION = AnimaPresentation()
