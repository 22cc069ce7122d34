from django.contrib import admin

from .models import Campaign, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]
    readonly_fields = ["joined_at"]


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "system", "gm", "created_at"]
    list_filter = ["system"]
    search_fields = ["name", "gm__username", "invite_code"]
    list_select_related = ["gm"]
    autocomplete_fields = ["gm"]
    readonly_fields = ["created_at"]
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["campaign", "user", "role", "joined_at"]
    list_filter = ["role"]
    search_fields = ["campaign__name", "user__username"]
    list_select_related = ["campaign", "user"]
    autocomplete_fields = ["campaign", "user"]
    readonly_fields = ["joined_at"]
