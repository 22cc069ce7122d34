"""Who may see an encounter and act in it (the same answers as `campaigns.access`)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404

from campaigns.access import as_id

# Encounters ---------------------------------------------------------------------------------
# An encounter is seen by every member of its campaign (404 for anyone else, as for the
# campaign). The GM runs it; a player acts only for the combatants they own (403 otherwise).
from .models import Combatant, Encounter

# What `load=False` reads of an encounter: enough to ask who runs it.
_ENCOUNTER_ACCESS_FIELDS = ("id", "campaign", "campaign__id", "campaign__gm")


# What the turn log's readers use of an encounter (`Reader.remembered_events`, the version a
# page of the log is remembered under): not its state.
LOG_FIELDS = (
    *_ENCOUNTER_ACCESS_FIELDS,
    "campaign__system",
    "version",
    "undo_version",
    "exact_odds_for_players",
)


def access_encounter_by_id(
    user, encounter_id, *, gm_only: bool = False, load: bool = True, fields: tuple[str, ...] = ()
) -> Encounter:
    """The encounter if `user` belongs to its campaign, else 404; with `gm_only`, a player
    gets 403. `load=False` reads only its id and its campaign's GM (every other field is
    deferred), for a view that hands it to a service which loads it again under its lock;
    `fields` reads only those (`LOG_FIELDS` for the log, which never decodes the state)."""
    encounter_id = as_id(encounter_id)
    if not user.is_authenticated:
        raise Http404
    encounters = Encounter.objects.select_related("campaign")
    if fields or not load:
        encounters = encounters.only(*(fields or _ENCOUNTER_ACCESS_FIELDS))
    # One row by primary key: no ORDER BY to compile (`first()` would add one).
    found = encounters.filter(pk=encounter_id, campaign__memberships__user=user).order_by()[:1]
    encounter = next(iter(found), None)
    if encounter is None:
        raise Http404
    if gm_only and not is_encounter_gm(user, encounter):
        raise PermissionDenied
    return encounter


def is_encounter_gm(user, encounter: Encounter) -> bool:
    return user.is_authenticated and encounter.campaign.gm_id == user.pk


def can_act_for(user, encounter: Encounter, combatant: Combatant) -> bool:
    """The GM acts for anyone; a player only for their own combatants."""
    return is_encounter_gm(user, encounter) or (
        user.is_authenticated and combatant.owner_id is not None and combatant.owner_id == user.pk
    )


def access_combatant_by_id(user, encounter: Encounter, combatant_id, *, act: bool = False) -> Combatant:
    """A combatant of `encounter` (which `user` may already see), else 404; with `act`, 403
    unless the user may act for it."""
    combatant_id = as_id(combatant_id)
    combatant = encounter.combatants.filter(pk=combatant_id).first()
    if combatant is None:
        raise Http404
    if act and not can_act_for(user, encounter, combatant):
        raise PermissionDenied
    return combatant
