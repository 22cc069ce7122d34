"""The Marvel Super Heroes-style game's builder and sheet pages (docs/api.md, MSH sheet): the seven
abilities as rank numbers with their rank names, Health and Karma (empty: the engine's default),
Body Armor, and rows of powers and weapons. Every check is the engine's `check_sheet`; its
problems land beside the field their path names."""

from __future__ import annotations

import re
from collections import defaultdict

from django.utils.translation import gettext as _

from rules.msh.catalogue import ABILITIES, ABILITY_NAMES, COMBAT_TYPES
from rules.msh.ranks import BY_SLUG, RANKS, TOP, rank_of
from rules.msh.system import SYSTEM

from .. import selectors, untouched_rows
from ..page_format import row_named
from ..system_pages import BuilderView, SheetView

# The sheet page has no award form (the award categories are point pools this sheet lacks).
AWARDS_SECTION = None

SLUG = "msh"
ROW_FIELDS = {
    "powers": ("name", "rank", "combat_type"),
    "weapons": ("name", "combat_type", "damage", "material"),
}
NUMBER_FIELDS = {"rank", "damage", "material"}
# How the rule check names a row whose problem it lists ("Poder 2: Falta el nombre.").
ROW_NAMES = {
    "powers": lambda n: _("Poder %(n)s") % {"n": n},
    "weapons": lambda n: _("Arma %(n)s") % {"n": n},
}
ROW_KEY = re.compile(r"^(powers|weapons)-(\d{1,3})-([a-z_]+)$")
MAX_ROWS = 50
# What "Añadir" puts in a new row (a row still holding it stays quiet: characters/untouched_rows.py).
NEW_ROWS = {
    "powers": {"name": "", "rank": "", "combat_type": "blunt"},
    "weapons": {"name": "", "combat_type": "shooting", "damage": "", "material": ""},
}


def _whole(raw: str):
    """A number field as the engine should see it: an int, the text itself (refused with the
    field's message), or None when left empty."""
    text = (raw or "").strip()
    if text == "":
        return None
    return int(text) if re.fullmatch(r"-?\d{1,9}", text) else text


