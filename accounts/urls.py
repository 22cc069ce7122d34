from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("", views.account, name="account"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("signup/", views.signup, name="signup"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("token/", views.token_create, name="token_create"),
    path("token/revoke/", views.token_revoke, name="token_revoke"),
]
