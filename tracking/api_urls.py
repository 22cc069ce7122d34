from django.urls import path

from . import api

app_name = "tracking_api"

urlpatterns = [
    path("campaigns/<int:pk>/partidas/", api.PartidaListAPI.as_view(), name="partida-list"),
    path("campaigns/<int:pk>/partidas/<int:pid>/", api.PartidaDetailAPI.as_view(), name="partida-detail"),
    path("campaigns/<int:pk>/partidas/<int:pid>/close/", api.PartidaCloseAPI.as_view(), name="partida-close"),
    path("campaigns/<int:pk>/scenes/", api.SceneAPI.as_view(), name="scene-new"),
    path("campaigns/<int:pk>/characters/<int:cid>/standing/", api.StandingAPI.as_view(), name="standing"),
    path("campaigns/<int:pk>/journal/", api.JournalListAPI.as_view(), name="journal-list"),
    path("campaigns/<int:pk>/journal/<int:eid>/", api.JournalEntryAPI.as_view(), name="journal-detail"),
]
