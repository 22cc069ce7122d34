"""Writes for character sheets. The API and the pages call these same functions (HackSoft
services): who may call them is decided before, in `characters.access`; what the rules allow is
decided here, by the engine.

A sheet is stored only if the engine finds it valid, or if every error it finds is one the
campaign's GM has waived in writing. Nothing is stored otherwise.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from epic20site.errors import DomainError, request_lang
from epic20site.etags import check_if_match
from epic20site.parsers import BadJSON, read_json
from epic20site.validation import refuse_unless_single_line
from rules import systems
from rules.registration import default_slug

from .models import Award, Character, Waiver
from .sheets import column_values, shape_problem, sheet_without_meta

if TYPE_CHECKING:  # only for annotations: characters never imports combat at run time
    from campaigns.models import Campaign

# What an upload or a request body may weigh; a full sheet with every power is a few KB.
MAX_SHEET_BYTES = 256 * 1024
MAX_AWARD = Decimal(100)
MAX_REASON = 2000
MAX_DEPTH = 20  # a sheet is 4 levels deep; free-form options get some room


class CharacterError(DomainError):
    """Something the site does not allow with a sheet (the one domain error, `DomainError`)."""


class SheetInvalid(CharacterError):
    """The engine found errors nobody waived. `report` has them all, in both languages."""

    def __init__(self, report):
        super().__init__("sheet.invalid", _("La ficha no cumple las reglas."))
        self.report = report

    def as_errors(self, lang: str | None = None) -> list[dict]:
        return self.report.as_dict(lang=lang or request_lang())["errors"]


def sheet_shape_check(sheet: Any) -> dict:
    """What is refused before the rules are even read: not an object, a key no sheet has, a
    NUL character, runaway nesting. Raises `CharacterError`; returns the sheet as a dict."""
    return _check_is_object(sheet)


def _check_is_object(sheet: Any) -> dict:
    if not isinstance(sheet, Mapping):
        raise CharacterError("sheet.not_object", _("La ficha debe ser un objeto JSON."))
    nul = _find_nul(sheet, "")
    if nul is not None:
        # PostgreSQL cannot store U+0000 in text or JSON; no sheet needs it.
        raise CharacterError(
            "sheet.invalid_character", _("El texto no puede contener el carácter nulo."), path=nul
        )
    # Every system's sheet has its name on one line: it heads pages, lists and the forum export.
    refuse_unless_single_line(sheet.get("name"), path="/name", error=CharacterError)
    system = sheet_system(sheet)
    # An engine that passes over unknown keys would accept them silently; the others report them.
    if system.ignores_unknown_keys:
        _refuse_unknown_keys(sheet, system.sheet_keys)
    return dict(sheet)


def _refuse_unknown_keys(sheet: Mapping, known) -> None:
    unknown = sorted(str(key) for key in sheet if key not in known)
    if unknown:
        # The first unknown key is enough to point at; the message names them all.
        raise CharacterError(
            "sheet.unknown_key",
            _("Campo desconocido en la ficha: %(keys)s.") % {"keys": ", ".join(unknown)},
            path="/" + unknown[0].replace("~", "~0").replace("/", "~1"),
        )


def sheet_system(sheet: Mapping) -> systems.GameSystem:
    """The system a sheet is written for (`"system"`, the site's default when it names none)."""
    slug = sheet.get("system", default_slug())
    system = systems.get(slug) if isinstance(slug, str) else None
    if system is None:
        raise CharacterError("system.unknown", _("Sistema de juego desconocido."), path="/system")
    return system


def check_campaign_system(sheet: Mapping, campaign: Campaign | None) -> None:
    """A campaign plays one system: a sheet of another cannot join it (docs/api.md)."""
    if campaign is not None and sheet_system(sheet).slug != campaign.system:
        raise CharacterError(
            "campaign.other_system",
            _("Esa campaña juega a otro sistema que esta ficha."),
            path="/campaign",
        )


def _find_nul(value: Any, path: str, depth: int = 0) -> str | None:
    """The JSON pointer of the first string (or key) holding U+0000, if any. A sheet nested
    deeper than any sheet needs is refused here too."""
    if depth > MAX_DEPTH:
        raise CharacterError("sheet.too_deep", _("La ficha está anidada demasiado profundo."), path=path)
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, Mapping):
        for key, item in value.items():
            here = f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"
            if "\x00" in str(key):
                return here
            found = _find_nul(item, here, depth + 1)
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _find_nul(item, f"{path}/{index}", depth + 1)
            if found is not None:
                return found
    return None


def _engine_awards(character: Character | None) -> list[dict]:
    if character is None or character.pk is None:
        return []
    return [award.as_engine_award() for award in character.awards.all()]


