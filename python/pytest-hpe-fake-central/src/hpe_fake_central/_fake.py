"""Starts the bundled fake (Node) with its control API and wraps both for Python tests."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any, Mapping, Sequence

from ._assertions import StateAssertions
from ._control import ControlClient
from ._node import NodeNotFound, find_node

BUNDLE_DIR = Path(__file__).parent / "_bundle"
ENTRY = BUNDLE_DIR / "index.js"
START_TIMEOUT = 60.0
# Lines of a dead fake's stderr an error shows.
STDERR_SHOWN = 10


class FakeCentralStartupError(Exception):
    """The fake did not start. The message names the cause and the fix."""


class FakeCentral(StateAssertions):
    """A running fake Central/GreenLake API and its control API.

    Attributes mirror what a client needs: `url` (plain HTTP base URL), `proxy_url` (the
    intercepting HTTPS proxy, same port), `ca_cert_path` (trust it), `client_id`,
    `client_secret`, `workspace_id`, and `env`, the variables that send a client with its
    production URLs through the proxy (HTTPS_PROXY, SSL_CERT_FILE, REQUESTS_CA_BUNDLE, ...).
    """

    def __init__(
        self,
        process: subprocess.Popen[str] | None,
        line: Mapping[str, str],
        stderr: deque[str],
        attached_pid: int | None = None,
    ):
        # `process` is None for a fake another process started (attach()): this object then
        # never stops it.
        self._process = process
        self._attached_pid = attached_pid
        self._stderr = stderr
        self.control_url: str = line["control"]
        self.control_token: str = line["controlToken"]
        self._control = ControlClient(self.control_url, self.control_token, self.death_note)
        self.node: str = ""
        self.start_seconds: float = 0.0
        self._refresh()

    @classmethod
    def attach(cls, control_url: str, control_token: str, pid: int | None = None) -> "FakeCentral":
        """A fake another process started (`python -m hpe_fake_central`), reached through its
        control API; close() leaves it running."""
        return cls(None, {"control": control_url, "controlToken": control_token}, deque(), pid)

    @property
    def attached(self) -> bool:
        """Whether another process started this fake (and owns its life)."""
        return self._process is None

    def _refresh(self) -> None:
        info = self._control.request("GET", "/_fake/info")
        self.url: str = info["url"]
        self.proxy_url: str = info["proxy"]
        self.ca_cert_path: str = info["caCertPath"]
        self.client_id: str = info["clientId"]
        self.client_secret: str = info["clientSecret"]
        self.workspace_id: str = info["workspaceId"]
        self.bundle: dict[str, str] = info["bundle"]
        self.env: dict[str, str] = dict(info["env"])

    def calls(
        self,
        method: str | None = None,
        path: str | None = None,
        kind: str | None = None,
        since: int | None = None,
    ) -> list[dict[str, Any]]:
        """The server-side call log since the last reset, filtered in the fake.

        `path` takes the scenarios' endpoint patterns (`GET /network-monitoring/v1/*`,
        `/network-config/**`, `{POST,PUT} /x/{a,b}`); `kind` is auth, read, write, diagnostic,
        poll or escape; `since` keeps calls after that seq.
        """
        query = {"method": method, "path": path, "kind": kind, "since": since}
        return list(self._control.request("GET", "/_fake/calls", query=query)["calls"])

    def reset(
        self,
        fixture: str | None = None,
        validation: str | None = None,
        devices: Sequence[Mapping[str, Any]] | None = None,
        patch: Sequence[Mapping[str, Any]] | None = None,
        divergences: Mapping[str, str] | None = None,
    ) -> None:
        """Restores the bundle (or serves `fixture` from now on) and clears the call log.

        `validation` ("documents" or "lenient") sets how the fake treats requests HPE's
        documents forbid from now on; None keeps the mode the fake started with. `devices` and
        `patch` edit the world until the next reset, as `seed()` does. `divergences` picks,
        until the next reset, the other behaviour of a documented deviation whose evidence is
        open (`{"D20": "connected"}`: only connected clients count in client health); the fake
        refuses an unknown id or value, naming the valid ones.
        """
        body: dict[str, Any] = {}
        if fixture is not None:
            body["fixture"] = fixture
        if validation is not None:
            body["validation"] = checked_validation(validation)
        seed = _seed_body(devices, patch)
        if seed:
            body["seed"] = seed
        if divergences:
            body["divergences"] = dict(divergences)
        served = self._control.request("POST", "/_fake/reset", body)["bundle"]
        if served != self.bundle:
            self._refresh()  # another bundle: other credentials

    def seed(
        self,
        devices: Sequence[Mapping[str, Any]] = (),
        patch: Sequence[Mapping[str, Any]] = (),
    ) -> dict[str, int]:
        """Edits the world until the next reset, and starts the state and call log afresh
        (seed before the server acts). Returns the rows added per file since the reset.

        `devices`: `{"serialNumber", "deviceType": "AP"|"SWITCH"|"GATEWAY", "siteId"}` (a site
        of the bundle, or None for a device no site holds), optionally `status` ("ONLINE"),
        `health` ("Good"), `deviceName`, `macAddress`, `model`, `isProvisioned`. Each appears
        in every endpoint that shows a device of its site and in its site's health counts.
        `patch`: raw edits of one collection, `{"collection", "where", "set"}`,
        `{"collection", "add": [...]}` or `{"collection", "where", "remove": True}`; nothing
        else follows a patch. Seeded rows are part of the baseline `state()` and the
        assertions compare with: only the test's own writes count as changes.
        """
        body = _seed_body(devices, patch)
        return dict(self._control.request("POST", "/_fake/seed", body)["seeded"])

    def set_faults(self, plan: Mapping[str, Any] | str | os.PathLike[str] | None) -> None:
        """Sets the fault plan (a mapping, a YAML/JSON file path, or None for none)."""
        if plan is None or isinstance(plan, Mapping):
            self._control.request("PUT", "/_fake/faults", raw=json.dumps(plan))
        else:
            text = Path(plan).read_text(encoding="utf-8")
            self._control.request("PUT", "/_fake/faults", raw=text)

    def state(self) -> dict[str, Any]:
        """Every change against the bundle since the last reset: `{"bundle", "changes"}`."""
        return dict(self._control.request("GET", "/_fake/state"))

    def check_state(self, assertions: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """Evaluates `expect.state` assertions: `{"passed", "failures", "collateral"}`, and a
        `summary` saying why whenever `passed` is false. `added` may come with `fields` (new
        items with those values); `assert_added`, `assert_unchanged`… raise instead."""
        return dict(
            self._control.request("POST", "/_fake/state/check", {"assertions": list(assertions)})
        )

    @property
    def pid(self) -> int | None:
        """The fake's process id (None for an attached fake whose launcher did not say it)."""
        return self._process.pid if self._process is not None else self._attached_pid

    def alive(self) -> bool:
        """Whether the fake's process is still running (a test may have killed it)."""
        if self._process is not None:
            return self._process.poll() is None
        if self._attached_pid is not None:
            try:
                os.kill(self._attached_pid, 0)
            except ProcessLookupError:
                return False
            except PermissionError:
                return True
            return True
        try:
            self._control.request("GET", "/_fake/info")
        except Exception:
            return False
        return True

    def death_note(self) -> str:
        """How the fake ended, for an error: its exit code and the last lines of its stderr."""
        if self._process is None:
            who = f" (pid {self._attached_pid})" if self._attached_pid is not None else ""
            return (
                f"the fake started by python -m hpe_fake_central{who} at {self.control_url} is gone "
                "or does not answer; its stderr is the launcher's"
            )
        code = self._process.poll()
        if code is None:
            return f"the fake (pid {self._process.pid}) is running but does not answer"
        time.sleep(0.05)  # let the stderr pump take the last lines
        tail = "\n".join(list(self._stderr)[-STDERR_SHOWN:]) or "(nothing)"
        how = f"was killed by signal {-code}" if code < 0 else f"exited with code {code}"
        return f"the fake (pid {self._process.pid}) {how}; the last lines of its stderr:\n{tail}"

    def close(self) -> None:
        if self._process is None:
            return  # attached: the launcher owns the fake
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()

    def __enter__(self) -> "FakeCentral":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


