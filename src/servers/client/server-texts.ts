import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/** Text a server sent outside a tool result's content and the menu, by where it was sent. */
export interface ServerText {
  /** Where, as a finding names it: `a notifications/message notification`, `the response to tools/call`… */
  where: string;
  text: string;
}

/**
 * Text kept per take (a run): beyond it, what a server sends outside results is not scanned
 * (docs/security.md). A flood of notifications is a protocol violation of its own.
 */
export const MAX_SERVER_TEXT_CHARS = 4 * 1024 * 1024;

/** Fields the leak scan reads elsewhere: a result's content and structuredContent, the menu. */
const SCANNED_ELSEWHERE: Record<string, readonly (readonly string[])[]> = {
  'tools/call': [
    ['result', 'content', '*', 'text'],
    ['result', 'content', '*', 'data'],
    ['result', 'content', '*', 'resource', 'text'],
    ['result', 'content', '*', 'resource', 'blob'],
    ['result', 'structuredContent'],
  ],
  'tools/list': [
    ['result', 'tools', '*', 'name'],
    ['result', 'tools', '*', 'title'],
    ['result', 'tools', '*', 'description'],
    ['result', 'tools', '*', 'inputSchema'],
    ['result', 'tools', '*', 'outputSchema'],
    ['result', 'tools', '*', 'annotations'],
  ],
};

const matches = (path: readonly string[], skip: readonly string[]): boolean =>
  path.length === skip.length && skip.every((part, i) => part === '*' || part === path[i]);

/** Every key and string value of `value` except under the skipped paths, in document order. */
function strings(
  value: unknown,
  skips: readonly (readonly string[])[],
  path: string[] = [],
  out: string[] = [],
): string[] {
  if (skips.some((skip) => matches(path, skip))) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value))
    value.forEach((v, i) => strings(v, skips, [...path, String(i)], out));
  else if (value !== null && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      out.push(key);
      strings(v, skips, [...path, key], out);
    }
  return out;
}

/** Responses whose text belongs to the server's start-up: every run's scan sees them. */
const STARTUP = new Set(['initialize', 'server/discover', 'tools/list']);

/**
 * What a server sent besides tool results' content and its menu, for the leak scan: the
 * instructions and serverInfo of initialize, `_meta` and annotations of results and tools, log
 * and progress notifications, requests, JSON-RPC errors with their `data`. Start-up text is kept
 * for every take; the rest is per take, bounded by {@link MAX_SERVER_TEXT_CHARS}.
 */
export function createServerTexts(): {
  record(message: JSONRPCMessage, askedMethod: string | null): void;
  take(): ServerText[];
} {
  const startup = new Map<string, string[]>();
  let run = new Map<string, string[]>();
  let chars = 0;
  let startupChars = 0;
  return {
    record(message, askedMethod) {
      const m = message as { method?: unknown; id?: unknown };
      const method = typeof m.method === 'string' ? m.method : null;
      const where =
        method !== null
          ? m.id === undefined
            ? `a ${method} notification`
            : `a ${method} request from the server`
          : 'error' in m
            ? `the error response to ${askedMethod ?? 'a request'}`
            : `the response to ${askedMethod ?? 'a request'} (besides its content)`;
      const { params, result, error } = message as Record<string, unknown>;
      const texts = strings({ params, result, error }, SCANNED_ELSEWHERE[askedMethod ?? ''] ?? []);
      const size = texts.reduce((n, t) => n + t.length, 0);
      const atStartup = method === null && STARTUP.has(askedMethod ?? '');
      const used = atStartup ? startupChars : chars;
      if (used + size > MAX_SERVER_TEXT_CHARS) return;
      if (atStartup) startupChars += size;
      else chars += size;
      const into = atStartup ? startup : run;
      const list = into.get(where) ?? [];
      list.push(texts.join('\n'));
      into.set(where, list);
    },
    take() {
      const out = [...startup, ...run].map(([where, list]) => ({ where, text: list.join('\n') }));
      run = new Map();
      chars = 0;
      return out;
    },
  };
}
