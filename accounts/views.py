"""Sign up, log in and log out in the browser."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from epic20site.views import ratelimited

from . import services, throttle
from .forms import LoginForm, SignupForm


class LoginView(auth_views.LoginView):
    """Django's login page, with failed attempts throttled (see `accounts.throttle`)."""

    template_name = "accounts/login.html"
    authentication_form = LoginForm
    redirect_authenticated_user = True

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


class LogoutView(auth_views.LogoutView):
    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        messages.info(request, _("Has cerrado la sesión."))
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
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = services.user_create(
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password1"],
            email=form.cleaned_data.get("email", ""),
        )
        login(request, user, backend="accounts.backends.NormalisedNameBackend")
        messages.success(
            request, _("Te damos la bienvenida, %(name)s. Tu cuenta está lista.") % {"name": user.username}
        )
        return redirect(_safe_next(request))
    return render(request, "accounts/signup.html", {"form": form, "next": request.GET.get("next", "")})
