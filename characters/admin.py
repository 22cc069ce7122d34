"""Characters in the admin: for site staff fixing data by hand. Players and GMs use the pages."""

from django.contrib import admin

from .models import Award, Character, Waiver


class AwardInline(admin.TabularInline):
    model = Award
    extra = 0
    raw_id_fields = ("awarded_by",)


class WaiverInline(admin.TabularInline):
    model = Waiver
    extra = 0
    raw_id_fields = ("created_by", "campaign")


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "level", "archetype", "campaign", "updated_at")
    list_select_related = ("owner", "campaign")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner", "campaign")
    inlines = (AwardInline, WaiverInline)
