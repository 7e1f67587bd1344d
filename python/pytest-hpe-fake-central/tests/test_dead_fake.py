"""A test that kills the fake: that test fails saying how the fake ended, and the next test gets
a fresh fake (run in a child pytest)."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

KILLS_THE_FAKE = """
import os
import signal

import pytest


def test_kills_it(fake_central):
    os.kill(fake_central.pid, signal.SIGKILL)
    fake_central._process.wait()
    with pytest.raises(Exception) as caught:
        fake_central.calls()
    message = str(caught.value)
    assert type(caught.value).__name__ == "FakeCentralUnavailable", message
    assert "was killed by signal 9" in message, message
    assert "the last lines of its stderr" in message, message
    pytest.fail(message, pytrace=False)


def test_the_next_one_gets_a_fresh_fake(fake_central):
    assert fake_central.alive()
    assert fake_central.calls() == []
"""


def test_a_killed_fake_is_named_and_replaced(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(KILLS_THE_FAKE)
    result = pytester.runpytest_subprocess("-rA")
    result.assert_outcomes(passed=1, failed=1)
    text = result.stdout.str()
    assert "is unreachable: the fake (pid" in text
    assert "was killed by signal 9" in text
    assert "A fresh fake was started for test_a_killed_fake_is_named_and_replaced.py::" in text


def test_a_fault_plan_that_is_not_one_is_not_quoted(pytester: pytest.Pytester) -> None:
    lines = (f"user{i}:x:{i}:{i}:a line of a private file:/home/u{i}:/bin/sh" for i in range(40))
    pytester.makefile(".txt", private="\n".join(lines))
    pytester.makepyfile(
        """
import pytest
from hpe_fake_central import FakeCentralControlError

def test_it(fake_central):
    with pytest.raises(FakeCentralControlError) as caught:
        fake_central.set_faults("private.txt")
    message = str(caught.value)
    assert "user1:x" not in message, message
    assert len(message) < 600, message
"""
    )
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(passed=1)


def test_a_test_that_sent_the_client_secret_to_the_api_gets_a_warning(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        """
import httpx

def test_leaks(fake_central):
    token = httpx.post(
        f"{fake_central.url}/as/token.oauth2",
        data={"grant_type": "client_credentials", "client_id": fake_central.client_id,
              "client_secret": fake_central.client_secret},
    ).json()["access_token"]
    httpx.get(
        f"{fake_central.url}/network-monitoring/v1/aps",
        headers={"Authorization": f"Bearer {token}", "X-Client-Secret": fake_central.client_secret},
    ).raise_for_status()

def test_keeps_it(fake_central):
    assert fake_central.calls() == []
"""
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-W", "always")
    result.assert_outcomes(passed=2, warnings=1)
    text = result.stdout.str()
    assert "1 request(s) sent the OAuth client secret to the API" in text
    assert "GET /network-monitoring/v1/aps in header:x-client-secret" in text
    assert "CANARY-CLIENT-SECRET" not in text
