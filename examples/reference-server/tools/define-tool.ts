import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { ReferenceConfig } from '../config.js';
import type { CentralClient } from '../http/central-client.js';
import type { SecretRedactor } from '../mask-secrets.js';
import { confirmWrite, type ElicitingServer, type ToolResult } from '../write-gate.js';

/** How a tool is registered: `config` as both SDKs' `registerTool` take it (a zod raw shape). */
export interface ToolConfig {
  title: string;
  description: string;
  inputSchema: z.ZodRawShape;
  annotations: ToolAnnotations;
}

/**
 * The MCP server the tools are registered on: the official SDK 1.x (server.ts, the 2025 era) or
 * 2.x (server-v2.ts, either era). `extra` is what the SDK passes a tool callback after its
 * arguments; `eliciting` turns it into the channel the write gate asks for confirmation on.
 */
export interface ToolHost {
  registerTool(
    name: string,
    config: ToolConfig,
    callback: (args: unknown, extra: unknown) => Promise<ToolResult>,
  ): void;
  eliciting(extra: unknown): ElicitingServer;
}

/** What every tool module receives. */
export interface ToolContext {
  host: ToolHost;
  central: CentralClient;
  config: ReferenceConfig;
  redactor: SecretRedactor;
  /** The current time (REFERENCE_NOW when set), for time windows. */
  now(): Date;
}

/**
 * read: only GETs. diagnostic: asks a device to run a test (ping, show, AAA) without changing
 * configuration, so no gate. write: changes state. destructive: deletes or interrupts service.
 */
export type ToolClass = 'read' | 'diagnostic' | 'write' | 'destructive';

/** A tool's name, description, input shape and class. */
export interface ToolSpec<S extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** Whether repeating the call with the same arguments changes nothing more. */
  idempotent: boolean;
}

type Args<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;

/** A problem with the arguments the API would reject anyway; reported without a call. */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

function annotations(
  cls: ToolClass,
  spec: { title: string; idempotent: boolean },
): ToolAnnotations {
  const readOnly = cls === 'read' || cls === 'diagnostic';
  return {
    title: spec.title,
    readOnlyHint: readOnly,
    destructiveHint: cls === 'destructive',
    idempotentHint: spec.idempotent,
    openWorldHint: true,
  };
}

function resultOf(ctx: ToolContext, data: unknown): CallToolResult {
  const safe = ctx.redactor.redact(data);
  const structured =
    safe !== null && typeof safe === 'object' && !Array.isArray(safe)
      ? (safe as Record<string, unknown>)
      : { result: safe };
  return { content: [{ type: 'text', text: JSON.stringify(safe) }], structuredContent: structured };
}

function failureOf(ctx: ToolContext, tool: string, error: unknown): CallToolResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    isError: true,
    content: [{ type: 'text', text: ctx.redactor.redactText(`${tool}: ${message}`) }],
  };
}

function register<S extends z.ZodRawShape>(
  ctx: ToolContext,
  cls: ToolClass,
  spec: ToolSpec<S>,
  handler: (args: Args<S>, extra: unknown) => Promise<ToolResult>,
): void {
  const config = {
    title: spec.title,
    description: spec.description,
    inputSchema: spec.input,
    annotations: annotations(cls, spec),
  };
  ctx.host.registerTool(spec.name, config, async (raw, extra) => {
    const args = raw as Args<S>;
    // Secret-named arguments (passphrase, password) are remembered so no result echoes them.
    ctx.redactor.rememberArguments(args);
    try {
      return await handler(args, extra);
    } catch (error) {
      return failureOf(ctx, spec.name, error);
    }
  });
}

/** Registers a read or diagnostic tool: no gate, result redacted. */
export function defineTool<S extends z.ZodRawShape>(
  ctx: ToolContext,
  cls: 'read' | 'diagnostic',
  spec: ToolSpec<S>,
  run: (args: Args<S>) => Promise<unknown>,
): void {
  register(ctx, cls, spec, async (args) => resultOf(ctx, await run(args)));
}

/**
 * Registers a write or destructive tool. The gate runs before `run`, so no write can reach the
 * API without REFERENCE_ENABLE_WRITES=1 and the user's elicited confirmation. `summarise`
 * describes the change for the prompt (redacted before the user sees it); it runs first and may
 * throw {@link ToolInputError} to reject bad arguments before anyone is asked.
 */
export function defineWriteTool<S extends z.ZodRawShape>(
  ctx: ToolContext,
  cls: 'write' | 'destructive',
  spec: ToolSpec<S>,
  summarise: (args: Args<S>) => string,
  run: (args: Args<S>) => Promise<unknown>,
): void {
  register(ctx, cls, spec, async (args, extra) => {
    const decision = await confirmWrite(ctx.host.eliciting(extra), ctx.config.enableWrites, {
      tool: spec.name,
      summary: ctx.redactor.redactText(summarise(args)),
      destructive: cls === 'destructive',
    });
    if (!decision.proceed) return decision.result;
    return resultOf(ctx, await run(args));
  });
}
