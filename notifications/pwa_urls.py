"""The web app's manifest and service worker, mounted at the site's root by `epic20site.urls`
(a service worker controls only what lies under its own address)."""

from django.urls import path

from . import pwa

urlpatterns = [
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service-worker"),
]
