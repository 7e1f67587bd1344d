import { PolicyDivergedError } from '../agent/stop-errors.js';
import { withoutCacheMarkers } from './cache-markers.js';
import { requestHash, type CassetteLine } from './cassette.js';
import type { ModelTransport } from './types.js';

const describe = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

/** The JSON pointer of the first place two values differ, with both sides, or null if equal. */
export function firstDifference(recorded: unknown, live: unknown, path = ''): string | null {
  if (recorded === live) return null;
  const bothArrays = Array.isArray(recorded) && Array.isArray(live);
  const bothObjects =
    !bothArrays &&
    recorded !== null &&
    live !== null &&
    typeof recorded === 'object' &&
    typeof live === 'object' &&
    !Array.isArray(recorded) &&
    !Array.isArray(live);
  if (bothArrays) {
    const a = recorded as unknown[];
    const b = live as unknown[];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = firstDifference(a[i], b[i], `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (bothObjects) {
    const a = recorded as Record<string, unknown>;
    const b = live as Record<string, unknown>;
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const found = firstDifference(a[key], b[key], `${path}/${key}`);
      if (found) return found;
    }
    return null;
  }
  return `${path || '/'}: recorded ${describe(recorded)}, now ${describe(live)}`;
}

/** Tool names of a request in either wire format. */
function toolNames(request: Record<string, unknown>): string[] {
  const tools = Array.isArray(request.tools) ? (request.tools as Record<string, unknown>[]) : [];
  return tools.map((tool) => {
    const fn = tool.function as { name?: unknown } | undefined;
    const name = fn?.name ?? tool.name;
    return typeof name === 'string' ? name : '';
  });
}

/** What changed between the recorded request and the live one, said as plainly as possible. */
export function describeDivergence(
  recorded: Record<string, unknown>,
  live: Record<string, unknown>,
): string {
  const before = toolNames(recorded);
  const now = toolNames(live);
  const removed = before.filter((name) => !now.includes(name));
  const added = now.filter((name) => !before.includes(name));
  if (removed.length > 0 || added.length > 0) {
    const parts = [
      ...(removed.length > 0 ? [`removed ${removed.join(', ')}`] : []),
      ...(added.length > 0 ? [`added ${added.join(', ')}`] : []),
    ];
    return `the tool menu changed (${parts.join('; ')})`;
  }
  // Markers are not part of the hash, so they are not a difference either.
  return (
    firstDifference(withoutCacheMarkers(recorded), withoutCacheMarkers(live)) ??
    'the request hash differs'
  );
}

/**
 * Answers each request with the recorded response of the same exchange when the request's hash
 * matches the recorded one. A request that differs (the server's menu or a tool result changed)
 * or one the recording does not have stops the run: PolicyDivergedError, "diverged at turn N".
 */
export function createReplayTransport(
  lines: (CassetteLine & { edited?: boolean })[] | null,
  file: string,
): ModelTransport {
  let exchange = 0;
  return {
    send(request) {
      const index = exchange++;
      const line = lines?.[index];
      if (!lines) {
        return Promise.reject(new PolicyDivergedError(0, `there is no recording at ${file}`));
      }
      if (!line) {
        return Promise.reject(
          new PolicyDivergedError(
            index,
            `the recording ends after ${lines.length} exchange(s) (${file})`,
          ),
        );
      }
      if (line.edited) {
        return Promise.reject(
          new PolicyDivergedError(
            line.turn,
            `recording edited: ${file} exchange ${index} no longer matches its digest`,
          ),
        );
      }
      if (requestHash(request) !== line.hash) {
        return Promise.reject(
          new PolicyDivergedError(line.turn, describeDivergence(line.request, request)),
        );
      }
      return Promise.resolve(structuredClone(line.response));
    },
  };
}
