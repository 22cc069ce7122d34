"""Writes for partidas and scenes. Opening or closing a partida and marking a new scene apply the
rules the campaign's system counts per partida or per scene (`system.tracking`, see
`rules.epic20.tracking`) to every character of the campaign, and log each change on it."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from characters.models import Character
from epic20site.errors import Conflict, DomainError
from rules import systems
from rules.systems import Tracking

from .models import HistoryEntry, Partida, Scene, Standing

TITLE_MAX = Partida._meta.get_field("title").max_length
SUMMARY_MAX = 20_000


def _tracking(campaign):
    system = systems.get(campaign.system)
    return system.tracking if system is not None else None


def open_partida_of(campaign) -> Partida | None:
    return Partida.objects.filter(campaign=campaign, status=Partida.Status.OPEN).first()


def _apply(campaign, partida: Partida, step: Callable[[Tracking], Callable]) -> int:
    """Run `step` (its `open_partida`, `close_partida` or `new_scene`) of the system's tracking on each
    character of the campaign; log every change. Returns how many changes were logged."""
    tracking = _tracking(campaign)
    if tracking is None:
        return 0
    logged = 0
    for character in Character.objects.filter(campaign=campaign).order_by("pk"):
        standing, _created = Standing.objects.select_for_update().get_or_create(character=character)
        data, changes = step(tracking)(standing.data)
        standing.data = data
        standing.save(update_fields=["data"])
        log_changes(character, partida, changes)
        logged += len(changes)
    return logged


def log_changes(character, partida, changes) -> None:
    HistoryEntry.objects.bulk_create(
        HistoryEntry(
            character=character,
            partida=partida,
            kind=c.kind,
            text_es=c.text_es[:500],
            text_en=c.text_en[:500],
            rule=c.rule,
            data=dict(c.data),
        )
        for c in changes
    )


def _clean_title(title) -> str:
    title = str(title or "").strip()
    if not title:
        raise DomainError("title.blank", _("La partida necesita un título."), path="/title")
    if len(title) > TITLE_MAX:
        raise DomainError("title.max_length", _("El título es demasiado largo."), path="/title")
    return title


def _touch(campaign) -> None:
    campaign.save(update_fields=["updated_at"])


@transaction.atomic
def partida_open(*, campaign, title) -> Partida:
    """GM: open the next partida (one at a time, 409 otherwise) with its first scene."""
    title = _clean_title(title)
    type(campaign).objects.select_for_update().filter(pk=campaign.pk).first()
    if open_partida_of(campaign) is not None:
        raise Conflict("partida.already_open", _("Ya hay una partida en curso: ciérrala antes."))
    last = (
        Partida.objects.filter(campaign=campaign).order_by("-number").values_list("number", flat=True).first()
    )
    now = timezone.now()
    partida = Partida.objects.create(campaign=campaign, number=(last or 0) + 1, title=title, opened_at=now)
    Scene.objects.create(partida=partida, number=1, started_at=now)
    _apply(campaign, partida, lambda tracking: tracking.open_partida)
    _touch(campaign)
    return partida


@transaction.atomic
def partida_close(*, campaign, partida: Partida, summary=None) -> Partida:
    """GM: close the partida in progress, with its summary of what happened."""
    partida = Partida.objects.select_for_update().get(pk=partida.pk)
    if partida.status != Partida.Status.OPEN:
        raise Conflict("partida.closed", _("Esa partida ya está cerrada."))
    if summary is not None:
        summary = str(summary)
        if len(summary) > SUMMARY_MAX:
            raise DomainError("summary.max_length", _("El resumen es demasiado largo."), path="/summary")
        partida.summary = summary.strip()
    _apply(campaign, partida, lambda tracking: tracking.close_partida)
    partida.status = Partida.Status.CLOSED
    partida.closed_at = timezone.now()
    partida.save(update_fields=["status", "closed_at", "summary"])
    _touch(campaign)
    return partida


@transaction.atomic
def scene_new(*, campaign) -> Scene:
    """GM: a new scene of the open partida (409 with none open)."""
    partida = (
        Partida.objects.select_for_update().filter(campaign=campaign, status=Partida.Status.OPEN).first()
    )
    if partida is None:
        raise Conflict("partida.none_open", _("No hay ninguna partida en curso."))
    last = partida.scenes.order_by("-number").values_list("number", flat=True).first() or 0
    scene = Scene.objects.create(partida=partida, number=last + 1, started_at=timezone.now())
    _apply(campaign, partida, lambda tracking: tracking.new_scene)
    _touch(campaign)
    return scene


def partidas_of(campaign):
    return Partida.objects.filter(campaign=campaign).prefetch_related("scenes").order_by("number")
