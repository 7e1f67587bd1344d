"""Tools for "how healthy are my sites and devices?"."""

from __future__ import annotations

from typing import Any, Literal

from ..central_client import seg
from ..paging import collect_cursor, collect_offset
from ..shapes import ABSENT, groups, list_result, odata_filter, omit, pick, without_absent
from .define_tool import ToolContext, define_read_tool

M = "/network-monitoring/v1"
DEVICE_FIELDS = (
    "serialNumber",
    "deviceName",
    "deviceType",
    "macAddress",
    "model",
    "status",
    "siteId",
    "siteName",
    "ipv4",
    "firmwareVersion",
    "deviceFunction",
    "configStatus",
    "lastSeenAt",
)
DeviceType = Literal["ACCESS_POINT", "SWITCH", "GATEWAY"]


def site_summary(site: Any) -> dict[str, Any]:
    """One site's health, counts, alerts and reasons (absent fields left out, as JSON.stringify does)."""
    s = site if isinstance(site, dict) else {}
    devices = s.get("devices") if isinstance(s.get("devices"), dict) else {}
    clients = s.get("clients") if isinstance(s.get("clients"), dict) else {}
    alerts = s.get("alerts") if isinstance(s.get("alerts"), dict) else {}
    return without_absent(
        {
            "id": s.get("id", ABSENT),
            "siteName": s.get("siteName", ABSENT),
            "health": groups(s.get("health")),
            "devices": without_absent(
                {"count": devices.get("count", ABSENT), "health": groups(devices.get("health"))}
            ),
            "clients": without_absent(
                {"count": clients.get("count", ABSENT), "health": groups(clients.get("health"))}
            ),
            "alerts": without_absent(
                {"total": alerts.get("totalCount", ABSENT), "bySeverity": groups(s.get("alerts"))}
            ),
            "reasons": s.get("reasons", ABSENT),
        }
    )


def register(ctx: ToolContext) -> None:
    @define_read_tool(
        ctx,
        name="list_sites_health",
        title="List sites with health",
        description="Every site with its id, health split (Poor/Fair/Good), device and client counts, active "
        "alert counts and the top health reasons.",
    )
    async def list_sites_health() -> object:
        found = await collect_offset(ctx.central, f"{M}/sites-health", page_size=1000)
        return list_result(found, site_summary, "sites")

    @define_read_tool(
        ctx,
        name="get_site_health",
        title="Get site health",
        description="Health detail of one site by site id: per device type and client type, and the reasons.",
    )
    async def get_site_health(site_id: str) -> object:
        return omit(await ctx.central.get(f"{M}/site-health/{seg(site_id)}"), ("type", "response"))

    @define_read_tool(
        ctx,
        name="list_devices",
        title="List devices",
        description="APs, switches and gateways with serial, name, model, status (ONLINE/OFFLINE), site and firmware.",
    )
    async def list_devices(
        site_id: str | None = None,
        device_type: DeviceType | None = None,
        status: Literal["ONLINE", "OFFLINE"] | None = None,
    ) -> object:
        found = await collect_cursor(
            ctx.central,
            f"{M}/devices",
            page_size=1000,
            query={"filter": odata_filter({"siteId": site_id, "deviceType": device_type, "status": status})},
        )
        return list_result(found, lambda d: pick(d, DEVICE_FIELDS), "devices")

    def detail(name: str, title: str, family: str, what: str) -> None:
        @define_read_tool(
            ctx,
            name=name,
            title=title,
            description=f"Monitoring detail of one {what} by serial number (status, health, utilisation, ports/radios).",
        )
        async def get_detail(serial: str) -> object:
            return omit(await ctx.central.get(f"{M}/{family}/{seg(serial)}"), ("type",))

    detail("get_ap", "Get access point", "aps", "access point")
    detail("get_switch", "Get switch", "switches", "switch")
    detail("get_gateway", "Get gateway", "gateways", "gateway")
