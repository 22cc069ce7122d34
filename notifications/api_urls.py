from django.urls import path

from . import api

urlpatterns = [
    path("auth/me/notifications/", api.NotificationPreferencesAPI.as_view(), name="notifications-me")
]
