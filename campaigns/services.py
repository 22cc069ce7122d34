"""Writes for campaigns. Pages and the API both call these (HackSoft services)."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from epic20site.errors import DomainError
from epic20site.etags import check_if_match
from epic20site.validation import SINGLE_LINE_MESSAGE, is_single_line
from rules import systems
from rules.registration import default_slug

from . import extensions
from .models import Campaign, Membership

# No 0/O, 1/I/L: codes are read aloud and typed from forum posts.
INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
INVITE_LENGTH = 10
NAME_MAX_LENGTH = Campaign._meta.get_field("name").max_length


# A refused campaign action is bad input (400) unless it is about the state of things.
_STATUS_FOR_CODE = {"campaign.already_member": 409, "campaign.gm_cannot_leave": 403}


class CampaignError(DomainError):
    """A campaign action the site does not allow (the one domain error, `DomainError`); `field`
    names the input that caused it, for forms (empty when it is about the action as a whole)."""

    def __init__(self, code: str, message: str, *, field: str = ""):
        super().__init__(
            code, message, path=f"/{field}" if field else "", status=_STATUS_FOR_CODE.get(code, 400)
        )
        self.field = field


def _new_invite_code() -> str:
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))


def normalize_invite_code(code: str) -> str:
    """Codes are forgiving to type: case, spaces and dashes do not matter."""
    return "".join(ch for ch in str(code).upper() if not ch.isspace() and ch != "-")


def _clean_name(name: str) -> str:
    # Forms and serializers already check this; the service holds the line for every caller.
    name = str(name).strip()
    if not name:
        raise CampaignError("name.blank", _("La campaña necesita un nombre."), field="name")
    if not is_single_line(name):
        raise CampaignError(
            "text.control_character",
            str(SINGLE_LINE_MESSAGE),
            field="name",
        )
    if len(name) > NAME_MAX_LENGTH:
        raise CampaignError(
            "name.max_length",
            _("El nombre no puede tener más de %(max)d caracteres.") % {"max": NAME_MAX_LENGTH},
            field="name",
        )
    return name


@transaction.atomic
def campaign_create(*, gm: AbstractBaseUser, name: str, system: str | None = None) -> Campaign:
    """Create a campaign of `system` (the site's default one when None); its creator is its game
    master and its first member."""
    name = _clean_name(name)
    system = default_slug() if system is None else system
    if systems.get(system) is None:
        raise CampaignError("system.invalid_choice", _("Sistema de juego desconocido."), field="system")
    for _attempt in range(5):
        try:
            with transaction.atomic():
                campaign = Campaign.objects.create(
                    name=name, system=system, gm=gm, invite_code=_new_invite_code()
                )
                break
        except IntegrityError:  # pragma: no cover - a 31^10 collision
            continue
    Membership.objects.create(campaign=campaign, user=gm, role=Membership.Role.GM)
    return campaign


@transaction.atomic
def campaign_update(*, campaign: Campaign, name: str) -> Campaign:
    campaign.name = _clean_name(name)
    campaign.save(update_fields=["name", "updated_at"])
    return campaign


@transaction.atomic
def campaign_rules_options_update(*, campaign: Campaign, options) -> Campaign:
    """GM: the choices the campaign's system reads (its `check_options` says what is valid)."""
    system = systems.get(campaign.system)
    check = system.check_options
    if check is None:
        raise CampaignError("rules_options.unsupported", _("Este sistema de juego no tiene opciones."))
    if not isinstance(options, dict):
        raise CampaignError(
            "rules_options.not_object", _("Las opciones deben ser un objeto JSON."), field="rules_options"
        )
    problems = list(check(options))
    if problems:
        raise DomainError.from_problems(problems, prefix="/rules_options")
    campaign.rules_options = options
    campaign.save(update_fields=["rules_options", "updated_at"])
    return campaign


@transaction.atomic
def campaign_change(
    *, campaign: Campaign, user: AbstractBaseUser, changes: dict, if_match: str | None = None
):
    """The GM's change of a campaign (`name`, `rules_options`, the parts other apps keep:
    `extensions`): all of it or nothing. With
    `if_match` (the tag the GM read, `selectors.campaign_etag`) a stale version is refused (412)."""
    from .selectors import campaign_etag

    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    check_if_match(if_match, campaign_etag(campaign, user))
    if "name" in changes:
        campaign = campaign_update(campaign=campaign, name=changes["name"])
    if "rules_options" in changes:
        campaign = campaign_rules_options_update(campaign=campaign, options=changes["rules_options"])
    extensions.write_parts(campaign=campaign, data=changes, user=user)
    # A part another app keeps (the listing) moves the campaign's version, and so its tag.
    campaign.refresh_from_db(fields=["updated_at"])
    return campaign


@transaction.atomic
def campaign_regenerate_invite(*, campaign: Campaign) -> Campaign:
    """A fresh invite code; the old one stops working at once."""
    while True:
        code = _new_invite_code()
        if not Campaign.objects.filter(invite_code=code).exists():
            break
    campaign.invite_code = code
    campaign.save(update_fields=["invite_code", "updated_at"])
    return campaign


@transaction.atomic
def campaign_join(*, user: AbstractBaseUser, invite_code: str, campaign_id: int | None = None) -> Campaign:
    """Join by invite code. With `campaign_id` (the API's `/campaigns/{id}/join/`) the code must
    belong to that campaign; a wrong id and a wrong code answer alike, so ids leak nothing."""
    code = normalize_invite_code(invite_code)
    campaign = Campaign.objects.select_for_update().filter(invite_code=code).first() if code else None
    if campaign is not None and campaign_id is not None and campaign.pk != campaign_id:
        campaign = None
    if campaign is None:
        raise CampaignError(
            "invite_code.invalid", _("El código de invitación no es válido."), field="invite_code"
        )
    membership, created = Membership.objects.get_or_create(
        campaign=campaign, user=user, defaults={"role": Membership.Role.PLAYER}
    )
    if not created:
        raise CampaignError("campaign.already_member", _("Ya perteneces a esta campaña."))
    return campaign


@transaction.atomic
def campaign_leave(*, user: AbstractBaseUser, campaign: Campaign) -> None:
    if campaign.gm_id == user.pk:
        raise CampaignError(
            "campaign.gm_cannot_leave",
            _("El director de juego no puede abandonar su propia campaña."),
        )
    Membership.objects.filter(campaign=campaign, user=user).delete()
