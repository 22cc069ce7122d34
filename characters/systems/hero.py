"""The Hero System's character pages: a builder form for the Hero sheet of docs/api.md (the thirteen
characteristics, resistant defenses, combat and range skill levels, attacks) checked live by the
engine's `check_sheet`, and a read-only sheet with the derived numbers (OCV, DCV, ECV and the
segments the SPD acts in)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rules.hero import derived as hero_derived
from rules.hero import spd as speed
from rules.hero.sheet_rules import ATTACK_KINDS, CHARACTERISTICS, LEVEL_SCOPES
from rules.hero.system import SYSTEM

from .. import selectors, untouched_rows
from ..page_format import row_named
from ..system_pages import BuilderView, SheetView

# The sheet page has no award form (the award categories are point pools this sheet lacks).
AWARDS_SECTION = None

ATTACK_FIELDS = ("name", "kind", "dice", "autofire", "end", "advantages", "limitations", "martial_cost")
# The optional keys that price an attack (rules/hero/costs.py): kept only when the row has them.
PRICING_FIELDS = ("advantages", "limitations", "martial_cost")
ATTACK_FLAGS = ("killing", "energy", "area", "explosion", "half_die", "plus_one")
LEVEL_FIELDS = ("levels", "applies_to")
SECTIONS = {"attacks": ATTACK_FIELDS + ATTACK_FLAGS, "levels": LEVEL_FIELDS}
MAX_ROWS = 40
# How the rule check names a row whose problem it lists ("Ataque 2: …").
ROW_NAMES = {
    "attacks": lambda n: _("Ataque %(n)s") % {"n": n},
    "combat_levels": lambda n: _("Niveles de combate %(n)s") % {"n": n},
}
# Optional numbers of the sheet: (form field, sheet key).
OPTIONAL_NUMBERS = (
    ("mental_defense", "mental_defense"),
    ("movement", "movement"),
    ("carried_kg", "carried_kg"),
)


def _number(text: str):
    """The number a field holds; anything else stays text, so the engine names the field."""
    text = (text or "").strip().replace(",", ".")
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _text(value) -> str:
    if value is None or isinstance(value, bool):
        return ""
    return str(value)


def _blank_attack() -> dict:
    return {
        "name": "",
        "kind": "hth",
        "dice": "",
        "autofire": "0",
        "end": "",
        **dict.fromkeys(PRICING_FIELDS, ""),
        **dict.fromkeys(ATTACK_FLAGS, False),
    }


def _blank_level() -> dict:
    return {"levels": "1", "applies_to": "all"}


@dataclass
class HeroForm:
    fields: dict = field(default_factory=dict)
    rows: dict = field(default_factory=lambda: {"attacks": [], "levels": []})

    @classmethod
    def blank(cls) -> HeroForm:
        return cls.from_sheet(
            {
                "name": "",
                # The published game's base values: 10 in each, PD/ED 2, SPD 2, REC 4, END and STUN 20.
                "characteristics": dict.fromkeys((c[0] for c in CHARACTERISTICS), 10)
                | {"pd": 2, "ed": 2, "spd": 2, "rec": 4, "end": 20, "stun": 20},
                "attacks": [],
            }
        )

    @classmethod
    def from_sheet(cls, sheet) -> HeroForm:
        sheet = sheet if isinstance(sheet, dict) else {}
        chars = sheet.get("characteristics") if isinstance(sheet.get("characteristics"), dict) else {}
        defenses = (
            sheet.get("resistant_defenses") if isinstance(sheet.get("resistant_defenses"), dict) else {}
        )
        fields = {"name": _text(sheet.get("name"))}
        fields |= {f"char-{key}": _text(chars.get(key)) for key, *_ in CHARACTERISTICS}
        fields |= {"rpd": _text(defenses.get("pd", 0)), "red": _text(defenses.get("ed", 0))}
        fields["range_levels"] = _text(sheet.get("range_levels", 0))
        fields |= {name: _text(sheet.get(key)) for name, key in OPTIONAL_NUMBERS}
        attacks = [
            {
                **{key: _text(a.get(key)) for key in ATTACK_FIELDS},
                "autofire": _text(a.get("autofire", 0)),
                **{flag: a.get(flag) is True for flag in ATTACK_FLAGS},
            }
            for a in sheet.get("attacks") or []
            if isinstance(a, dict)
        ]
        levels = [
            {key: _text(lv.get(key)) for key in LEVEL_FIELDS}
            for lv in sheet.get("combat_levels") or []
            if isinstance(lv, dict)
        ]
        return cls(fields, {"attacks": attacks, "levels": levels})

    @classmethod
    def from_post(cls, post) -> HeroForm:
        fields = {"name": post.get("name", "")[:200]}
        fields |= {f"char-{key}": post.get(f"char-{key}", "") for key, *_ in CHARACTERISTICS}
        for name in ("rpd", "red", "range_levels", *(n for n, _k in OPTIONAL_NUMBERS)):
            fields[name] = post.get(name, "")
        rows = {}
        for section, keys in SECTIONS.items():
            count = _number(post.get(f"{section}-count", "0"))
            count = min(count, MAX_ROWS) if isinstance(count, int) and count > 0 else 0
            rows[section] = [
                {
                    key: (f"{section}-{i}-{key}" in post)
                    if key in ATTACK_FLAGS
                    else post.get(f"{section}-{i}-{key}", "")[:200]
                    for key in keys
                }
                for i in range(count)
            ]
        return cls(fields, rows)

    def apply(self, op: str) -> None:
        """`add:<section>` or `remove:<section>:<index>`; anything else changes nothing."""
        verb, _sep, rest = op.partition(":")
        section, _sep, index = rest.partition(":")
        if section not in self.rows:
            return
        if verb == "add" and len(self.rows[section]) < MAX_ROWS:
            self.rows[section].append(_blank_attack() if section == "attacks" else _blank_level())
        elif verb == "remove" and index.isdigit() and int(index) < len(self.rows[section]):
            del self.rows[section][int(index)]

    def sheet(self) -> dict:
        chars = {key: _number(self.fields[f"char-{key}"]) for key, *_ in CHARACTERISTICS}
        sheet = {
            "system": "hero",
            "name": self.fields["name"].strip(),
            "characteristics": {k: v for k, v in chars.items() if v != ""},
            "resistant_defenses": {
                "pd": _number(self.fields["rpd"] or "0"),
                "ed": _number(self.fields["red"] or "0"),
            },
            "combat_levels": [
                {
                    "levels": _number(row["levels"]) if row["levels"].strip() else None,
                    "applies_to": row["applies_to"],
                }
                for row in self.rows["levels"]
            ],
            "range_levels": _number(self.fields["range_levels"] or "0"),
            "attacks": [_attack_of(row) for row in self.rows["attacks"]],
        }
        for name, key in OPTIONAL_NUMBERS:
            if self.fields[name].strip():
                sheet[key] = _number(self.fields[name])
        return sheet


def _attack_of(row: dict) -> dict:
    attack = {
        "name": row["name"].strip(),
        "kind": row["kind"],
        "dice": _number(row["dice"]) if row["dice"].strip() else None,  # empty: "falta"
        **{flag: bool(row[flag]) for flag in ATTACK_FLAGS},
        "autofire": _number(row["autofire"] or "0"),
    }
    if row["end"].strip():
        attack["end"] = _number(row["end"])
    for key in PRICING_FIELDS:
        if row[key].strip():
            attack[key] = _number(row[key])
    return attack


def form_blank() -> HeroForm:
    return HeroForm.blank()


def form_from_sheet(sheet) -> HeroForm:
    return HeroForm.from_sheet(sheet)


def form_from_post(post) -> HeroForm:
    return HeroForm.from_post(post)


# --- What the pages show -------------------------------------------------------------------------


def slot_for(path: str) -> str:
    """The form field a problem's JSON pointer names ("/attacks/1/dice" → "attacks-1-dice")."""
    parts = [p for p in path.split("/") if p]
    if not parts:
        return "sheet"
    head = parts[0]
    if head == "characteristics":
        return f"char-{parts[1]}" if len(parts) > 1 else "characteristics"
    if head == "resistant_defenses":
        return {"pd": "rpd", "ed": "red"}.get(parts[1] if len(parts) > 1 else "", "rpd")
    if head in ("attacks", "combat_levels"):
        section = "attacks" if head == "attacks" else "levels"
        return "-".join([section, *parts[1:3]]) if len(parts) > 1 else section
    return head


