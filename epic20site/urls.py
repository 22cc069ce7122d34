from django.contrib import admin
from django.urls import include, path

from . import views
from .schema_view import SchemaView

api_v1 = [
    path("", include("notifications.api_urls")),
    path("", include("tables.api_urls")),
    path("auth/", include("accounts.api_urls")),
    path("rules/", include("epic20site.catalogue_urls")),
    path("", include("campaigns.api_urls")),
    path("", include("tracking.api_urls")),
    path("", include("characters.api_urls")),
    path("schema/", SchemaView.as_view(), name="schema"),
    path("docs/", views.api_docs, name="api-docs"),
    path("", include("combat.api_urls")),
]

urlpatterns = [
    path("", include("campaigns.home_urls")),
    path("healthz", views.healthz, name="healthz"),
    path("", include("notifications.pwa_urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("accounts.urls")),
    path("campaigns/", include("campaigns.urls")),
    path("campaigns/", include("tracking.urls")),
    path("campaigns/", include("combat.system_urls")),
    path("characters/", include("characters.urls")),
    # Before the admin's own routes: its login shares the site's failed-login throttle.
    path("admin/login/", include("accounts.admin_urls")),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("encounters/", include("combat.urls")),
    path("notifications/", include("notifications.urls")),
    path("mesas/", include("tables.urls")),
]

# Under /api/ these answer the error envelope; elsewhere the site's pages (epic20site.views).
handler400 = "epic20site.views.bad_request"
handler403 = "epic20site.views.permission_denied"
handler404 = "epic20site.views.page_not_found"
handler500 = "epic20site.views.server_error"
