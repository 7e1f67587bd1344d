"""Tools for "what is alerting?" (read side of the alerts family)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..paging import collect_cursor
from ..shapes import list_result, odata_filter, pick
from .define_tool import ToolContext, define_read_tool

A = "/network-notifications/v1/alerts"
FIELDS = (
    "id",
    "key",
    "name",
    "summary",
    "category",
    "severity",
    "priority",
    "status",
    "deviceType",
    "createdAt",
    "updatedAt",
    "clearedReason",
)


def register(ctx: ToolContext) -> None:
    @define_read_tool(
        ctx,
        name="list_alerts",
        title="List alerts",
        description="Alerts, newest first. status defaults to 'Active'. Each alert's `key` is what "
        "clear/defer/priority take.",
    )
    async def list_alerts(
        site_id: str | None = None,
        severity: Literal["Critical", "Major", "Minor", "Warning"] | None = None,
        status: Literal["Active", "Deferred", "Cleared"] | None = None,
        category: Annotated[
            str | None, Field(description="Clients, System, LAN, WLAN, WAN, Cluster, Routing, Security")
        ] = None,
    ) -> object:
        filter_ = odata_filter(
            {"status": status or "Active", "siteId": site_id, "severity": severity, "category": category}
        )
        found = await collect_cursor(ctx.central, A, page_size=100, query={"filter": filter_})
        return list_result(found, lambda x: pick(x, FIELDS), "alerts")
