from django.urls import path

from . import inbox_views, unsubscribe, views

app_name = "notifications"

urlpatterns = [
    path("", inbox_views.notifications_page, name="notifications"),
    path("devices/<int:pk>/remove/", inbox_views.device_remove, name="device_remove"),
    path("unsubscribe/<str:token>/", unsubscribe.unsubscribe, name="unsubscribe"),
    path("campaigns/<int:pk>/webhook/", views.table_webhook, name="table_webhook"),
    path("campaigns/<int:pk>/webhook/rotate/", views.table_webhook_rotate, name="table_webhook_rotate"),
    path("campaigns/<int:pk>/webhook/delete/", views.table_webhook_delete, name="table_webhook_delete"),
]
