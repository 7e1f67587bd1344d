"""Tools for "which WLANs are there, and how is one configured?" (read side of wlan-change)."""

from __future__ import annotations

from ..central_client import seg
from ..paging import collect_cursor
from ..shapes import list_result, pick
from .define_tool import ToolContext, define_read_tool

SSIDS = "/network-config/v1alpha1/wlan-ssids"
WLAN_FIELDS = ("wlanName", "securityLevel", "security", "band", "vlan", "status", "clientCount")


def register(ctx: ToolContext) -> None:
    @define_read_tool(
        ctx,
        name="list_wlans",
        title="List WLANs (monitoring)",
        description="Broadcast WLANs with security level, VLAN, status and connected client count.",
    )
    async def list_wlans(site_id: str | None = None) -> object:
        found = await collect_cursor(
            ctx.central, "/network-monitoring/v1/wlans", page_size=1000, query={"site-id": site_id}
        )
        return list_result(found, lambda w: pick(w, WLAN_FIELDS), "wlans")

    @define_read_tool(
        ctx,
        name="get_wlan_config",
        title="Get WLAN SSID configuration",
        description="The configuration profile of one SSID (opmode, VLAN, auth servers …). Secrets are masked.",
    )
    async def get_wlan_config(ssid: str) -> object:
        return await ctx.central.get(f"{SSIDS}/{seg(ssid)}")
