"""Per-test choices for the documented deviations whose evidence is open (SPEC.md §13): D20,
whether failed clients count in site and tenant client health. The next test is back to the
default; an unknown id or value is refused naming the valid ones."""

from __future__ import annotations

import httpx
import pytest
from test_write_spine import client

from hpe_fake_central import FakeCentral, FakeCentralControlError

SFO = "5563304806"  # SFO-Branch: 40 clients, 2 of them Failed
M = "/network-monitoring/v1"


def sfo_clients(api: httpx.Client) -> tuple[int, int]:
    """SFO-Branch's client count and Poor clients, as sites-health answers them."""
    items = api.get(f"{M}/sites-health").raise_for_status().json()["items"]
    clients = next(site for site in items if site["id"] == SFO)["clients"]
    poor = next(g["value"] for g in clients["health"]["groups"] if g["name"] == "Poor")
    return clients["count"], poor


@pytest.mark.fake_central(divergences={"D20": "connected"})
def test_a_marked_choice_counts_only_connected_clients(fake_central_env: FakeCentral) -> None:
    with client(fake_central_env) as api:
        assert sfo_clients(api) == (38, 0)
    assert fake_central_env.state()["divergences"] == {"D20": "connected"}
    fake_central_env.assert_unchanged()


def test_the_next_test_has_the_default_again(fake_central_env: FakeCentral) -> None:
    with client(fake_central_env) as api:
        assert sfo_clients(api) == (40, 2)
    assert "divergences" not in fake_central_env.state()


def test_reset_takes_a_choice_and_refuses_an_unknown_one(fake_central_env: FakeCentral) -> None:
    fake_central_env.reset(divergences={"D20": "connected"})
    with client(fake_central_env) as api:
        assert sfo_clients(api) == (38, 0)
    with pytest.raises(FakeCentralControlError) as unknown:
        fake_central_env.reset(divergences={"D4": "string"})
    assert "D4 has no per-test choice" in str(unknown.value)
    assert "the deviations with one: D20" in str(unknown.value)
    with pytest.raises(FakeCentralControlError) as value:
        fake_central_env.reset(divergences={"D20": "failed"})
    assert 'it takes "every-client" or "connected"' in str(value.value)
    assert fake_central_env.state()["divergences"] == {"D20": "connected"}  # nothing changed
