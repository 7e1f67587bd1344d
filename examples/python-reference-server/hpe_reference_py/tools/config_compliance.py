"""Tools for "which devices are out of sync with their configuration, and why?" (read side)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..paging import collect_offset
from ..shapes import list_result, odata_filter, pick, time_window
from .define_tool import ToolContext, define_read_tool

HEALTH = "/network-config/v1alpha1/config-health"
DEVICE_FIELDS = (
    "serial",
    "name",
    "type",
    "model",
    "siteName",
    "deviceGroupName",
    "configStatus",
    "activeIssues",
    "topPriorityIssue",
    "recommendedAction",
    "lastConfigTimestamp",
)
AUDIT_FIELDS = (
    "auditId",
    "occurredOn",
    "action",
    "category",
    "subCategory",
    "description",
    "source",
    "destinationName",
    "ipAddress",
)
ConfigStatus = Literal[
    "SYNCHRONIZED", "OUT_OF_SYNC", "UPDATE_IN_PROGRESS", "SYNC_WITH_LIMITATIONS", "UNKNOWN"
]


def register(ctx: ToolContext) -> None:
    @define_read_tool(
        ctx,
        name="list_config_health",
        title="List device config health",
        description="Configuration sync status of every device (SYNCHRONIZED, OUT_OF_SYNC …) with its top issue.",
    )
    async def list_config_health(config_status: ConfigStatus | None = None) -> object:
        found = await collect_offset(
            ctx.central,
            f"{HEALTH}/devices",
            page_size=1000,
            query={"filter": odata_filter({"configStatus": config_status})},
            list_key="devices",
        )
        return list_result(found, lambda d: pick(d, DEVICE_FIELDS), "devices")

    @define_read_tool(
        ctx,
        name="get_config_issues",
        title="Get config issues of a device",
        description="A device's active configuration issues (push/pull failures, invalid config) with "
        "recommended actions.",
    )
    async def get_config_issues(serial: str) -> object:
        body = await ctx.central.get(f"{HEALTH}/active-issue", {"serial": serial})
        return {"serial": serial, **(body if isinstance(body, dict) else {})}

    @define_read_tool(
        ctx,
        name="list_audits",
        title="List audit log",
        description="Configuration and administration audit entries of the last `hours` hours (who changed what).",
    )
    async def list_audits(
        hours: Annotated[
            int | None, Field(ge=1, le=2159, description="Look-back window (default 24)")
        ] = None,
    ) -> object:
        found = await collect_offset(
            ctx.central,
            "/network-services/v1/audits",
            page_size=1000,
            query=time_window(ctx.now(), hours or 24),
            first_offset=1,
        )
        return list_result(found, lambda e: pick(e, AUDIT_FIELDS), "audits")
