"""Which URLs a webhook may point at (`notifications.webhook_address`, `epic20site.net`): https to
a plainly global unicast address, nothing else. Every form below is refused when saved; none
needs the network (addresses written out, or numeric forms the system's resolver reads itself,
and `localhost` from the hosts file)."""

from __future__ import annotations

import ipaddress

import pytest

from epic20site.net import is_global_unicast
from notifications.webhook_address import WebhookRefused, check_webhook_url
from tests.factories import UserFactory
from tests.notifications.test_preferences_api import URL, choices, client_for, codes, send

pytestmark = pytest.mark.django_db

IPV4_NOT_GLOBAL = [
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "10.255.255.254",
    "100.64.0.1",  # shared address space
    "100.100.100.200",  # a cloud's metadata address, in it
    "100.127.255.254",
    "127.0.0.1",
    "127.1.2.3",
    "169.254.0.1",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.254",
    "192.0.0.1",
    "192.0.0.170",
    "192.0.0.171",
    "192.0.2.1",  # documentation
    "192.88.99.1",  # 6to4 relays
    "192.168.0.1",
    "192.168.255.254",
    "198.18.0.1",
    "198.19.255.254",
    "198.51.100.1",
    "203.0.113.1",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
]
IPV4_ODD_SPELLINGS = ["2130706433", "0x7f000001", "017700000001", "127.1", "0177.0.0.1", "10.1", "0"]
IPV6_NOT_GLOBAL = [
    "::",
    "::1",
    "::127.0.0.1",  # IPv4-compatible (the hole of issue 31)
    "::7f00:1",
    "::10.0.0.1",
    "::169.254.169.254",
    "::93.184.216.34",  # compatible form of a public IPv4 address: still not plainly global
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:93.184.216.34",  # mapped form of a public IPv4 address
    "::ffff:0:127.0.0.1",  # IPv4-translated
    "::ffff:0:93.184.216.34",
    "64:ff9b::7f00:1",  # NAT64
    "64:ff9b::93.184.216.34",
    "64:ff9b:1::1",
    "100::1",  # discard
    "2001::1",  # Teredo
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:2::1",  # benchmarking
    "2001:10::1",  # ORCHID
    "2001:20::1",
    "2001:db8::1",  # documentation
    "2001:db8:ffff::1",
    "2002::1",  # 6to4
    "2002:7f00:1::1",
    "2002:5db8:d822::1",
    "3fff::1",  # documentation (RFC 9637)
    "3fff:fff::1",
    "fc00::1",
    "fd00::1",
    "fd12:3456:789a::1",
    "fe80::1",
    "febf::1",
    "fec0::1",
    "feff::1",
    "ff00::1",
    "ff02::1",
    "ff0e::1",
    "4000::1",  # outside 2000::/3
    "8000::1",
    "e000::1",
]
OTHER_REFUSED = [
    "http://93.184.216.34/h",
    "ftp://93.184.216.34/h",
    "https://user@93.184.216.34/h",
    "https://user:pw@93.184.216.34/h",
    "https:///h",
    "https://93.184.216.34:port/h",
    "javascript:alert(1)",
    "https://localhost/h",
    "",
]


def url_of(address: str) -> str:
    return f"https://[{address}]/h" if ":" in address else f"https://{address}/h"


REFUSED = [url_of(a) for a in IPV4_NOT_GLOBAL + IPV4_ODD_SPELLINGS + IPV6_NOT_GLOBAL] + OTHER_REFUSED


def test_the_list_is_long():
    assert len(REFUSED) >= 80


@pytest.mark.parametrize("url", REFUSED)
def test_every_form_that_is_not_https_to_a_plainly_global_address_is_refused(settings, url):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    with pytest.raises(WebhookRefused):
        check_webhook_url(url)


@pytest.mark.parametrize("address", IPV4_NOT_GLOBAL + IPV6_NOT_GLOBAL)
def test_no_such_address_is_global_unicast(address):
    assert not is_global_unicast(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    "url",
    [
        "https://93.184.216.34/h",
        "https://8.8.8.8:8443/x?y=1",
        "https://[2606:4700:4700::1111]/h",
        "https://[2620:4f:8000::1]/h",
        "https://[2a00:1450:4001:80b::200e]/h",
    ],
)
def test_a_global_unicast_address_is_accepted(settings, url):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    check_webhook_url(url)


def test_the_api_refuses_an_ipv4_compatible_address_and_changes_nothing(settings):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    user = UserFactory()
    response = send(client_for(user), "PUT", URL, choices(webhook_url="https://[::127.0.0.1]/", digest=True))
    assert response.status_code == 400 and codes(response) == {"webhook_url.refused"}
