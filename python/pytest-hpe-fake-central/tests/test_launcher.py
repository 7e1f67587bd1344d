"""Under `python -m hpe_fake_central -- pytest …` the fixtures use the launcher's fake: one fake
for the run, reset before each test, and the control token kept from what the tests start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

# Inner tests: a "server" reaching Central through HTTPS_PROXY alone (as a launched server
# does), then the fixture inspecting the same fake; the second test sees none of the first's calls.
INNER = '''
import os, subprocess, sys
import httpx

CENTRAL = "https://us4.api.central.arubanetworks.com"

def server_reads_aps():
    token = httpx.post("https://sso.common.cloud.hpe.com/as/token.oauth2", data={
        "grant_type": "client_credentials",
        "client_id": os.environ["FAKE_CENTRAL_CLIENT_ID"],
        "client_secret": os.environ["FAKE_CENTRAL_CLIENT_SECRET"]}).json()["access_token"]
    return httpx.get(CENTRAL + "/network-monitoring/v1/aps",
                     headers={"Authorization": "Bearer " + token}).status_code

def test_first(fake_central):
    assert fake_central.url == os.environ["FAKE_CENTRAL_URL"]
    assert server_reads_aps() == 200
    assert [c["path"] for c in fake_central.calls(method="GET")] == ["/network-monitoring/v1/aps"]

def test_second_sees_only_its_own_calls(fake_central):
    assert fake_central.calls() == []
    assert fake_central.url == os.environ["FAKE_CENTRAL_URL"]

def test_the_control_token_is_kept_from_what_tests_start(fake_central):
    assert "FAKE_CENTRAL_CONTROL_TOKEN" not in os.environ
    child = subprocess.run([sys.executable, "-c",
        "import os; print(sorted(k for k in os.environ if k.startswith('FAKE_CENTRAL_CONTROL')))"],
        capture_output=True, text=True, check=True)
    assert child.stdout.strip() == "[]"
'''


def _launch(tmp: Path, *pytest_args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hpe_fake_central", "--", sys.executable, "-m", "pytest",
         "-p", "no:cacheprovider", "-q", *pytest_args],
        cwd=tmp,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_fixtures_attach_to_the_launchers_fake(tmp_path: Path) -> None:
    (tmp_path / "test_inner.py").write_text(INNER)
    done = _launch(tmp_path, "-rA")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout
    assert "hpe-fake-central: attached to the fake python -m hpe_fake_central started (pid" in (
        done.stdout
    )


def test_own_mode_starts_a_second_fake_on_purpose(tmp_path: Path) -> None:
    (tmp_path / "test_inner.py").write_text(
        "import os\n"
        "def test_own(fake_central):\n"
        "    assert fake_central.url != os.environ['FAKE_CENTRAL_URL']\n"
    )
    done = _launch(tmp_path, "--fake-central-mode=own")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "hpe-fake-central: fake site-a started in" in done.stdout


def test_xdist_workers_would_share_the_launchers_fake_so_it_is_a_usage_error(
    tmp_path: Path,
) -> None:
    (tmp_path / "test_inner.py").write_text("def test_x(fake_central):\n    pass\n")
    done = _launch(tmp_path, "-n", "2")
    assert done.returncode == 4, done.stdout + done.stderr
    assert "-n 2 under python -m hpe_fake_central" in done.stderr
    assert "Fix: -n 0, or --fake-central-mode=own" in done.stderr


def test_a_fake_url_without_its_control_api_is_one_usage_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_CENTRAL_URL", "http://127.0.0.1:9")
    for name in ("FAKE_CENTRAL_CONTROL_URL", "FAKE_CENTRAL_CONTROL_TOKEN", "FAKE_CENTRAL_PID"):
        monkeypatch.delenv(name, raising=False)
    pytester.makepyfile("def test_x(fake_central):\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*a fake already serves this run at http://127.0.0.1:9*its control API is not in the "
         "environment*--fake-central-mode=own*"]
    )


def test_attach_mode_without_a_launcher_says_how_to_launch(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("FAKE_CENTRAL_URL", "FAKE_CENTRAL_CONTROL_URL", "FAKE_CENTRAL_CONTROL_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    pytester.makepyfile("def test_x(fake_central):\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--fake-central-mode=attach")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*no fake was launched for this run*python -m hpe_fake_central*"])
