// needs: processes
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../common/package-root.js';
import { loadBenchConfig } from '../config/load-bench-config.js';
import { loadScenarios } from '../scenarios/load-scenarios.js';
import { silentLogger } from './ports.js';
import { runBench } from './run-bench.js';

// The report names the fixture bundles as the run found them when it started: a checkout
// changed during a long run (a merge landing mid-run) put the later bundles' hashes on a report
// whose runs had served the earlier ones. Here the "server" itself edits the bundle's manifest
// while the run is under way (and then fails to start, which the run survives).

const ROOT = packageRoot();
const work = mkdtempSync(join(tmpdir(), 'hmb-provenance-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('provenance', () => {
  it('records the fixture hashes read before any server started', async () => {
    const bundle = join(work, 'site-a');
    cpSync(join(ROOT, 'fixtures/central/site-a'), bundle, { recursive: true });
    const manifest = join(bundle, 'manifest.json');
    const before = (JSON.parse(readFileSync(manifest, 'utf8')) as { contentHash: string })
      .contentHash;
    const edit = `const fs=require('fs');const m=JSON.parse(fs.readFileSync(${JSON.stringify(manifest)},'utf8'));m.contentHash='changed-during-the-run';fs.writeFileSync(${JSON.stringify(manifest)},JSON.stringify(m));process.exit(1)`;
    writeFileSync(
      join(work, 'bench.yml'),
      `servers:\n  editor:\n    transport: stdio\n    command: ${process.execPath}\n    args: ['-e', ${JSON.stringify(edit)}]\n`,
    );
    const config = await loadBenchConfig(join(work, 'bench.yml'));
    const loaded = await loadScenarios(['scenarios/site-device-health.yaml'], {
      root: ROOT,
      cwd: ROOT,
    });
    const golden = loaded.scenarios.find((s) => s.fixture === 'fixtures/central/site-a');
    expect(golden).toBeDefined();
    const scenario = {
      ...golden!,
      fixture: bundle,
      expected_tools: { editor: ['list_sites'] },
      plans: { editor: [{ tool: 'list_sites', arguments: {} }] },
    };
    const report = await runBench(
      {
        config,
        servers: ['editor'],
        scenarios: [scenario],
        runs: 1,
        allowFewRuns: true,
        sweep: 'off',
        sandbox: 'off',
        root: ROOT,
        cwd: ROOT,
      },
      { logger: silentLogger },
    );
    // The server did run and edit the manifest…
    expect(readFileSync(manifest, 'utf8')).toContain('changed-during-the-run');
    // …and the report names the bundle the run started with.
    expect(report.fixtures.map((f) => f.content_hash)).toEqual([before]);
  }, 120_000);
});