def _name(entry: dict, lang: str) -> str:
    return entry["name_en"] if lang == "en" else entry["name_es"]


def characteristic_rows(fields: dict, lang: str) -> list[dict]:
    return [
        {
            "key": key,
            "field": f"char-{key}",
            "label": en if lang == "en" else es,
            "low": low,
            "high": high,
            "value": fields.get(f"char-{key}", ""),
        }
        for key, es, en, low, high in CHARACTERISTICS
    ]


def _whole(value, low: int, high: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high else None


def derived_numbers(sheet: dict, derived: dict | None) -> dict:
    """OCV, DCV, ECV, the SPD's segments and a strike's dice; from the checked sheet when it is
    legal, else each number whose characteristic is already right."""
    if derived:
        shown = {key: derived[key] for key in ("ocv", "dcv", "ecv", "phases", "strike_dice", "points")}
        return shown | {
            "strike_label": hero_derived.dice_label(derived["strike_dice"], derived["strike_half_die"])
        }
    chars = sheet.get("characteristics") or {}
    dex, ego = _whole(chars.get("dex"), 0, 300), _whole(chars.get("ego"), 0, 300)
    spd, strength = _whole(chars.get("spd"), speed.MIN_SPD, speed.MAX_SPD), _whole(chars.get("str"), 0, 300)
    return {
        "points": None,
        "ocv": None if dex is None else hero_derived.combat_value(dex),
        "dcv": None if dex is None else hero_derived.combat_value(dex),
        "ecv": None if ego is None else hero_derived.combat_value(ego),
        "phases": [] if spd is None else list(speed.phases(spd)),
        "strike_dice": None if strength is None else hero_derived.strength_dice(strength),
        "strike_label": None
        if strength is None
        else hero_derived.dice_label(
            hero_derived.strength_dice(strength), hero_derived.strength_half(strength)
        ),
    }


def builder_view(request, form: HeroForm, character, *, saving=False, live=False) -> BuilderView:
    lang = selectors.request_lang()
    sheet = form.sheet()
    report = SYSTEM.check_sheet(sheet)
    # A new combat level row is legal as drawn ("1", "all"); a new attack needs a name and dice.
    rows_untouched = untouched_rows.untouched(form.rows, {"attacks": _blank_attack()})
    problems, held = untouched_rows.quiet(
        ({"path": p.path, "problem": p} for p in report.errors), rows_untouched, saving=saving
    )
    slots: dict[str, list[str]] = defaultdict(list)
    errors = []
    for problem in (p["problem"] for p in problems):
        shown = problem.as_dict(lang)
        slot = slot_for(problem.path)
        slots[slot].append(shown["message"])
        errors.append(
            {**shown, "message": row_named(shown["message"], problem.path, ROW_NAMES), "slot": slot}
        )
    return BuilderView(
        valid=report.valid,
        errors=errors,
        slots=dict(slots),
        rows_held=held,
        own={
            "rows": form.rows,
            "attack_rows": [
                {**row, "index": i, "prefix": f"attacks-{i}"} for i, row in enumerate(form.rows["attacks"])
            ],
            "level_rows": [
                {**row, "index": i, "prefix": f"levels-{i}"} for i, row in enumerate(form.rows["levels"])
            ],
            "characteristic_rows": characteristic_rows(form.fields, lang),
            "attack_kinds": [(k["slug"], _name(k, lang)) for k in ATTACK_KINDS],
            "level_scopes": [(s["slug"], _name(s, lang)) for s in LEVEL_SCOPES]
            + [
                (row["name"].strip(), row["name"].strip())
                for row in form.rows["attacks"]
                if row["name"].strip()
            ],
            "derived": derived_numbers(sheet, dict(report.derived) if report.valid else None),
            "segments": list(speed.SEGMENTS),
        },
    )


def sheet_view(request, character) -> SheetView:
    lang = selectors.request_lang()
    report = selectors.character_validation(character)
    shown = report.as_dict(lang=lang)
    sheet = dict(report.sheet) if report.sheet else {}
    chars = sheet.get("characteristics") or {}
    kinds = {k["slug"]: _name(k, lang) for k in ATTACK_KINDS}
    scopes = {s["slug"]: _name(s, lang) for s in LEVEL_SCOPES}
    attacks = [
        {
            **a,
            "kind_label": kinds.get(a["kind"], a["kind"]),
            "end_cost": hero_derived.attack_end(a),
            "dice_label": hero_derived.dice_label(
                a["dice"], bool(a.get("half_die")), bool(a.get("plus_one"))
            ),
        }
        for a in sheet.get("attacks") or []
    ]
    return SheetView(
        report=shown,
        own={
            "sheet": sheet,
            "characteristics": [
                {"key": key, "label": en if lang == "en" else es, "value": chars.get(key)}
                for key, es, en, _lo, _hi in CHARACTERISTICS
            ],
            "attacks": attacks,
            "strike_kind": kinds["hth"],
            "levels": [
                {**lv, "scope_label": scopes.get(lv["applies_to"], lv["applies_to"])}
                for lv in sheet.get("combat_levels") or []
            ],
            "derived": derived_numbers(sheet, dict(report.derived) if report.valid else None),
            "segments": list(speed.SEGMENTS),
            "awards": list(character.awards.all()),
        },
    )