class MshForm:
    """What the builder's fields hold, as text, and the sheet they describe."""

    def __init__(self, fields: dict, rows: dict):
        self.fields = fields
        self.rows = rows

    @classmethod
    def blank(cls) -> MshForm:
        fields = {"name": "", "health": "", "karma": "", "body_armor": "0"}
        fields.update({f"ab-{slug}": "6" for slug in ABILITIES})
        return cls(fields, {"powers": [], "weapons": []})

    @classmethod
    def from_sheet(cls, sheet) -> MshForm:
        sheet = sheet if isinstance(sheet, dict) else {}
        abilities = sheet.get("abilities") if isinstance(sheet.get("abilities"), dict) else {}
        fields = {
            "name": str(sheet.get("name") or ""),
            "health": "" if sheet.get("health") is None else str(sheet["health"]),
            "karma": "" if sheet.get("karma") is None else str(sheet["karma"]),
            "body_armor": str(sheet.get("body_armor", 0)),
        }
        fields.update({f"ab-{slug}": str(abilities.get(slug, "")) for slug in ABILITIES})
        rows = {}
        for section, names in ROW_FIELDS.items():
            items = sheet.get(section) if isinstance(sheet.get(section), list) else []
            rows[section] = [
                {n: "" if item.get(n) is None else str(item.get(n)) for n in names}
                for item in items
                if isinstance(item, dict)
            ]
        return cls(fields, rows)

    @classmethod
    def from_post(cls, post) -> MshForm:
        fields = {key: str(post.get(key, ""))[:200] for key in ("name", "health", "karma", "body_armor")}
        fields.update({f"ab-{slug}": str(post.get(f"ab-{slug}", ""))[:20] for slug in ABILITIES})
        found: dict[str, dict[int, dict]] = {"powers": {}, "weapons": {}}
        for key in post:
            match = ROW_KEY.match(key)
            if match and match.group(3) in ROW_FIELDS[match.group(1)]:
                section, index, name = match.group(1), int(match.group(2)), match.group(3)
                found[section].setdefault(index, {})[name] = str(post.get(key, ""))[:200]
        rows = {
            section: [{n: by_index[i].get(n, "") for n in ROW_FIELDS[section]} for i in sorted(by_index)][
                :MAX_ROWS
            ]
            for section, by_index in found.items()
        }
        return cls(fields, rows)

    def apply(self, op: str) -> None:
        """`add:powers`, `add:weapons`, `remove:<section>:<index>`; anything else does nothing."""
        parts = op.split(":")
        if len(parts) == 2 and parts[0] == "add" and parts[1] in ROW_FIELDS:
            if len(self.rows[parts[1]]) < MAX_ROWS:
                self.rows[parts[1]].append(dict(NEW_ROWS[parts[1]]))
        elif len(parts) == 3 and parts[0] == "remove" and parts[1] in ROW_FIELDS and parts[2].isdigit():
            index = int(parts[2])
            if index < len(self.rows[parts[1]]):
                del self.rows[parts[1]][index]

    def sheet(self) -> dict:
        abilities = {}
        for slug in ABILITIES:
            value = _whole(self.fields.get(f"ab-{slug}", ""))
            if value is not None:
                abilities[slug] = value
        out = {
            "system": SLUG,
            "name": self.fields.get("name", ""),
            "abilities": abilities,
            "health": _whole(self.fields.get("health", "")),
            "karma": _whole(self.fields.get("karma", "")),
            "body_armor": _whole(self.fields.get("body_armor", "")) or 0,
            "powers": [],
            "weapons": [],
        }
        for section, names in ROW_FIELDS.items():
            for row in self.rows[section]:
                out[section].append(
                    {n: (_whole(row.get(n, "")) if n in NUMBER_FIELDS else row.get(n, "")) for n in names}
                )
        return out

    @staticmethod
    def slot_for(path: str) -> str:
        """Where a problem's JSON pointer is shown: `/abilities/fighting` → `ab-fighting`,
        `/powers/0/rank` → `powers-0`, `/health` → `health`, the whole sheet → `sheet`."""
        parts = [p for p in (path or "").split("/") if p]
        if not parts:
            return "sheet"
        if parts[0] == "abilities" and len(parts) > 1:
            return f"ab-{parts[1]}"
        if parts[0] in ROW_FIELDS and len(parts) > 1:
            return f"{parts[0]}-{parts[1]}"
        return parts[0]


def form_blank() -> MshForm:
    return MshForm.blank()


def form_from_sheet(sheet) -> MshForm:
    return MshForm.from_sheet(sheet)


def form_from_post(post) -> MshForm:
    return MshForm.from_post(post)


def rank_label(value, lang: str) -> str:
    """The rank name of a field's number ("Excelente"), or "" while it is no rank number."""
    number = _whole(str(value)) if not isinstance(value, int) else value
    if not isinstance(number, int) or not 0 <= number <= TOP:
        return ""
    rank = rank_of(number)
    return rank.name_en if lang == "en" else rank.name_es


def _name(pair, lang: str) -> str:
    es, en = pair
    return en if lang == "en" else es


def combat_type_choices(lang: str) -> list[dict]:
    return [
        {"value": ct.slug, "label": f"{ct.name_en if lang == 'en' else ct.name_es}"} for ct in COMBAT_TYPES
    ]


def rank_table(lang: str) -> list[dict]:
    """The ranks with their numbers, for the builder's reference table."""
    return [
        {"slug": r.slug, "name": r.name_en if lang == "en" else r.name_es, "min": r.min, "max": r.max}
        for r in RANKS
    ]


def ability_rows(form: MshForm, lang: str) -> list[dict]:
    return [
        {
            "slug": slug,
            "field": f"ab-{slug}",
            "name": _name(ABILITY_NAMES[slug], lang),
            "value": form.fields.get(f"ab-{slug}", ""),
            "rank": rank_label(form.fields.get(f"ab-{slug}", ""), lang),
        }
        for slug in ABILITIES
    ]


