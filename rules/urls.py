"""Routes of the rules catalogues, mounted at `/api/v1/rules/` (docs/api.md, "Rules catalogue")."""

from django.urls import path

from . import api

urlpatterns = [
    path("", api.SystemListAPI.as_view(), name="rules-systems"),
    path("epic20/catalogue/", api.Epic20CatalogueAPI.as_view(), name="rules-epic20-catalogue"),
    path("<slug:slug>/catalogue/", api.CatalogueAPI.as_view(), name="rules-catalogue"),
]
