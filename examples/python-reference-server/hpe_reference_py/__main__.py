"""Entry point: `python -m hpe_reference_py` (stdio)."""

from __future__ import annotations

import asyncio
import os
import sys

from . import SERVER_NAME
from .app import create_server
from .config import ConfigError, load_config


async def _serve() -> None:
    mcp, central = create_server(load_config(os.environ))
    print(f"{SERVER_NAME}: ready on stdio (read tools only)", file=sys.stderr, flush=True)
    try:
        await mcp.run_stdio_async()
    finally:
        await central.aclose()


def main() -> None:
    try:
        asyncio.run(_serve())
    except ConfigError as error:
        print(f"{SERVER_NAME}: {error}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
