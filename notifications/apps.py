from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Notificaciones"

    def ready(self):
        from accounts.signals import account_created
        from combat.signals import action_committed, deadline_notice

        from . import combat_hooks, preferences

        account_created.connect(preferences.new_account_defaults, dispatch_uid="notifications.new_account")
        action_committed.connect(combat_hooks.on_action_committed, dispatch_uid="notifications.action")
        deadline_notice.connect(combat_hooks.on_deadline_notice, dispatch_uid="notifications.deadline")
