"""HPE's SDK pycentral 2.0 against the fake: every New Central and GreenLake function whose
endpoint the fake serves, with its production URLs (through the proxy and the fake's CA).

Each case calls the SDK as a user would and checks both sides: what the SDK returned, and
what the fake's call log says it was asked (routed, answered 2xx, the endpoint expected).
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from hpe_fake_central import FakeCentral


def monitoring() -> Any:
    from pycentral.new_monitoring import (
        Clients,
        MonitoringAPs,
        MonitoringDevices,
        MonitoringGateways,
        MonitoringSites,
        MonitoringSwitches,
        WLAN,
    )

    return locals()


def served(fake: FakeCentral, pattern: str) -> list[dict[str, Any]]:
    """The calls matching `pattern`; all routed and answered 2xx."""
    calls = fake.calls(path=pattern)
    assert calls, f"no call matched {pattern}: {[c['method'] + ' ' + c['path'] for c in fake.calls()]}"
    for call in calls:
        assert not call.get("unrouted"), call
        assert 200 <= call["status"] < 300, call
    return calls


def first(items: list[dict[str, Any]], key: str) -> str:
    assert items, "the fixture has none"
    return str(items[0][key])


# (name, call(conn, m) -> result, endpoint pattern the fake must have served)
LISTS: list[tuple[str, Callable[[Any, Any], Any], str]] = [
    ("MonitoringSites.get_all_sites", lambda c, m: m["MonitoringSites"].get_all_sites(c), "GET /network-monitoring/v1/sites-health"),
    ("MonitoringSites.get_sites", lambda c, m: m["MonitoringSites"].get_sites(c, limit=2), "GET /network-monitoring/v1/sites-health"),
    ("MonitoringSites.list_sites_device_health", lambda c, m: m["MonitoringSites"].list_sites_device_health(c), "GET /network-monitoring/v1/sites-device-health"),
    ("MonitoringDevices.get_all_devices", lambda c, m: m["MonitoringDevices"].get_all_devices(c), "GET /network-monitoring/v1/devices"),
    ("MonitoringDevices.get_devices", lambda c, m: m["MonitoringDevices"].get_devices(c, limit=5), "GET /network-monitoring/v1/devices"),
    ("MonitoringDevices.get_all_device_inventory", lambda c, m: m["MonitoringDevices"].get_all_device_inventory(c), "GET /network-monitoring/v1/device-inventory"),
    ("MonitoringDevices.get_device_inventory", lambda c, m: m["MonitoringDevices"].get_device_inventory(c, limit=5), "GET /network-monitoring/v1/device-inventory"),
    ("MonitoringAPs.get_all_aps", lambda c, m: m["MonitoringAPs"].get_all_aps(c), "GET /network-monitoring/v1/aps"),
    ("MonitoringAPs.get_aps", lambda c, m: m["MonitoringAPs"].get_aps(c, limit=5), "GET /network-monitoring/v1/aps"),
    ("MonitoringSwitches.get_all_switches", lambda c, m: m["MonitoringSwitches"].get_all_switches(c), "GET /network-monitoring/v1/switches"),
    ("MonitoringSwitches.get_switches", lambda c, m: m["MonitoringSwitches"].get_switches(c, limit=2), "GET /network-monitoring/v1/switches"),
    ("MonitoringGateways.get_all_gateways", lambda c, m: m["MonitoringGateways"].get_all_gateways(c), "GET /network-monitoring/v1/gateways"),
    ("MonitoringGateways.get_gateways", lambda c, m: m["MonitoringGateways"].get_gateways(c, limit=1), "GET /network-monitoring/v1/gateways"),
    ("Clients.get_all_clients", lambda c, m: m["Clients"].get_all_clients(c), "GET /network-monitoring/v1/clients"),
    ("Clients.get_clients", lambda c, m: m["Clients"].get_clients(c, limit=5), "GET /network-monitoring/v1/clients"),
    ("WLAN.get_all_wlans", lambda c, m: m["WLAN"].get_all_wlans(c), "GET /network-monitoring/v1/wlans"),
    ("WLAN.get_wlans", lambda c, m: m["WLAN"].get_wlans(c, limit=5), "GET /network-monitoring/v1/wlans"),
]


@pytest.mark.parametrize("name,call,pattern", LISTS, ids=[case[0] for case in LISTS])
def test_new_central_lists(
    central: Any, fake_central: FakeCentral, name: str, call: Callable[[Any, Any], Any], pattern: str
) -> None:
    result = call(central, monitoring())
    assert result, f"{name} returned nothing"
    served(fake_central, pattern)


def test_new_central_details_by_serial_and_mac(central: Any, fake_central: FakeCentral) -> None:
    m = monitoring()
    ap = first(m["MonitoringAPs"].get_all_aps(central), "serialNumber")
    switch = first(m["MonitoringSwitches"].get_all_switches(central), "serialNumber")
    gateway = first(m["MonitoringGateways"].get_all_gateways(central), "serialNumber")
    client = first(m["Clients"].get_all_clients(central), "macAddress")
    since = fake_central.calls()[-1]["seq"]
    details = {
        f"aps/{ap}": m["MonitoringAPs"].get_ap_details(central, ap),
        f"aps/{ap}/radios": m["MonitoringAPs"].get_ap_radios(central, ap),
        f"aps/{ap}/ports": m["MonitoringAPs"].get_ap_ports(central, ap),
        f"aps/{ap}/wlans": m["MonitoringAPs"].get_ap_wlans(central, ap),
        f"switches/{switch}": m["MonitoringSwitches"].get_switch_details(central, switch),
        # pycentral 2.0a25 normalises switch trends from the `response` wrapper the fake sends
        # (fake-central/SPEC.md §13 D12): one row per sample, the metrics by name.
        f"switches/{switch}/hardware-trends": [
            row
            for row in m["MonitoringSwitches"].get_switch_hardware_trends(central, switch, duration="3H")
            if row.get("serialNumber") == switch and "poeAvailable" in row
        ],
        f"gateways/{gateway}": m["MonitoringGateways"].get_gateway_details(central, gateway),
        f"clients/{client}": m["Clients"].get_client_details(central, client),
    }
    for path, result in details.items():
        assert result, path
    asked = [c["path"] for c in fake_central.calls(since=since, kind="read")]
    assert asked == [f"/network-monitoring/v1/{path}" for path in details]
    for call in fake_central.calls(since=since):
        assert 200 <= call["status"] < 300, call


def test_site_information(central: Any, fake_central: FakeCentral) -> None:
    m = monitoring()
    site = first(m["MonitoringSites"].get_all_sites(central), "id")
    info = m["MonitoringSites"].list_site_information(central, int(site))
    assert info
    served(fake_central, "GET /network-monitoring/v1/site-health/*")


def test_troubleshooting(central: Any, fake_central: FakeCentral) -> None:
    from pycentral.troubleshooting import Troubleshooting

    ap = first(monitoring()["MonitoringAPs"].get_all_aps(central), "serialNumber")
    ping = Troubleshooting.ping_aps_test(central, ap, "8.8.8.8", poll_interval=0)
    assert ping
    served(fake_central, f"POST /network-troubleshooting/v1/aps/{ap}/ping")
    served(fake_central, f"GET /network-troubleshooting/v1/aps/{ap}/ping/async-operations/*")
    commands = Troubleshooting.list_show_commands(central, "aps", ap)
    assert commands
    served(fake_central, f"GET /network-troubleshooting/v1/aps/{ap}/show-commands")
    tasks = Troubleshooting.list_active_tasks(central, "aps", ap)
    assert tasks is not None
    served(fake_central, f"GET /network-troubleshooting/v1/aps/{ap}/list-tasks")


def glp() -> Any:
    from pycentral.glp import Devices, Subscriptions, UserMgmt

    return Devices(), Subscriptions(), UserMgmt()


def test_greenlake_devices(central: Any, fake_central: FakeCentral) -> None:
    devices, _, _ = glp()
    everything = devices.get_all_devices(central)
    assert everything
    page = devices.get_device(central, limit=5)
    assert page["code"] == 200 and len(page["msg"]["items"]) == 5
    serial = everything[0]["serialNumber"]
    found = devices.get_device_id(central, serial)
    assert found == (True, everything[0]["id"]) or found == everything[0]["id"], found
    for call in served(fake_central, "GET /devices/*/devices"):
        assert call["host"] == "global.api.greenlake.hpe.com"


def test_greenlake_subscriptions_and_users(central: Any, fake_central: FakeCentral) -> None:
    _, subscriptions, users = glp()
    subs = subscriptions.get_all_subscriptions(central)
    assert subs
    page = subscriptions.get_subscription(central, limit=2)
    assert page["code"] == 200
    served(fake_central, "GET /subscriptions/*/subscriptions")
    listed = users.get_users(central)
    assert listed["code"] == 200 and listed["msg"]["items"]
    served(fake_central, "GET /identity/v1/users")


def test_troubleshooting_actions(central: Any, fake_central: FakeCentral) -> None:
    from pycentral.troubleshooting import Troubleshooting

    ap = first(monitoring()["MonitoringAPs"].get_all_aps(central), "serialNumber")
    for action in ("reboot", "locate"):
        result = getattr(Troubleshooting, f"{action}_device")(central, "aps", ap)
        assert result["code"] == 202, result
        served(fake_central, f"POST /network-troubleshooting/v1/aps/{ap}/{action}")


def test_greenlake_write_spine_with_pycentral(central: Any, fake_central: FakeCentral) -> None:
    """plan -> write -> read-back -> check_state, with pycentral's GreenLake device calls."""
    devices, _, _ = glp()
    assigned = [d for d in devices.get_all_devices(central) if d["assignedState"] == "ASSIGNED_TO_SERVICE"]
    target = assigned[0]
    assert fake_central.calls(kind="write") == []
    result = devices.unassign_devices(central, devices=[target["id"]])
    assert result["code"] == 200 and result["msg"]["status"] == "SUCCEEDED", result
    back = devices.get_device(central, filter=f"id eq '{target['id']}'")["msg"]["items"]
    assert [d["assignedState"] for d in back] == ["UNASSIGNED"]
    [write] = fake_central.calls(kind="write")
    assert (write["method"], write["path"], write["status"]) == ("PATCH", "/devices/v1/devices", 202)
    served(fake_central, "GET /devices/v1/async-operations/*")
    verdict = fake_central.check_state(
        [
            {
                "collection": "glp-devices",
                "where": {"id": target["id"]},
                "fields": {"assignedState": "UNASSIGNED"},
                "may_change": ["application", "region", "updatedAt"],
            }
        ]
    )
    assert verdict == {"passed": True, "failures": [], "collateral": []}