def _engine_waivers(character: Character | None) -> list[dict]:
    if character is None or character.pk is None or character.campaign_id is None:
        return []
    return [w.as_engine_waiver() for w in character.waivers.all() if w.campaign_id == character.campaign_id]


def sheet_check(*, sheet: Any, character: Character | None = None):
    """Run the engine on `sheet` with what `character` already has (awards, waivers).
    Raises `CharacterError` for a body that is not a sheet at all, `SheetInvalid` if it
    breaks a rule nobody waived; returns the engine's report otherwise."""
    sheet = _check_is_object(sheet)
    system = sheet_system(sheet)
    report = system.check_sheet(sheet, awards=_engine_awards(character), waivers=_engine_waivers(character))
    if not report.valid:
        raise SheetInvalid(report)
    if report.waived:
        path = shape_problem(sheet, system)
        if path is not None:
            raise CharacterError(
                "sheet.malformed_value",
                _(
                    "Un valor tiene un tipo que la ficha no admite; el director puede dispensar reglas, no datos mal formados."
                ),
                path=path,
            )
    return report


def _check_campaign_member(*, user: AbstractBaseUser, campaign: Campaign) -> None:
    if not campaign.memberships.filter(user=user).exists():
        raise CharacterError(
            "campaign.not_member",
            _("Solo puedes unir tu personaje a una campaña a la que perteneces."),
            path="/campaign",
            status=404,
        )


def _apply_columns(character: Character) -> None:
    for field, value in column_values(character.sheet, sheet_system(character.sheet)).items():
        setattr(character, field, value)


@transaction.atomic
def character_create(*, owner: AbstractBaseUser, sheet: Any, campaign: Campaign | None = None) -> Character:
    if campaign is not None:
        _check_campaign_member(user=owner, campaign=campaign)
        check_campaign_system(_check_is_object(sheet), campaign)
    report = sheet_check(sheet=sheet)
    character = Character(owner=owner, campaign=campaign, sheet=stored_sheet(sheet, report))
    _apply_columns(character)
    character.save()
    return character


def stored_sheet(sheet: Mapping, report) -> dict:
    """What is stored and exported: the engine's own normalised sheet when it gives one (only the
    keys its system knows), else the submitted keys an Epic20 sheet has."""
    normal = report.sheet
    return dict(normal) if normal else sheet_without_meta(sheet, sheet_system(sheet))


def character_lock(*, character: Character, if_match: str | None = None) -> Character:
    """The character's row, locked until the transaction ends. With `if_match` (the tag the
    client read, `selectors.character_etag`) a stale version is refused (412) before any change."""
    from .selectors import character_etag

    locked = Character.objects.select_for_update().get(pk=character.pk)
    check_if_match(if_match, character_etag(locked), error=CharacterError)
    return locked


@transaction.atomic
def character_update(
    *, character: Character, sheet: Any = None, changes: Any = None, if_match: str | None = None
) -> Character:
    """Replace the whole sheet (PUT, the builder's save: `sheet`), or only the top-level keys of
    `changes` (PATCH). The row is locked first and `changes` are merged into the sheet as it is
    then, so two edits at once (an owner's and the GM's, or a level award) never lose one; with
    `if_match`, an edit made on a version someone has since changed is refused instead."""
    locked = character_lock(character=character, if_match=if_match)
    if changes is not None:
        sheet = sheet_merge(character=locked, changes=changes)
    if isinstance(sheet, Mapping) and sheet.get("system", default_slug()) != (
        locked.system or default_slug()
    ):
        raise CharacterError(
            "system.immutable", _("Un personaje no cambia de sistema de juego."), path="/system"
        )
    report = sheet_check(sheet=sheet, character=locked)
    character.sheet = stored_sheet(sheet, report)
    _apply_columns(character)
    character.save()
    return character


@transaction.atomic
def character_change(
    *,
    character: Character,
    user: AbstractBaseUser,
    sheet: Any = None,
    changes: Any = None,
    move: bool = False,
    campaign: Campaign | None = None,
    if_match: str | None = None,
) -> Character:
    """The API's PUT (`sheet`) and PATCH (`changes`) of a character, all of it or nothing: with
    `move`, the owner also puts it in `campaign` (or takes it out with `None`) first, since the
    waivers that apply depend on the campaign. `if_match` is checked before anything moves."""
    character_lock(character=character, if_match=if_match)
    if move and (campaign.pk if campaign else None) != character.campaign_id:
        character_attach(character=character, campaign=campaign, user=user)
    return character_update(character=character, sheet=sheet, changes=changes)


