import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  InitializeResultSchema,
  ListToolsResultSchema,
  ResultSchema,
  ServerNotificationSchema,
  ServerRequestSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * A message a server sent that the MCP schema does not allow: what it was, where (a JSON pointer
 * into the JSON-RPC message) and an excerpt of the value there. Informational by default
 * (`run --fail-on protocol-violations` gates on it).
 */
export interface ProtocolViolation {
  /** `response` (to the method the harness asked), `request`, `notification` or `message`. */
  kind: 'response' | 'request' | 'notification' | 'message';
  /** The method of the request, the answered request or the notification; null if unknown. */
  method: string | null;
  /** RFC 6901 pointer into the message, e.g. `/result/tools/0/inputSchema`. */
  pointer: string;
  /** What the schema expected there. */
  message: string;
  /** The JSON at the nearest part of the pointer that exists, cut to {@link EXCERPT_CHARS}. */
  excerpt: string;
  /** The revision the schema is of (the negotiated protocol version, else the SDK's latest). */
  revision: string;
  /** Messages with this violation (same kind, method, pointer and message) in the session. */
  count: number;
}

/** Longest excerpt of a violating value. */
export const EXCERPT_CHARS = 160;
/** Distinct violations one session keeps (the count of each goes on). */
export const MAX_VIOLATIONS = 50;

type Schema = {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};

/** A union's members by the literal of their `method` field (the SDK's own schemas, built once). */
function byMethod(union: unknown): Map<string, Schema> {
  const map = new Map<string, Schema>();
  const options = (union as { options?: unknown[] }).options ?? [];
  for (const option of options) {
    const method = (option as { shape?: { method?: { value?: unknown } } }).shape?.method?.value;
    if (typeof method === 'string') map.set(method, option as Schema);
  }
  return map;
}

const REQUESTS = byMethod(ServerRequestSchema);
const NOTIFICATIONS = byMethod(ServerNotificationSchema);
// The results of what the harness asks; any other method's result is at least a Result.
// (`ping`'s EmptyResult is a Result too: the SDK's strict one would refuse the `_meta` the spec allows.)
const RESULTS = new Map<string, Schema>([
  ['initialize', InitializeResultSchema],
  ['tools/list', ListToolsResultSchema],
  ['tools/call', CallToolResultSchema],
]);

const escape = (key: PropertyKey): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

function excerptAt(message: unknown, path: readonly PropertyKey[]): string {
  let value: unknown = message;
  for (const key of path) {
    if (value === null || typeof value !== 'object') break;
    const next = (value as Record<PropertyKey, unknown>)[key as string];
    if (next === undefined) break;
    value = next;
  }
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
}

/** Checks what one server sends; the harness's session wraps its transport with {@link watch}. */
export interface WireChecker {
  /** Makes `transport` report every message it delivers (and note every request it sends). */
  watch(transport: Transport): Transport;
  /** The violations since the last take (counts start again). */
  take(): ProtocolViolation[];
  /** The protocol version the server's initialize result named (null before, or without one). */
  protocolVersion(): string | null;
}

/**
 * A checker of every JSON-RPC message a server sends against the official TypeScript SDK's
 * runtime schemas of the MCP revision it implements (`@modelcontextprotocol/sdk/types.js`, built
 * once at import; docs/report-format.md says why not the spec's schema.json): a response against
 * the result schema of the method the harness asked, a request or notification against the
 * schema of its method. Unknown fields are allowed where the schema allows them. The envelope
 * itself (`jsonrpc`, `id`) is checked by the transport before it gets here.
 */
export function createWireChecker(latest: string): WireChecker {
  const pending = new Map<string | number, string>();
  const found = new Map<string, ProtocolViolation>();
  let version: string | null = null;

  function record(
    kind: ProtocolViolation['kind'],
    method: string | null,
    base: PropertyKey[],
    message: unknown,
    issues: readonly { path: PropertyKey[]; message: string }[],
  ): void {
    for (const issue of issues) {
      const path = [...base, ...issue.path];
      const pointer = path.map((k) => `/${escape(k)}`).join('');
      const key = `${kind}\0${method ?? ''}\0${pointer}\0${issue.message}`;
      const known = found.get(key);
      if (known) known.count++;
      else if (found.size < MAX_VIOLATIONS) {
        found.set(key, {
          kind,
          method,
          pointer,
          message: issue.message,
          excerpt: excerptAt(message, path),
          revision: version ?? latest,
          count: 1,
        });
      }
    }
  }

  function check(message: JSONRPCMessage): void {
    const m = message as Record<string, unknown>;
    const method = typeof m.method === 'string' ? m.method : null;
    if (method !== null) {
      const isRequest = 'id' in m;
      const schema = (isRequest ? REQUESTS : NOTIFICATIONS).get(method);
      const kind = isRequest ? 'request' : 'notification';
      if (!schema) {
        const what = isRequest ? 'request a server may send' : 'server notification';
        record(kind, method, [], m, [
          { path: ['method'], message: `"${method}" is not a ${what} in this revision` },
        ]);
        return;
      }
      const parsed = schema.safeParse({
        method,
        ...(m.params === undefined ? {} : { params: m.params }),
      });
      if (!parsed.success) record(kind, method, [], m, parsed.error?.issues ?? []);
      return;
    }
    if ('result' in m) {
      const id = m.id as string | number;
      const asked = pending.get(id) ?? null;
      pending.delete(id);
      const parsed = (RESULTS.get(asked ?? '') ?? ResultSchema).safeParse(m.result);
      if (!parsed.success) record('response', asked, ['result'], m, parsed.error?.issues ?? []);
      if (asked === 'initialize' && parsed.success) {
        const v = (m.result as { protocolVersion?: unknown }).protocolVersion;
        version = typeof v === 'string' ? v : null;
      }
    } else if ('error' in m && m.id !== undefined) pending.delete(m.id as string | number);
  }

  return {
    watch(transport) {
      const send = transport.send.bind(transport);
      transport.send = (message, options) => {
        const m = message as { id?: unknown; method?: unknown };
        if (
          typeof m.method === 'string' &&
          (typeof m.id === 'string' || typeof m.id === 'number')
        ) {
          pending.set(m.id, m.method);
        }
        return send(message, options);
      };
      // The client sets onmessage on connect: wrap whatever it sets.
      let handler: Transport['onmessage'];
      Object.defineProperty(transport, 'onmessage', {
        configurable: true,
        enumerable: true,
        get: () => handler,
        set: (fn: Transport['onmessage']) => {
          handler =
            fn &&
            ((message, extra) => {
              try {
                check(message);
              } catch {
                // A checker bug must never cost a run; the message goes on unchecked.
              }
              fn(message, extra);
            });
        },
      });
      return transport;
    },
    take: () => {
      const out = [...found.values()];
      found.clear();
      return out;
    },
    protocolVersion: () => version,
  };
}
