"""Tools for "why can't this client connect?"."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..central_client import seg
from ..paging import collect_cursor
from ..shapes import list_result, normalise_mac, odata_filter, omit, pick, time_window
from .define_tool import ToolContext, define_read_tool

M = "/network-monitoring/v1"
CLIENT_FIELDS = (
    "macAddress",
    "clientName",
    "hostName",
    "userName",
    "ipv4",
    "status",
    "clientConnectionType",
    "connectedDeviceSerial",
    "connectedDeviceType",
    "siteId",
    "siteName",
    "wlanName",
    "vlanId",
    "role",
    "port",
    "wirelessBand",
    "snr",
    "authenticationType",
    "connectedAt",
    "lastSeenAt",
)
EVENT_FIELDS = (
    "eventId",
    "eventName",
    "category",
    "severity",
    "description",
    "reason",
    "sourceName",
    "sourceType",
    "serialNumber",
    "clientMacAddress",
    "timeAt",
)
EVENT_PAGE = 1000
ClientStatus = Literal["Connected", "Failed", "Connecting", "Disconnected", "Blocked"]
ConnectionType = Literal["Wired", "Wireless"]
Hours = Annotated[int | None, Field(ge=1, le=696, description="Look-back window (default 24)")]


def register(ctx: ToolContext) -> None:
    @define_read_tool(
        ctx,
        name="list_clients",
        title="List clients",
        description="List wired and wireless clients. status defaults to the API's own default (Connected); "
        "pass status='Failed' for clients that failed to connect.",
    )
    async def list_clients(
        site_id: Annotated[str | None, Field(description="Only clients of this site id")] = None,
        status: ClientStatus | None = None,
        connection_type: ConnectionType | None = None,
        wlan_name: Annotated[str | None, Field(description="Only clients on this SSID")] = None,
        limit: Annotated[
            int | None, Field(ge=1, le=5000, description="Most clients to return (default 1000)")
        ] = None,
    ) -> object:
        found = await collect_cursor(
            ctx.central,
            f"{M}/clients",
            page_size=1000,
            query={
                "site-id": site_id,
                "filter": odata_filter(
                    {"status": status, "clientConnectionType": connection_type, "wlanName": wlan_name}
                ),
            },
            max_items=limit or 1000,
        )
        return list_result(found, lambda c: pick(c, CLIENT_FIELDS), "clients")

    @define_read_tool(
        ctx,
        name="get_client",
        title="Get client details",
        description="Details of one client by MAC address (any status), including where it is connected.",
    )
    async def get_client(
        mac: Annotated[str, Field(description="Client MAC, e.g. AA:BB:CC:DD:EE:FF")],
    ) -> object:
        return omit(await ctx.central.get(f"{M}/clients/{seg(normalise_mac(mac))}"), ("type", "id"))

    @define_read_tool(
        ctx,
        name="get_client_events",
        title="Get client events",
        description="Events of one client (association, authentication, DHCP failures …) in the last `hours` "
        "hours, newest first. connection_type avoids a client lookup when known.",
    )
    async def get_client_events(
        mac: str,
        site_id: Annotated[str, Field(description="The client's site id")],
        hours: Hours = None,
        connection_type: ConnectionType | None = None,
    ) -> object:
        normalised = normalise_mac(mac)
        kind = connection_type
        if kind is None:
            client = await ctx.central.get(f"{M}/clients/{seg(normalised)}")
            wired = isinstance(client, dict) and client.get("clientConnectionType") == "Wired"
            kind = "Wired" if wired else "Wireless"
        found = await collect_cursor(
            ctx.central,
            "/network-troubleshooting/v1/events",
            page_size=EVENT_PAGE,
            query={
                "context-type": "WIRED_CLIENT" if kind == "Wired" else "WIRELESS_CLIENT",
                "context-identifier": normalised,
                "site-id": site_id,
                **time_window(ctx.now(), hours or 24),
            },
            list_key="events",
        )
        return {"mac": normalised, **list_result(found, lambda e: pick(e, EVENT_FIELDS), "events")}
