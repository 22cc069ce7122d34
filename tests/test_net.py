from django.test import RequestFactory

from epic20site.net import client_ip


def test_client_address_is_the_socket_peer_without_trusted_proxies(settings):
    settings.TRUSTED_PROXY_COUNT = 0
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert client_ip(request) == "10.0.0.9"


def test_client_address_is_read_from_the_right_behind_one_trusted_proxy(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7")
    assert client_ip(request) == "203.0.113.7"


def test_a_short_forwarded_header_falls_back_to_the_socket_peer(settings):
    settings.TRUSTED_PROXY_COUNT = 2
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert client_ip(request) == "10.0.0.1"
