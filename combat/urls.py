"""Encounter pages, included at `/encounters/`."""

from django.urls import path

from . import log_views, order_views, views

app_name = "encounters"

urlpatterns = [
    path("campaign/<int:campaign_id>/", views.encounter_list, name="list"),
    path("<int:pk>/", views.encounter_detail, name="detail"),
    path("<int:pk>/log/", log_views.encounter_log, name="log"),
    path("<int:pk>/log/after/<int:seq>", views.log_after, name="log_after"),
    path("<int:pk>/log/<int:seq>/", log_views.event_detail, name="event"),
    path("<int:pk>/export/", log_views.encounter_export, name="export"),
    path("<int:pk>/verify/", log_views.encounter_verify, name="verify"),
    path("<int:pk>/act/", views.encounter_act, name="act"),
    path("<int:pk>/odds/", views.encounter_odds, name="odds"),
    path("<int:pk>/combatants/", views.combatant_add, name="combatant_add"),
    path("<int:pk>/combatants/<int:cid>/remove/", views.combatant_remove, name="combatant_remove"),
    path("<int:pk>/undo/", views.encounter_undo, name="undo"),
    path("<int:pk>/settings/", views.encounter_settings, name="settings"),
    path("<int:pk>/reveal/", views.encounter_reveal, name="reveal"),
    path("<int:pk>/standing-orders/<int:cid>/", order_views.order_save, name="order_save"),
    path("<int:pk>/standing-orders/<int:cid>/remove/", order_views.order_remove, name="order_remove"),
    path("<int:pk>/standing-orders/<int:cid>/fields/", order_views.order_fields, name="order_fields"),
    path("<int:pk>/standing-orders/", order_views.orders_panel, name="orders_panel"),
    path("<int:pk>/nudge/", order_views.nudge, name="nudge"),
]
