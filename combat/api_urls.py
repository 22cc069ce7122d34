"""Encounter API routes, included under `/api/v1/` (docs/api.md "Encounters and the turn log")."""

from django.urls import path

from . import api, log_api, order_api, stream

urlpatterns = [
    path(
        "campaigns/<int:pk>/encounters/", api.CampaignEncounterListView.as_view(), name="api-encounter-list"
    ),
    path("encounters/<int:pk>/", api.EncounterDetailView.as_view(), name="api-encounter-detail"),
    path("encounters/<int:pk>/combatants/", api.CombatantListView.as_view(), name="api-encounter-combatants"),
    path(
        "encounters/<int:pk>/combatants/<int:cid>/",
        api.CombatantDetailView.as_view(),
        name="api-encounter-combatant-detail",
    ),
    path("encounters/<int:pk>/actions/", api.ActionView.as_view(), name="api-encounter-actions"),
    path("encounters/<int:pk>/events/", log_api.EventListView.as_view(), name="api-encounter-events"),
    path("encounters/<int:pk>/undo/", api.UndoView.as_view(), name="api-encounter-undo"),
    path("encounters/<int:pk>/reveal/", api.RevealView.as_view(), name="api-encounter-reveal"),
    path("encounters/<int:pk>/odds/", api.OddsView.as_view(), name="api-encounter-odds"),
    path("encounters/<int:pk>/export/", log_api.ExportView.as_view(), name="api-encounter-export"),
    path("encounters/<int:pk>/stream/", stream.encounter_stream, name="api-encounter-stream"),
    path(
        "encounters/<int:pk>/combatants/<int:cid>/standing-order/",
        order_api.StandingOrderView.as_view(),
        name="api-encounter-standing-order",
    ),
    path("encounters/<int:pk>/nudge/", order_api.NudgeView.as_view(), name="api-encounter-nudge"),
]
