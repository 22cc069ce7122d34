from django.urls import path

from . import views

app_name = "tables"

urlpatterns = [
    path("", views.directory, name="directory"),
    path("solicitudes/", views.my_applications, name="my_applications"),
    path("<int:pk>/", views.table_page, name="table"),
    path("<int:pk>/solicitar/", views.apply, name="apply"),
    path("<int:pk>/combates/<int:eid>/", views.public_fight, name="public_fight"),
    path("campana/<int:pk>/anuncio/", views.listing_edit, name="listing"),
    path("campana/<int:pk>/solicitudes/", views.applications, name="applications"),
    path("campana/<int:pk>/solicitudes/<int:aid>/", views.decide, name="decide"),
    path("campana/<int:pk>/solicitudes/<int:aid>/ficha/", views.applicant_sheet, name="applicant_sheet"),
    path("campana/<int:pk>/bloqueos/<int:uid>/quitar/", views.unblock, name="unblock"),
]
