"""Collects paged lists with the endpoint's largest page and stops exactly when the API says so."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .central_client import CentralClient, Query

# Hard stop for a misbehaving API whose `next` never ends.
MAX_PAGES = 200


@dataclass
class Collected:
    items: list[Any]
    # `total` as the API reported it (the filtered count), or None when it did not.
    total: int | None
    truncated: bool


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _list_of(page: Any, key: str) -> list[Any]:
    found = page.get(key) if isinstance(page, dict) else None
    return found if isinstance(found, list) else []


def _total_of(page: Any) -> int | None:
    total = page.get("total") if isinstance(page, dict) else None
    return total if _is_number(total) else None


async def collect_cursor(
    client: CentralClient,
    path: str,
    page_size: int,
    query: Query | None = None,
    list_key: str = "items",
    max_items: float = math.inf,
) -> Collected:
    """Page-number cursor pagination (`next` = "2", "3" …, null on the last page)."""
    limit = int(min(page_size, max_items))
    items: list[Any] = []
    total: int | None = None
    cursor: str | None = None
    for _ in range(MAX_PAGES):
        body = await client.get(
            path, {**(query or {}), "limit": limit, **({} if cursor is None else {"next": cursor})}
        )
        items.extend(_list_of(body, list_key))
        total = _total_of(body) if _total_of(body) is not None else total
        raw = body.get("next") if isinstance(body, dict) else None
        cursor = raw if isinstance(raw, str) else str(raw) if _is_number(raw) else None
        if cursor == "":
            cursor = None
        if cursor is None:
            break
        if len(items) >= max_items:
            return Collected(items[: int(max_items)], total, True)
    return Collected(items, total, cursor is not None)


async def collect_offset(
    client: CentralClient,
    path: str,
    page_size: int,
    query: Query | None = None,
    list_key: str = "items",
    max_items: float = math.inf,
    first_offset: int = 0,
) -> Collected:
    """Offset pagination: each page starts where the items collected so far end; stops when
    `total` is reached or a page comes back empty (without a total, a page under `limit` is the
    last). The API may serve fewer items than `limit` on a page that is not the last."""
    limit = int(min(page_size, max_items))
    items: list[Any] = []
    total: int | None = None
    for _ in range(MAX_PAGES):
        body = await client.get(path, {**(query or {}), "limit": limit, "offset": first_offset + len(items)})
        page = _list_of(body, list_key)
        items.extend(page)
        total = _total_of(body) if _total_of(body) is not None else total
        done = len(items) >= total if total is not None else len(page) < limit
        if not page or done:
            break
        if len(items) >= max_items:
            return Collected(items[: int(max_items)], total, True)
    return Collected(items, total, total is not None and len(items) < total)
