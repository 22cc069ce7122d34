from django.urls import path

from . import api

app_name = "accounts_api"

urlpatterns = [
    path("register/", api.RegisterAPI.as_view(), name="register"),
    path("token/", api.TokenAPI.as_view(), name="token"),
    path("me/", api.MeAPI.as_view(), name="me"),
]
