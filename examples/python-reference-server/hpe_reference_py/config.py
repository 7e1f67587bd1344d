"""The server's settings, read once from the environment."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlparse

DEFAULT_CENTRAL_BASE_URL = "https://us5.api.central.arubanetworks.com"
CENTRAL_TOKEN_URL = "https://sso.common.cloud.hpe.com/as/token.oauth2"


class ConfigError(Exception):
    """A configuration problem; the message names the variable and the fix."""


@dataclass(frozen=True)
class Config:
    central_base_url: str
    client_id: str
    client_secret: str
    # The SSO token URL; only tests override it (CENTRAL_TOKEN_URL).
    token_url: str
    # REFERENCE_NOW: a fixed "now" for time windows (replaying a fixed-clock fixture).
    fixed_now: datetime | None


def _url_var(env: Mapping[str, str], name: str, fallback: str) -> str:
    raw = (env.get(name) or "").strip() or fallback
    parsed = urlparse(raw)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ConfigError(f'{name} must be an http(s) URL, got "{raw}" (expected e.g. {fallback})')
    return raw.rstrip("/")


def parse_rfc3339(raw: str) -> datetime:
    """An RFC 3339 timestamp (`Z` or an offset) as an aware datetime; ValueError otherwise."""
    value = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    if value.tzinfo is None:
        raise ValueError("no time zone")
    return value


def load_config(env: Mapping[str, str]) -> Config:
    """Parses the environment; raises ConfigError naming the bad variable."""
    client_id = (env.get("CENTRAL_CLIENT_ID") or "").strip()
    client_secret = (env.get("CENTRAL_CLIENT_SECRET") or "").strip()
    missing = [
        name
        for name, value in (("CENTRAL_CLIENT_ID", client_id), ("CENTRAL_CLIENT_SECRET", client_secret))
        if value == ""
    ]
    if missing:
        raise ConfigError(
            f"{' and '.join(missing)} must be set (the Central API client credentials from GreenLake)."
        )
    now_raw = (env.get("REFERENCE_NOW") or "").strip()
    fixed_now = None
    if now_raw:
        try:
            fixed_now = parse_rfc3339(now_raw)
        except ValueError:
            raise ConfigError(f'REFERENCE_NOW must be an RFC 3339 timestamp, got "{now_raw}"') from None
    return Config(
        central_base_url=_url_var(env, "CENTRAL_BASE_URL", DEFAULT_CENTRAL_BASE_URL),
        client_id=client_id,
        client_secret=client_secret,
        token_url=_url_var(env, "CENTRAL_TOKEN_URL", CENTRAL_TOKEN_URL),
        fixed_now=fixed_now,
    )