def sheet_merge(*, character: Character, changes: Any) -> dict:
    """PATCH: the stored sheet with the top-level keys of `changes` replaced. A key the
    character's sheet cannot have is refused: it would replace nothing, and a system that
    ignores unknown keys in a whole sheet would answer as if the change had been made."""
    if not isinstance(changes, Mapping):
        raise CharacterError("sheet.not_object", _("La ficha debe ser un objeto JSON."))
    known = systems.get(character.system or default_slug()).sheet_keys
    if known is not None:
        _refuse_unknown_keys(changes, known)
    return {**copy.deepcopy(character.sheet), **changes}


@transaction.atomic
def character_delete(*, character: Character, if_match: str | None = None) -> None:
    character_lock(character=character, if_match=if_match).delete()


@transaction.atomic
def character_duplicate(*, character: Character, user: AbstractBaseUser) -> Character:
    """A copy owned by `user`, with the awards that made the sheet what it is. It stays in the
    campaign (with that GM's waivers) when `user` belongs to it, and is unattached otherwise."""
    campaign = character.campaign
    if campaign is not None and not campaign.memberships.filter(user=user).exists():
        campaign = None
    sheet = copy.deepcopy(character.sheet)
    sheet["name"] = _("%(name)s (copia)") % {"name": sheet.get("name") or character.name}
    duplicate = Character(owner=user, campaign=campaign, sheet=sheet)
    _apply_columns(duplicate)
    duplicate.save()
    Award.objects.bulk_create(
        Award(
            character=duplicate,
            category=a.category,
            amount=a.amount,
            note=a.note,
            awarded_by_id=a.awarded_by_id,
        )
        for a in character.awards.all()
    )
    if campaign is not None:
        Waiver.objects.bulk_create(
            Waiver(
                character=duplicate,
                campaign=campaign,
                code=w.code,
                path=w.path,
                reason=w.reason,
                created_by_id=w.created_by_id,
            )
            for w in character.waivers.all()
            if w.campaign_id == campaign.pk
        )
    sheet_check(sheet=duplicate.sheet, character=duplicate)  # rolls the copy back if it fails
    return duplicate


@transaction.atomic
def character_attach(*, character: Character, campaign: Campaign | None, user: AbstractBaseUser) -> Character:
    """Put the character in `campaign` (or take it out with `None`). Only its owner does it,
    and only into a campaign they belong to."""
    if character.owner_id != user.pk:
        raise CharacterError(
            "character.not_owner",
            _("Solo el propietario puede cambiar la campaña del personaje."),
            status=403,
        )
    if campaign is not None:
        _check_campaign_member(user=user, campaign=campaign)
        check_campaign_system(character.sheet, campaign)
    character.campaign = campaign
    character.save(update_fields=["campaign", "updated_at"])
    return character


def _bad_json_message(text: str, exc: BadJSON) -> str:
    """What a person can do about a file that is no JSON: where it breaks, not the parser's words."""
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return _(
            "El archivo no es JSON válido: se rompe en la línea %(line)s, columna %(column)s. Comprueba "
            "que es una ficha exportada y que nadie la ha cortado ni editado a mano."
        ) % {"line": error.lineno, "column": error.colno}
    except (ValueError, RecursionError):  # NaN, a huge number, too deep: the reader's own words
        pass
    return _("El archivo no es JSON válido. %(reason)s") % {"reason": exc.message}


