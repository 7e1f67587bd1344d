"""A client of the fake's control API (urllib only, and never through a proxy)."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable

# The tests' own environment may carry the fake's HTTPS_PROXY (fake_central_env): the control
# API refuses proxied requests, so this client never uses one.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class FakeCentralControlError(Exception):
    """The control API refused a request: `message` says why, `hint` how to ask instead."""

    def __init__(self, status: int, code: str, message: str, hint: str | None) -> None:
        super().__init__(f"{message}" + (f" (hint: {hint})" if hint else ""))
        self.status = status
        self.code = code
        self.message = message
        self.hint = hint


class FakeCentralUnavailable(Exception):
    """The fake's control API cannot be reached; the message says why (it exited, and how)."""


class ControlClient:
    def __init__(
        self, url: str, token: str, why_unreachable: Callable[[], str] | None = None
    ) -> None:
        self.url = url
        self._token = token
        self._why_unreachable = why_unreachable

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        query: dict[str, Any] | None = None,
        raw: str | None = None,
    ) -> Any:
        params = {k: v for k, v in (query or {}).items() if v is not None}
        target = self.url + path + ("?" + urllib.parse.urlencode(params) if params else "")
        data = raw.encode() if raw is not None else (
            None if body is None and method == "GET" else json.dumps(body).encode()
        )
        req = urllib.request.Request(target, data=data, method=method)
        req.add_header("Authorization", f"Bearer {self._token}")
        req.add_header("Content-Type", "application/json")
        try:
            with _OPENER.open(req, timeout=60) as res:
                return json.loads(res.read())
        except urllib.error.HTTPError as error:
            return self._refused(error)
        except (urllib.error.URLError, ConnectionError) as error:
            # A raw "Connection refused" says nothing: say whether the fake is gone, and how.
            why = self._why_unreachable() if self._why_unreachable else str(error)
            raise FakeCentralUnavailable(
                f"the fake's control API at {self.url} is unreachable: {why}"
            ) from None

    @staticmethod
    def _refused(error: urllib.error.HTTPError) -> Any:
        try:
            payload = json.loads(error.read())
        except ValueError:
            payload = {}
        raise FakeCentralControlError(
            error.code,
            str(payload.get("errorCode", "")),
            str(payload.get("message", error.reason)),
            payload.get("hint"),
        ) from None
