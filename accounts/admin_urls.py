"""The admin's login, mounted at `/admin/login/` before the admin's own routes by `epic20site.urls`:
it shares the site's failed-login throttle (`accounts.views.admin_login`)."""

from django.urls import path

from .views import admin_login

urlpatterns = [path("", admin_login, name="admin_login")]
