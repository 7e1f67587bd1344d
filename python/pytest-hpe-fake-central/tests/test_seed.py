"""Per-test world edits: a device added for one test is everywhere its site shows devices,
counts in its site's health, is not a change to the state, and is gone in the next test."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from test_write_spine import SSIDS, client

from hpe_fake_central import FakeCentral, FakeCentralControlError

SFO = "5563304806"
M = "/network-monitoring/v1"
TEST_AP = {"serialNumber": "TESTAP0001", "deviceType": "AP", "siteId": SFO, "deviceName": "SFO-AP-TEST"}


def serials(api: httpx.Client, path: str) -> list[str]:
    items = api.get(path, params={"limit": 1000}).raise_for_status().json()["items"]
    return [item["serialNumber"] for item in items]


def site_aps(api: httpx.Client) -> dict[str, Any]:
    detail = api.get(f"{M}/site-health/{SFO}").raise_for_status().json()
    aps = next(t for t in detail["deviceTypes"] if t["name"] == "Access Points")
    return {g["name"]: g["value"] for g in aps["health"]["groups"]}


@pytest.mark.fake_central(devices=[TEST_AP])
def test_a_marked_device_is_in_inventory_monitoring_and_site_health(
    fake_central_env: FakeCentral,
) -> None:
    with client(fake_central_env) as api:
        assert "TESTAP0001" in serials(api, f"{M}/device-inventory")
        assert "TESTAP0001" in serials(api, f"{M}/devices")
        assert api.get(f"{M}/aps/TESTAP0001").raise_for_status().json()["deviceName"] == "SFO-AP-TEST"
        assert site_aps(api)["Good"] == 8  # the bundle's 7 Good APs in SFO-Branch, and this one
    assert fake_central_env.state()["changes"] == []
    fake_central_env.assert_unchanged()


def test_the_next_test_sees_the_bundle_again(fake_central_env: FakeCentral) -> None:
    with client(fake_central_env) as api:
        assert "TESTAP0001" not in serials(api, f"{M}/device-inventory")
        assert api.get(f"{M}/aps/TESTAP0001").status_code == 404
        assert site_aps(api)["Good"] == 7


def test_seed_mid_test_adds_an_unassigned_device_and_a_patch(fake_central_env: FakeCentral) -> None:
    seeded = fake_central_env.seed(
        devices=[{"serialNumber": "TESTSW0001", "deviceType": "SWITCH", "siteId": None}],
        patch=[{"collection": "wlan-ssids", "where": {"essid.name": "Guest"}, "set": {"enable": False}}],
    )
    assert seeded["device-inventory.json"] == 1 and seeded["wlan-ssids.json"] == 0
    with client(fake_central_env) as api:
        unassigned = api.get(f"{M}/device-inventory", params={"site-assigned": "UNASSIGNED"}).json()
        assert [(d["serialNumber"], d["isProvisioned"]) for d in unassigned["items"]] == [("TESTSW0001", "No")]
        assert api.get(f"{SSIDS}/Guest").json()["enable"] is False
        api.patch(f"{SSIDS}/Guest", json={"enable": True}).raise_for_status()
    # Only the test's own write is a change: the seeded world is the baseline.
    fake_central_env.assert_state(
        [{"collection": "wlan-ssids", "where": {"essid.name": "Guest"}, "fields": {"enable": True}}]
    )


def test_a_bad_seed_names_the_key_and_the_nearest_one(fake_central: FakeCentral) -> None:
    with pytest.raises(FakeCentralControlError) as refused:
        fake_central.seed(devices=[{**TEST_AP, "sitId": SFO}])
    message = str(refused.value)
    assert 'seed devices[0]: unknown key "sitId"' in message and 'did you mean "siteId"?' in message
