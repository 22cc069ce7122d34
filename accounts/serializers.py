from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from epic20site.api import StrictCharField, StrictSerializer

from .models import Profile
from .names import canonical, name_taken
from .validators import UsernameValidator

# Long enough for any passphrase, short enough that nobody makes the server hash a megabyte.
PASSWORD_MAX_LENGTH = 4096
USERNAME_MAX_LENGTH = get_user_model()._meta.get_field("username").max_length


class RegisterInputSerializer(StrictSerializer):
    username = StrictCharField(
        max_length=USERNAME_MAX_LENGTH,
        validators=[UsernameValidator()],
        help_text="Latin letters (accented ones and ñ included), digits and @/./+/-/_ only, as typed; "
        "case-insensitively unique.",
    )
    password = StrictCharField(
        max_length=PASSWORD_MAX_LENGTH,
        trim_whitespace=False,
        write_only=True,
        help_text="Checked by the site's password validators (length, common, numeric, similarity).",
    )
    email = serializers.EmailField(required=False, allow_blank=True, max_length=254)
    language = serializers.ChoiceField(
        choices=Profile.Language.choices,
        required=False,
        help_text="The language messages to the account are written in; by default the request's "
        "(`Accept-Language`), else Spanish.",
    )

    def validate_username(self, value):
        # Same rule as the signup page: neither "Director" nor "ＤＩＲＥＣＴＯＲ" may register
        # next to "director" (accounts/names.py).
        value = canonical(value)
        if name_taken(value):
            raise serializers.ValidationError(_("Ese nombre de usuario ya está en uso."), code="unique")
        return value

    def validate(self, attrs):
        user = get_user_model()(username=attrs["username"], email=attrs.get("email", ""))
        try:
            password_validation.validate_password(attrs["password"], user)
        except DjangoValidationError as exc:
            raise serializers.ValidationError(
                {
                    "password": [
                        ErrorDetail(message, code=error.code or "invalid")
                        for error in exc.error_list
                        for message in error.messages
                    ]
                }
            ) from None
        return attrs


class UserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class RegisterOutputSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")
    user = UserSerializer()


class TokenInputSerializer(StrictSerializer):
    username = StrictCharField(max_length=USERNAME_MAX_LENGTH)
    password = StrictCharField(max_length=PASSWORD_MAX_LENGTH, trim_whitespace=False, write_only=True)


class TokenOutputSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.EmailField(allow_blank=True)
    campaigns = serializers.IntegerField(help_text="Campaigns you direct or play in.")
    language = serializers.ChoiceField(
        choices=Profile.Language.choices,
        help_text="The language every message to you (e-mail, push, webhook) is written in.",
    )


class MePatchSerializer(StrictSerializer):
    language = serializers.ChoiceField(
        choices=Profile.Language.choices,
        help_text="The language every message to you (e-mail, push, webhook) is written in.",
    )
