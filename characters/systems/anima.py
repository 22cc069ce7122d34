"""The Anima-style sheet's pages (docs/api.md "Anima sheet"): a builder form with every field of the
sheet, rows of weapons and powers to add and remove, the engine's per-field errors and derived
numbers after each live check, and the read-only sheet. The rules live in `rules.anima`: this
module only turns form fields into the sheet's JSON and the engine's answer into page rows."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rules.anima.catalogue import WEAPON_SIZES
from rules.anima.sheet import NUMBERS as NUMBER_RULES
from rules.anima.sheet import POWER_NUMBERS, WEAPON_NUMBERS
from rules.anima.system import SYSTEM

from .. import selectors, untouched_rows
from ..page_format import ROW_PATH, row_named
from ..system_pages import BuilderView, SheetView

# The sheet page has no award form (the award categories are point pools this sheet lacks).
AWARDS_SECTION = None

NUMBERS = ("attack", "defense", "magic_projection", "psychic_projection", "initiative", "hit_points",
           "dexterity_modifier", "reflex_resistance", "armor", "perception", "movement",
           "physical_resistance", "constitution", "medicine")  # fmt: skip
FLAGS = ("magic_shield", "psychic_shield")
TEXTS = ("name", "concept", "notes", "defense_kind")
WEAPON_KEYS = {"name": "text", "size": "text", "damage": "int", "ranged": "flag", "reload": "int",
               "initiative": "int"}  # fmt: skip
POWER_KEYS = {"name": "text", "kind": "text", "capability": "text", "damage": "int", "difficulty": "int",
              "range": "int", "fast": "flag", "armor_value": "flag", "lasting": "flag"}  # fmt: skip
SECTIONS = {"weapons": WEAPON_KEYS, "powers": POWER_KEYS}
MAX_ROWS = 20
# How the rule check names a row whose problem it lists ("Arma 2: Daño: Falta este número.").
ROW_NAMES = {
    "weapons": lambda n: _("Arma %(n)s") % {"n": n},
    "powers": lambda n: _("Poder %(n)s") % {"n": n},
}
NEW_ROW = {
    "weapons": {"name": "", "size": "medium", "damage": "", "ranged": False, "reload": "0", "initiative": "0"},
    "powers": {"name": "", "kind": "attack", "capability": "magic", "damage": "0", "difficulty": "0",
               "range": "", "fast": True, "armor_value": False, "lasting": False},
}  # fmt: skip
FIELD_LABELS = {"name": lambda: _("Nombre"), "size": lambda: _("Tamaño"), "damage": lambda: _("Daño"),
                "reload": lambda: _("Recarga"), "initiative": lambda: _("Turno"), "kind": lambda: _("Tipo"),
                "capability": lambda: _("Capacidad"), "difficulty": lambda: _("Dificultad"),
                "range": lambda: _("Alcance")}  # fmt: skip
# The builder's number fields, in the page's order, each with the bounds the engine checks
# (`rules.anima.sheet.NUMBERS`), so a phone shows digits and the box steps within the rules.
NUMBER_LABELS = {
    "attack": lambda: _("Capacidad de Ataque"), "defense": lambda: _("Capacidad de Defensa"),
    "initiative": lambda: _("Iniciativa"), "magic_projection": lambda: _("Proyección mágica"),
    "psychic_projection": lambda: _("Proyección psíquica"), "hit_points": lambda: _("Puntos de Vida"),
    "dexterity_modifier": lambda: _("Modificador de Destreza"),
    "reflex_resistance": lambda: _("Resistencia de Reflejos"), "armor": lambda: _("Armadura"),
    "perception": lambda: _("Percepción"), "movement": lambda: _("Movimiento (m)"),
    "physical_resistance": lambda: _("Resistencia Física (vacía: Reflejos)"),
    "constitution": lambda: _("Constitución"), "medicine": lambda: _("Medicina"),
}  # fmt: skip
# A power's range has no bound of its own in NUMBERS: metres, 1 and up, or empty for Percepción.
POWER_RANGE_LOW = 1
_INT = re.compile(r"^[+-]?\d{1,9}$")
_OP = re.compile(r"^(add|remove):(weapons|powers)(?::(\d{1,3}))?$")


def _number(text: str):
    """A whole number when the field holds one; else the text itself, for the engine to refuse."""
    text = (text or "").strip()
    return int(text) if _INT.match(text) else text


def _shown(value) -> str:
    return "" if value is None else str(value)


@dataclass
class AnimaForm:
    """The builder's fields as the page shows them (text), and the sheet they describe."""

    fields: dict = field(default_factory=dict)
    rows: dict = field(default_factory=lambda: {"weapons": [], "powers": []})

    @classmethod
    def blank(cls) -> AnimaForm:
        return cls.from_sheet({"name": "", "defense_kind": "block", "magic_projection": 0, "psychic_projection": 0,
                               "dexterity_modifier": 0, "reflex_resistance": 0, "armor": 0, "perception": 5,
                               "movement": 20, "weapons": [], "powers": []})  # fmt: skip

    @classmethod
    def from_sheet(cls, sheet) -> AnimaForm:
        sheet = sheet if isinstance(sheet, dict) else {}
        fields = {key: _shown(sheet.get(key)) for key in (*TEXTS, *NUMBERS)}
        fields["defense_kind"] = fields["defense_kind"] or "block"
        fields.update({key: sheet.get(key) is True for key in FLAGS})
        fields["wielding"] = _wielding_of(sheet)
        rows = {}
        for section, keys in SECTIONS.items():
            items = sheet.get(section) if isinstance(sheet.get(section), list) else []
            rows[section] = [_row_from_item(item, keys, section) for item in items if isinstance(item, dict)]
        return cls(fields, rows)

    @classmethod
    def from_post(cls, post) -> AnimaForm:
        fields = {key: post.get(key, "") for key in (*TEXTS, *NUMBERS)}
        fields.update({key: key in post for key in FLAGS})
        rows = {}
        for section, keys in SECTIONS.items():
            count = _count(post.get(f"{section}-count", "0"))
            rows[section] = [_row_from_post(post, section, i, keys) for i in range(count)]
        # A weapon renamed since the page was drawn is no longer ticked under its old name.
        names = {row["name"] for row in rows["weapons"]}
        fields["wielding"] = [w for w in post.getlist("wielding") if w in names][:2]
        return cls(fields, rows)

    def apply(self, op: str) -> None:
        """An add/remove button: `add:weapons`, `remove:powers:2`. Anything else changes nothing."""
        found = _OP.match(op or "")
        if not found:
            return
        verb, section, index = found.groups()
        rows = self.rows[section]
        if verb == "add" and len(rows) < MAX_ROWS:
            rows.append(dict(NEW_ROW[section]))
        elif verb == "remove" and index is not None and int(index) < len(rows):
            removed = rows.pop(int(index))
            if section == "weapons":
                self.fields["wielding"] = [w for w in self.fields["wielding"] if w != removed["name"]]

    def sheet(self) -> dict:
        out: dict = {"system": "anima"}
        for key in TEXTS:
            if self.fields.get(key, "") != "" or key == "name":
                out[key] = self.fields.get(key, "")
        for key in NUMBERS:
            if (self.fields.get(key) or "").strip():
                out[key] = _number(self.fields[key])
        out.update({key: bool(self.fields.get(key)) for key in FLAGS})
        for section, keys in SECTIONS.items():
            out[section] = [_item_from_row(row, keys) for row in self.rows[section]]
        # Always given: a form with every box unticked means empty hands, not the engine's default.
        out["wielding"] = list(self.fields.get("wielding") or [])
        return out

    @staticmethod
    def slot_for(path: str) -> str:
        """Where a problem at a JSON pointer is shown: `/weapons/0/damage` → `weapons-0-damage`."""
        parts = [p for p in (path or "").split("/") if p]
        if not parts:
            return "sheet"
        return "-".join(parts[:3])


