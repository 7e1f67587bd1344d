"""Which MCP era a server serves, asked by the official Python SDK 2.x client (run from .venv-mcp2).

    .venv-mcp2/bin/python test/clients/mcp2_era_probe.py MODE stdio PYTHON
    .venv-mcp2/bin/python test/clients/mcp2_era_probe.py MODE http URL

MODE is the client's `mode`: `legacy` (the initialize handshake), `auto` (server/discover, falling
back to initialize) or a 2026-07-28 version pin. `stdio` starts PYTHON on
examples/python-reference-server/server.py (dummy credentials: listing tools calls no API); `http`
talks to a server already listening at URL. Prints one JSON line: the negotiated
`protocol_version` and the number of tools, or `error` (the exception's type and first line).
"""

from __future__ import annotations

import asyncio
import json
import sys

from mcp.client import Client
from mcp.client.stdio import StdioServerParameters

SERVER = "examples/python-reference-server/server.py"
ENV = {"CENTRAL_CLIENT_ID": "probe", "CENTRAL_CLIENT_SECRET": "probe"}


def _first_line(error: BaseException) -> str:
    # An ExceptionGroup (anyio's task groups) hides the cause one level down.
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return f"{type(error).__name__}: {(str(error).splitlines() or [''])[0]}"


async def _probe(mode: str, transport: str, target: str) -> dict[str, object]:
    server = StdioServerParameters(command=target, args=[SERVER], env=ENV) if transport == "stdio" else target
    try:
        async with Client(server, mode=mode, read_timeout_seconds=20) as client:
            tools = await client.list_tools()
            return {"protocol_version": client.protocol_version, "tools": len(tools.tools)}
    except BaseException as error:  # noqa: BLE001 - the probe reports whatever refused it
        return {"error": _first_line(error)}


def main() -> None:
    if len(sys.argv) != 4 or sys.argv[2] not in ("stdio", "http"):
        sys.exit(f"usage: {sys.argv[0]} MODE stdio PYTHON | MODE http URL")
    print(json.dumps(asyncio.run(_probe(*sys.argv[1:4]))), flush=True)


if __name__ == "__main__":
    main()
