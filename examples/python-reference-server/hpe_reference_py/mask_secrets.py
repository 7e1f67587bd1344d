"""Masks secrets in tool results, by field name and by remembered value (as mask-secrets.ts does)."""

from __future__ import annotations

import re
from typing import Any

MASK = "********"
# Shorter strings would redact ordinary words.
_MIN_REMEMBERED = 6
_SECRET_WORDS = ("secret", "passphrase", "password", "passwd", "psk", "token", "credential")
_METADATA_SUFFIXES = ("format", "type", "mode", "policy", "enable", "enabled", "length")
# Names ending in key(s) that identify something rather than unlock it.
_IDENTIFIER_KEYS = {"subscriptionkey"}
_PEM_PRIVATE_KEY = re.compile(
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)"
)


def _normalise(name: str) -> str:
    return re.sub(r"[-_\s.]", "", name.lower())


def _key_is_identifier(owner: dict[str, Any]) -> bool:
    """Alert and subscription `key`s are identifiers (what clear/defer take), not credentials."""
    kind = owner.get("type") if isinstance(owner.get("type"), str) else ""
    if kind.startswith("network-notifications/") or kind.startswith("subscriptions/"):
        return True
    if "severity" in owner and "category" in owner:
        return True
    if "subscriptionType" in owner or "sku" in owner:
        return True
    uri = owner.get("resourceUri") if isinstance(owner.get("resourceUri"), str) else ""
    return uri.startswith("/subscriptions/")


def _is_metadata_field(name: str) -> bool:
    n = _normalise(name)
    return any(n.endswith(suffix) for suffix in _METADATA_SUFFIXES)


def is_secret_field(name: str, owner: dict[str, Any] | None = None) -> bool:
    """Whether a field of `owner` called `name` holds a secret."""
    if _is_metadata_field(name):
        return False
    n = _normalise(name)
    if any(word in n for word in _SECRET_WORDS):
        return True
    if n == "key":
        return not _key_is_identifier(owner or {})
    if n.endswith("key") or n.endswith("keys"):
        return n not in _IDENTIFIER_KEYS
    return False


class SecretRedactor:
    """Replaces secret fields with MASK, then scrubs every known secret from all strings."""

    def __init__(self) -> None:
        self._known: set[str] = set()

    def remember(self, value: object) -> None:
        """Registers a value that must never appear in a result (credentials, issued tokens)."""
        if isinstance(value, str) and len(value) >= _MIN_REMEMBERED:
            self._known.add(value)

    def redact(self, value: Any) -> Any:
        """A deep copy of `value` with every secret replaced by MASK."""
        return self._scrub(self._mask_fields(value, False))

    def redact_text(self, text: str) -> str:
        """Redacts a plain string (error messages)."""
        return self._scrub_string(text)

    def _mask_fields(self, value: Any, secret: bool) -> Any:
        if isinstance(value, list):
            return [self._mask_fields(v, secret) for v in value]
        if isinstance(value, dict):
            return {
                k: self._mask_fields(v, (not _is_metadata_field(k)) if secret else is_secret_field(k, value))
                for k, v in value.items()
            }
        return self._mask_scalar(value) if secret else value

    def _mask_scalar(self, value: Any) -> Any:
        # Strings and numbers go; flags and nulls stay (they say whether, not what).
        if isinstance(value, str):
            if value in ("", MASK):
                return value
            self.remember(value)
            return MASK
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return MASK
        return value

    def _scrub(self, value: Any) -> Any:
        if isinstance(value, str):
            return self._scrub_string(value)
        if isinstance(value, list):
            return [self._scrub(v) for v in value]
        if isinstance(value, dict):
            return {k: self._scrub(v) for k, v in value.items()}
        return value

    def _scrub_string(self, text: str) -> str:
        out = _PEM_PRIVATE_KEY.sub(MASK, text)
        # Longest first, so a secret that contains another is replaced whole.
        for secret in sorted(self._known, key=len, reverse=True):
            if secret in out:
                out = out.replace(secret, MASK)
        return out
