"""The home page's route, mounted at the site's root by `epic20site.urls` (no namespace: `home`)."""

from django.urls import path

from .home import home

urlpatterns = [path("", home, name="home")]
