from django.urls import path

from . import api, api_details, import_api

urlpatterns = [
    path("characters/", api.CharacterListCreateView.as_view(), name="api-character-list"),
    path("characters/validate/", api.CharacterValidateView.as_view(), name="api-character-validate"),
    path("characters/import/", import_api.CharacterImportView.as_view(), name="api-character-import"),
    path("characters/<int:pk>/", api.CharacterDetailView.as_view(), name="api-character-detail"),
    path("characters/<int:pk>/export/", api.CharacterExportView.as_view(), name="api-character-export"),
    path(
        "characters/<int:pk>/duplicate/", api.CharacterDuplicateView.as_view(), name="api-character-duplicate"
    ),
    path("characters/<int:pk>/awards/", api.CharacterAwardListView.as_view(), name="api-character-awards"),
    path(
        "characters/<int:pk>/awards/<int:aid>/",
        api_details.CharacterAwardDetailView.as_view(),
        name="api-character-award-detail",
    ),
    path("characters/<int:pk>/waivers/", api.CharacterWaiverListView.as_view(), name="api-character-waivers"),
    path(
        "characters/<int:pk>/waivers/<int:wid>/",
        api_details.CharacterWaiverDetailView.as_view(),
        name="api-character-waiver-detail",
    ),
]
