"""An example curated-workflow test: several calls, then assertions on the fake's call log
(which endpoints, how many pages), never on what the client says it did."""

from __future__ import annotations

import math

import requests

from hpe_fake_central import FakeCentral

CENTRAL = "https://us4.api.central.arubanetworks.com"
MRT = "/network-monitoring/v1"


def session(fake: FakeCentral) -> requests.Session:
    token = requests.post(
        "https://sso.common.cloud.hpe.com/as/token.oauth2",
        data={
            "grant_type": "client_credentials",
            "client_id": fake.client_id,
            "client_secret": fake.client_secret,
        },
        timeout=30,
    ).json()["access_token"]
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {token}"
    return s


def all_pages(s: requests.Session, path: str, limit: int) -> list[dict]:
    """The New Central cursor loop: follow `next` until it is null."""
    items: list[dict] = []
    cursor: object = None
    while True:
        params = {"limit": limit, **({"next": cursor} if cursor else {})}
        page = s.get(CENTRAL + path, params=params, timeout=30).json()
        items += page["items"]
        cursor = page.get("next")
        if not cursor:
            return items


def test_offline_aps_and_their_clients(fake_central_env: FakeCentral) -> None:
    """Which APs are offline, how healthy their sites are, and who is connected."""
    with session(fake_central_env) as s:
        aps = all_pages(s, f"{MRT}/aps", limit=5)
        clients = all_pages(s, f"{MRT}/clients", limit=20)
        offline = [ap for ap in aps if ap.get("status") != "ONLINE"]
        for ap in offline:
            s.get(f"{CENTRAL}{MRT}/aps/{ap['serialNumber']}", timeout=30).raise_for_status()
        s.get(f"{CENTRAL}{MRT}/sites-health", timeout=30).raise_for_status()

    log = fake_central_env.calls
    assert len(log(path=f"GET {MRT}/aps")) == math.ceil(len(aps) / 5)
    assert len(log(path=f"GET {MRT}/clients")) == math.ceil(len(clients) / 20)
    assert [c["path"] for c in log(path=f"GET {MRT}/aps/*")] == [
        f"{MRT}/aps/{ap['serialNumber']}" for ap in offline
    ]
    assert len(log(path=f"GET {MRT}/sites-health")) == 1
    # A read-only workflow: one token, no writes, nothing off the intercepted hosts.
    assert len(log(kind="auth")) == 1
    assert log(kind="write") == [] and log(kind="escape") == []
    assert all(c["status"] == 200 for c in log(kind="read"))
    assert fake_central_env.state()["changes"] == []
