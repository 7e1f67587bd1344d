import { codeSpan } from './markdown-escape.js';
import type { Report } from './types.js';

/** Violations shown per server in summary.md and the comment (report.json has them all). */
export const SHOWN_VIOLATIONS = 5;

/** The servers whose messages broke the MCP schema, with their violation counts. */
export function serversWithViolations(report: Report): { server: string; occurrences: number }[] {
  return report.servers
    .filter((s) => (s.protocol_violations ?? []).length > 0)
    .map((s) => ({
      server: s.name,
      occurrences: (s.protocol_violations ?? []).reduce((sum, v) => sum + v.count, 0),
    }));
}

/**
 * The MCP revision and era each server negotiated, as one markdown line (`a` 2026-07-28 modern,
 * `b` 2025-11-25 legacy); null when no server's was recorded (an older report, or none started).
 */
export function protocolEraLine(report: Report): string | null {
  const known = report.servers.filter((s) => s.protocol_version || s.protocol_era);
  if (known.length === 0) return null;
  const parts = known.map(
    (s) =>
      `${codeSpan(s.name)} ${s.protocol_version ?? 'unknown'}${s.protocol_era ? ` (${s.protocol_era})` : ''}`,
  );
  return `MCP protocol (modern: 2026-07-28 via server/discover; legacy: the 2025 initialize handshake; \`servers[].protocol_era\`): ${parts.join(', ')}.`;
}

/**
 * One markdown line per server with wire-check violations, then one per violation (at most
 * {@link SHOWN_VIOLATIONS}): where in the message (JSON pointer), what the schema wanted, how
 * often, and an excerpt of what was sent. Empty when every server spoke the schema.
 */
export function protocolViolationLines(report: Report): string[] {
  const lines: string[] = [];
  for (const server of report.servers) {
    const found = server.protocol_violations ?? [];
    if (found.length === 0) continue;
    const times = found.reduce((sum, v) => sum + v.count, 0);
    const revision = found[0]?.revision ?? server.protocol_version ?? 'unknown';
    lines.push(
      `${codeSpan(server.name)}: ${found.length} protocol violation${found.length === 1 ? '' : 's'}, ${times} time${times === 1 ? '' : 's'} in all (MCP ${codeSpan(revision)} schema):`,
    );
    for (const v of found.slice(0, SHOWN_VIOLATIONS)) {
      const what = v.method === null ? v.kind : `${v.method} ${v.kind}`;
      lines.push(
        `  - ${codeSpan(what)} at ${codeSpan(v.pointer || '/')}: ${codeSpan(v.message)} ×${v.count} (first in ${codeSpan(v.scenario)}), sent ${codeSpan(v.excerpt)}`,
      );
    }
    if (found.length > SHOWN_VIOLATIONS) {
      lines.push(`  - … and ${found.length - SHOWN_VIOLATIONS} more in report.json`);
    }
  }
  return lines;
}
