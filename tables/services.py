"""The directory's writes: a GM lists a campaign, a player applies, the GM answers. Pages and
the API call the same functions; a refusal is a `DomainError` and changes nothing."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.language import Message
from campaigns.access import as_id
from campaigns.models import Campaign, Membership
from characters import services as character_services
from characters.models import Character
from epic20site.clock import now
from epic20site.errors import Conflict, DomainError, NotAllowed
from notifications.outbox import notify
from tracking.journal import render_markdown

from . import selectors
from .models import (
    MESSAGE_MAX_LENGTH,
    NOTE_MAX_LENGTH,
    PITCH_MAX_LENGTH,
    SEATS_MAX,
    ApplicantBlock,
    Application,
    Listing,
)

LISTING_FIELDS = ("listed", "pace", "language", "seats", "newcomers_welcome", "closes_on")


def clean_text(raw: str, *, path: str, limit: int, required: bool) -> str:
    """`raw` without surrounding spaces or NUL characters, within `limit`; else 400 at `path`."""
    text = (raw or "").replace("\x00", "").strip()
    if required and not text:
        raise DomainError("text.required", _("Escribe algo aquí."), path=path)
    if len(text) > limit:
        raise DomainError(
            "text.too_long", _("No puede pasar de %(max)d caracteres.") % {"max": limit}, path=path
        )
    return text


# --- the GM's listing ---------------------------------------------------------------------


def _check_listing(listing: Listing) -> None:
    if listing.listed and not listing.pitch:
        raise DomainError(
            "listing.pitch_required",
            _("Escribe una presentación antes de anunciar la campaña."),
            path="/pitch",
        )
    if not 0 <= listing.seats <= SEATS_MAX:
        raise DomainError(
            "listing.seats", _("Las plazas van de 0 a %(max)d.") % {"max": SEATS_MAX}, path="/seats"
        )
    if listing.listed and listing.closes_on and listing.closes_on < selectors.today():
        raise DomainError("listing.closes_on_past", _("La fecha de cierre ya ha pasado."), path="/closes_on")


def _set_public_encounters(listing: Listing, campaign: Campaign, ids) -> None:
    ids = sorted(set(ids))
    found = list(campaign.encounters.filter(pk__in=ids).values_list("pk", flat=True))
    if len(found) != len(ids):
        raise DomainError(
            "listing.encounter_unknown", _("Solo puedes hacer públicos combates de esta campaña."),
            path="/public_encounters",
        )  # fmt: skip
    listing.public_encounters.set(found)


@transaction.atomic
def listing_update(*, campaign: Campaign, changes: dict) -> Listing:
    """Write the fields of the campaign's listing that `changes` names. `seats` is how many the
    directory offers in all: the seats already taken count against it."""
    listing = Listing.objects.select_for_update().filter(campaign=campaign).first() or Listing(
        campaign=campaign
    )
    for field in LISTING_FIELDS:
        if field in changes:
            setattr(listing, field, changes[field])
    if "pitch" in changes:
        listing.pitch = clean_text(changes["pitch"], path="/pitch", limit=PITCH_MAX_LENGTH, required=False)
        listing.pitch_html = render_markdown(listing.pitch)
    _check_listing(listing)
    listing.save()
    if "public_encounters" in changes:
        _set_public_encounters(listing, campaign, changes["public_encounters"])
    _touch(campaign)
    return listing


def _touch(campaign: Campaign) -> None:
    """The campaign's own answer carries its listing: the campaign's version moves with it."""
    Campaign.objects.filter(pk=campaign.pk).update(updated_at=now())


# --- applying -----------------------------------------------------------------------------


def _check_may_apply(listing: Listing, user: AbstractBaseUser) -> None:
    campaign = listing.campaign
    if Membership.objects.filter(campaign=campaign, user=user).exists():
        raise Conflict("application.already_member", _("Ya perteneces a esta campaña."))
    if ApplicantBlock.objects.filter(campaign=campaign, user=user).exists():
        raise NotAllowed(
            "application.blocked", _("El director de esta campaña no acepta más solicitudes tuyas.")
        )
    if listing.seats_left <= 0:
        raise Conflict("table.full", _("Esta mesa no tiene plazas libres."))
    if selectors.pending_application(user, campaign) is not None:
        raise Conflict("application.pending", _("Ya tienes una solicitud pendiente en esta mesa."))


def _applicant_character(user, campaign: Campaign, character_id) -> Character | None:
    """The sheet sent with an application: the applicant's own, of the campaign's system, and in
    no campaign yet. Another person's sheet answers as one that does not exist."""
    if character_id is None:
        return None
    character = Character.objects.filter(pk=character_id, owner=user).first()
    if character is None:
        raise DomainError("character.not_found", _("No tienes ese personaje."), path="/character")
    if character.system != campaign.system:
        raise DomainError(
            "character.wrong_system", _("El personaje no es del sistema de esta campaña."), path="/character"
        )
    if character.campaign_id is not None:
        raise DomainError(
            "character.in_campaign", _("Ese personaje ya está en una campaña."), path="/character"
        )
    return character


