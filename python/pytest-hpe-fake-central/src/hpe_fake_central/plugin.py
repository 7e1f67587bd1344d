"""The pytest plugin (entry point `pytest11`): fixtures `fake_central` and `fake_central_env`.

One fake per session (per worker under pytest-xdist: each worker is its own session), reset
before every test that uses it, so tests see the bundle exactly and only their own calls.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

from ._fake import FakeCentral, FakeCentralStartupError, start_fake_central

MARKER = "fake_central"
_STARTED = pytest.StashKey[str]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("hpe-fake-central", "fake HPE Central/GreenLake API")
    group.addoption(
        "--fake-central-fixture",
        default=None,
        metavar="NAME",
        help="fixture bundle the fake serves (site-a by default; campus-b, or a bundle directory)",
    )
    group.addoption(
        "--fake-central-validation",
        default="documents",
        choices=["documents", "lenient"],
        help="documents (default): requests HPE's documents forbid are refused with the family's "
        "400 and change nothing; lenient: they reach the handlers",
    )
    group.addoption(
        "--fake-central-port",
        type=int,
        default=0,
        metavar="N",
        help="port of the fake on 127.0.0.1 (default 0: a free port)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}(fixture=None, faults=None, validation=None): the bundle, fault plan (a "
        "mapping or a YAML/JSON file, relative to the test file) and validation mode "
        "(documents or lenient) the fake_central fixture gives this test",
    )


def _startup_failure(error: FakeCentralStartupError) -> str:
    return (
        f"pytest-hpe-fake-central could not start the fake: {error}\n"
        "(pytest options: --fake-central-fixture NAME, --fake-central-port N, "
        "--fake-central-validation documents|lenient)"
    )


def _start(config: pytest.Config) -> FakeCentral:
    try:
        return start_fake_central(
            fixture=config.getoption("--fake-central-fixture"),
            port=config.getoption("--fake-central-port"),
            validation=config.getoption("--fake-central-validation"),
        )
    except FakeCentralStartupError as error:
        if hasattr(config, "workerinput"):
            # An xdist worker cannot end the run (pytest.exit crashes it): the message, no traceback.
            pytest.fail(_startup_failure(error), pytrace=False)
        # One clear message for the whole run, not a traceback per test.
        pytest.exit(_startup_failure(error), returncode=pytest.ExitCode.USAGE_ERROR)


class _Session:
    """The session's fake, started again for the next test when a test killed it."""

    def __init__(self, config: pytest.Config) -> None:
        self._config = config
        self.fake = _start(config)
        config.stash[_STARTED] = (
            f"fake {self.fake.bundle.get('id')} started in {self.fake.start_seconds:.2f}s "
            f"on {self.fake.url} with node {self.fake.node}"
        )

    def alive(self, request: pytest.FixtureRequest) -> FakeCentral:
        if not self.fake.alive():
            note = self.fake.death_note()
            self.fake.close()
            self.fake = _start(self._config)
            request.node.warn(
                pytest.PytestWarning(
                    f"hpe-fake-central: {note}\nA fresh fake was started for {request.node.nodeid}"
                    f" on {self.fake.url}."
                )
            )
        return self.fake


@pytest.fixture(scope="session")
def _fake_central_session(request: pytest.FixtureRequest) -> Iterator[_Session]:
    session = _Session(request.config)
    try:
        yield session
    finally:
        session.fake.close()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    started = config.stash.get(_STARTED, None)
    if started is not None:
        terminalreporter.write_line(f"hpe-fake-central: {started}")


def _marker_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    marker = request.node.get_closest_marker(MARKER)
    if marker is None:
        return {}
    if marker.args:
        pytest.fail(
            f"@pytest.mark.{MARKER} takes keywords only: fixture=, faults=, validation=",
            pytrace=False,
        )
    if "strict_query" in marker.kwargs:
        pytest.fail(
            f"@pytest.mark.{MARKER}: strict_query= is gone: the fake checks requests against "
            'HPE\'s documents by default; use validation="lenient" to let them through',
            pytrace=False,
        )
    unknown = set(marker.kwargs) - {"fixture", "faults", "validation"}
    if unknown:
        pytest.fail(
            f"@pytest.mark.{MARKER}: unknown option(s) {sorted(unknown)}; "
            "use fixture=, faults=, validation=",
            pytrace=False,
        )
    validation = marker.kwargs.get("validation")
    if validation is not None and validation not in ("documents", "lenient"):
        pytest.fail(
            f"@pytest.mark.{MARKER}: validation={validation!r}; use \"documents\" or \"lenient\"",
            pytrace=False,
        )
    return dict(marker.kwargs)


@pytest.fixture
def fake_central(
    _fake_central_session: _Session, request: pytest.FixtureRequest
) -> FakeCentral:
    """The session's fake, reset for this test (bundle restored, call log empty, no faults
    unless the `fake_central` marker sets them). A fake an earlier test killed is replaced by a
    fresh one, with a warning giving its exit code and the last lines of its stderr."""
    fake = _fake_central_session.alive(request)
    options = _marker_options(request)
    fixture = options.get("fixture") or request.config.getoption("--fake-central-fixture")
    validation = options.get("validation") or request.config.getoption("--fake-central-validation")
    fake.reset(fixture=fixture, validation=validation)
    faults = options.get("faults")
    if isinstance(faults, (str, os.PathLike)):
        faults = Path(request.node.path).parent / faults
    fake.set_faults(faults)
    return fake


@pytest.fixture
def fake_central_env(
    fake_central: FakeCentral, monkeypatch: pytest.MonkeyPatch
) -> FakeCentral:
    """`fake_central`, with its `env` set in os.environ for in-process clients (httpx,
    requests, pycentral) and restored after the test."""
    for name, value in fake_central.env.items():
        monkeypatch.setenv(name, value)
    return fake_central
