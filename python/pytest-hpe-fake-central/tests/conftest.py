"""Shared helpers of the plugin's own tests: a pycentral connection through the fake."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from hpe_fake_central import FakeCentral

# Any *.api.central.arubanetworks.com host is intercepted: pycentral keeps a production URL.
CENTRAL = "https://us4.api.central.arubanetworks.com"


@pytest.fixture
def central(fake_central_env: FakeCentral) -> Iterator[Any]:
    """pycentral 2.0's NewCentralBase for New Central and GreenLake, through the fake's proxy."""
    from pycentral import NewCentralBase

    creds = {"client_id": fake_central_env.client_id, "client_secret": fake_central_env.client_secret}
    conn = NewCentralBase(
        token_info={"new_central": {"base_url": CENTRAL, **creds}, "glp": dict(creds)},
        log_level="ERROR",
    )
    try:
        yield conn
    finally:
        conn.close()
