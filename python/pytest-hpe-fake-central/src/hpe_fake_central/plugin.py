"""The pytest plugin (entry point `pytest11`): fixtures `fake_central` and `fake_central_env`.

One fake per session (per worker under pytest-xdist: each worker is its own session), reset
before every test that uses it, so tests see the bundle exactly and only their own calls. Under
`python -m hpe_fake_central -- pytest …` that one fake is the launcher's: the plugin attaches to
it through the control variables the launcher exports, instead of starting a second one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

from ._environment import EnvTemplateError, environment_for
from ._fake import FakeCentral, FakeCentralStartupError, start_fake_central

MARKER = "fake_central"
_STARTED = pytest.StashKey[str]()
_LAUNCHER = pytest.StashKey["dict[str, str]"]()
_PRELOADED = pytest.StashKey[FakeCentral]()
_SAVED_ENV = pytest.StashKey["dict[str, str | None]"]()
MODES = ("auto", "attach", "own")
# What `python -m hpe_fake_central` exports for the suite (and only the suite) to reach its fake.
CONTROL_VARIABLES = ("FAKE_CENTRAL_CONTROL_URL", "FAKE_CENTRAL_CONTROL_TOKEN", "FAKE_CENTRAL_PID")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("hpe-fake-central", "fake HPE Central/GreenLake API")
    group.addoption(
        "--fake-central-fixture",
        default=None,
        metavar="NAME",
        help="fixture bundle the fake serves (site-a by default; campus-b, or a bundle directory)",
    )
    group.addoption(
        "--fake-central-mode",
        default="auto",
        choices=list(MODES),
        help="auto (default): use the fake python -m hpe_fake_central started for this run when "
        "there is one, else start one; attach: require the launcher's; own: always start one",
    )
    group.addoption(
        "--fake-central-validation",
        default=None,
        choices=["documents", "lenient"],
        help="documents (the default of a fake the plugin starts): requests HPE's documents "
        "forbid are refused with the family's 400 and change nothing; lenient: they reach the "
        "handlers",
    )
    group.addoption(
        "--fake-central-preload",
        action="store_true",
        default=None,
        help="start (or attach to) the fake before conftest.py files are imported and set its "
        "environment for the whole run, for servers that read settings at import time "
        "(ini: fake_central_preload = true)",
    )
    parser.addini(
        "fake_central_preload",
        type="bool",
        default=False,
        help="hpe-fake-central: as --fake-central-preload",
    )
    parser.addini(
        "fake_central_env_vars",
        type="linelist",
        default=[],
        help="hpe-fake-central: NAME=TEMPLATE lines set with the fake's environment (templates "
        "use {url} {proxy_url} {client_id} {client_secret} {workspace_id} {ca_cert_path})",
    )
    group.addoption(
        "--fake-central-port",
        type=int,
        default=0,
        metavar="N",
        help="port of the fake on 127.0.0.1 (default 0: a free port)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser: Any, args: Any) -> None:
    # Take the launcher's control variables out of the environment before any conftest runs, so
    # nothing a test starts (the server under test) inherits the control token; the fixtures
    # keep them here.
    found = {name: os.environ.pop(name) for name in CONTROL_VARIABLES if name in os.environ}
    if found:
        early_config.stash[_LAUNCHER] = found
    options = early_config.known_args_namespace
    preload = getattr(options, "fake_central_preload", None)
    if preload is None:
        preload = early_config.getini("fake_central_preload")
    if not preload or (_xdist_workers(options) and "PYTEST_XDIST_WORKER" not in os.environ):
        return  # not asked for, or the xdist controller: each worker preloads its own
    _check_mode(early_config, options)
    fake = _start(early_config, options)
    try:
        env = environment_for(fake, early_config.getini("fake_central_env_vars"))
    except EnvTemplateError as error:
        fake.close()
        raise pytest.UsageError(f"hpe-fake-central: {error}") from None
    early_config.stash[_PRELOADED] = fake
    early_config.stash[_SAVED_ENV] = {name: os.environ.get(name) for name in env}
    os.environ.update(env)


def pytest_unconfigure(config: pytest.Config) -> None:
    for name, value in config.stash.get(_SAVED_ENV, {}).items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    preloaded = config.stash.get(_PRELOADED, None)
    if preloaded is not None:
        preloaded.close()


def _xdist_workers(options: Any) -> Any:
    """pytest-xdist's `-n` when it asks for workers, else None (no xdist, or `-n 0`)."""
    workers = getattr(options, "numprocesses", None)
    return None if workers in (None, 0, "0") else workers


