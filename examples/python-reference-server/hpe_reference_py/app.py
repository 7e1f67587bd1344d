"""Builds the FastMCP server with every read tool registered; no API call until a tool runs."""

from __future__ import annotations

from mcp.server.fastmcp import FastMCP

from . import SERVER_NAME, SERVER_VERSION
from .central_client import CentralClient
from .config import Config
from .mask_secrets import SecretRedactor
from .tools import (
    alerts,
    client_diagnosis,
    config_compliance,
    firmware,
    incident_response,
    site_device_health,
    wlans,
)
from .tools.define_tool import ToolContext

INSTRUCTIONS = (
    "Read-only tools for HPE Aruba Networking Central (the Python sibling of hpe-reference-mcp). "
    "Secrets in results are masked as ********."
)


def create_server(config: Config) -> tuple[FastMCP, CentralClient]:
    """The server and the HTTP client it uses (close the client when the server stops)."""
    mcp = FastMCP(SERVER_NAME, instructions=INSTRUCTIONS, log_level="WARNING")
    # FastMCP reports the SDK's version unless the low-level server is given ours.
    mcp._mcp_server.version = SERVER_VERSION
    redactor = SecretRedactor()
    redactor.remember(config.client_secret)
    central = CentralClient(config, redactor)
    ctx = ToolContext(mcp=mcp, central=central, config=config, redactor=redactor)
    for family in (
        client_diagnosis,
        site_device_health,
        wlans,
        firmware,
        config_compliance,
        alerts,
        incident_response,
    ):
        family.register(ctx)
    return mcp, central
