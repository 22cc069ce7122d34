from django.urls import path

from . import api

urlpatterns = [
    path("auth/me/notifications/", api.NotificationPreferencesAPI.as_view(), name="notifications-me"),
    path("campaigns/<int:pk>/webhook/", api.TableWebhookAPI.as_view(), name="table-webhook"),
]
