from django.urls import path

from . import import_views, rule_text_views, site_import_views, views

app_name = "characters"

urlpatterns = [
    path("", views.character_list, name="list"),
    path("new/", views.character_new, name="new"),
    path("import/", site_import_views.character_import, name="import"),
    path("import/<str:system>/", import_views.character_import_file, name="import_file"),
    path("rules/<str:system>/<str:kind>/", rule_text_views.rule_texts, name="rule_texts"),
    path("rules/<str:system>/<str:kind>/<str:slug>/", rule_text_views.rule_text, name="rule_text"),
    path("<int:pk>/", views.character_sheet, name="sheet"),
    path("<int:pk>/edit/", views.character_edit, name="edit"),
    path("<int:pk>/export/", views.character_export, name="export"),
    path("<int:pk>/duplicate/", views.character_duplicate, name="duplicate"),
    path("<int:pk>/delete/", views.character_delete, name="delete"),
    path("<int:pk>/campaign/", views.character_attach, name="attach"),
    path("<int:pk>/awards/", views.character_award, name="award"),
    path("<int:pk>/waivers/", views.character_waive, name="waive"),
    path("<int:pk>/waivers/<int:wid>/delete/", views.character_waiver_remove, name="waiver_remove"),
]
