from django.urls import path

from . import views

app_name = "tracking"

urlpatterns = [
    path("<int:pk>/partidas/open/", views.partida_open, name="partida_open"),
    path("<int:pk>/partidas/<int:pid>/close/", views.partida_close, name="partida_close"),
    path("<int:pk>/scenes/new/", views.scene_new, name="scene_new"),
    path("<int:pk>/encounters/<int:eid>/deadline/", views.encounter_deadline, name="encounter_deadline"),
    path("<int:pk>/journal/", views.journal_page, name="journal"),
    path("<int:pk>/journal/post/", views.journal_post, name="journal_post"),
    path("<int:pk>/journal/<int:eid>/edit/", views.journal_edit, name="journal_edit"),
]
