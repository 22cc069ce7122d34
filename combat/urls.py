app_name = "combat"

urlpatterns: list = []