def derived_rows(derived: dict, lang: str) -> list[dict]:
    """Health, Karma and Body Armor with their rank, as the engine derived them."""
    if not derived:
        return []

    def named(slug):
        rank = BY_SLUG.get(slug)
        return (rank.name_en if lang == "en" else rank.name_es) if rank else ""

    rows = [
        {"key": "health", "label": "Health" if lang == "en" else "Salud", "value": derived["health"]},
        {"key": "karma", "label": "Karma", "value": derived["karma"]},
        {
            "key": "body-armor",
            "label": "Body Armor" if lang == "en" else "Armadura Corporal",
            "value": f"{derived['body_armor']} ({named(derived['body_armor_rank'])})",
        },
    ]
    rows += [
        {"key": f"power-{i}", "label": power["name"], "value": named(power["rank"])}
        for i, power in enumerate(derived.get("powers") or [])
    ]
    return rows


def _rows_view(form: MshForm, lang: str) -> dict:
    out = {}
    for section in ROW_FIELDS:
        out[section] = [
            {
                "index": i,
                "slot": f"{section}-{i}",
                "values": row,
                "rank": rank_label(row.get("rank" if section == "powers" else "damage", ""), lang),
                "material_rank": rank_label(row.get("material", ""), lang),
            }
            for i, row in enumerate(form.rows[section])
        ]
    return out


def builder_view(request, form: MshForm, character, *, saving=False, live=False) -> BuilderView:
    lang = selectors.request_lang()
    report = SYSTEM.check_sheet(form.sheet()).as_dict(lang=lang)
    rows_untouched = untouched_rows.untouched(form.rows, NEW_ROWS)
    problems, held = untouched_rows.quiet(report["errors"], rows_untouched, saving=saving)
    slots: dict[str, list[str]] = defaultdict(list)
    errors = []
    for problem in problems:
        slot = form.slot_for(problem["path"])
        slots[slot].append(problem["message"])
        errors.append(
            {**problem, "message": row_named(problem["message"], problem["path"], ROW_NAMES), "slot": slot}
        )
    warnings = [{**w, "slot": form.slot_for(w["path"])} for w in report["warnings"]]
    return BuilderView(
        valid=report["valid"],
        errors=errors,
        slots=dict(slots),
        warnings=warnings,
        rows_held=held,
        own={
            "rows": _rows_view(form, lang),
            "abilities": ability_rows(form, lang),
            "combat_types": combat_type_choices(lang),
            "rank_table": rank_table(lang),
            "report": report,
            "derived_rows": derived_rows(report["derived"], lang),
        },
    )


def _items(sheet: dict, key: str) -> list[dict]:
    value = sheet.get(key)
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def sheet_view(request, character) -> SheetView:
    lang = selectors.request_lang()
    report = selectors.character_report(character, lang)
    sheet = character.sheet if isinstance(character.sheet, dict) else {}
    form = MshForm.from_sheet(sheet)
    names = {ct.slug: (ct.name_en if lang == "en" else ct.name_es) for ct in COMBAT_TYPES}
    powers = [
        {**p, "rank_name": rank_label(p.get("rank"), lang), "type_name": names.get(p.get("combat_type"), "")}
        for p in _items(sheet, "powers")
    ]
    weapons = [
        {
            **w,
            "damage_name": rank_label(w.get("damage"), lang),
            "material_name": rank_label(w.get("material"), lang),
            "type_name": names.get(w.get("combat_type"), ""),
        }
        for w in _items(sheet, "weapons")
    ]
    return SheetView(
        report=report,
        own={
            "sheet": sheet,
            "abilities": ability_rows(form, lang),
            "derived_rows": derived_rows(report["derived"], lang),
            "health_default": sheet.get("health") is None,
            "karma_default": sheet.get("karma") is None,
            "powers": powers,
            "weapons": weapons,
            "awards": list(character.awards.all()),
        },
    )