def _wielding_of(sheet: dict) -> list[str]:
    """The weapons in hand, or, when the sheet does not say, the engine's default: the first
    weapon of the sheet (`rules.anima.sheet._wielding`)."""
    wielding = sheet.get("wielding")
    if isinstance(wielding, list):
        return [str(w) for w in wielding[:2]]
    weapons = [
        w for w in sheet.get("weapons") or [] if isinstance(w, dict) and isinstance(w.get("name"), str)
    ]
    return [weapons[0]["name"]] if weapons else []


def _count(text: str) -> int:
    return min(MAX_ROWS, int(text)) if (text or "").isdigit() else 0


def _row_from_item(item: dict, keys: dict, section: str) -> dict:
    row = {}
    for key, kind in keys.items():
        value = item.get(key, NEW_ROW[section][key])
        row[key] = value is True if kind == "flag" else _shown(value)
    return row


def _row_from_post(post, section: str, index: int, keys: dict) -> dict:
    prefix = f"{section}-{index}-"
    return {
        key: (prefix + key in post) if kind == "flag" else post.get(prefix + key, "")
        for key, kind in keys.items()
    }


def _item_from_row(row: dict, keys: dict) -> dict:
    item: dict = {}
    for key, kind in keys.items():
        value = row.get(key)
        if kind == "flag":
            item[key] = bool(value)
        elif kind == "int":
            if key == "range" and not (value or "").strip():
                item[key] = None
            elif (value or "").strip():
                item[key] = _number(value)
        else:
            item[key] = value or ""
    return item


