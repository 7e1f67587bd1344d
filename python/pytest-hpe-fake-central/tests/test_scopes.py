"""Fixtures at every scope: a session-scoped client, module-scoped reads, per-test resets, and
settings a server reads at import time."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

SESSION_SUITE = '''
import httpx, pytest

CENTRAL = "https://us4.api.central.arubanetworks.com"
SSIDS = "/network-config/v1alpha1/wlan-ssids"
built = []

@pytest.fixture(scope="session")
def api(fake_central_session_env):
    # a live suite's session client: built once, its token kept across the per-test resets
    fake = fake_central_session_env
    token = httpx.post("https://sso.common.cloud.hpe.com/as/token.oauth2", data={
        "grant_type": "client_credentials", "client_id": fake.client_id,
        "client_secret": fake.client_secret}).json()["access_token"]
    with httpx.Client(base_url=CENTRAL, headers={"Authorization": "Bearer " + token}) as client:
        yield client

@pytest.fixture(scope="module")
def site_id(api):
    built.append(1)
    return api.get("/network-monitoring/v1/sites-health").raise_for_status().json()["items"][0]["id"]

def test_a_creates_an_ssid(api, site_id, fake_central):
    assert site_id
    api.post(SSIDS + "/Lab", json={"enable": True, "opmode": "WPA3_SAE"}).raise_for_status()
    fake_central.assert_added("wlan-ssids", where={"ssid": "Lab"})

def test_b_starts_from_the_bundle_again(api, site_id, fake_central, fake_central_session):
    assert fake_central is fake_central_session
    assert api.get(SSIDS + "/Lab").status_code == 404
    assert [c["path"] for c in fake_central.calls()] == [SSIDS + "/Lab"]
    assert built == [1]
'''


def test_a_session_client_with_module_fixtures_and_per_test_resets(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite=SESSION_SUITE)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)


def test_a_module_shares_one_reset_with_its_marker_options(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_module='''
        import pytest
        pytestmark = pytest.mark.fake_central(fixture="campus-b")

        def test_one(fake_central_module):
            assert fake_central_module.bundle["id"] == "campus-b"
            fake_central_module.calls()  # the control API is not on the call log

        def test_two_sees_the_same_state(fake_central_module):
            assert fake_central_module.bundle["id"] == "campus-b"
        '''
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=2)


def test_settings_read_at_import_time_see_the_fake(pytester: pytest.Pytester, tmp_path: Path) -> None:
    pytester.makeini(
        """
        [pytest]
        fake_central_preload = true
        fake_central_env_vars =
            CENTRAL_CLIENT_ID={client_id}
            CENTRAL_BASE_URL=https://us4.api.central.arubanetworks.com
        """
    )
    pytester.makeconftest(
        """
        import os
        # a server's settings module, read when the suite is imported
        SETTINGS = {"url": os.environ["FAKE_CENTRAL_URL"], "client": os.environ["CENTRAL_CLIENT_ID"],
                    "proxy": os.environ["HTTPS_PROXY"]}
        """
    )
    pytester.makepyfile(
        test_import='''
        from conftest import SETTINGS

        def test_the_settings_are_the_fakes(fake_central):
            assert SETTINGS == {"url": fake_central.url, "client": fake_central.client_id,
                                "proxy": fake_central.proxy_url}
        '''
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_a_bad_env_var_template_names_the_line(pytester: pytest.Pytester) -> None:
    pytester.makeini(
        """
        [pytest]
        fake_central_preload = true
        fake_central_env_vars = CENTRAL_TOKEN={token}
        """
    )
    pytester.makepyfile("def test_x():\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*fake_central_env_vars: 'CENTRAL_TOKEN={token}' names 'token'*{client_id}*"])
