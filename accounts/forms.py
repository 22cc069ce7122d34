from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from .names import name_taken
from .validators import UsernameValidator


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Correo electrónico"),
        required=False,
        help_text=_("Opcional. Solo para recuperar la cuenta."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update({"autocomplete": "username", "autofocus": True})
        # The site's rule (accounts/validators.py), not Django's wider one.
        self.fields["username"].help_text = _(
            "Hasta 150 caracteres: letras (con tildes y ñ), números y @ . + - _."
        )
        self.fields["email"].widget.attrs.update({"autocomplete": "email"})

    def clean_username(self):
        # Checked as typed, as the API does (the form's field has already given the NFKC form);
        # clashes are judged as the API does.
        UsernameValidator()(str(self.data.get(self.add_prefix("username"), "")))
        username = self.cleaned_data.get("username")
        if username and name_taken(username):
            raise forms.ValidationError(_("Ese nombre de usuario ya está en uso."), code="unique")
        return username


class LoginForm(AuthenticationForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update({"autocomplete": "username"})