# --- page contexts -------------------------------------------------------------------------------


def form_blank() -> AnimaForm:
    return AnimaForm.blank()


def form_from_sheet(sheet) -> AnimaForm:
    return AnimaForm.from_sheet(sheet)


def form_from_post(post) -> AnimaForm:
    return AnimaForm.from_post(post)


def derived_rows(derived: dict) -> list[dict]:
    """The engine's derived numbers (`rules.anima.derived`) as labelled rows."""
    if not derived:
        return []
    defenses = derived.get("defenses") or {}
    names = {"defense": _("Defensa"), "magic": _("Mágica"), "psychic": _("Psíquica")}
    rows = [
        {"key": "attacks", "label": _("Ataques por turno"), "value": derived["attacks_per_turn"]},
        {"key": "initiative", "label": _("Iniciativa con las armas en mano"), "value": derived["initiative"]},
        {"key": "weapons-initiative", "label": _("Modificador de las armas en mano"),
         "value": derived["weapons_initiative_modifier"]},
        {"key": "defenses", "label": _("Capacidades defensivas"),
         "value": ", ".join(f"{names.get(k, k)} {v}" for k, v in defenses.items())},
        {"key": "power-range", "label": _("Alcance de poderes (Percepción)"), "value": f"{derived['power_range']} m"},
        {"key": "quarter", "label": _("Un cuarto de movimiento sin penalizador"),
         "value": f"{derived['movement_quarter']:g} m"},
    ]  # fmt: skip
    for name, reload in (derived.get("reload") or {}).items():
        rows.append(
            {"key": f"reload-{name}", "label": _("Recarga de %(name)s") % {"name": name}, "value": reload}
        )
    return rows


def size_choices(lang: str) -> list[tuple[str, str]]:
    return [(s.slug, s.name_en if lang == "en" else s.name_es) for s in WEAPON_SIZES]


def _report(sheet: dict, lang: str) -> dict:
    return SYSTEM.check_sheet(sheet).as_dict(lang=lang)


def _rows_with_errors(rows: list[dict], section: str, errors: list[dict]) -> list[dict]:
    """Each row with the engine's messages about it or any of its fields, named by field."""
    out = []
    for index, row in enumerate(rows):
        prefix = f"/{section}/{index}"
        mine = [e for e in errors if e["path"] == prefix or e["path"].startswith(prefix + "/")]
        messages = [_field_message(e, prefix) for e in mine]
        out.append({**row, "index": index, "prefix": f"{section}-{index}", "errors": messages})
    return out


