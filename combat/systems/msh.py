"""The Marvel Super Heroes-style game on the encounter page: the round's phase and side, the
declarations (who has declared and what, through the engine's privacy policy), each
combatant's Health, Karma and ranks, the Universal Table column of the latest roll with the
number marked on it, and the declare forms, offering each character only what it may declare
now (SECUENCIA DE COMBATE: defenders declare, then attackers; the GM closes the declarations)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from epic20site.errors import DomainError
from rules.core import declarations as decl
from rules.msh.actions import DECLARABLE
from rules.msh.attack_input import UNARMED_TYPES
from rules.msh.catalogue import ABILITIES, ABILITY_NAMES, COMBAT_TYPE
from rules.msh.combatant import can_act
from rules.msh.defenses import held_fast
from rules.msh.follow_ups import held_fast_by
from rules.msh.phase import attacking_side, round_state
from rules.msh.ranks import BY_SLUG, COLOUR_NAMES, rank_of

from ..display import side_label, stat
from ..lines import EventView, LogLine, Names
from ..presentation import Presentation
from ..selectors import facts as row_facts
from . import msh_lines, msh_schema
from .msh_declarers import declares_for, form_partners

TEMPLATES = {
    "controls": "combat/msh/_controls.html",
    "odds": "combat/msh/_odds.html",
    "panel": "combat/msh/_panel.html",
    "own_order": True,  # the panel shows who acts when; see combat/systems/generic.py
}
STATUS_LABELS = {
    "active": _("En pie"),
    "stunned": _("Aturdido"),
    "unconscious": _("Inconsciente"),
    "dying": _("Muriendo"),
    "dead": _("Muerto"),
}
CONDITION_LABELS = {
    "stunned": _("Aturdido"),
    "unconscious": _("Inconsciente (KO)"),
    "dying": _("Muriendo"),
    "dead": _("Muerto"),
    "held": _("Inmovilizado"),
    "partially-held": _("Sujeto en parte (−2)"),
    "holding": _("Sujetando"),
    "dodging": _("Esquivando"),
    "evading": _("Evadiéndose"),
    "blocking": _("Bloqueando"),
    "interposing": _("Interponiéndose"),
    "aiming": _("Apuntando"),
    "out-of-reach": _("Fuera de alcance"),
}
ROLLED_EVENTS = ("attack", "defense")
INT_FIELDS = ("target", "karma", "effect_karma", "areas", "max_damage", "material", "protect", "before")
INT_FIELDS += ("shifts", "ground_material", "combined_with")
BOOL_FIELDS = ("darkness", "point_blank", "diving", "surprise", "obstacles")
NEEDS_ATTACK = ("attack", "hold")
DEFENSIVE = ("evade", "dodge", "block", "escape")
WITH_THEN = ("dodge", "escape")  # and "attack" for a holder who may squeeze (follow_ups.py)


def _pick(lang: str, es: str, en: str) -> str:
    return en if lang == "en" else es


# --- Cards and the panel ---------------------------------------------------------------------------


def rank_views(view: dict, lang: str) -> list[dict]:
    """Each ability as number and rank name, when the viewer may see them (privacy.py)."""
    abilities = view.get("abilities") or {}
    out = []
    for slug in ABILITIES:
        if slug in abilities:
            rank = rank_of(int(abilities[slug]))
            out.append(
                {
                    "slug": slug,
                    "short": _pick(lang, *ABILITY_NAMES[slug])[:3],
                    "name": _pick(lang, *ABILITY_NAMES[slug]),
                    "value": abilities[slug],
                    "rank": _pick(lang, rank.name_es, rank.name_en),
                }
            )
    return out


def card(view: dict, lang: str) -> dict:
    return {
        **view,
        "status_label": str(STATUS_LABELS.get(view.get("status"), view.get("status", ""))),
        "side_label": side_label(view["side"]),
        "condition_views": [
            {"label": str(CONDITION_LABELS.get(slug, slug)), "ends": "", "turns": 0}
            for slug in view.get("conditions") or []
        ],
        "equipment_views": [],
        "rank_views": rank_views(view, lang),
        "stats": [
            stat("hit-points", _("Salud"), _("Salud"), view.get("hit_points"), view.get("hit_points_max")),
            stat("karma", _("Karma"), _("Karma"), view.get("karma"), view.get("karma_max")),
            stat("initiative", _("Ini."), _("Iniciativa del bando"), view.get("initiative")),
        ],
    }


def column_view(rank_slug: str | None, total: int | None, colour: str | None, lang: str) -> dict:
    """A column of the Universal Table (the d100 rolls of each colour) and the number rolled."""
    rank = BY_SLUG.get(rank_slug or "")
    out: dict = {"total": total, "colour": colour, "colour_name": _colour(colour, lang), "ranges": []}
    if rank is not None:
        out.update(ranges=rank.ranges(), name=_pick(lang, rank.name_es, rank.name_en), slug=rank.slug)
    return out


def _colour(colour: str | None, lang: str) -> str:
    return _pick(lang, *COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else ""


def latest_rolls(page) -> list[dict]:
    """The latest roll on the Universal Table the viewer may see and, when its column is
    behind the GM's screen (an NPC's column is its ability), also the latest one whose column
    they may see, so the page always draws a column with the number marked on it."""
    out: list[dict] = []
    for event in reversed(page.events):
        payload = event.payload or {}
        if event.undone or event.type not in ROLLED_EVENTS or not isinstance(payload.get("roll"), dict):
            continue
        view = page.reader.event(event, page.lang)
        roll = view.get("roll") or {}
        if out and not roll.get("column"):
            continue
        shown = column_view(roll.get("column"), roll.get("total"), roll.get("colour"), page.lang)
        who = page.cards.get(event.actor_id) or {}
        out.append({**shown, "seq": event.seq, "actor": who.get("name", "")})
        if shown["ranges"]:
            break
    return out


def _declared_text(action: dict, names: dict, lang: str) -> str:
    kind = DECLARABLE.get(str(action.get("type")))
    text = _pick(lang, kind.summary_es, kind.summary_en) if kind else str(action.get("type"))
    inner = action.get("action") if action.get("type") == "hold" else action
    inner = inner if isinstance(inner, dict) else {}
    ct = COMBAT_TYPE.get(inner.get("combat_type") or "")
    if ct:
        text += f" · {_pick(lang, ct.name_es, ct.name_en)}"
    if inner.get("with") not in (None, "", "unarmed"):
        text += f" ({inner['with']})"
    for key, es, en in (("target", "contra", "against"), ("protect", "cubre a", "covers")):
        if isinstance(inner.get(key) if key == "target" else action.get(key), int):
            who = inner.get(key) if key == "target" else action.get(key)
            text += f" {_pick(lang, es, en)} {names.get(who, f'#{who}')}"
    if action.get("type") == "hold" and isinstance(action.get("before"), int):
        text += " " + _pick(lang, "antes de", "before") + f" {names.get(action['before'], '')}"
    if action.get("karma"):
        text += f" · Karma {action['karma']}"
    return text + _follow_up_text(action, names, lang)


def _follow_up_text(action: dict, names: dict, lang: str) -> str:
    """The other action declared with this one (follow_ups.py)."""
    if action.get("away"):
        return " · " + _pick(lang, "si sale rojo, se aleja", "on a red, moves away")
    then = action.get("then")
    if not isinstance(then, dict):
        return ""
    lead = {"escape": ("si sale rojo, ataca (−2)", "on a red, attacks (−2)")}.get(
        str(action.get("type")), ("y además", "and also")
    )
    return f" · {_pick(lang, *lead)}: " + _declared_text({**then, "type": "attack"}, names, lang)


def declarations_view(page) -> dict:
    folded = page.folded
    facts = {row.pk: row_facts(row) for row in page.combatant_rows}
    seen = page.system.combat.view_declarations(folded, viewer=page.reader.viewer, facts=facts)
    names = {cid: c["name"] for cid, c in page.cards.items()}
    rows = [
        {
            "combatant": d["combatant"],
            "name": names.get(d["combatant"], ""),
            "text": _declared_text(d["action"], names, page.lang),
        }
        for d in seen
    ]
    declared = {d["combatant"] for d in seen}
    waiting = [
        c
        for cid, c in page.cards.items()
        if not c["removed"] and cid not in declared and can_act(_combatant_state(folded, cid))
    ]
    block = folded.get(decl.KEY) or {}
    return {"rows": rows, "waiting": waiting, "open": bool(block.get("open")), "round": block.get("round")}


def _combatant_state(folded: dict, cid: int) -> dict:
    return (folded.get("combatants") or {}).get(str(cid)) or {}


# --- The declare forms ----------------------------------------------------------------------------


def attack_choices(me: dict, lang: str) -> list[dict]:
    """What it may attack with: its powers and weapons, and the unarmed combat types."""
    out = []
    for key, label_es, label_en in (("powers", "poder", "power"), ("weapons", "arma", "weapon")):
        for item in me.get(key) or []:
            ct = COMBAT_TYPE.get(item.get("combat_type"))
            if ct:
                out.append(
                    {
                        "value": f"{ct.slug}|{item['name']}",
                        "label": f"{item['name']} · {_pick(lang, ct.name_es, ct.name_en)}",
                        "kind": _pick(lang, label_es, label_en),
                    }
                )
    for slug in UNARMED_TYPES:
        ct = COMBAT_TYPE[slug]
        out.append(
            {
                "value": f"{slug}|unarmed",
                "label": _pick(lang, f"Sin armas · {ct.name_es}", f"Unarmed · {ct.name_en}"),
                "kind": "",
            }
        )
    return out


def declarable_kinds(folded: dict, cid: int, lang: str) -> list[dict]:
    """The declarable types this combatant may declare now (actions.check_declared's rules)."""
    me = _combatant_state(folded, cid)
    if held_fast(me):
        kinds = ["escape", "pass"]
    else:
        kinds = ["attack", "evade", "dodge", "block", "interpose", "aim", "pass"]
        if (me.get("effects") or {}).get("held_by"):
            kinds.insert(1, "escape")
        if me.get("side") == attacking_side(folded):
            kinds.append("hold")
    return [
        {"value": k, "label": _pick(lang, DECLARABLE[k].summary_es, DECLARABLE[k].summary_en)} for k in kinds
    ]


def declarers(page) -> list[dict]:
    """Whom this viewer declares for now: a player their own characters, the GM the NPCs."""
    folded = page.folded
    out = []
    for cid, c in page.cards.items():
        if not declares_for(page, cid, c):
            continue
        me = _combatant_state(folded, cid)
        squeezable = held_fast_by(folded, cid)
        out.append(
            {
                **c,
                "kinds": declarable_kinds(folded, cid, page.lang),
                "then_for": " ".join(WITH_THEN + (("attack",) if squeezable else ())),
                "squeezable": [page.cards[h]["name"] for h in squeezable if h in page.cards],
                "attacks": attack_choices(me, page.lang),
                "karma_left": int(me.get("karma") or 0),
                "declared": decl.declaration_of(folded, cid) is not None,
                **form_partners(page.cards, cid, c["side"]),  # "others", "allies", "defenders"
            }
        )
    return out


def console_context(page) -> dict:
    folded = page.folded
    clock = page.state.get("clock") or {}
    declarations = declarations_view(page)
    msh = round_state(folded)
    sides = msh.get("sides") or []
    key = "-".join(str(r["combatant"]) for r in declarations["rows"])
    return {
        "clock": clock,
        "clock_side": side_label(clock["side"]) if clock.get("side") else "",
        "phase_label": {"declare": _("Declaraciones"), "act": _("Acciones")}.get(clock.get("phase"), ""),
        "sides": [
            {"side": s, "label": side_label(s), "initiative": (msh.get("initiative") or {}).get(s)}
            for s in sides
        ],
        "declarations": declarations,
        "declarers": declarers(page) if page.state["status"] == "active" else [],
        "last_rolls": latest_rolls(page),
        "colours": [{"slug": c, "name": _colour(c, page.lang)} for c in COLOUR_NAMES],
        "controls_key": f"{clock.get('phase')}-{clock.get('side')}-{key}",
    }


# --- From a page form to an action -----------------------------------------------------------------


def _as_int(value: str):
    try:
        return int(value)
    except (TypeError, ValueError):
        return value  # left for the action's validation to refuse, with its own message


def _attack_fields(post, prefix: str = "") -> dict:
    """An attack's fields; `prefix` "then_" reads the form's other action."""
    out: dict = {}
    combat_type, _sep, item = str(post.get(prefix + "attack", "")).partition("|")
    if combat_type:
        out["combat_type"] = combat_type
        out["with"] = item or "unarmed"
    for name in (
        "target",
        "karma",
        "areas",
        "max_damage",
        "material",
        "shifts",
        "ground_material",
        "combined_with",
    ):
        if post.get(prefix + name, "") != "":
            out[name] = _as_int(post[prefix + name])
    for name in BOOL_FIELDS:
        if post.get(prefix + name) not in (None, "", "0", "off", "false"):
            out[name] = True
    if also := [_as_int(v) for v in post.getlist(prefix + "also_targets") if v]:
        out["also_targets"] = also
    if post.get(prefix + "max_colour"):
        out["max_colour"] = post[prefix + "max_colour"]
    return out


def _follow_up(post, kind: str) -> dict:
    """The form's "Otra acción": `then` "away" (a red Escape) or "attack" (the then_ fields)."""
    chosen = str(post.get("then", ""))
    if chosen == "away":
        return {"away": True}  # the engine refuses it on anything but an Escape, with its message
    if chosen == "attack" and kind in (*WITH_THEN, "attack"):
        return {"then": _attack_fields(post, "then_")}
    return {}


def declared_action(post) -> dict:
    """The declared action a declare form describes, in the API's shape."""
    kind = str(post.get("kind", ""))
    action: dict = {"type": kind}
    if post.get("effect_karma", "") != "":
        action["effect_karma"] = _as_int(post["effect_karma"])
    if kind == "attack":
        action.update(_attack_fields(post))
    elif kind == "hold":
        inner = _attack_fields(post)
        inner.pop("karma", None)
        action.update(before=_as_int(post.get("before", "")), action=inner)
    elif kind in DEFENSIVE:
        if post.get("karma", "") != "":
            action["karma"] = _as_int(post["karma"])
    elif kind == "interpose":
        action["protect"] = _as_int(post.get("protect", ""))
    action.update(_follow_up(post, kind))
    return action


def action_from_form(post, system=None) -> dict:
    kind = str(post.get("type", ""))
    action: dict = {"type": kind}
    if kind == "declare":
        if post.get("actor", "") != "":
            action["actor"] = _as_int(post["actor"])
        action["action"] = declared_action(post)
    elif kind == "start":
        action["auto_resolve"] = post.get("auto_resolve") not in (None, "", "0", "off", "false")
    return action


def odds_request(query, system=None) -> dict | None:
    """The would-be action a declare form describes, for the odds box, or None while the form
    is not yet an attack or a defensive roll."""
    actor = _as_int(query.get("actor", ""))
    if not isinstance(actor, int):
        return None
    declared = declared_action(query)
    if declared["type"] == "hold":
        declared = {**declared["action"], "type": "attack"}
    if (
        declared["type"] == "attack"
        and isinstance(declared.get("target"), int)
        and declared.get("combat_type")
    ):
        return {**declared, "actor": actor}
    if declared["type"] in DEFENSIVE:
        return {"type": declared["type"], "actor": actor, "karma": declared.get("karma", 0)}
    return None


def _api_int(query, name: str) -> int | None:
    raw = query.get(name)
    if raw in (None, ""):
        return None
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise DomainError(f"{name}.invalid", _("Debe ser un número entero."), path=f"/{name}") from None


# What `odds_request_from_api` reads: name → (kind, many) (combat.systems.odds_query).
ODDS_QUERY = {
    "type": ("choice", False),
    "actor": ("int", False),
    **dict.fromkeys(INT_FIELDS, ("int", False)),
    **dict.fromkeys(("combat_type", "with", "max_colour", "called_shot", "item"), ("text", False)),
    **dict.fromkeys(BOOL_FIELDS, ("bool", False)),
}


def odds_request_from_api(query) -> dict:
    """`GET /encounters/{id}/odds/?actor=&target=&combat_type=&with=&karma=…` (or `type=` a
    defensive action) as the action it asks about."""
    request: dict = {"type": query.get("type") or "attack"}
    for name in INT_FIELDS:
        if (value := _api_int(query, name)) is not None:
            request[name] = value
    if (actor := _api_int(query, "actor")) is not None:
        request["actor"] = actor
    for name in ("combat_type", "with", "max_colour", "called_shot", "item"):
        if query.get(name):
            request[name] = str(query[name])[:200]
    for name in BOOL_FIELDS:
        if query.get(name) in ("1", "true", "on"):
            request[name] = True
    return request


NPC_EXAMPLE = (
    '{"system": "msh", "name": "Matón", "abilities": {"fighting": 10, "agility": 10, "strength": 20, '
    '"endurance": 20, "reason": 6, "intuition": 6, "psyche": 6}, "health": null, "karma": null, '
    '"body_armor": 0, "powers": [], "weapons": []}'
)


PHASES = {"declare": "declare", "act": "attack"}  # a clock's phase → an event type of that phase


class MshPresentation(Presentation):
    """Time is counted in rounds, each with its declaration phase and its action phase
    (SECUENCIA DE COMBATE)."""

    slug = "msh"
    schema = msh_schema.SCHEMA
    templates = TEMPLATES
    odds_query = ODDS_QUERY
    npc_example = NPC_EXAMPLE

    card = staticmethod(card)
    console_context = staticmethod(console_context)
    action_from_form = staticmethod(action_from_form)
    odds_request = staticmethod(odds_request)
    odds_request_from_api = staticmethod(odds_request_from_api)

    def clock_label(self, clock, lang: str) -> str:
        heading = super().clock_label(clock, lang)
        phase = msh_lines.phase_of(PHASES.get(str(clock.get("phase")), ""))
        if not heading or not phase:
            return heading
        side = f": {side_label(clock['side'])}" if clock.get("side") else ""
        return f"{heading}, {phase}{side}"

    def log_line(self, view: EventView, names: Names, lang: str) -> LogLine:
        heading = self.heading(int(view.get("round") or 0), lang)
        rule = self.rule_label(str(view.get("rule") or ""), lang)
        return msh_lines.log_line(view, names, lang, heading=heading, rule=rule)

    def declared_details(self, action: dict, lang: str) -> list[str]:
        """What a declared action uses: its combat type and weapon (a held action's, inside it)."""
        held = action.get("action") if action.get("type") == "hold" else None
        inner = held if isinstance(held, dict) else action
        found = COMBAT_TYPE.get(inner.get("combat_type") or "")
        out = [_pick(lang, found.name_es, found.name_en)] if found else []
        if inner.get("with") not in (None, "", "unarmed"):
            out.append(str(inner["with"]))
        return out


PRESENTATION = MshPresentation()
