"""Registers read tools: annotations, redaction of every result, errors as tool results."""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from mcp.types import CallToolResult, TextContent, ToolAnnotations

from ..central_client import CentralClient
from ..config import Config
from ..mask_secrets import SecretRedactor


@dataclass
class ToolContext:
    """What every tool module receives."""

    # FastMCP (mcp 1.x) or MCPServer (mcp 2.x): sdk.new_server
    mcp: Any
    central: CentralClient
    config: Config
    redactor: SecretRedactor

    def now(self) -> datetime:
        """The current time (REFERENCE_NOW when set), for time windows."""
        return self.config.fixed_now or datetime.now(timezone.utc)


def _json_text(value: Any) -> str:
    # Compact, as JSON.stringify writes it: the same bytes a model reads from the TS server.
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def result_of(ctx: ToolContext, data: Any) -> CallToolResult:
    """Compact JSON text plus structuredContent, both redacted."""
    safe = ctx.redactor.redact(data)
    structured = safe if isinstance(safe, dict) else {"result": safe}
    return CallToolResult(
        content=[TextContent(type="text", text=_json_text(safe))], structuredContent=structured
    )


def failure_of(ctx: ToolContext, tool: str, error: BaseException) -> CallToolResult:
    """An error result naming the tool and what failed (method, path, status …), redacted."""
    message = str(error) or type(error).__name__
    return CallToolResult(
        isError=True, content=[TextContent(type="text", text=ctx.redactor.redact_text(f"{tool}: {message}"))]
    )


def define_read_tool(
    ctx: ToolContext, *, name: str, title: str, description: str, idempotent: bool = True
) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """Decorator: registers `run` (its parameters are the tool's arguments) as a read tool."""

    def register(run: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        # functools.wraps keeps `run`'s signature, which the SDK turns into the input schema.
        @functools.wraps(run)
        async def handler(**arguments: Any) -> CallToolResult:
            try:
                return result_of(ctx, await run(**arguments))
            except Exception as error:  # every failure is a result the model can read
                return failure_of(ctx, name, error)

        ctx.mcp.add_tool(
            handler,
            name=name,
            title=title,
            description=description,
            annotations=ToolAnnotations(
                title=title,
                readOnlyHint=True,
                destructiveHint=False,
                idempotentHint=idempotent,
                openWorldHint=True,
            ),
            structured_output=False,
        )
        return run

    return register
