// needs: processes
/**
 * The era matrix: the reference server's tools on the official SDKs, one subject per era and
 * transport, benchmarked through the real CLI. Legacy-only: SDK 1.x (examples/reference-server
 * over stdio, test/mcp-servers/subject-reference-v1-http.ts over HTTP). 2026-07-28-only and
 * dual: SDK v2 (examples/reference-server/v2, serveStdio and createMcpHandler with and without
 * the legacy fallback). The harness's client negotiates (server/discover, else initialize), so
 * each passes a read and a write scenario (the write's confirmation is an elicitation on the
 * 2025 era and an input_required round trip on 2026-07-28), and report.json says which era.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchEras, EXPECTED_ERA, type EraSubject } from './era-subjects.js';

describe('MCP eras (the official SDKs 1.x and v2, stdio and streamable HTTP, the real CLI)', () => {
  it('benchmarks a legacy-only, a 2026-07-28-only and a dual-era server on each transport and records the era', async () => {
    const subjects = Object.keys(EXPECTED_ERA) as EraSubject[];
    const { report, dir } = await benchEras(subjects, [
      '--scenario',
      'client-diagnosis-001',
      '--scenario',
      'nac-004', // a write: the gate's confirmation (elicitation, or input_required on 2026-07-28)
      '--concurrency',
      '2',
    ]);
    const eras = Object.fromEntries(
      report.servers.map((s: Record<string, unknown>) => [
        s.name,
        [s.protocol_era, s.protocol_version, s.protocol_violations],
      ]),
    );
    expect(eras).toEqual(
      Object.fromEntries(subjects.map((name) => [name, [...EXPECTED_ERA[name], []]])),
    );
    for (const server of report.servers) {
      expect(server.info, server.name).toEqual({ name: 'hpe-reference-mcp', version: '0.1.0' });
    }
    for (const scenario of report.scenarios) {
      for (const r of scenario.results) {
        expect([scenario.id, r.server, r.task_success.pass_rate]).toEqual([
          scenario.id,
          r.server,
          1,
        ]);
      }
    }
    // The write reached the fake on every era: the confirmation came back accepted.
    const nac = report.scenarios.find((s: { id: string }) => s.id === 'nac-004');
    for (const r of nac.results) {
      const writes = r.runs[0].requests.filter((q: { kind: string }) => q.kind === 'write');
      expect(
        writes.map((q: { status: number }) => q.status),
        r.server,
      ).toEqual([201]);
    }
    const summary = await readFile(join(dir, 'summary.md'), 'utf8');
    expect(summary).toContain('`modern-stdio` 2026-07-28 (modern)');
    expect(summary).toContain('`legacy-http` 2025-11-25 (legacy)');
  }, 180_000);
});
