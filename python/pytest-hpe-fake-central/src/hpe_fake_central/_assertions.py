"""Assertions on the fake's state and call log in plain Python, each failure naming what differed.

They wrap the control API's state check and call log; `check_state` keeps its scenario shape.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

# How many changes or calls a failure message lists before "and N more".
SHOWN = 8


class FakeCentralAssertionError(AssertionError):
    """An assertion on the fake did not hold; the message says what the fake saw instead."""


def _show(value: Any) -> str:
    return "missing" if value is None else json.dumps(value, sort_keys=True)


def _where(where: Mapping[str, Any] | None) -> str:
    return f" where {json.dumps(dict(where), sort_keys=True)}" if where else ""


def _limited(lines: list[str]) -> str:
    more = f"\n  … and {len(lines) - SHOWN} more" if len(lines) > SHOWN else ""
    return "".join(f"\n  {line}" for line in lines[:SHOWN]) + more


def _value_at(item: Any, path: str) -> Any:
    for key in path.split("."):
        if not isinstance(item, dict) or key not in item:
            return None
        item = item[key]
    return item


def _describe_change(change: Mapping[str, Any]) -> str:
    head = f"{change['collection']} {change['item']} {change['change']}"
    if change["change"] != "modified":
        return head
    diffs = [
        f"{path}: {_show(_value_at(change.get('before'), path))} → "
        f"{_show(_value_at(change.get('after'), path))}"
        for path in change.get("fields", [])
    ]
    return f"{head} ({'; '.join(diffs)})"


class StateAssertions:
    """Mixed into FakeCentral, whose `state()`, `check_state()` and `calls()` they use."""

    state: Any
    check_state: Any
    calls: Any

    def changes(self, collection: str | None = None) -> list[dict[str, Any]]:
        """The changes against the bundle since the last reset, of one collection or all."""
        return [
            c for c in self.state()["changes"] if collection is None or c["collection"] == collection
        ]

    def assert_state(self, assertions: Sequence[Mapping[str, Any]]) -> None:
        """`check_state`, raising with its failures, collateral and summary when it fails."""
        result = self.check_state(assertions)
        if not result["passed"]:
            raise FakeCentralAssertionError(result.get("summary") or json.dumps(result))

    def assert_added(
        self,
        collection: str,
        where: Mapping[str, Any] | None = None,
        fields: Mapping[str, Any] | None = None,
        count: int = 1,
    ) -> list[dict[str, Any]]:
        """`count` items matching `where` were added to `collection`, each with `fields`.
        Returns the added items. Changes elsewhere are not this assertion's business
        (`assert_unchanged` checks them)."""
        assertion: dict[str, Any] = {"collection": collection, "added": count}
        if where:
            assertion["where"] = dict(where)
        if fields:
            assertion["fields"] = dict(fields)
        result = self.check_state([assertion])
        added = [c for c in self.changes(collection) if c["change"] == "added"]
        if result["failures"]:
            failure = result["failures"][0].split(": ", 1)[-1]
            seen = [f"{c['item']}: {_show(c.get('after'))}" for c in added]
            instead = "added instead:" + _limited(seen) if seen else "nothing was added there"
            raise FakeCentralAssertionError(
                f"{collection}: expected {count} item(s) added{_where(where)}"
                f"{' with ' + _show(dict(fields)) if fields else ''}; {failure}; {instead}"
            )
        return [c["after"] for c in added if c.get("after") is not None]

    def assert_removed(
        self, collection: str, where: Mapping[str, Any] | None = None, count: int = 1
    ) -> None:
        """`count` items of the bundle matching `where` are gone from `collection`."""
        assertion: dict[str, Any] = {"collection": collection, "removed": count}
        if where:
            assertion["where"] = dict(where)
        result = self.check_state([assertion])
        if result["failures"]:
            removed = [c["item"] for c in self.changes(collection) if c["change"] == "removed"]
            raise FakeCentralAssertionError(
                f"{collection}: expected {count} item(s) removed{_where(where)}; "
                f"{result['failures'][0].split(': ', 1)[-1]}; removed: {removed or 'none'}"
            )

    def assert_unchanged(
        self, collection: str | None = None, where: Mapping[str, Any] | None = None
    ) -> None:
        """Nothing changed (in `collection`, among the items `where` selects), each change
        listed with its fields before → after when something did."""
        moved = [
            c
            for c in self.changes(collection)
            if not where
            or any(
                isinstance(side, dict)
                and all(_value_at(side, k) == v for k, v in where.items())
                for side in (c.get("before"), c.get("after"))
            )
        ]
        if moved:
            scope = collection or "the state"
            raise FakeCentralAssertionError(
                f"{scope}{_where(where)} changed:"
                + _limited([_describe_change(c) for c in moved])
            )

    def assert_called(
        self, pattern: str, times: int | None = None, status: int | None = None
    ) -> list[dict[str, Any]]:
        """Calls matching the endpoint pattern (`POST /network-config/v1alpha1/wlan-ssids/*`),
        `times` of them when given, each answered `status` when given. Returns them."""
        calls = self.calls(path=pattern)
        wrong = [c for c in calls if status is not None and c.get("status") != status]
        if (times is None and not calls) or (times is not None and len(calls) != times) or wrong:
            expected = f"{times if times is not None else 'at least 1'} call(s) to {pattern}"
            answered = f" answered {status}" if status is not None else ""
            raise FakeCentralAssertionError(
                f"expected {expected}{answered}, saw {len(calls)}"
                + (f" ({len(wrong)} answered otherwise)" if wrong else "")
                + "; calls since the reset:"
                + (_limited([_describe_call(c) for c in self.calls()]) or " none")
            )
        return calls

    def assert_not_called(self, pattern: str) -> None:
        """No call matched the endpoint pattern."""
        calls = self.calls(path=pattern)
        if calls:
            raise FakeCentralAssertionError(
                f"expected no call to {pattern}, saw {len(calls)}:"
                + _limited([_describe_call(c) for c in calls])
            )


    def assert_secret_kept(self) -> None:
        """No request since the reset sent the OAuth client secret anywhere but the token
        endpoint (a header, the query, the body or the path of an API call: the call log's
        `credentialSent`)."""
        sent = [c for c in self.calls() if c.get("credentialSent")]
        if sent:
            raise FakeCentralAssertionError(
                f"expected the OAuth client secret only at the token endpoint, but {len(sent)} "
                "request(s) sent it to the API:" + _limited([_describe_call(c) for c in sent])
            )


def _describe_call(call: Mapping[str, Any]) -> str:
    refused = call.get("refused")
    why = f" refused ({refused.get('rule')} at {refused.get('at')})" if refused else ""
    sent = call.get("credentialSent")
    secret = f" with the client secret in {', '.join(sent)}" if sent else ""
    return f"{call['method']} {call['path']} → {call.get('status')}{why}{secret}"
