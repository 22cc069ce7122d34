from django.urls import include, path

from . import api

app_name = "campaigns_api"

urlpatterns = [
    path("campaigns/", api.CampaignListAPI.as_view(), name="campaign-list"),
    path("campaigns/<int:pk>/", api.CampaignDetailAPI.as_view(), name="campaign-detail"),
    path("campaigns/<int:pk>/members/", api.CampaignMembersAPI.as_view(), name="campaign-members"),
    path("campaigns/<int:pk>/join/", api.CampaignJoinAPI.as_view(), name="campaign-join"),
    path("campaigns/<int:pk>/leave/", api.CampaignLeaveAPI.as_view(), name="campaign-leave"),
    path(
        "campaigns/<int:pk>/invite/regenerate/",
        api.CampaignRegenerateInviteAPI.as_view(),
        name="campaign-invite-regenerate",
    ),
    path("", include("campaigns.tracking.api_urls")),
]
