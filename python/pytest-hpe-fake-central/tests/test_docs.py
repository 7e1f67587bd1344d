"""docs/testing-with-the-fake.md as a maintainer reads it: each suite shape's conftest (at most
15 lines) runs as written, and the bundles' counts are the API's. Read from the repository the
tests run from (the docs are not in the wheel)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_write_spine import client

from hpe_fake_central import FakeCentral

pytest_plugins = ["pytester"]

DOC = Path(__file__).resolve().parents[3] / "docs" / "testing-with-the-fake.md"
MAX_CONFTEST_LINES = 15


def shapes_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("### Three suite shapes, three conftests")
    return text[start : text.index("\n### ", start + 1)]


def block(lang: str) -> str:
    """The one `lang` code block of the suite shapes' section."""
    [found] = re.findall(rf"```{lang}\n(.*?)```", shapes_section(), re.S)
    assert len(found.strip().splitlines()) <= MAX_CONFTEST_LINES, found
    return found


def test_the_session_client_shape_runs_as_documented(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(block("python"))
    pytester.makepyfile(
        test_suite='''
        SSIDS = "/network-config/v1alpha1/wlan-ssids"

        def test_a_writes(api, site_id, fake_central):
            assert site_id
            api.post(SSIDS + "/Lab", json={"enable": True, "opmode": "WPA3_SAE"}).raise_for_status()
            fake_central.assert_added("wlan-ssids", where={"ssid": "Lab"})

        def test_b_starts_from_the_bundle(api, site_id, fake_central):
            assert api.get(SSIDS + "/Lab").status_code == 404
        '''
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=2)


def test_the_import_time_shape_runs_as_documented(pytester: pytest.Pytester) -> None:
    pytester.makeini(block("ini"))
    pytester.makeconftest(
        """
        import os
        CLIENT_ID = os.environ["CENTRAL_CLIENT_ID"]  # read at import, before any fixture
        """
    )
    pytester.makepyfile(
        test_import="""
        from conftest import CLIENT_ID

        def test_the_setting_is_the_fakes(fake_central):
            assert CLIENT_ID == fake_central.client_id
        """
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)


# The counts the doc states, each as the phrase that states it and what the API answers.
COUNTS = {
    "site-a": [
        ("the client list's `total` is 58", "clients", 58),
        ("the\n  device list's `total` 20", "devices", 20),
        ("sites-health's `total` 2,", "sites-health", 2),
        ("`clients.count` add up to 60", "site clients", 60),
    ],
    "campus-b": [
        ("the client list's `total` is 4,936", "clients", 4936),
        ("the device list's `total` 1,533", "devices", 1533),
        ("sites-health's `total` 42", "sites-health", 42),
        ("`clients.count` add up to 5,082", "site clients", 5082),
    ],
}


@pytest.mark.parametrize("bundle", sorted(COUNTS))
def test_the_bundles_counts_are_the_apis(fake_central_env: FakeCentral, bundle: str) -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    fake_central_env.reset(fixture=bundle)
    with client(fake_central_env) as api:

        def total(path: str) -> int:
            return int(api.get(f"/network-monitoring/v1/{path}", params={"limit": 1}).json()["total"])

        sites = api.get("/network-monitoring/v1/sites-health", params={"limit": 100}).json()["items"]
        answers = {
            "clients": total("clients"),
            "devices": total("devices"),
            "sites-health": total("sites-health"),
            "site clients": sum(site["clients"]["count"] for site in sites),
        }
    for phrase, what, expected in COUNTS[bundle]:
        assert " ".join(phrase.split()) in text, f"the doc no longer says {phrase!r}"
        assert answers[what] == expected, f"{bundle}: {what} is {answers[what]}, the doc says {expected}"