def test_events_and_show_commands(central: Any, fake_central: FakeCentral) -> None:
    from pycentral.troubleshooting import Troubleshooting

    m = monitoring()
    site = first(m["MonitoringSites"].get_all_sites(central), "id")
    ap = first(m["MonitoringAPs"].get_all_aps(central), "serialNumber")
    # The bundle's clock: `now` is 2026-03-02T12:00:00Z; a week before it.
    window = {"start_at": "2026-02-23T12:00:00.000Z", "end_at": "2026-03-02T12:00:00.000Z"}
    events = Troubleshooting.list_events(central, "SITE", site, site, **window)
    assert events["events"] and events["count"] == len(events["events"])
    [asked] = served(fake_central, "GET /network-troubleshooting/v1/events")
    assert asked["query"]["context-type"] == "SITE" and asked["query"]["site-id"] == site
    filters = Troubleshooting.list_event_filters(central, "SITE", site, site, **window)
    assert filters["categories"]
    served(fake_central, "GET /network-troubleshooting/v1/event-filters")
    shown = Troubleshooting.run_show_commands(central, "aps", ap, ["show version"], poll_interval=0)
    assert shown["status"] == "COMPLETED"
    served(fake_central, f"POST /network-troubleshooting/v1/aps/{ap}/showCommands")
    served(fake_central, f"GET /network-troubleshooting/v1/aps/{ap}/showCommands/async-operations/*")
