from django.urls import include, path

from . import views

app_name = "campaigns"

urlpatterns = [
    path("", views.campaign_list, name="campaign_list"),
    path("new/", views.campaign_create, name="campaign_create"),
    path("join/", views.campaign_join, name="campaign_join"),
    path("<int:pk>/", views.campaign_detail, name="campaign_detail"),
    path("<int:pk>/rename/", views.campaign_rename, name="campaign_rename"),
    path("<int:pk>/invite/regenerate/", views.campaign_regenerate_invite, name="campaign_regenerate_invite"),
    path("<int:pk>/leave/", views.campaign_leave, name="campaign_leave"),
    path("", include("campaigns.tracking.urls")),
]
