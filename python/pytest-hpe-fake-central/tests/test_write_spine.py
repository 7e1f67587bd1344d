"""An example write-spine test: plan -> confirm -> write -> read-back -> check_state.

What a server's write tool does, driven here with httpx and the production URLs (through
fake_central_env): read the current state and plan the change, touch nothing until the change
is confirmed, write it, read it back, and let the fake judge the end state, collateral included.
"""

from __future__ import annotations

from typing import Any

import httpx

from hpe_fake_central import FakeCentral

CENTRAL = "https://us4.api.central.arubanetworks.com"
SSIDS = "/network-config/v1alpha1/wlan-ssids"
GUEST_OFF = {"collection": "wlan-ssids", "where": {"essid.name": "Guest"}, "fields": {"enable": False}}


def client(fake: FakeCentral) -> httpx.Client:
    token = httpx.post(
        "https://sso.common.cloud.hpe.com/as/token.oauth2",
        data={
            "grant_type": "client_credentials",
            "client_id": fake.client_id,
            "client_secret": fake.client_secret,
        },
    ).json()["access_token"]
    return httpx.Client(base_url=CENTRAL, headers={"Authorization": f"Bearer {token}"})


def plan(api: httpx.Client, ssid: str, enable: bool) -> dict[str, Any]:
    current = api.get(f"{SSIDS}/{ssid}").raise_for_status().json()
    return {"ssid": ssid, "from": current["enable"], "to": enable}


def test_disable_the_guest_ssid(fake_central_env: FakeCentral) -> None:
    with client(fake_central_env) as api:
        change = plan(api, "Guest", enable=False)
        assert change == {"ssid": "Guest", "from": True, "to": False}
        # Before confirmation: reads only, nothing changed.
        assert fake_central_env.calls(kind="write") == []
        assert fake_central_env.state()["changes"] == []

        confirmed = True  # the user said yes
        assert confirmed
        api.patch(f"{SSIDS}/Guest", json={"enable": change["to"]}).raise_for_status()

        back = api.get(f"{SSIDS}/Guest").raise_for_status().json()
        assert back["enable"] is False

    [write] = fake_central_env.calls(kind="write")
    assert (write["method"], write["path"], write["status"]) == ("PATCH", f"{SSIDS}/Guest", 200)
    verdict = fake_central_env.check_state(
        [GUEST_OFF, {"collection": "wlan-ssids", "where": {"essid.name": "Corp-Secure"}, "unchanged": True}]
    )
    assert verdict == {"passed": True, "failures": [], "collateral": []}
    [changed] = fake_central_env.state()["changes"]
    assert (changed["collection"], changed["change"], changed["fields"]) == ("wlan-ssids", "modified", ["enable"])


def test_a_write_that_does_more_than_asked_is_collateral(fake_central_env: FakeCentral) -> None:
    with client(fake_central_env) as api:
        api.patch(f"{SSIDS}/Guest", json={"enable": False, "hide-ssid": True}).raise_for_status()
    verdict = fake_central_env.check_state([GUEST_OFF])
    assert verdict["passed"] is False
    assert verdict["failures"] == []
    assert verdict["collateral"] == [
        {"collection": "wlan-ssids", "item": "ssid=Guest", "change": "modified", "fields": ["hide-ssid"]}
    ]


def test_each_test_starts_from_the_bundle(fake_central: FakeCentral) -> None:
    assert fake_central.state()["changes"] == []
    assert fake_central.check_state([{"collection": "wlan-ssids", "unchanged": True}])["passed"]
