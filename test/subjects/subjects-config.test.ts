/**
 * hpe-mcp-bench.subjects.yml: it loads, names every fault subject under test/mcp-servers and the
 * Python reference server, scores each against the scenarios' `reference` entries, and bounds
 * the subjects with timeouts small enough that a crash or hang costs seconds.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBenchConfig } from '../../src/config/load-bench-config.js';
import type { StdioServerConfig } from '../../src/config/types.js';
import { REPO_ROOT } from './spawn-stdio.js';
import { SUBJECTS_CONFIG } from './run-subjects.js';

/**
 * Subjects that take arguments or a model stand-in and are launched by their own test's config
 * (leak-encodings.test.ts, huge-results tests, the llm replay tests), not by the subjects config.
 */
const OWN_CONFIG = [
  // The wire-check subjects: test/e2e/wire-check.test.ts launches them with its own config.
  'subject-extra-fields.ts',
  'subject-malformed-tools-list.ts',
  'subject-huge-result.ts',
  'subject-leak-encoded.ts',
  'subject-leak-menu.ts',
  'subject-renamed-tool.ts',
  // The 2025-era reference over HTTP: test/e2e/mcp-eras.test.ts launches it beside the SDK v2
  // reference entry (examples/reference-server/v2).
  'subject-reference-v1-http.ts',
  // The planted slowdown: test/e2e/noise-band-gate.test.ts launches it beside the reference.
  'subject-slow-calls.ts',
  // The silent show command: test/e2e/fact-sources-gate.test.ts launches it beside the reference.
  'subject-show-commands-silent.ts',
  // The dual-era subject: test/h2h/dual-era.test.ts runs it through scripts/h2h/run.sh.
  'subject-dual-era.ts',
];
/** examples/python-reference-server on each line of the MCP Python SDK (.venv, .venv-mcp2). */
const PYTHON_REFERENCE = ['python-reference', 'python-reference-mcp2'];
const subjectFiles = readdirSync(join(REPO_ROOT, 'test/mcp-servers'))
  .filter((name) => /^subject-.*\.ts$/.test(name) && !OWN_CONFIG.includes(name))
  .sort();

describe('hpe-mcp-bench.subjects.yml', () => {
  it('names every fault subject file and the Python reference server on each SDK line, each scored as reference', async () => {
    const config = await loadBenchConfig(SUBJECTS_CONFIG);
    expect(subjectFiles).toHaveLength(14);
    expect(Object.keys(config.servers).sort()).toEqual(
      [...PYTHON_REFERENCE, ...subjectFiles.map((f) => f.replace(/\.ts$/, ''))].sort(),
    );
    for (const [name, server] of Object.entries(config.servers)) {
      expect(server.scenarioKey, name).toBe('reference');
      expect(server.transport, name).toBe('stdio');
      const { args } = server as StdioServerConfig;
      const entry = args.at(-1) ?? '';
      expect(existsSync(join(REPO_ROOT, entry)), `${name}: ${entry}`).toBe(true);
      if (PYTHON_REFERENCE.includes(name)) {
        expect(entry).toBe('examples/python-reference-server/server.py');
      } else expect(entry).toBe(`test/mcp-servers/${name}.ts`);
    }
  });

  it('gives the subjects small timeouts (a hang costs callMs, a run at most scenarioMs)', async () => {
    const config = await loadBenchConfig(SUBJECTS_CONFIG);
    for (const [name, server] of Object.entries(config.servers)) {
      if (PYTHON_REFERENCE.includes(name)) continue;
      expect(server.timeouts.callMs, name).toBeLessThanOrEqual(5_000);
      expect(server.timeouts.scenarioMs, name).toBeLessThanOrEqual(20_000);
    }
  });
});
