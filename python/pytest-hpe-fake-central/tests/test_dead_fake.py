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
