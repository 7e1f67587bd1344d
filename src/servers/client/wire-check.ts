import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import {
  DISCOVER_RESULT,
  INPUT_REQUIRED,
  INPUT_REQUIRED_METHODS,
  LEGACY,
  MODERN,
  type EraSchemas,
  type Schema,
} from './wire-schemas.js';

/** The two eras of MCP: the 2025 initialize handshake, or 2026-07-28's stateless protocol. */
export type ProtocolEra = 'legacy' | 'modern';

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
/**
 * Notifications a server may send during one tools/call before it is a flood (a violation naming
 * the call and the count). Progress and log messages of a long call stay far below this.
 */
export const NOTIFICATION_FLOOD = 1000;
/** Answered request ids remembered to recognise a second response to one of them. */
const ANSWERED_KEPT = 1000;
/** Unanswered tools/call requests whose notifications are counted. */
const PENDING_CALLS_KEPT = 32;

const cut = (text: string): string =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;

const escape = (key: PropertyKey): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

function excerptAt(message: unknown, path: readonly PropertyKey[]): string {
  let value: unknown = message;
  for (const key of path) {
    if (value === null || typeof value !== 'object') break;
    const next = (value as Record<PropertyKey, unknown>)[key as string];
    if (next === undefined) break;
    value = next;
  }
  return cut(JSON.stringify(value) ?? 'undefined');
}

/** Checks what one server sends; the harness's session wraps its transport with {@link watch}. */
export interface WireChecker {
  /** Makes `transport` report every message it delivers (and note every request it sends). */
  watch(transport: Transport): Transport;
  /** The violations since the last take (counts start again). */
  take(): ProtocolViolation[];
  /** The protocol version negotiated (from initialize, or {@link negotiated}; null before). */
  protocolVersion(): string | null;
  /** The era negotiated (null before it is known). */
  protocolEra(): ProtocolEra | null;
  /** The client's verdict after connect: from here on the era's schemas apply. */
  negotiated(era: ProtocolEra, version: string | null): void;
  /** Whether the harness sent a request of `method` (the era probe, initialize). */
  sent(method: string): boolean;
}

/**
 * A checker of every JSON-RPC message a server sends against the official TypeScript SDK's
 * runtime schemas of the era it negotiated (wire-schemas.ts; docs/report-format.md says why not
 * the spec's schema.json): a response against the result schema of the method the harness
 * asked, a request or notification against the schema of its method. Unknown fields are allowed
 * where the schema allows them. The envelope itself (`jsonrpc`, `id`) is checked by the
 * transport before it gets here. A tools/list page is handed on without the tools its era's
 * schema refuses (recorded here), so one malformed tool leaves the others usable: the SDK's
 * client would otherwise refuse the whole page.
 */
