"""The API's request parsers. Kept apart from `epic20site.api`: DRF reads its default parser
classes while importing `rest_framework.views`, which `epic20site.api` itself imports."""

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.parsers import JSONParser


class JSONBodyParser(JSONParser):
    """JSON that nests too deeply for Python's parser is bad input (400), not a crash. The
    default parser of every endpoint (settings.REST_FRAMEWORK)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError(_("El JSON está anidado demasiado profundo.")) from None
