from django.urls import path

from . import api, push_api

urlpatterns = [
    path("auth/me/notifications/", api.NotificationPreferencesAPI.as_view(), name="notifications-me"),
    path("campaigns/<int:pk>/webhook/", api.TableWebhookAPI.as_view(), name="table-webhook"),
    path("push/key/", push_api.PushKeyAPI.as_view(), name="push-key"),
    path("auth/me/push-subscriptions/", push_api.PushSubscriptionsAPI.as_view(), name="push-subscriptions"),
    path(
        "auth/me/push-subscriptions/<int:pk>/",
        push_api.PushSubscriptionAPI.as_view(),
        name="push-subscription",
    ),
]
