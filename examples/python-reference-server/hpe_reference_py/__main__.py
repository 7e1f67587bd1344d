"""Entry point: `python -m hpe_reference_py [--transport stdio|streamable-http] [--port N]`."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys

from . import SERVER_NAME
from .app import create_server
from .config import ConfigError, load_config
from .sdk import HTTP_HOST, SDK_LINE, serve


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=SERVER_NAME, description="Read tools for Aruba Central over MCP.")
    parser.add_argument("--transport", choices=("stdio", "streamable-http"), default="stdio")
    parser.add_argument("--port", type=int, help="the HTTP port (required with --transport streamable-http)")
    arguments = parser.parse_args(argv)
    if arguments.transport == "streamable-http" and not arguments.port:
        parser.error("--transport streamable-http needs --port N (e.g. --port 8000)")
    return arguments


async def _serve(arguments: argparse.Namespace) -> None:
    mcp, central = create_server(load_config(os.environ), port=arguments.port)
    where = "stdio" if arguments.transport == "stdio" else f"http://{HTTP_HOST}:{arguments.port}/mcp"
    print(f"{SERVER_NAME}: ready on {where} (read tools only, mcp {SDK_LINE}.x)", file=sys.stderr, flush=True)
    try:
        await serve(mcp, arguments.transport, arguments.port)
    finally:
        await central.aclose()


def main() -> None:
    arguments = _arguments(sys.argv[1:])
    try:
        asyncio.run(_serve(arguments))
    except ConfigError as error:
        print(f"{SERVER_NAME}: {error}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
