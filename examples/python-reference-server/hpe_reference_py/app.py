"""Builds the MCP server (either SDK line: sdk.py) with every read tool registered; no API call yet."""

from __future__ import annotations

from typing import Any

from . import SERVER_NAME, SERVER_VERSION
from .central_client import CentralClient
from .config import Config
from .mask_secrets import SecretRedactor
from .sdk import new_server
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


def create_server(config: Config, port: int | None = None) -> tuple[Any, CentralClient]:
    """The server (HTTP on `port` if it is served over HTTP) and the HTTP client it uses (close
    the client when the server stops)."""
    mcp = new_server(name=SERVER_NAME, version=SERVER_VERSION, instructions=INSTRUCTIONS, port=port)
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