export function createWireChecker(
  latest: string,
  /** Sees every message the server sends, with the method it answers (null if none). */
  observe?: (message: JSONRPCMessage, askedMethod: string | null) => void,
): WireChecker {
  const pending = new Map<string | number, string>();
  const asked = new Set<string>();
  const found = new Map<string, ProtocolViolation>();
  /** Requests answered, oldest first (bounded by ANSWERED_KEPT): id → method. */
  const answered = new Map<string | number, string>();
  /** Notifications during each pending tools/call: id → tool name and count. */
  const calls = new Map<string | number, { tool: string; notifications: number }>();
  /** Lines on stdout that were not JSON-RPC messages: one violation, counted. */
  let garbage: ProtocolViolation | null = null;
  let garbageLines = 0;
  let version: string | null = null;
  let era: ProtocolEra | null = null;
  const schemas = (): EraSchemas => (era === 'modern' ? MODERN : LEGACY);

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

  /** Records one violation whose message the caller keeps up to date (null if the list is full). */
  function keep(
    v: Omit<ProtocolViolation, 'revision' | 'count'>,
    key: string,
  ): ProtocolViolation | null {
    const known = found.get(key);
    if (known) return known;
    if (found.size >= MAX_VIOLATIONS) return null;
    const made = { ...v, revision: version ?? latest, count: 1 };
    found.set(key, made);
    return made;
  }

  function noteGarbage(line: string): void {
    garbageLines++;
    garbage ??= keep(
      { kind: 'message', method: null, pointer: '', message: '', excerpt: cut(line) },
      'garbage',
    );
    if (garbage) {
      garbage.message = `${garbageLines} line(s) on stdout that are not JSON-RPC messages (the excerpt is the first)`;
      garbage.count = garbageLines;
    }
  }

  function noteNotification(): void {
    for (const [id, call] of calls) {
      call.notifications++;
      if (call.notifications <= NOTIFICATION_FLOOD) continue;
      const flood = keep(
        {
          kind: 'notification',
          method: 'tools/call',
          pointer: '',
          message: '',
          excerpt: cut(JSON.stringify({ id, name: call.tool })),
        },
        `flood\0${String(id)}`,
      );
      if (flood) {
        flood.message = `${call.notifications} notifications during one tools/call of "${call.tool}" (more than ${NOTIFICATION_FLOOD})`;
        flood.count = call.notifications;
      }
    }
  }

  function answer(id: string | number): string | null {
    const asked = pending.get(id) ?? null;
    if (asked !== null) {
      pending.delete(id);
      calls.delete(id);
      answered.set(id, asked);
      if (answered.size > ANSWERED_KEPT)
        answered.delete(answered.keys().next().value as string | number);
      return asked;
    }
    const before = answered.get(id);
    if (before !== undefined) {
      record('response', before, [], { id }, [
        {
          path: ['id'],
          message: `a second response to request ${JSON.stringify(id)} (${before}), which was already answered`,
        },
      ]);
    }
    return null;
  }

  function checkResult(asked: string | null, result: unknown): ReturnType<Schema['safeParse']> {
    if (asked === 'server/discover') return DISCOVER_RESULT.safeParse(result);
    const era = schemas();
    if (era.resultType && result !== null && typeof result === 'object') {
      const type = (result as { resultType?: unknown }).resultType;
      if (type === 'input_required' && INPUT_REQUIRED_METHODS.has(asked ?? '')) {
        return INPUT_REQUIRED.safeParse(result);
      }
      if (type !== 'complete') {
        const message =
          type === undefined
            ? 'every result of the 2026-07-28 revision carries resultType'
            : `resultType ${JSON.stringify(type)} is not allowed here (complete${INPUT_REQUIRED_METHODS.has(asked ?? '') ? ' or input_required' : ''})`;
        return { success: false, error: { issues: [{ path: ['resultType'], message }] } };
      }
    }
    return (era.results.get(asked ?? '') ?? era.result).safeParse(result);
  }

  /** A tools/list page without the tools the era's schema refuses (the message itself if none). */
  function usableTools(message: JSONRPCMessage): JSONRPCMessage {
    const m = message as { id?: string | number; result?: { tools?: unknown } };
    if (m.id === undefined || pending.get(m.id) !== 'tools/list') return message;
    const tools = m.result?.tools;
    if (!Array.isArray(tools)) return message;
    const usable = tools.filter((tool) => schemas().tool.safeParse(tool).success);
    if (usable.length === tools.length) return message;
    return { ...message, result: { ...m.result, tools: usable } };
  }

  function check(message: JSONRPCMessage): void {
    const m = message as Record<string, unknown>;
    const method = typeof m.method === 'string' ? m.method : null;
    const answers = method === null && m.id !== undefined ? m.id : undefined;
    observe?.(
      message,
      answers === undefined ? null : (pending.get(answers as string | number) ?? null),
    );
    if (method !== null) {
      const isRequest = 'id' in m;
      if (!isRequest) noteNotification();
      const kind = isRequest ? 'request' : 'notification';
      const refusal = isRequest ? schemas().noRequests : null;
      if (refusal !== null) {
        record(kind, method, [], m, [{ path: ['method'], message: refusal }]);
        return;
      }
      const schema = (isRequest ? schemas().requests : schemas().notifications).get(method);
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
      const repeated = !pending.has(id) && answered.has(id);
      const asked = answer(id);
      if (repeated) return;
      const parsed = checkResult(asked, m.result);
      if (!parsed.success) record('response', asked, ['result'], m, parsed.error?.issues ?? []);
      if (asked === 'initialize' && parsed.success) {
        const v = (m.result as { protocolVersion?: unknown }).protocolVersion;
        version = typeof v === 'string' ? v : null;
      }
    } else if ('error' in m && m.id !== undefined && m.id !== null) answer(m.id as string | number);
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
          asked.add(m.method);
          if (m.method === 'tools/call') {
            const name = (message as { params?: { name?: unknown } }).params?.name;
            calls.set(m.id, { tool: typeof name === 'string' ? name : '', notifications: 0 });
            // A call never answered (timed out, cancelled) must not be kept for ever.
            if (calls.size > PENDING_CALLS_KEPT)
              calls.delete(calls.keys().next().value as string | number);
          }
        }
        return send(message, options);
      };
      // The client sets onmessage on connect (and its era probe sets one of its own, then puts
      // back what it found): wrap whatever is set, once.
      let handler: Transport['onmessage'];
      const wrappers = new WeakSet<object>();
      Object.defineProperty(transport, 'onmessage', {
        configurable: true,
        enumerable: true,
        get: () => handler,
        set: (fn: Transport['onmessage']) => {
          if (!fn || wrappers.has(fn)) {
            handler = fn;
            return;
          }
          const wrapped: NonNullable<Transport['onmessage']> = (message, extra) => {
            let delivered: JSONRPCMessage = message;
            try {
              delivered = usableTools(message);
              check(message);
            } catch {
              // A checker bug must never cost a run; the message goes on unchecked.
            }
            fn(delivered as typeof message, extra);
          };
          wrappers.add(wrapped);
          handler = wrapped;
        },
      });
      (transport as { onGarbage?: (line: string) => void }).onGarbage = (line) => {
        try {
          noteGarbage(line);
        } catch {
          // as above: never cost a run
        }
      };
      return transport;
    },
    take: () => {
      const out = [...found.values()];
      found.clear();
      garbage = null;
      garbageLines = 0;
      return out;
    },
    protocolVersion: () => version,
    protocolEra: () => era,
    sent: (method) => asked.has(method),
    negotiated(negotiatedEra, negotiatedVersion) {
      era = negotiatedEra;
      version = negotiatedVersion ?? version;
    },
  };
}
