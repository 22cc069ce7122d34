from django.urls import path

from . import api

app_name = "tables_api"

urlpatterns = [
    path("tables/", api.TableListAPI.as_view(), name="table-list"),
    path("tables/<int:pk>/", api.TableDetailAPI.as_view(), name="table-detail"),
    path("tables/<int:pk>/applications/", api.TableApplyAPI.as_view(), name="table-apply"),
    path(
        "campaigns/<int:pk>/applications/",
        api.CampaignApplicationListAPI.as_view(),
        name="campaign-application-list",
    ),
    path(
        "campaigns/<int:pk>/applications/<int:aid>/",
        api.CampaignApplicationDecideAPI.as_view(),
        name="campaign-application-decide",
    ),
    path("auth/me/applications/", api.MyApplicationListAPI.as_view(), name="my-application-list"),
    path(
        "auth/me/applications/<int:aid>/", api.MyApplicationDetailAPI.as_view(), name="my-application-detail"
    ),
]