def _field_message(error: dict, prefix: str) -> str:
    key = error["path"][len(prefix) + 1 :]
    label = FIELD_LABELS.get(key)
    return f"{label()}: {error['message']}" if label else error["message"]


def number_fields() -> list[dict]:
    """The builder's number fields: key, label and the engine's bounds."""
    rules = {spec.key: spec for spec in NUMBER_RULES}
    return [
        {
            "key": key,
            "label": label(),
            "low": rules[key].low,
            "high": rules[key].high,
            "signed": rules[key].low < 0,
        }
        for key, label in NUMBER_LABELS.items()
    ]


def row_bounds() -> dict:
    """The bounds of the rows' numbers: `{"weapons": {"damage": (0, 9999), …}, "powers": {…}}`."""
    return {
        "weapons": {spec.key: {"low": spec.low, "high": spec.high} for spec in WEAPON_NUMBERS},
        "powers": {spec.key: {"low": spec.low, "high": spec.high} for spec in POWER_NUMBERS},
    }


def _named(message: str, path: str) -> str:
    """A message about one of the sheet's numbers says which: "Capacidad de Ataque: Falta este
    número." (a row's messages are named by `_field_message`)."""
    label = NUMBER_LABELS.get(path.strip("/"))
    return f"{label()}: {message}" if label else message


def _listed(error: dict) -> str:
    """A problem as the rule check lists it: a row's says which row and field ("Arma 2: Daño:
    Falta este número."), as MSH's and Hero's do; beside the row it stays "Daño: …"."""
    match = ROW_PATH.match(error["path"])
    if not match:
        return error["message"]
    prefix = f"/{match['section']}/{match['index']}"
    return row_named(_field_message(error, prefix), error["path"], ROW_NAMES)


def builder_view(request, form, character, *, saving=False, live=False) -> BuilderView:
    lang = selectors.request_lang()
    report = _report(form.sheet(), lang)
    rows_untouched = untouched_rows.untouched(form.rows, NEW_ROW)
    problems, held = untouched_rows.quiet(report["errors"], rows_untouched, saving=saving)
    slots: dict[str, list[str]] = defaultdict(list)
    errors = []
    for problem in problems:
        slot = form.slot_for(problem["path"])
        message = _named(problem["message"], problem["path"])
        slots[slot].append(message)
        errors.append({**problem, "message": message, "slot": slot})
    warnings = [{**w, "slot": form.slot_for(w["path"])} for w in report["warnings"]]
    return BuilderView(
        valid=report["valid"],
        errors=[{**e, "message": _listed(e)} for e in errors],
        slots=dict(slots),
        warnings=warnings,
        rows_held=held,
        own={
            "weapon_rows": _rows_with_errors(form.rows["weapons"], "weapons", errors),
            "power_rows": _rows_with_errors(form.rows["powers"], "powers", errors),
            "weapon_names": [r["name"] for r in form.rows["weapons"] if r["name"]],
            "report": report,
            "derived_rows": derived_rows(report["derived"]),
            "sizes": size_choices(lang),
            "max_rows": MAX_ROWS,
            "number_fields": number_fields(),
            "row_bounds": row_bounds(),
            "power_range_low": POWER_RANGE_LOW,
        },
    )


def sheet_view(request, character) -> SheetView:
    lang = selectors.request_lang()
    report = selectors.character_report(character, lang)
    sheet = character.sheet if isinstance(character.sheet, dict) else {}
    form = AnimaForm.from_sheet(sheet)
    sizes = dict(size_choices(lang))
    return SheetView(
        report=report,
        own={
            "sheet": sheet,
            "fields": form.fields,
            "weapons": [
                {**row, "size_name": sizes.get(row["size"], row["size"])} for row in form.rows["weapons"]
            ],
            "powers": form.rows["powers"],
            "derived_rows": derived_rows(report["derived"]),
        },
    )
