"""`python -m hpe_fake_central -- COMMAND`: a command run with the fake's environment."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import os, httpx
token = httpx.post("https://sso.common.cloud.hpe.com/as/token.oauth2", data={
    "grant_type": "client_credentials",
    "client_id": os.environ["FAKE_CENTRAL_CLIENT_ID"],
    "client_secret": os.environ["FAKE_CENTRAL_CLIENT_SECRET"]}).json()["access_token"]
res = httpx.get("https://us4.api.central.arubanetworks.com/network-monitoring/v1/aps",
                headers={"Authorization": "Bearer " + token})
print(res.status_code, os.environ["FAKE_CENTRAL_URL"].startswith("http://127.0.0.1:"))
raise SystemExit(7)
"""


def test_runs_the_command_with_the_environment_and_returns_its_code() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hpe_fake_central", "--", sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 7, done.stderr
    assert done.stdout.split() == ["200", "True"]


def test_a_bad_fixture_is_one_line_and_exit_code_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hpe_fake_central", "--fixture", "nope", "--", "true"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert 'Unknown fixture bundle "nope"' in done.stderr
