import { specTypeSchemas, type SpecTypeName } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  InitializeResultSchema,
  ListToolsResultSchema,
  ResultSchema,
  ServerNotificationSchema,
  ServerRequestSchema,
  ToolSchema,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';

/** The part of a zod schema the wire check uses. */
export type Schema = {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};

/** Which schemas one era's messages are checked against (wire-check.ts). */
export interface EraSchemas {
  /** Requests a server may send, by method; empty on 2026-07-28 (it has none). */
  requests: Map<string, Schema>;
  notifications: Map<string, Schema>;
  /** The results of the methods the harness asks; any other method's result is a `Result`. */
  results: Map<string, Schema>;
  result: Schema;
  /** One tool of a tools/list page (a refused tool is left out of the menu). */
  tool: Schema;
  /** Why a request is not allowed at all in this era (null: look it up in `requests`). */
  noRequests: string | null;
  /** 2026-07-28: every result carries `resultType` (`complete` or `input_required`). */
  resultType: boolean;
}

/** A union's members by the literal of their `method` field (the SDK's own schemas, built once). */
function byMethod(union: unknown, only?: readonly string[]): Map<string, Schema> {
  const map = new Map<string, Schema>();
  const options = (union as { options?: unknown[] }).options ?? [];
  for (const option of options) {
    const method = (option as { shape?: { method?: { value?: unknown } } }).shape?.method?.value;
    if (typeof method === 'string' && (!only || only.includes(method))) {
      map.set(method, option as Schema);
    }
  }
  return map;
}

/**
 * The 2025 era (initialize handshake, revisions up to 2025-11-25): the official TypeScript SDK
 * 1.x's runtime schemas (`@modelcontextprotocol/sdk/types.js`), its latest revision 2025-11-25;
 * an older revision only lacks optional fields. (`ping`'s EmptyResult is checked as a Result: the
 * SDK's strict one would refuse the `_meta` the spec allows.)
 */
export const LEGACY: EraSchemas = {
  requests: byMethod(ServerRequestSchema),
  notifications: byMethod(ServerNotificationSchema),
  results: new Map<string, Schema>([
    ['initialize', InitializeResultSchema],
    ['tools/list', ListToolsResultSchema],
    ['tools/call', CallToolResultSchema],
  ]),
  result: ResultSchema,
  tool: ToolSchema,
  noRequests: null,
  resultType: false,
};

const v2 = (name: SpecTypeName): Schema => specTypeSchemas[name] as unknown as Schema;

/**
 * The notifications of the 2026-07-28 revision: the method registry of the v2 SDK's 2026 codec
 * (node_modules/@modelcontextprotocol/client/dist/src-CeKsbNLO.mjs:3819-3828@2.4.0).
 */
const MODERN_NOTIFICATIONS = [
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/subscriptions/acknowledged',
] as const;

/**
 * An `input_required` result (2026-07-28, multi round-trip requests): the server asks the client
 * for input (an elicitation…) in `inputRequests`, and/or hands back an opaque `requestState` to
 * echo on the retry; at least one of the two.
 */
const InputRequiredSchema = z
  .looseObject({
    resultType: z.literal('input_required'),
    inputRequests: z.record(z.string(), z.looseObject({ method: z.string() })).optional(),
    requestState: z.string().optional(),
  })
  .refine((r) => r.inputRequests !== undefined || r.requestState !== undefined, {
    message: 'an input_required result carries inputRequests, requestState or both',
  });

/** Methods whose result may be `input_required` on 2026-07-28. */
export const INPUT_REQUIRED_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);
export const INPUT_REQUIRED: Schema = InputRequiredSchema;

/**
 * The 2026-07-28 era (stateless: `server/discover`, per-request `_meta`, no server-to-client
 * requests): the v2 SDK's public runtime schemas (`specTypeSchemas` of
 * `@modelcontextprotocol/client` 2.x). Why not its frozen per-revision wire schemas: they are
 * private to the package's bundle (its `exports` map offers none of them), and the public ones
 * are the SDK's neutral superset of both eras; what 2026-07-28 adds (resultType on every result,
 * no server requests, its notification set) is checked here on top.
 */
export const MODERN: EraSchemas = {
  requests: new Map(),
  notifications: byMethod(v2('ServerNotification'), MODERN_NOTIFICATIONS),
  results: new Map<string, Schema>([
    ['tools/list', v2('ListToolsResult')],
    ['tools/call', v2('CallToolResult')],
  ]),
  result: v2('Result'),
  tool: v2('Tool'),
  noRequests:
    'the 2026-07-28 revision has no requests from server to client (input comes as an input_required result)',
  resultType: true,
};

/** What `server/discover` returns (the 2026-07-28 probe), whatever the session's era turns out to be. */
export const DISCOVER_RESULT: Schema = v2('DiscoverResult');
