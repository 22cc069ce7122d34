from django.urls import path

from . import unsubscribe

app_name = "notifications"

urlpatterns = [path("unsubscribe/<str:token>/", unsubscribe.unsubscribe, name="unsubscribe")]
