"""Fault injection through the marker and set_faults(): 429 with Retry-After, honoured or not."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from hpe_fake_central import FakeCentral, FakeCentralControlError

CENTRAL = "https://us4.api.central.arubanetworks.com"
CLIENTS = "/network-monitoring/v1/clients"
RATE_LIMIT = {"faults": [{"kind": "rate_limit", "first": 1, "retryAfter": 2, "match": [f"GET {CLIENTS}"]}]}


def token(fake: FakeCentral) -> str:
    return str(
        httpx.post(
            "https://sso.common.cloud.hpe.com/as/token.oauth2",
            data={
                "grant_type": "client_credentials",
                "client_id": fake.client_id,
                "client_secret": fake.client_secret,
            },
        ).json()["access_token"]
    )


def get_honouring_retry_after(api: httpx.Client, path: str) -> httpx.Response:
    for _ in range(3):
        res = api.get(path)
        if res.status_code != 429:
            return res
        time.sleep(float(res.headers["Retry-After"]))
    return res


@pytest.mark.fake_central(faults=RATE_LIMIT)
def test_a_client_that_honours_retry_after(fake_central_env: FakeCentral) -> None:
    with httpx.Client(base_url=CENTRAL, headers={"Authorization": f"Bearer {token(fake_central_env)}"}) as api:
        res = get_honouring_retry_after(api, CLIENTS)
    assert res.status_code == 200
    limited, served = fake_central_env.calls(path=f"GET {CLIENTS}")
    assert (limited["status"], limited["fault"]) == (429, "rate_limit")
    assert served["status"] == 200 and "retryAfterEarly" not in served
    assert served["atMs"] - limited["atMs"] >= 2000


@pytest.mark.fake_central(faults=RATE_LIMIT)
def test_pycentral_retries_after_a_fixed_second(central: object, fake_central: FakeCentral) -> None:
    """pycentral 2.0a25 sleeps 1 s on a 429 whatever Retry-After says: the fake flags the
    retry as early (server-side, from arrival times)."""
    from pycentral.new_monitoring import Clients

    assert Clients.get_clients(central, limit=5)
    limited, retried = fake_central.calls(path=f"GET {CLIENTS}")
    assert limited["status"] == 429
    assert retried["status"] == 200 and retried.get("retryAfterEarly") is True


def test_set_faults_from_a_yaml_file(fake_central: FakeCentral, tmp_path: Path) -> None:
    plan = tmp_path / "plan.yml"
    plan.write_text("faults:\n  - kind: server_error\n    status: 503\n    first: 1\n")
    fake_central.set_faults(plan)
    with httpx.Client(base_url=fake_central.url, headers={"Authorization": f"Bearer {token_plain(fake_central)}"}) as api:
        assert api.get(CLIENTS).status_code == 503
        assert api.get(CLIENTS).status_code == 200
    fake_central.set_faults(None)


def test_a_bad_plan_is_refused_with_the_pointer_and_the_fix(fake_central: FakeCentral) -> None:
    with pytest.raises(FakeCentralControlError) as caught:
        fake_central.set_faults({"faults": [{"kind": "rate_limit", "every": 0}]})
    assert caught.value.code == "FAKE_CONTROL_BAD_FAULT_PLAN"
    assert "/faults/0/every" in caught.value.message
    assert caught.value.hint and "fault-plan.schema.json" in caught.value.hint


def token_plain(fake: FakeCentral) -> str:
    with httpx.Client(base_url=fake.url, trust_env=False) as plain:
        return str(
            plain.post(
                "/as/token.oauth2",
                data={
                    "grant_type": "client_credentials",
                    "client_id": fake.client_id,
                    "client_secret": fake.client_secret,
                },
            ).json()["access_token"]
        )
