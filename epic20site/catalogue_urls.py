"""Routes of the rules catalogues, mounted at `/api/v1/rules/` (docs/api.md, "Rules catalogue")."""

from django.urls import path

from . import catalogue_api as api

urlpatterns = [
    path("", api.SystemListAPI.as_view(), name="rules-systems"),
    # A system that describes its catalogue itself has an operation of its own (its registration's
    # `catalogue_schema`); the others share one.
    *(
        path(f"{slug}/catalogue/", api.own_catalogue_view(slug, schema), name=f"rules-{slug}-catalogue")
        for slug, schema in api.own_catalogues().items()
    ),
    path("<slug:slug>/catalogue/", api.CatalogueAPI.as_view(), name="rules-catalogue"),
]