def _option(config: pytest.Config, options: Any, name: str) -> Any:
    """An option's value, also before pytest has parsed them (the preload hook)."""
    if options is not None:
        return getattr(options, name.lstrip("-").replace("-", "_"))
    return config.getoption(name)


def _check_mode(config: pytest.Config, options: Any = None) -> None:
    mode = _option(config, options, "--fake-central-mode")
    if mode == "own":
        return
    launcher = config.stash.get(_LAUNCHER, None)
    url = os.environ.get("FAKE_CENTRAL_URL")
    if launcher is None:
        if url is not None and not hasattr(config, "workerinput"):
            raise pytest.UsageError(
                f"hpe-fake-central: a fake already serves this run at {url} (FAKE_CENTRAL_URL; "
                "HTTPS_PROXY points at it), but its control API is not in the environment "
                "(FAKE_CENTRAL_CONTROL_URL, FAKE_CENTRAL_CONTROL_TOKEN), so the fixtures cannot "
                "reset or inspect it. Fix: launch with a python -m hpe_fake_central that exports "
                "them, or pass --fake-central-mode=own to start a second fake on purpose."
            )
        if mode == "attach":
            raise pytest.UsageError(
                "hpe-fake-central: --fake-central-mode=attach, but no fake was launched for this "
                "run (no FAKE_CENTRAL_CONTROL_URL). Fix: run the suite under "
                "python -m hpe_fake_central -- pytest …, or use --fake-central-mode=auto."
            )
        return
    if "FAKE_CENTRAL_CONTROL_URL" not in launcher or "FAKE_CENTRAL_CONTROL_TOKEN" not in launcher:
        raise pytest.UsageError(
            "hpe-fake-central: the environment names only part of the launcher's control API "
            f"({', '.join(sorted(launcher))}). Fix: set both FAKE_CENTRAL_CONTROL_URL and "
            "FAKE_CENTRAL_CONTROL_TOKEN, or pass --fake-central-mode=own."
        )
    workers = _xdist_workers(options if options is not None else config.option)
    if workers:
        raise pytest.UsageError(
            f"hpe-fake-central: -n {workers} under python -m hpe_fake_central would share the "
            "launcher's one fake across workers, whose per-test resets would race. Fix: -n 0, or "
            "--fake-central-mode=own (each worker starts its own fake; use fake_central_env so "
            "the clients follow it)."
        )


def pytest_configure(config: pytest.Config) -> None:
    if _PRELOADED not in config.stash:  # the preload checked it, then set FAKE_CENTRAL_URL
        _check_mode(config)
    config.addinivalue_line(
        "markers",
        f"{MARKER}(fixture=None, faults=None, validation=None, devices=None, patch=None, "
        "divergences=None): the bundle, fault plan (a mapping or a YAML/JSON file, relative to "
        "the test file), validation mode (documents or lenient), world edits (devices to add, "
        "raw patches) and deviations' choices ({'D20': 'connected'}) the fake_central fixture "
        "gives this test",
    )


def _startup_failure(error: FakeCentralStartupError) -> str:
    return (
        f"pytest-hpe-fake-central could not start the fake: {error}\n"
        "(pytest options: --fake-central-fixture NAME, --fake-central-port N, "
        "--fake-central-validation documents|lenient)"
    )


