"""A stdio MCP server on the official Python SDK, for the stdio tests: FastMCP from .venv (mcp 1.x),
or its 2.x successor MCPServer from .venv-mcp2 (mcp 2.x removed mcp.server.fastmcp).

Tools:
- big(size)          returns one text block of `size` bytes (a large reply: one long stdout line)
- chatty(count)      sends `count` log notifications, then returns how many it sent
- fd_flags()         the open flags of fds 0, 1 and 2 (fcntl F_GETFL), e.g. {"1": 2}
"""

import fcntl

try:
    from mcp.server.mcpserver import Context
    from mcp.server.mcpserver import MCPServer as FastMCP
except ModuleNotFoundError:  # mcp 1.x
    from mcp.server.fastmcp import Context, FastMCP  # type: ignore[no-redef]

mcp = FastMCP("fastmcp-stdio-test")


@mcp.tool()
def big(size: int) -> str:
    """Returns `size` bytes of text."""
    return ("0123456789abcdef" * (size // 16 + 1))[:size]


@mcp.tool()
async def chatty(count: int, ctx: Context) -> str:
    """Sends `count` log notifications, then answers."""
    for index in range(count):
        await ctx.info(f"notification {index}")
    return f"sent {count}"


@mcp.tool()
def fd_flags() -> dict[str, int]:
    """The file status flags of the standard streams."""
    return {str(fd): fcntl.fcntl(fd, fcntl.F_GETFL) for fd in (0, 1, 2)}


if __name__ == "__main__":
    mcp.run("stdio")
