"""Tools for "something broke: what happened?" (read side of incident response)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..paging import collect_cursor
from ..shapes import list_result, normalise_mac, pick, time_window
from .client_diagnosis import EVENT_FIELDS
from .define_tool import ToolContext, define_read_tool

ContextType = Literal[
    "SITE", "ACCESS_POINT", "SWITCH", "GATEWAY", "WIRELESS_CLIENT", "WIRED_CLIENT", "BRIDGE"
]


def register(ctx: ToolContext) -> None:
    @define_read_tool(
        ctx,
        name="list_events",
        title="List events",
        description="Events of a site, device or client in the last `hours` hours, newest first. context_id is "
        "the site id, device serial or client MAC.",
    )
    async def list_events(
        context_type: ContextType,
        context_id: str,
        site_id: str,
        hours: Annotated[int | None, Field(ge=1, le=696, description="Look-back window (default 24)")] = None,
    ) -> object:
        client = context_type in ("WIRELESS_CLIENT", "WIRED_CLIENT")
        found = await collect_cursor(
            ctx.central,
            "/network-troubleshooting/v1/events",
            page_size=1000,
            query={
                "context-type": context_type,
                "context-identifier": normalise_mac(context_id) if client else context_id,
                "site-id": site_id,
                **time_window(ctx.now(), hours or 24),
            },
            list_key="events",
        )
        return list_result(found, lambda e: pick(e, EVENT_FIELDS), "events")
