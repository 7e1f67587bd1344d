"""The fixtures themselves: attributes, reset between tests, env, marker, calls filters."""

from __future__ import annotations

import contextlib
import os
import ssl
import urllib.request
from typing import Any, Iterator

import pytest

from hpe_fake_central import FakeCentral, FakeCentralControlError

TOKEN_URL = "https://sso.common.cloud.hpe.com/as/token.oauth2"


def token(fake: FakeCentral) -> str:
    import requests

    res = requests.post(
        TOKEN_URL,
        data={
            "grant_type": "client_credentials",
            "client_id": fake.client_id,
            "client_secret": fake.client_secret,
        },
        timeout=30,
    )
    res.raise_for_status()
    return str(res.json()["access_token"])


def test_attributes_describe_a_running_fake(fake_central: FakeCentral) -> None:
    assert fake_central.url.startswith("http://127.0.0.1:")
    assert fake_central.proxy_url == fake_central.url
    assert os.path.exists(fake_central.ca_cert_path)
    assert fake_central.client_id and fake_central.client_secret and fake_central.workspace_id
    assert fake_central.env["HTTPS_PROXY"] == fake_central.proxy_url
    assert fake_central.env["REQUESTS_CA_BUNDLE"] == fake_central.ca_cert_path
    assert fake_central.bundle["id"] == "site-a"
    assert fake_central.calls() == []
    # CI runs these once with node on PATH and once with it hidden (the wheel's node).
    expected = os.environ.get("EXPECT_NODE_FROM")
    if expected:
        assert fake_central.node.endswith(f"({expected})"), fake_central.node


def test_fake_central_env_sets_the_environment(fake_central_env: FakeCentral) -> None:
    for name, value in fake_central_env.env.items():
        assert os.environ[name] == value
    # requests picks the proxy and the CA up from the environment alone.
    assert token(fake_central_env)
    assert [c["host"] for c in fake_central_env.calls(kind="auth")] == ["sso.common.cloud.hpe.com"]


def test_the_environment_is_restored_and_the_log_reset(fake_central: FakeCentral) -> None:
    assert os.environ.get("HTTPS_PROXY") != fake_central.proxy_url
    assert fake_central.calls() == []


def test_plain_http_to_the_url_needs_no_environment(fake_central: FakeCentral) -> None:
    import httpx

    with httpx.Client(base_url=fake_central.url, trust_env=False) as client:
        access = client.post(
            "/as/token.oauth2",
            data={
                "grant_type": "client_credentials",
                "client_id": fake_central.client_id,
                "client_secret": fake_central.client_secret,
            },
        ).json()["access_token"]
        res = client.get(
            "/network-monitoring/v1/clients",
            params={"limit": 2},
            headers={"Authorization": f"Bearer {access}"},
        )
    assert res.status_code == 200
    assert len(res.json()["items"]) == 2
    assert fake_central.calls(path="GET /network-monitoring/v1/*")[0]["query"] == {"limit": "2"}
    assert fake_central.calls(method="POST") == fake_central.calls(kind="auth")


def test_a_bad_endpoint_pattern_is_the_matchers_error(fake_central: FakeCentral) -> None:
    with pytest.raises(FakeCentralControlError) as caught:
        fake_central.calls(path="get /x")
    assert caught.value.code == "FAKE_CONTROL_BAD_QUERY"
    assert caught.value.hint == "write GET"


@pytest.mark.fake_central(fixture="campus-b")
def test_the_marker_picks_the_bundle(fake_central: FakeCentral) -> None:
    assert fake_central.bundle["id"] == "campus-b"


def test_the_next_test_is_back_on_the_default(fake_central: FakeCentral) -> None:
    assert fake_central.bundle["id"] == "site-a"


@contextlib.contextmanager
def _client(fake_central: FakeCentral) -> Iterator[Any]:
    """An httpx client on the fake's URL with a bearer token of its credentials."""
    import httpx

    with httpx.Client(base_url=fake_central.url, trust_env=False) as client:
        access = client.post(
            "/as/token.oauth2",
            data={
                "grant_type": "client_credentials",
                "client_id": fake_central.client_id,
                "client_secret": fake_central.client_secret,
            },
        ).json()["access_token"]
        client.headers["Authorization"] = f"Bearer {access}"
        yield client


SSID = "/network-config/v1alpha1/wlan-ssids/Lab"
VALID = {"ssid": "Lab", "enable": True, "opmode": "WPA2_PERSONAL", "essid": {"name": "Lab"}}


@pytest.mark.parametrize(
    ("member", "value", "message"),
    [
        ("opmode", "NOT_A_MODE", "/opmode must be one of OPEN,"),
        ("enable", "yes", "/enable must be boolean (got string)"),
        ("essid", 12345, "/essid must be object (got integer)"),
    ],
)
def test_a_write_the_documents_forbid_is_refused_and_changes_nothing(
    fake_central: FakeCentral, member: str, value: Any, message: str
) -> None:
    with _client(fake_central) as client:
        res = client.post(SSID, json={**VALID, member: value})
        assert res.status_code == 400
        body = res.json()
        assert body["errorCode"] == "ERR_AP001"
        assert message in body["message"]
        assert client.get(SSID).status_code == 404
    assert fake_central.state()["changes"] == []
    [refused] = [c for c in fake_central.calls(method="POST") if "refused" in c]
    assert refused["refused"]["at"] == f"body:/{member}"


@pytest.mark.parametrize("path", ["clients", "top-aps-by-wireless-usage"])
def test_an_unknown_query_parameter_is_refused(fake_central: FakeCentral, path: str) -> None:
    with _client(fake_central) as client:
        res = client.get(f"/network-monitoring/v1/{path}", params={"bogus-param": 1})
    assert res.status_code == 400
    assert res.json()["errorCode"] == "HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER"
    assert res.json()["message"] == "Unknown query parameter: bogus-param"


def test_a_valid_write_round_trips(fake_central: FakeCentral) -> None:
    with _client(fake_central) as client:
        assert client.post(SSID, json=VALID).status_code == 200
        assert client.get(SSID).json() == VALID


@pytest.mark.fake_central(validation="lenient")
def test_the_marker_makes_the_fake_lenient(fake_central: FakeCentral) -> None:
    with _client(fake_central) as client:
        res = client.get("/network-monitoring/v1/clients", params={"bogus-param": 1})
        assert res.status_code == 200


def test_the_next_test_checks_requests_again(fake_central: FakeCentral) -> None:
    with _client(fake_central) as client:
        res = client.get("/network-monitoring/v1/clients", params={"bogus-param": 1})
        assert res.status_code == 400


def test_urllib_through_the_proxy_trusts_the_ca(fake_central: FakeCentral) -> None:
    import urllib.error

    context = ssl.create_default_context(cafile=fake_central.ca_cert_path)
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({"https": fake_central.proxy_url}),
        urllib.request.HTTPSHandler(context=context),
    )
    url = "https://us1.api.central.arubanetworks.com/network-monitoring/v1/clients"
    with pytest.raises(urllib.error.HTTPError) as caught:
        opener.open(url, timeout=30)
    assert caught.value.code == 401  # TLS verified against the fake's CA; no token sent
    [call] = fake_central.calls()
    assert (call["host"], call["status"]) == ("us1.api.central.arubanetworks.com", 401)
