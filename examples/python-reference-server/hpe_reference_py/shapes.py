"""Result shaping shared by the tools, mirroring examples/reference-server/tools/util.ts."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta, timezone
from typing import Any

from .paging import Collected

Obj = dict[str, Any]


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


# A field the API did not send (TypeScript's undefined), as opposed to a JSON null.
ABSENT: Any = _Absent()


class ToolInputError(Exception):
    """A problem with the arguments the API would reject anyway; reported without a call."""


def pick(item: Any, fields: Iterable[str]) -> Obj:
    """The named fields of `item` that are present (null kept: it is a fact)."""
    source = item if isinstance(item, dict) else {}
    return {f: source[f] for f in fields if f in source}


def omit(item: Any, fields: Iterable[str]) -> Obj:
    """`item` without the named fields (for detail views that keep nearly everything)."""
    drop = set(fields)
    return {k: v for k, v in (item if isinstance(item, dict) else {}).items() if k not in drop}


def odata_filter(clauses: dict[str, str | None]) -> str | None:
    """OData-lite `field eq 'value'` clauses joined by `and`; None values are left out."""
    parts = [
        f"{field} eq '{value.replace(chr(39), chr(39) * 2)}'" for field, value in clauses.items() if value
    ]
    return " and ".join(parts) if parts else None


def normalise_mac(raw: str) -> str:
    """Any MAC spelling as `aa:bb:cc:dd:ee:ff`, the form Central returns; ToolInputError otherwise."""
    digits = re.sub(r"[^0-9a-fA-F]", "", raw)
    if len(digits) != 12 or re.sub(r"[0-9a-fA-F:.\-\s]", "", raw) != "":
        raise ToolInputError(f'"{raw}" is not a MAC address (expected e.g. AA:BB:CC:DD:EE:FF)')
    lower = digits.lower()
    return ":".join(lower[i : i + 2] for i in range(0, 12, 2))


def rfc3339(moment: datetime) -> str:
    """RFC 3339 in UTC without fractions, as the vendor's examples write it."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def time_window(now: datetime, hours: int) -> dict[str, str]:
    """`start-at`/`end-at` for the last `hours` hours before `now`."""
    return {"start-at": rfc3339(now - timedelta(hours=hours)), "end-at": rfc3339(now)}


def list_result(collected: Collected, shape: Callable[[Any], Any], name: str = "items") -> Obj:
    """A list result: the API's total, what is returned, and a note when it was cut short."""
    items = [shape(item) for item in collected.items]
    out: Obj = {
        "total": collected.total if collected.total is not None else len(items),
        "returned": len(items),
    }
    if collected.truncated:
        out["truncated"] = True
    out[name] = items
    return out


def groups(value: Any) -> Any:
    """`[{name, value|count}]` health/alert groups as `{"Poor": 1, "Good": 9}`; ABSENT without groups."""
    listed = value.get("groups") if isinstance(value, dict) else None
    if not isinstance(listed, list):
        return ABSENT
    out: Obj = {}
    for group in listed:
        if isinstance(group, dict) and isinstance(group.get("name"), str):
            found = group.get("value")
            out[group["name"]] = found if found is not None else group.get("count")
    return out


def without_absent(fields: Obj) -> Obj:
    """`fields` without the entries that are ABSENT (JSON.stringify drops undefined members, so the
    TypeScript server's results have no key for a field the API did not send; a JSON null stays)."""
    return {k: v for k, v in fields.items() if v is not ABSENT}
