"""The fight page's standing orders and the GM's "Recordar": plain forms that go back to the
page (with its message), calling the services the API calls (`combat.standing_orders`,
`combat.nudges`); the order form's fields follow the chosen action type (`order_fields`, htmx)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from epic20site.errors import request_lang
from epic20site.pages import answers_refusals

from . import access, nudges, order_forms, selectors, standing_orders
from .presentation import presentation_for
from .systems.generic import action_from_form


def _back(request, pk, *args, **kwargs) -> str:
    return reverse("encounters:detail", args=[pk]) + "#standing-orders"


def _found(request, pk: int, cid: int):
    encounter = access.access_encounter_by_id(request.user, pk)
    return encounter, access.access_combatant_by_id(request.user, encounter, cid)


@login_required
@require_POST
@answers_refusals(_back)
def order_save(request, pk, cid):
    encounter, combatant = _found(request, pk, cid)
    system = selectors.system_for(encounter)
    action = action_from_form(request.POST, system)
    action.pop("actor", None)
    data = {"action": action, "note": request.POST.get("note", "")}
    standing_orders.standing_order_set(encounter=encounter, combatant=combatant, user=request.user, data=data)
    messages.success(request, _("Orden permanente guardada para %(name)s.") % {"name": combatant.name})
    return redirect(_back(request, pk))


@login_required
@require_POST
@answers_refusals(_back)
def order_remove(request, pk, cid):
    encounter, combatant = _found(request, pk, cid)
    standing_orders.standing_order_delete(encounter=encounter, combatant=combatant, user=request.user)
    messages.success(request, _("Orden permanente quitada a %(name)s.") % {"name": combatant.name})
    return redirect(_back(request, pk))


@login_required
@require_GET
def order_fields(request, pk, cid):
    """The order form's fields for the action type chosen (`?type=`)."""
    encounter, combatant = _found(request, pk, cid)
    system = selectors.system_for(encounter)
    kinds = order_forms.orderable(system)
    kind = kinds.get(request.GET.get("type", ""))
    if kind is None:
        raise Http404  # no such action type in this system
    cards = selectors.state_for(request.user, encounter)["combatants"]
    fields = order_forms.form_fields(kind, {}, presentation_for(system.slug), request_lang())
    context = {
        "fields": fields,
        "has_more": any(f["more"] for f in fields),
        "cid": combatant.pk,
        "combatants": cards,
    }
    return render(request, "combat/_standing_order_fields.html", context)


@login_required
@require_POST
@answers_refusals(_back)
def nudge(request, pk):
    encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
    done = nudges.encounter_nudge(encounter=encounter, user=request.user)
    names = dict(encounter.combatants.values_list("pk", "name"))
    message = _("Recordado a: %(names)s.") % {"names": ", ".join(names[c] for c in done.reminded)}
    if done.later:
        message += " " + _("Ya se recordó hace menos de una hora a: %(names)s.") % {
            "names": ", ".join(names[c] for c in done.later)
        }
    messages.success(request, message)
    return redirect(_back(request, pk))


@login_required
@require_GET
def orders_panel(request, pk):
    """The panel, fetched by the fight page once it loads: the page is kept by the fight's
    version, which an order does not change."""
    encounter = access.access_encounter_by_id(request.user, pk)
    return render(request, "combat/_standing_orders.html", panel_context(request, encounter))


def panel_context(request, encounter) -> dict:
    system = selectors.system_for(encounter)
    show = presentation_for(system.slug)
    state = selectors.state_for(request.user, encounter)
    cards = [c for c in state["combatants"] if not c["removed"]]
    is_gm = access.is_encounter_gm(request.user, encounter)
    built = order_forms.panel(
        user=request.user, system=system, show=show, cards=cards, is_gm=is_gm, lang=request_lang()
    )
    return {**built, "encounter": encounter, "combatants": cards}