VALIDATION_MODES = ("documents", "lenient")


def _seed_body(
    devices: Sequence[Mapping[str, Any]] | None, patch: Sequence[Mapping[str, Any]] | None
) -> dict[str, Any]:
    body: dict[str, Any] = {}
    if devices:
        body["devices"] = [dict(d) for d in devices]
    if patch:
        body["patch"] = [dict(p) for p in patch]
    return body


def checked_validation(validation: str) -> str:
    """The validation mode, or a ValueError naming the two there are."""
    if validation not in VALIDATION_MODES:
        raise ValueError(
            f"validation={validation!r}: use \"documents\" (the default: requests HPE's "
            "documents forbid are refused with the family's 400 and change nothing) or "
            "\"lenient\" (they reach the handlers)"
        )
    return validation


def start_fake_central(
    fixture: str | None = None,
    port: int = 0,
    validation: str = "documents",
    faults: str | os.PathLike[str] | None = None,
) -> FakeCentral:
    """Starts the fake on 127.0.0.1 with its control API; stop it with close().

    `validation="lenient"` lets requests HPE's documents forbid through to the handlers; by
    default ("documents") the fake refuses them as the live API does.
    """
    checked_validation(validation)
    try:
        node, origin = find_node()
    except NodeNotFound as error:
        raise FakeCentralStartupError(str(error)) from None
    if not ENTRY.exists():
        raise FakeCentralStartupError(
            f"the fake's bundle {ENTRY} is missing: this is a source checkout without the "
            "bundle. Fix: run `npm run build:pytest` in the hpe-mcp-bench checkout, or install "
            "the built wheel."
        )
    args = [node, str(ENTRY), "--control", "--quiet", "--port", str(port)]
    if fixture is not None:
        args += ["--fixture", fixture]
    if validation == "lenient":
        args.append("--lenient")
    if faults is not None:
        args += ["--faults", os.fspath(faults)]
    started = time.monotonic()
    process = subprocess.Popen(
        args,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=os.getcwd(),
    )
    stderr: deque[str] = deque(maxlen=40)
    lines: queue.Queue[str | None] = queue.Queue()

    def pump_stdout() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    def pump_stderr() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            stderr.append(line.rstrip("\n"))

    threading.Thread(target=pump_stdout, daemon=True).start()
    threading.Thread(target=pump_stderr, daemon=True).start()
    try:
        first = lines.get(timeout=START_TIMEOUT)
    except queue.Empty:
        process.kill()
        raise FakeCentralStartupError(
            f"the fake printed nothing within {START_TIMEOUT:.0f}s ({node} {ENTRY}). "
            "Fix: check that the machine is not overloaded, then run the command by hand."
        ) from None
    if first is None:
        process.wait(timeout=10)
        time.sleep(0.05)  # let the stderr pump finish
        said = "; ".join(line.strip() for line in stderr if line.strip())
        said = said.removeprefix("hpe-mcp-bench fake-central: ").replace("; hint: ", ". Fix: ")
        raise FakeCentralStartupError(
            f"the fake exited with code {process.returncode}: {said or '(no message)'}"
        )
    fake = FakeCentral(process, json.loads(first), stderr)
    fake.node = f"{node} ({origin})"
    fake.start_seconds = time.monotonic() - started
    return fake
