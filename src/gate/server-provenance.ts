import type { Report, ServerReport } from '../report/types.js';

/** Per server: the code that ran in the PR and the baseline's code of the same server. */
export interface ServerProvenance {
  server: string;
  ran: string;
  baseline: string | null;
}

/** `abc123def456` (+ `, uncommitted changes`), else the code's path, else the pinned commit. */
function describeCode(server: ServerReport): string {
  const code = server.code;
  if (code?.sha) return `${code.sha.slice(0, 12)}${code.dirty ? ' with uncommitted changes' : ''}`;
  if (code) return `${code.path} (not a git checkout)`;
  return server.git ? `${server.git.sha.slice(0, 12)} (${server.git.source})` : 'unknown';
}

/**
 * Which commit of each server ran, against the baseline's commit of the same server (the
 * stamp used to show one pinned commit even when edited code ran, and another server's
 * baseline). Pure.
 */
export function serverProvenance(report: Report, base: Report | null): ServerProvenance[] {
  return report.servers.map((s) => {
    const old = base?.servers.find((b) => b.name === s.name);
    return { server: s.name, ran: describeCode(s), baseline: old ? describeCode(old) : null };
  });
}