def _attach(config: pytest.Config, launcher: dict[str, str]) -> FakeCentral:
    pid = launcher.get("FAKE_CENTRAL_PID", "")
    try:
        fake = FakeCentral.attach(
            launcher["FAKE_CENTRAL_CONTROL_URL"],
            launcher["FAKE_CENTRAL_CONTROL_TOKEN"],
            int(pid) if pid.isdigit() else None,
        )
    except Exception as error:  # unreachable or refused: one message for the run
        pytest.exit(
            f"hpe-fake-central: cannot reach the fake python -m hpe_fake_central started "
            f"({launcher['FAKE_CENTRAL_CONTROL_URL']}): {error}",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )
    url = os.environ.get("FAKE_CENTRAL_URL")
    if url is not None and url != fake.url:
        pytest.exit(
            f"hpe-fake-central: FAKE_CENTRAL_URL is {url} but the control API's fake serves "
            f"{fake.url}: the variables come from two different fakes. Fix: run under one "
            "python -m hpe_fake_central, or pass --fake-central-mode=own.",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )
    return fake


def _start(config: pytest.Config, options: Any = None) -> FakeCentral:
    launcher = config.stash.get(_LAUNCHER, None)
    if launcher is not None and _option(config, options, "--fake-central-mode") != "own":
        return _attach(config, launcher)
    try:
        return start_fake_central(
            fixture=_option(config, options, "--fake-central-fixture"),
            port=_option(config, options, "--fake-central-port"),
            validation=_option(config, options, "--fake-central-validation") or "documents",
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
        preloaded = config.stash.get(_PRELOADED, None)
        self.fake = preloaded if preloaded is not None else _start(config)
        if self.fake.attached:
            pid = f" (pid {self.fake.pid})" if self.fake.pid is not None else ""
            config.stash[_STARTED] = (
                f"attached to the fake python -m hpe_fake_central started{pid} on "
                f"{self.fake.url}, serving {self.fake.bundle.get('id')}"
            )
        else:
            config.stash[_STARTED] = (
                f"fake {self.fake.bundle.get('id')} started in {self.fake.start_seconds:.2f}s "
                f"on {self.fake.url} with node {self.fake.node}"
            )

    def alive(self, request: pytest.FixtureRequest) -> FakeCentral:
        if not self.fake.alive():
            note = self.fake.death_note()
            if self.fake.attached:
                # Not ours to restart: a fresh fake would not be the one the servers were
                # pointed at.
                pytest.exit(f"hpe-fake-central: {note}", returncode=pytest.ExitCode.INTERNAL_ERROR)
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
        if session.fake.attached and session.fake.alive():
            session.fake.reset()  # the launcher's fake back on the bundle it started with
        session.fake.close()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    started = config.stash.get(_STARTED, None)
    if started is not None:
        terminalreporter.write_line(f"hpe-fake-central: {started}")


_MARKER_OPTIONS = ("fixture", "faults", "validation", "devices", "patch", "divergences")
_MARKER_KEYWORDS = ", ".join(f"{name}=" for name in _MARKER_OPTIONS)


def _marker_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    marker = request.node.get_closest_marker(MARKER)
    if marker is None:
        return {}
    if marker.args:
        pytest.fail(
            f"@pytest.mark.{MARKER} takes keywords only: {_MARKER_KEYWORDS}",
            pytrace=False,
        )
    if "strict_query" in marker.kwargs:
        pytest.fail(
            f"@pytest.mark.{MARKER}: strict_query= is gone: the fake checks requests against "
            'HPE\'s documents by default; use validation="lenient" to let them through',
            pytrace=False,
        )
    unknown = set(marker.kwargs) - set(_MARKER_OPTIONS)
    if unknown:
        pytest.fail(
            f"@pytest.mark.{MARKER}: unknown option(s) {sorted(unknown)}; use {_MARKER_KEYWORDS}",
            pytrace=False,
        )
    validation = marker.kwargs.get("validation")
    if validation is not None and validation not in ("documents", "lenient"):
        pytest.fail(
            f"@pytest.mark.{MARKER}: validation={validation!r}; use \"documents\" or \"lenient\"",
            pytrace=False,
        )
    return dict(marker.kwargs)


@pytest.fixture(scope="session")
def fake_central_session(_fake_central_session: _Session) -> FakeCentral:
    """The run's fake, for session-scoped clients and fixtures. Never reset by itself: call
    `reset()` when you want one, or ask for `fake_central` in the tests, which resets before
    each (a client holding a token keeps working across resets: tokens depend only on the
    bundle's credentials)."""
    return _fake_central_session.fake


@pytest.fixture(scope="session")
def fake_central_session_env(
    fake_central_session: FakeCentral, request: pytest.FixtureRequest
) -> Iterator[FakeCentral]:
    """`fake_central_session`, with its environment (`env`, FAKE_CENTRAL_*, and the ini's
    `fake_central_env_vars`) set in os.environ for the whole session and restored after it."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in _environment(fake_central_session, request.config).items():
            patch.setenv(name, value)
        yield fake_central_session


@pytest.fixture(scope="module")
def fake_central_module(
    _fake_central_session: _Session, request: pytest.FixtureRequest
) -> FakeCentral:
    """The run's fake, reset once when the module starts, with the module's `pytestmark`
    `fake_central(...)` options; the module's tests then share its state. (A test of the
    module that asks for `fake_central` resets it again.)"""
    return _reset_for(_fake_central_session.alive(request), request)


def _environment(fake: FakeCentral, config: pytest.Config) -> dict[str, str]:
    try:
        return environment_for(fake, config.getini("fake_central_env_vars"))
    except EnvTemplateError as error:
        pytest.fail(f"hpe-fake-central: {error}", pytrace=False)


@pytest.fixture
def fake_central(
    _fake_central_session: _Session, request: pytest.FixtureRequest
) -> Iterator[FakeCentral]:
    """The session's fake, reset for this test (bundle restored, call log empty, no faults
    unless the `fake_central` marker sets them). A fake an earlier test killed is replaced by a
    fresh one, with a warning giving its exit code and the last lines of its stderr. A test
    whose client sent the OAuth client secret to the API (anywhere but the token endpoint)
    gets a warning naming the requests; `assert_secret_kept()` fails the test instead."""
    fake = _reset_for(_fake_central_session.alive(request), request)
    yield fake
    _warn_secret_sent(fake, request)


def _warn_secret_sent(fake: FakeCentral, request: pytest.FixtureRequest) -> None:
    """A warning when the test's requests carried the client secret outside the token endpoint."""
    try:
        sent = [c for c in fake.calls() if c.get("credentialSent")]
    except Exception:  # a fake the test killed: the next test's fixture says so
        return
    if sent:
        shown = "; ".join(
            f"{c['method']} {c['path']} in {', '.join(c['credentialSent'])}" for c in sent[:3]
        )
        more = f" (and {len(sent) - 3} more)" if len(sent) > 3 else ""
        request.node.warn(
            pytest.PytestWarning(
                f"hpe-fake-central: {len(sent)} request(s) sent the OAuth client secret to the "
                f"API, where only the token endpoint should get it: {shown}{more}. "
                "fake_central.assert_secret_kept() fails a test on it."
            )
        )


def _reset_for(fake: FakeCentral, request: pytest.FixtureRequest) -> FakeCentral:
    """Resets the fake with the closest `fake_central` marker's options and the run's."""
    options = _marker_options(request)
    fixture = options.get("fixture") or request.config.getoption("--fake-central-fixture")
    validation = options.get("validation") or request.config.getoption("--fake-central-validation")
    fake.reset(
        fixture=fixture,
        validation=validation,
        devices=options.get("devices"),
        patch=options.get("patch"),
        divergences=options.get("divergences"),
    )
    faults = options.get("faults")
    if isinstance(faults, (str, os.PathLike)):
        faults = Path(request.node.path).parent / faults
    fake.set_faults(faults)
    return fake


@pytest.fixture
def fake_central_env(
    fake_central: FakeCentral, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> FakeCentral:
    """`fake_central`, with its environment (`env`, FAKE_CENTRAL_*, and the ini's
    `fake_central_env_vars`) set in os.environ for in-process clients (httpx, requests,
    pycentral) and restored after the test."""
    for name, value in _environment(fake_central, request.config).items():
        monkeypatch.setenv(name, value)
    return fake_central
