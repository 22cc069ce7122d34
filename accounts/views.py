"""Sign up, log in and out, the account page and its API token, in the browser."""

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render, resolve_url
from django.urls import reverse_lazy
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST
from rest_framework.authtoken.models import Token

from epic20site.compression import shows_secret
from epic20site.errors import DomainError
from epic20site.pages import ratelimited, signup_throttled_message

from . import services, throttle
from .forms import LoginForm, SignupForm


class LoginView(auth_views.LoginView):
    """Django's login page, with failed attempts throttled (see `accounts.throttle`)."""

    template_name = "accounts/login.html"
    authentication_form = LoginForm
    # Opening the page while logged in goes on to the site; posting another account's name and
    # password switches to that account (Django's `login` starts a fresh session for it).
    redirect_authenticated_user = False

    def get(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            return redirect(self.get_success_url())
        return super().get(request, *args, **kwargs)

    def post(self, request, *args, **kwargs):
        if throttle.login_blocked(request, request.POST.get("username", "")):
            return ratelimited(request)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        username, password = form.data.get("username", ""), form.data.get("password", "")
        # Only a checked and refused password is a failed login; an empty field is a typo.
        if username and password and throttle.login_failed(self.request, username):
            return ratelimited(self.request)
        return super().form_invalid(form)


@sensitive_post_parameters("password")
@never_cache
def admin_login(request, extra_context=None):
    """The admin's login page, throttled with the same counters as the site's own login: a
    second door must not be a way round the first one's limit."""
    if request.method != "POST":
        return admin.site.login(request, extra_context)
    username, password = request.POST.get("username", ""), request.POST.get("password", "")
    if throttle.login_blocked(request, username):
        return ratelimited(request)
    response = admin.site.login(request, extra_context)
    # The admin answers a refused login by showing its form again (200); a success redirects.
    refused = response.status_code == 200 and username and password
    if refused and throttle.login_failed(request, username):
        return ratelimited(request)
    return response


class LogoutView(auth_views.LogoutView):
    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        messages.info(request, _("Has cerrado la sesión."))
        return response


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change; the new password also retires the API token
    (`accounts.signals`). A wrong old password counts as a failed login of the account, with the
    login's own counters (`accounts.throttle`): a borrowed session cannot guess it without limit."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:account")

    def post(self, request, *args, **kwargs):
        if throttle.login_blocked(request, request.user.get_username()):
            return ratelimited(request)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        wrong_old = form.has_error("old_password", "password_incorrect")
        if wrong_old and throttle.login_failed(self.request, self.request.user.get_username()):
            return ratelimited(self.request)
        return super().form_invalid(form)

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Contraseña cambiada. Tu token de la API se ha revocado."))
        return response


def _safe_next(request) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return resolve_url(settings.LOGIN_REDIRECT_URL)


@sensitive_post_parameters("password1", "password2")
@csrf_protect
@never_cache
@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect(settings.LOGIN_REDIRECT_URL)
    if request.method == "POST" and throttle.signup_throttled(request):
        return ratelimited(request, message=signup_throttled_message())
    form = SignupForm(request.POST or None)
    user = _signed_up(form) if request.method == "POST" and form.is_valid() else None
    if user is not None:
        login(request, user, backend="accounts.backends.NormalisedNameBackend")
        messages.success(
            request, _("Te damos la bienvenida, %(name)s. Tu cuenta está lista.") % {"name": user.username}
        )
        return redirect(_safe_next(request))
    # A refused sign-up keeps where it leads (an invite link, say) for the next try.
    next_url = request.POST.get("next") or request.GET.get("next", "")
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


def _signed_up(form: SignupForm):
    """The new account, or None with the name refused beside its field: another sign-up took
    the same name (up to case) between the form's check and the write."""
    try:
        return services.user_create(
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password1"],
            email=form.cleaned_data.get("email", ""),
            language=translation.get_language(),
        )
    except DomainError as exc:
        form.add_error("username", exc.message)
        return None


@shows_secret
@login_required
@never_cache
@require_http_methods(["GET"])
def account(request):
    """The player's account: their API token, masked, with buttons to create or revoke it."""
    token = Token.objects.filter(user=request.user).first()
    context = {"token": token, "masked": services.masked(token.key) if token else ""}
    return render(request, "accounts/account.html", context)


@shows_secret
@login_required
@never_cache
@require_POST
def token_create(request):
    """A new API token, shown once in full; any earlier token stops working."""
    token = services.token_rotate(user=request.user)
    return render(
        request,
        "accounts/account.html",
        {"token": token, "masked": services.masked(token.key), "new_key": token.key},
    )


@login_required
@require_POST
def token_revoke(request):
    if services.token_revoke(user=request.user):
        messages.success(request, _("Token revocado: ya no abre la API."))
    return redirect("accounts:account")