def sheet_from_bytes(raw: bytes) -> Any:
    """Decode an uploaded sheet file. Raises `CharacterError` with a clear message."""
    if len(raw) > MAX_SHEET_BYTES:
        raise CharacterError(
            "import.too_large",
            _("El archivo es demasiado grande (máximo %(kb)s KB).") % {"kb": MAX_SHEET_BYTES // 1024},
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CharacterError("import.not_json", _("El archivo no es JSON (no es texto UTF-8).")) from None
    try:
        data = read_json(text)  # the API's own strict reader
    except BadJSON as exc:
        raise CharacterError("import.not_json", _bad_json_message(text, exc), path=exc.path) from None
    if not isinstance(data, dict):
        raise CharacterError("sheet.not_object", _("El archivo debe contener un objeto JSON (una ficha)."))
    return data


@transaction.atomic
def character_import(*, owner: AbstractBaseUser, raw: bytes, campaign: Campaign | None = None) -> Character:
    """Create a character from an exported sheet file (the docs/api.md sheet format)."""
    data = sheet_from_bytes(raw)
    data.pop("campaign", None)  # a file carries no campaign: the form chooses it
    return character_create(owner=owner, sheet=data, campaign=campaign)


def parse_amount(value: Any, *, category: str) -> Decimal:
    """A positive multiple of ½ (whole for levels), as the API or a form gives it."""
    if isinstance(value, bool):
        value = None
    try:
        amount = Decimal(str(value).strip())
    except (InvalidOperation, ValueError, TypeError):
        amount = None
    if amount is None or not amount.is_finite():
        raise CharacterError("award.amount_invalid", _("La cantidad debe ser un número."), path="/amount")
    if amount <= 0 or amount > MAX_AWARD:
        raise CharacterError(
            "award.amount_out_of_range",
            _("La cantidad debe ser mayor que 0 y como mucho %(max)s.") % {"max": MAX_AWARD},
            path="/amount",
        )
    step = Decimal(1) if category == Award.Category.LEVELS else Decimal("0.5")
    if amount % step:
        message = (
            _("Los niveles se otorgan enteros.")
            if category == Award.Category.LEVELS
            else _("Los puntos se otorgan en múltiplos de ½.")
        )
        raise CharacterError("award.amount_step", message, path="/amount")
    return amount


@transaction.atomic
def character_award(
    *, character: Character, awarded_by: AbstractBaseUser, category: str, amount: Any, note: str = ""
) -> Award:
    """The campaign's GM gives points (or levels) after play. Levels raise the sheet's level."""
    _check_gm(character=character, user=awarded_by)
    if category not in Award.Category.values:
        raise CharacterError(
            "award.category_invalid",
            _("Categoría desconocida: elige poderes, habilidades, ventajas, maniobras o niveles."),
            path="/category",
        )
    amount = parse_amount(amount, category=category)
    character = Character.objects.select_for_update().get(pk=character.pk)
    level = character.sheet.get("level") if isinstance(character.sheet, dict) else None
    if isinstance(level, float) and level.is_integer():
        level = int(level)
    if category == Award.Category.LEVELS and (isinstance(level, bool) or not isinstance(level, int)):
        raise CharacterError(
            "award.level_unknown",
            _("La ficha no tiene un nivel válido al que sumar; corrígelo antes de otorgar niveles."),
            path="/category",
        )
    award = Award.objects.create(
        character=character,
        category=category,
        amount=amount,
        note=(note or "").strip()[:500],
        awarded_by=awarded_by,
    )
    if category == Award.Category.LEVELS:
        sheet = dict(character.sheet)
        sheet["level"] = level + int(amount)
        character.sheet = sheet
        _apply_columns(character)
        character.save(update_fields=["sheet", "level", "updated_at"])
    return award


def _check_gm(*, character: Character, user: AbstractBaseUser) -> None:
    if character.campaign_id is None or character.campaign.gm_id != user.pk:
        raise CharacterError(
            "character.not_gm",
            _("Solo el director de juego de la campaña del personaje puede hacerlo."),
            status=403,
        )


@transaction.atomic
def character_waive(
    *, character: Character, created_by: AbstractBaseUser, code: Any, path: Any, reason: Any
) -> Waiver:
    """The campaign's GM lets one rule error (code + path) stand on this character, saying why."""
    _check_gm(character=character, user=created_by)
    code = code.strip() if isinstance(code, str) else ""
    path = path.strip() if isinstance(path, str) else None
    reason = reason.strip() if isinstance(reason, str) else ""
    if not code or len(code) > 100:
        raise CharacterError(
            "waiver.code_invalid", _("Indica el código del error que dispensas."), path="/code"
        )
    if path is None or len(path) > 200 or (path and not path.startswith("/")):
        raise CharacterError(
            "waiver.path_invalid",
            _("La ruta debe ser un puntero JSON (por ejemplo «/powers/2») o vacía para toda la ficha."),
            path="/path",
        )
    if not reason:
        raise CharacterError("waiver.reason_required", _("Escribe el motivo de la dispensa."), path="/reason")
    if len(reason) > MAX_REASON:
        raise CharacterError(
            "waiver.reason_too_long",
            _("El motivo es demasiado largo (máximo %(n)s caracteres).") % {"n": MAX_REASON},
            path="/reason",
        )
    try:
        with transaction.atomic():
            return Waiver.objects.create(
                character=character,
                campaign_id=character.campaign_id,
                code=code,
                path=path,
                reason=reason,
                created_by=created_by,
            )
    except IntegrityError:
        raise CharacterError(
            "waiver.exists", _("Ese error ya está dispensado en este personaje."), status=409
        ) from None


@transaction.atomic
def waiver_remove(*, waiver: Waiver, user: AbstractBaseUser) -> None:
    _check_gm(character=waiver.character, user=user)
    waiver.delete()
