"""The only way tools reach Central: cached tokens, bounded retries, errors a model can act on."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlparse

import httpx

from . import SERVER_NAME
from .config import Config
from .mask_secrets import SecretRedactor

Query = dict[str, str | int | bool | None]

CENTRAL_TTL_S = 7200
# encodeURIComponent leaves these unescaped too; matching it keeps paths and query strings
# identical to the TypeScript server's in the fake's call log.
_QUOTE_SAFE = "!*'()"
# Refresh this long before the issuer's expiry, so a token never dies mid-request.
EXPIRY_MARGIN_S = 60.0


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded, so a throttled API cannot stall a tool (fake-central/SPEC.md §7)."""

    max_rate_limit_retries: int = 2
    max_retry_after_s: float = 5.0
    default_retry_after_s: float = 1.0
    server_error_delay_s: float = 0.25


class CentralApiError(Exception):
    """A failed call, carrying what a model needs to recover (method, path, status, code, text)."""

    def __init__(self, status: int, method: str, path: str, error_code: str | None, detail: str):
        what = "network error" if status == 0 else f"HTTP {status}"
        code = f" {error_code}" if error_code else ""
        text = f": {detail}" if detail else ""
        super().__init__(f"{method} {path} failed: {what}{code}{text}")
        self.status = status

    @classmethod
    def from_body(cls, status: int, method: str, path: str, body: Any) -> CentralApiError:
        """Builds the error from a response body in any of the vendor's error shapes."""
        code: str | None = None
        detail = ""
        if isinstance(body, dict):

            def first(*names: str) -> str | None:
                return next((body[n] for n in names if isinstance(body.get(n), str) and body[n]), None)

            code = first("errorCode", "error")
            detail = first("message", "error_description", "detail") or ""
        elif isinstance(body, str):
            detail = body[:300]
        return cls(status, method, path, code, detail)


@dataclass
class ApiResponse:
    status: int
    body: Any
    location: str | None


def seg(value: str) -> str:
    """A path segment as encodeURIComponent writes it, except `:` which MAC addresses keep."""
    return quote(value, safe=_QUOTE_SAFE + ":")


def query_string(query: Query | None) -> str:
    if not query:
        return ""
    parts = []
    for key, value in query.items():
        if value is None or value == "":
            continue
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        parts.append(f"{quote(key, safe=_QUOTE_SAFE)}={quote(text, safe=_QUOTE_SAFE)}")
    return "?" + "&".join(parts) if parts else ""


def _parse_body(text: str) -> Any:
    if text == "":
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text


def _retry_after_s(header: str | None, policy: RetryPolicy) -> float:
    try:
        seconds = float(header) if header is not None else -1.0
    except ValueError:
        seconds = -1.0
    wait = seconds if seconds >= 0 else policy.default_retry_after_s
    return min(wait, policy.max_retry_after_s)


def _error_text(error: BaseException) -> str:
    message = str(error) or type(error).__name__
    cause = error.__cause__ or error.__context__
    return f"{message} ({cause})" if cause else message


class CentralClient:
    """Bearer tokens from the SSO endpoint (cached per token URL), one refresh-and-retry on 401,
    Retry-After on 429 (capped, at most twice), one retry of a GET on a 5xx or network failure.
    Nothing is called until a tool asks. httpx's trust_env honours HTTPS_PROXY and SSL_CERT_FILE."""

    def __init__(
        self,
        config: Config,
        redactor: SecretRedactor,
        retry: RetryPolicy = RetryPolicy(),
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._config = config
        self._redactor = redactor
        self._retry = retry
        self._http = httpx.AsyncClient(
            timeout=30.0,
            trust_env=True,
            headers={"User-Agent": SERVER_NAME},
            **({"transport": transport} if transport is not None else {}),
        )
        self._token: tuple[str, float] | None = None
        self._token_lock = asyncio.Lock()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _get_token(self) -> str:
        async with self._token_lock:
            if self._token is not None and self._token[1] > time.monotonic():
                return self._token[0]
            token, ttl = await self._fetch_token()
            self._redactor.remember(token)
            self._token = (token, time.monotonic() + max(ttl - EXPIRY_MARGIN_S, ttl / 2))
            return token

    def _invalidate(self, token: str) -> None:
        if self._token is not None and self._token[0] == token:
            self._token = None

    async def _fetch_token(self) -> tuple[str, float]:
        url = self._config.token_url
        path = urlparse(url).path
        form = {
            "grant_type": "client_credentials",
            "client_id": self._config.client_id,
            "client_secret": self._config.client_secret,
        }
        try:
            res = await self._http.post(url, data=form, headers={"Accept": "application/json"})
        except httpx.HTTPError as error:
            raise CentralApiError(0, "POST", path, None, _error_text(error)) from error
        body = _parse_body(res.text)
        if res.status_code != 200:
            raise CentralApiError.from_body(res.status_code, "POST", path, body)
        token = body.get("access_token") if isinstance(body, dict) else None
        if not isinstance(token, str) or token == "":
            raise CentralApiError(200, "POST", path, None, "token response has no access_token")
        expires = body.get("expires_in")
        ttl = (
            float(expires)
            if isinstance(expires, (int, float)) and not isinstance(expires, bool) and expires > 0
            else CENTRAL_TTL_S
        )
        return token, ttl

    async def request(
        self, method: str, path: str, query: Query | None = None, body: Any = None
    ) -> ApiResponse:
        """Sends one logical request (with the retries above); raises CentralApiError."""
        url = f"{self._config.central_base_url}{path}{query_string(query)}"
        refreshed = False
        rate_limited = 0
        server_retried = False
        while True:
            token = await self._get_token()
            headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
            content = None
            if body is not None:
                headers["Content-Type"] = "application/json"
                content = json.dumps(body).encode()
            try:
                res = await self._http.request(method, url, headers=headers, content=content)
            except httpx.HTTPError as error:
                if method == "GET" and not server_retried:
                    server_retried = True
                    await asyncio.sleep(self._retry.server_error_delay_s)
                    continue
                raise CentralApiError(0, method, path, None, _error_text(error)) from error
            if res.status_code == 401 and not refreshed:
                refreshed = True
                self._invalidate(token)
                continue
            if res.status_code == 429 and rate_limited < self._retry.max_rate_limit_retries:
                rate_limited += 1
                await asyncio.sleep(_retry_after_s(res.headers.get("retry-after"), self._retry))
                continue
            if res.status_code >= 500 and method == "GET" and not server_retried:
                server_retried = True
                await asyncio.sleep(self._retry.server_error_delay_s)
                continue
            parsed = _parse_body(res.text)
            if not 200 <= res.status_code < 300:
                raise CentralApiError.from_body(res.status_code, method, path, parsed)
            return ApiResponse(res.status_code, parsed, res.headers.get("location"))

    async def get(self, path: str, query: Query | None = None) -> Any:
        """GET returning the parsed body."""
        return (await self.request("GET", path, query)).body
