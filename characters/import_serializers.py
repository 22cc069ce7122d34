"""The shapes of "Bring your characters" in the OpenAPI schema (docs/api.md): the multipart
request, the import report, the stored character with its report, and the dry run's preview."""

from __future__ import annotations

import copy

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from epic20site.schema import documented

from .importers import SITE_FORMAT, import_formats
from .serializers import (
    ProblemSerializer,
    ReportDerivedSerializer,
    StoredSheetSerializer,
)
from .sheet_schemas import _components

FILE_FORMATS = sorted(import_formats())
SOURCES = [SITE_FORMAT, *FILE_FORMATS]


def _one_of(values: list[str], description: str) -> dict:
    # A pattern, not an enum: the generator would name an enum after the field and collide.
    return {"type": "string", "pattern": "^(" + "|".join(values) + ")$", "description": description}


@extend_schema_field(_one_of(FILE_FORMATS, "The file's format: " + ", ".join(FILE_FORMATS) + "."))
class FileFormatField(serializers.CharField):
    pass


@extend_schema_field(_one_of(SOURCES, "Where the sheet came from."))
class SourceField(serializers.CharField):
    pass


class ImportFileSerializer(serializers.Serializer):
    """`multipart/form-data`: a file of another tool and its format."""

    file = serializers.FileField(
        help_text="The file: a Hero Designer 6E .hdc (XML, UTF-16 with a byte-order mark or UTF-8) "
        "or a Foundry Anima Beyond Fantasy actor (JSON); at most DATA_UPLOAD_MAX_MEMORY_SIZE bytes (413)."
    )
    format = FileFormatField()
    campaign = serializers.IntegerField(required=False, help_text="Id of a campaign you belong to.")


class ImportNoteSerializer(serializers.Serializer):
    item = serializers.CharField(help_text="The thing in the file, as the file names it.")
    why = serializers.CharField(help_text="Why it was approximated or skipped (the request's language).")


class ImportReportSerializer(serializers.Serializer):
    """What became of each thing in the file: nothing is dropped without a line saying so."""

    source = SourceField()
    imported = serializers.ListField(child=serializers.CharField(), help_text="Taken as they are.")
    approximated = ImportNoteSerializer(many=True, help_text="Taken, changed to fit the sheet.")
    skipped = ImportNoteSerializer(many=True, help_text="Not taken: the sheet has no place for them.")


class ImportedCharacterSerializer(serializers.Serializer):
    """The character created, as `GET /characters/{id}/` answers it, plus `import_report`."""


_IMPORTED: dict[str, type] = {}


def _imported(slug: str, character: dict, report_ref: dict) -> type:
    """`<Slug>ImportedCharacter`: the system's stored character plus `import_report`."""
    if slug not in _IMPORTED:
        schema = copy.deepcopy(character)
        schema["properties"]["import_report"] = report_ref
        schema["required"] = sorted({*schema.get("required", ()), "import_report"})
        schema["description"] = "The character created from the file, and the import report."
        _IMPORTED[slug] = documented(f"{slug[:1].upper()}{slug[1:]}ImportedCharacter", schema)
    return _IMPORTED[slug]


class ImportedCharacterSchema(OpenApiSerializerExtension):
    target_class = ImportedCharacterSerializer

    def map_serializer(self, auto_schema, direction):
        report = auto_schema.resolve_serializer(ImportReportSerializer, direction).ref
        components = {
            slug: auto_schema.resolve_serializer(_imported(slug, component.schema, report), direction)
            for slug, component in _components(auto_schema, "character", direction).items()
        }
        return {
            "oneOf": [c.ref for c in components.values()],
            "discriminator": {
                "propertyName": "system",
                "mapping": {slug: c.ref["$ref"] for slug, c in components.items()},
            },
        }


class ImportPreviewSerializer(serializers.Serializer):
    """`?dry_run=true`: the sheet the file would make, its check and the report; nothing created."""

    sheet = StoredSheetSerializer(help_text="The sheet it would store.")
    valid = serializers.BooleanField()
    errors = ProblemSerializer(many=True)
    warnings = ProblemSerializer(many=True)
    derived = ReportDerivedSerializer()
    import_report = ImportReportSerializer()
