// needs: processes
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { report } from '../helpers/gate/variant-report.js';
import { rebuiltReport } from '../helpers/report/test-report.js';
import type { Report } from '../../src/report/types.js';
import { spawnCli } from '../helpers/run-cli.js';

// The PR's server now fails alerts-001 on every run (the baseline passed it) and the PR moves
// alerts-001 to a suite of its own, so no suite figure drops. A rename declared onto an id both
// reports hold made the gate compare alerts-001's failure with nothing: "✅ pass".
const MANIFEST = `sha256:${'a'.repeat(64)}`;

function movedAndRegressed(): Report {
  const r = report({ manifest: MANIFEST, failRun: () => true });
  return rebuiltReport(r, {
    scenarios: r.scenarios.map((s) => (s.id === 'alerts-001' ? { ...s, suite: 'adversarial' } : s)),
  });
}

describe(
  'the gate refuses a rename declaration that would hide a regression',
  { timeout: 60_000 },
  () => {
    it('hpe-mcp-bench compare: a rename onto an id present in both reports is a usage error naming both', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'rename-'));
      const base = join(dir, 'base.json');
      const pr = join(dir, 'pr.json');
      const thresholds = join(dir, 'thresholds.yml');
      writeFileSync(base, JSON.stringify(report({ manifest: MANIFEST })));
      writeFileSync(pr, JSON.stringify(movedAndRegressed()));
      writeFileSync(thresholds, 'renames:\n  scenarios:\n    alerts-001: alerts-002\n');
      // Undeclared, the regression fails the check.
      const plain = await spawnCli(['compare', '--baseline', base, pr]);
      expect(plain.code, plain.stderr).toBe(1);
      expect(plain.stdout).toContain('alerts-001');
      const declared = await spawnCli([
        'compare',
        '--baseline',
        base,
        pr,
        '--thresholds',
        thresholds,
      ]);
      expect(declared.code, declared.stdout).toBe(2);
      expect(declared.stderr).toContain(
        'renames.scenarios declares scenario "alerts-001" renamed to "alerts-002", but "alerts-001" is still in this PR\'s report',
      );
    });
  },
);