def _locked_listing(campaign_id: int) -> Listing:
    """The listing, locked, if it is listed; else 404. A closed one is 409."""
    listing = (
        Listing.objects.select_for_update(of=("self",))
        .select_related("campaign")
        .filter(campaign_id=campaign_id)
        .first()
    )
    if listing is None or not listing.listed:
        raise Http404
    if listing.closes_on and listing.closes_on < selectors.today():
        raise Conflict("table.closed", _("Esta mesa ya no acepta solicitudes."))
    return listing


@transaction.atomic
def application_create(*, user: AbstractBaseUser, table_id, message: str, character_id=None) -> Application:
    listing = _locked_listing(as_id(table_id))
    campaign = listing.campaign
    message = clean_text(message, path="/message", limit=MESSAGE_MAX_LENGTH, required=True)
    character = _applicant_character(user, campaign, character_id)
    _check_may_apply(listing, user)
    try:
        with transaction.atomic():
            application = Application.objects.create(
                campaign=campaign,
                applicant=user,
                message=message,
                message_html=render_markdown(message),
                character=character,
            )
    except IntegrityError:  # a second request that passed the check at the same moment
        raise Conflict("application.pending", _("Ya tienes una solicitud pendiente en esta mesa.")) from None
    _tell_gm(application)
    return application


# --- the GM's answer ----------------------------------------------------------------------


def _accept(application: Application, listing: Listing) -> None:
    if listing.seats_left <= 0:
        raise Conflict("table.full", _("Esta mesa no tiene plazas libres."))
    campaign, applicant = application.campaign, application.applicant
    _membership, joined = Membership.objects.get_or_create(
        campaign=campaign, user=applicant, defaults={"role": Membership.Role.PLAYER}
    )
    if joined:
        listing.seats_taken += 1
    listing.save(update_fields=["seats_taken", "updated_at"])
    _touch(campaign)
    character = application.character
    if character is not None and character.owner_id == applicant.pk and character.campaign_id is None:
        character_services.character_attach(character=character, campaign=campaign, user=applicant)


@transaction.atomic
def application_decide(
    *, campaign: Campaign, application_id, status: str, note: str = "", block: bool = False
) -> Application:
    """Accept (the applicant becomes a player, with the sheet they sent) or decline, with a
    note; declining may also block the applicant from applying again."""
    listing = Listing.objects.select_for_update().filter(campaign=campaign).first()
    application = (
        # Only the application's own row is locked: PostgreSQL locks no row of an outer join's
        # nullable side (the sheet sent, if any).
        Application.objects.select_for_update(of=("self",))
        .select_related("campaign", "applicant", "character")
        .filter(campaign=campaign, pk=as_id(application_id))
        .first()
    )
    if application is None or listing is None:
        raise Http404
    if application.status != Application.Status.PENDING:
        raise Conflict("application.decided", _("Esta solicitud ya tiene respuesta."))
    if block and status != Application.Status.DECLINED:
        raise DomainError("application.block_needs_decline", _("Solo se bloquea al rechazar."), path="/block")
    application.note = clean_text(note, path="/note", limit=NOTE_MAX_LENGTH, required=False)
    if status == Application.Status.ACCEPTED:
        _accept(application, listing)
    elif block:
        ApplicantBlock.objects.get_or_create(campaign=campaign, user=application.applicant)
    application.status, application.decided_at = status, now()
    application.save(update_fields=["status", "note", "decided_at"])
    _tell_applicant(application)
    return application


def applicant_unblock(*, campaign: Campaign, user_id) -> None:
    """The GM lets a player they blocked apply to the campaign again; unknown ids do nothing."""
    ApplicantBlock.objects.filter(campaign=campaign, user_id=as_id(user_id)).delete()


# --- telling the other side ---------------------------------------------------------------
# In Spanish; each reader gets them in their language (the English in the app's catalogue).
APPLIED = gettext_noop("%(name)s quiere jugar en «%(campaign)s».")
ACCEPTED = gettext_noop("Te han aceptado en «%(campaign)s».")
DECLINED = gettext_noop("Tu solicitud a «%(campaign)s» no ha sido aceptada.")


def _tell_gm(application: Application) -> None:
    campaign = application.campaign
    notify(
        user=campaign.gm,
        event="application",
        key=f"application:{application.pk}:sent",
        text=Message(APPLIED, {"name": application.applicant.username, "campaign": campaign.name}),
        campaign=campaign,
        link=reverse("tables:applications", args=[campaign.pk]),
    )


def _tell_applicant(application: Application) -> None:
    campaign = application.campaign
    if application.status == Application.Status.ACCEPTED:
        text = Message(ACCEPTED, {"campaign": campaign.name})
        link = reverse("campaigns:campaign_detail", args=[campaign.pk])
    else:
        text = Message(DECLINED, {"campaign": campaign.name})
        link = reverse("tables:my_applications")
    notify(
        user=application.applicant,
        event="application",
        key=f"application:{application.pk}:{application.status}",
        text=text,
        campaign=campaign,
        link=link,
    )
