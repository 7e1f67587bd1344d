"""The one module that knows which line of the official MCP Python SDK is installed.

The server runs on either line, from the same code, so the benchmark has a Python subject on
each (README, "SDK lines"):

- `mcp` 1.x: `mcp.server.fastmcp.FastMCP`. It speaks only the initialize-handshake era
  (2025-11-25 and older) over stdio and streamable HTTP.
- `mcp` 2.x: FastMCP was renamed `mcp.server.mcpserver.MCPServer` and `mcp.server.fastmcp`
  raises ModuleNotFoundError on import (mcp 2.3.0: mcp/server/fastmcp.py:16). Over stdio it
  serves both eras, the client's first request deciding (mcp/server/runner.py:602,
  `serve_dual_era_loop`); over streamable HTTP a request whose `MCP-Protocol-Version` header
  names a handshake version (or none) takes the 2025 transport, any other the 2026-07-28
  single-exchange POST (mcp/server/streamable_http_manager.py:183-204).

Both lines take the tools the same way (`add_tool` with a function, annotations and
`structured_output=False`), and `mcp.types` keeps the result types on both.
"""

from __future__ import annotations

from typing import Any, Literal

try:
    from mcp.server.mcpserver import MCPServer as _Server

    SDK_LINE = 2
except ModuleNotFoundError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server  # type: ignore[no-redef]

    SDK_LINE = 1

Transport = Literal["stdio", "streamable-http"]

# Bound to the loopback only: the benchmark's harness is the one client, on the same host.
HTTP_HOST = "127.0.0.1"


def new_server(*, name: str, version: str, instructions: str, port: int | None = None) -> Any:
    """A server of the installed line, named `name` at `version`, that logs warnings only."""
    if SDK_LINE == 2:
        return _Server(name, version=version, instructions=instructions, log_level="WARNING")
    server = _Server(
        name, instructions=instructions, log_level="WARNING", host=HTTP_HOST, port=port or 8000
    )
    # FastMCP 1.x reports the SDK's version unless the low-level server is given ours.
    server._mcp_server.version = version
    return server


async def serve(server: Any, transport: Transport, port: int | None = None) -> None:
    """Serves until the client goes (stdio) or the process is stopped (HTTP, on HTTP_HOST:port)."""
    if transport == "stdio":
        await server.run_stdio_async()
    elif SDK_LINE == 2:
        await server.run_streamable_http_async(host=HTTP_HOST, port=port)
    else:  # 1.x takes host and port at construction (new_server)
        await server.run_streamable_http_async()
