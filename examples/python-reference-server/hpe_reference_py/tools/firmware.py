"""Tools for "which devices run old firmware, and what is the target?" (read side)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..paging import collect_cursor
from ..shapes import list_result, odata_filter, pick
from .define_tool import ToolContext, define_read_tool

COMPLIANCE = "/network-config/v1alpha1/firmware-compliance"
FIELDS = (
    "serialNumber",
    "deviceName",
    "deviceType",
    "siteId",
    "siteName",
    "firmwareVersion",
    "recommendedVersion",
    "firmwareClassification",
    "upgradeStatus",
    "lastUpgradedTimeAt",
)


def register(ctx: ToolContext) -> None:
    @define_read_tool(
        ctx,
        name="list_firmware",
        title="List device firmware",
        description="Each device's running and recommended firmware and its upgrade status "
        "('Up To Date', 'Upgrade Available' …).",
    )
    async def list_firmware(
        site_id: str | None = None,
        device_type: Literal["ACCESS_POINT", "SWITCH", "GATEWAY"] | None = None,
        upgrade_status: Annotated[str | None, Field(description="e.g. 'Upgrade Available'")] = None,
    ) -> object:
        found = await collect_cursor(
            ctx.central,
            "/network-services/v1/firmware-details",
            page_size=1000,
            query={
                "filter": odata_filter(
                    {"siteId": site_id, "deviceType": device_type, "upgradeStatus": upgrade_status}
                )
            },
        )
        return list_result(found, lambda d: pick(d, FIELDS), "devices")

    @define_read_tool(
        ctx,
        name="get_firmware_compliance",
        title="Get firmware compliance policy",
        description="The firmware compliance policy: target version chart, per-model exceptions, upgrade schedule.",
    )
    async def get_firmware_compliance() -> object:
        return await ctx.central.get(COMPLIANCE)
